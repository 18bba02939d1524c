package cashier

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"time"

	"casino/bff/api"
	"casino/bff/cashier/payment"
	"casino/bff/ledger"
	"casino/bff/realtime"
)

// Deposit statuses.
const (
	DepositProcessing = "processing"
	DepositPending    = "pending"
	DepositConfirmed  = "confirmed"
	DepositRejected   = "rejected"
	DepositFailed     = "failed"
	DepositCancelled  = "cancelled"
)

// DepositRequest is the body of POST /api/user/deposit.
type DepositRequest struct {
	Amount        string        `json:"amount"`
	PaymentMethod string        `json:"paymentMethod"`
	CurrencyCode  string        `json:"currencyCode"`
	Card          *payment.Card `json:"card"`
	BonusID       string        `json:"bonusId"`
	Phone         string        `json:"phone"`
}

// Deposit is a deposit as the API shows it.
type Deposit struct {
	DepositID     string `json:"depositId"`
	TransactionID string `json:"transactionId"`
	Status        string `json:"status"`
	Amount        string `json:"amount"`
	CurrencyCode  string `json:"currencyCode"`
	Method        string `json:"method"`
	Network       string `json:"network,omitempty"`
	Confirmations int    `json:"confirmations,omitempty"`
	RedirectURL   string `json:"redirectUrl,omitempty"`
	CreatedAt     string `json:"createdAt"`

	id, userID, ledgerTx int64
	processor, paymentID string
	minor                int64
}

const depositColumns = `id, public_id, user_id, method, processor, currency, amount, status, payment_id, network, confirmations, COALESCE(ledger_tx_id, 0), created_at`

func scanDeposit(row interface{ Scan(...any) error }) (Deposit, error) {
	var d Deposit
	err := row.Scan(&d.id, &d.DepositID, &d.userID, &d.Method, &d.processor, &d.CurrencyCode, &d.minor, &d.Status,
		&d.paymentID, &d.Network, &d.Confirmations, &d.ledgerTx, &d.CreatedAt)
	if err != nil {
		return d, err
	}
	d.TransactionID = d.DepositID
	if c, err := ledger.LookupCurrency(d.CurrencyCode); err == nil {
		d.Amount = ledger.FromMinor(d.minor, c).Decimal()
	}
	return d, nil
}

func (d Deposit) money() ledger.Money {
	c, _ := ledger.LookupCurrency(d.CurrencyCode)
	return ledger.FromMinor(d.minor, c)
}

// Caller is the player making a cashier call and where they are.
type Caller struct {
	UserID int64
	// Country located from the request (IP); "" when unknown, then the
	// profile's country is used.
	Country string
}

// resultURL is the casino page for a deposit outcome: /?modal=…&met=….
func resultURL(modal, method string) string {
	return "/?modal=" + url.QueryEscape(modal) + "&met=" + url.QueryEscape(method)
}

// checkCashier applies the rules that close the whole cashier to a player:
// self-exclusion, e-mail verification and the country block.
func (s *Service) checkCashier(ctx context.Context, c Caller, p player, st Settings) (string, error) {
	if p.SelfExcluded {
		return "", fmt.Errorf("player %d is self-excluded: %w", p.ID, ErrGlobal)
	}
	if st.RequireEmailVerification && !p.EmailVerified {
		return "", fmt.Errorf("player %d: %w", p.ID, ErrEmailVerification)
	}
	country := strings.ToUpper(c.Country)
	if country == "" {
		country = p.Country
	}
	if s.ExcludedCountries != nil && country != "" {
		excluded, err := s.ExcludedCountries(ctx)
		if err != nil {
			return "", err
		}
		if slices.ContainsFunc(excluded, func(e string) bool { return strings.EqualFold(e, country) }) {
			return "", fmt.Errorf("player %d in %s: %w", p.ID, country, ErrDepositCountryBlock)
		}
	}
	return country, nil
}

// offered finds the method by name and maps a refusal to the caller's error.
func (s *Service) offered(ctx context.Context, name string, p player, country string, cur ledger.Currency, purpose string, st Settings) (Method, error) {
	m, ok, err := s.method(ctx, name)
	if err != nil {
		return Method{}, err
	}
	refusal := RefusedInactive
	if ok {
		refusal = m.Offer(Viewer{LoggedIn: true, Email: p.Email, Tags: p.Tags}, country, cur, purpose, st)
	}
	switch refusal {
	case Offered:
		return m, nil
	case RefusedCountry:
		return Method{}, fmt.Errorf("method %s in %s: %w", name, country, ErrDepositCountryBlock)
	case RefusedCurrency:
		return Method{}, fmt.Errorf("method %s in %s: %w", name, cur.Code, ErrCurrency)
	}
	return Method{}, fmt.Errorf("method %q not offered (%d): %w", name, refusal, ErrDeposit.WithField("paymentMethod", MsgMethodNotOffers))
}

// parseDepositAmount reads the amount and checks it against the method's
// bounds.
func parseDepositAmount(raw string, m Method, cur ledger.Currency, st Settings) (ledger.Money, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return ledger.Money{}, ErrAmountBelowZero.WithField("amount", MsgRequired)
	}
	amount, err := ledger.Parse(raw, cur)
	if err != nil {
		if strings.HasPrefix(raw, "-") {
			return ledger.Money{}, ErrAmountBelowZero
		}
		return ledger.Money{}, ErrDeposit.WithField("amount", MsgInvalidFormat)
	}
	if amount.Sign() <= 0 {
		return ledger.Money{}, ErrAmountBelowZero
	}
	lo, hi, _ := m.limit(cur, st)
	if amount.Minor() < lo.Minor() || amount.Minor() > hi.Minor() {
		e := ErrProviderLimit.WithMessage("Keep the amount between %s and %s.", lo.Decimal(), hi.Decimal())
		return ledger.Money{}, e.WithFields(map[string]string{"min": lo.Decimal(), "max": hi.Decimal()})
	}
	return amount, nil
}

// limitWindows are the rolling windows of the player's own deposit limits.
var limitWindows = map[string]time.Duration{"daily": 24 * time.Hour, "weekly": 7 * 24 * time.Hour, "monthly": 30 * 24 * time.Hour}

// SetDepositLimit stores a player's own deposit limit for a period (daily,
// weekly, monthly); a zero amount removes it.
func (s *Service) SetDepositLimit(ctx context.Context, userID int64, period string, amount ledger.Money) error {
	if _, ok := limitWindows[period]; !ok {
		return fmt.Errorf("deposit limit period %q: %w", period, api.ErrInvalidFormat)
	}
	if amount.Sign() < 0 {
		return fmt.Errorf("deposit limit: %w", ErrAmountBelowZero)
	}
	if amount.IsZero() {
		_, err := s.db.Write.ExecContext(ctx, `DELETE FROM cashier_deposit_limits WHERE user_id = ? AND period = ?`, userID, period)
		return err
	}
	_, err := s.db.Write.ExecContext(ctx, `INSERT INTO cashier_deposit_limits(user_id, period, currency, amount, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT(user_id, period) DO UPDATE SET currency = excluded.currency, amount = excluded.amount, updated_at = excluded.updated_at`,
		userID, period, amount.Currency().Code, amount.Minor(), s.stamp())
	return err
}

// checkLimits refuses a deposit that would take the player's confirmed and
// open deposits of a window over their own limit. It runs inside the write
// transaction that inserts the deposit, so two deposits cannot both pass.
func (s *Service) checkLimits(ctx context.Context, tx *sql.Tx, userID int64, amount ledger.Money) error {
	rows, err := tx.QueryContext(ctx, `SELECT period, amount FROM cashier_deposit_limits WHERE user_id = ? AND currency = ?`, userID, amount.Currency().Code)
	if err != nil {
		return err
	}
	type lim struct {
		period string
		amount int64
	}
	var limits []lim
	for rows.Next() {
		var l lim
		if err := rows.Scan(&l.period, &l.amount); err != nil {
			rows.Close()
			return err
		}
		limits = append(limits, l)
	}
	rows.Close()
	for _, l := range limits {
		since := s.now().Add(-limitWindows[l.period]).UTC().Format(timeLayout)
		var used int64
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(amount), 0) FROM cashier_deposits
				WHERE user_id = ? AND currency = ? AND created_at >= ? AND status IN ('processing','pending','confirmed')`,
			userID, amount.Currency().Code, since).Scan(&used); err != nil {
			return err
		}
		if used+amount.Minor() > l.amount {
			return fmt.Errorf("player %d %s limit %d, used %d, asked %d: %w", userID, l.period, l.amount, used, amount.Minor(), ErrPaymentLimit)
		}
	}
	return nil
}

// checkAttempts refuses a player's deposit attempt beyond max in the last
// hour, whatever became of the earlier ones.
func (s *Service) checkAttempts(ctx context.Context, tx *sql.Tx, userID int64, max int) error {
	if max <= 0 {
		return nil
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM cashier_deposits WHERE user_id = ? AND created_at >= ? AND processor NOT LIKE 'chain-%'`,
		userID, s.now().Add(-time.Hour).UTC().Format(timeLayout)).Scan(&n); err != nil {
		return err
	}
	if n >= max {
		return fmt.Errorf("player %d: %d deposit attempts in the last hour: %w", userID, n, api.ErrTooManyRequests)
	}
	return nil
}

// Deposit starts a card or hosted-page deposit and returns where the
// browser goes next (docs/cashier.md).
func (s *Service) Deposit(ctx context.Context, c Caller, req DepositRequest) (Deposit, error) {
	p, err := s.player(ctx, c.UserID)
	if err != nil {
		return Deposit{}, err
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return Deposit{}, err
	}
	country, err := s.checkCashier(ctx, c, p, st)
	if err != nil {
		return Deposit{}, err
	}
	code := strings.ToUpper(strings.TrimSpace(req.CurrencyCode))
	if code == "" {
		code = p.Currency
	}
	cur, err := ledger.LookupCurrency(code)
	if err != nil || cur.Code != p.Currency {
		// The wallet holds one currency; no conversion.
		return Deposit{}, fmt.Errorf("deposit in %q for a %s wallet: %w", code, p.Currency, ErrCurrency)
	}
	if strings.TrimSpace(req.PaymentMethod) == "" {
		return Deposit{}, ErrDeposit.WithField("paymentMethod", MsgRequired)
	}
	m, err := s.offered(ctx, req.PaymentMethod, p, country, cur, ForDeposit, st)
	if err != nil {
		return Deposit{}, err
	}
	if m.Kind == KindCrypto {
		return Deposit{}, fmt.Errorf("crypto deposits go to the deposit address: %w", ErrDeposit.WithField("paymentMethod", MsgMethodNotOffers))
	}
	amount, err := parseDepositAmount(req.Amount, m, cur, st)
	if err != nil {
		return Deposit{}, err
	}
	if m.RequiresPhone {
		phone := req.Phone
		if strings.TrimSpace(phone) == "" {
			phone = p.Phone
		}
		if countDigits(phone) < 6 {
			return Deposit{}, ErrPhone
		}
	}
	var card payment.Card
	if m.IsCardForm() {
		if req.Card == nil {
			req.Card = &payment.Card{}
		}
		if f := req.Card.Validate(s.now()); len(f) > 0 {
			fields := map[string]string{}
			for k, v := range f {
				fields["card."+k] = v
			}
			return Deposit{}, api.ErrValidation.WithFields(fields)
		}
		card = *req.Card
	}
	proc, ok := s.processors[m.Processor]
	if !ok {
		return Deposit{}, fmt.Errorf("method %s: processor %q not configured: %w", m.Name, m.Processor, ErrProvider)
	}
	d := Deposit{DepositID: newID("dep_"), Method: m.Name, CurrencyCode: cur.Code, Status: DepositProcessing, userID: p.ID,
		processor: proc.Name(), minor: amount.Minor(), Amount: amount.Decimal()}
	d.TransactionID = d.DepositID
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := s.checkAttempts(ctx, tx, p.ID, st.DepositAttemptsPerHour); err != nil {
			return err
		}
		if err := s.checkLimits(ctx, tx, p.ID, amount); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `INSERT INTO cashier_deposits(public_id, user_id, method, processor, currency, amount, status, card_last4, bonus_id, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id, created_at`,
			d.DepositID, p.ID, m.Name, proc.Name(), cur.Code, amount.Minor(), DepositProcessing, card.Last4(), strings.TrimSpace(req.BonusID), s.stamp(), s.stamp()).
			Scan(&d.id, &d.CreatedAt)
	})
	if err != nil {
		return Deposit{}, err
	}
	res, err := proc.Charge(ctx, payment.Request{
		Reference: d.DepositID, Amount: amount, Method: m.Name, Card: card,
		Returns: payment.Returns{
			Authenticated: resultURL("deposit-3ds-success", m.Name),
			Failed:        resultURL("deposit-failed", m.Name),
			Cancelled:     resultURL("deposit-cancel", m.Name),
			Returned:      resultURL("deposit-return", m.Name),
		},
	})
	if err != nil {
		slog.Error("deposit: processor", "deposit", d.DepositID, "processor", proc.Name(), "err", err)
		s.finish(ctx, d.DepositID, DepositFailed, "", ErrProvider.Code)
		return Deposit{}, fmt.Errorf("deposit %s: %v: %w", d.DepositID, err, ErrProvider)
	}
	ref := d.DepositID
	d, err = s.apply(ctx, d, res)
	if err != nil && res.Status == payment.StatusSucceeded {
		// Captured but not credited yet: the processor's webhook retries the
		// credit; the player gets a reference for support.
		slog.Error("deposit: captured, credit failed", "deposit", ref, "err", err)
		return Deposit{}, fmt.Errorf("deposit %s: %v: %w", ref, err, ErrUnified.WithMessage("Deposit error (reference %s)", ref))
	}
	if err != nil {
		return Deposit{}, err
	}
	return d, nil
}

// apply records a processor's answer about deposit d and says where the
// browser goes.
func (s *Service) apply(ctx context.Context, d Deposit, res payment.Result) (Deposit, error) {
	if res.PaymentID != "" {
		if _, err := s.db.Write.ExecContext(ctx, `UPDATE cashier_deposits SET payment_id = ?, updated_at = ? WHERE id = ? AND payment_id = ''`,
			res.PaymentID, s.stamp(), d.id); err != nil {
			return Deposit{}, err
		}
		d.paymentID = res.PaymentID
	}
	var err error
	switch res.Status {
	case payment.StatusSucceeded:
		d, err = s.confirm(ctx, d.DepositID, d.processor, res.PaymentID)
		d.RedirectURL = resultURL("deposit-success", d.Method)
	case payment.StatusRequiresAction:
		d.RedirectURL = res.ActionURL
	case payment.StatusPending:
		d, err = s.finish(ctx, d.DepositID, DepositPending, res.PaymentID, "")
		d.RedirectURL = resultURL("deposit-pending", d.Method)
	case payment.StatusDeclined:
		d, err = s.finish(ctx, d.DepositID, DepositRejected, res.PaymentID, res.DeclineCode)
		d.RedirectURL = resultURL("deposit-decline", d.Method)
	case payment.StatusCancelled:
		d, err = s.finish(ctx, d.DepositID, DepositCancelled, res.PaymentID, "")
		d.RedirectURL = resultURL("deposit-cancel", d.Method)
	default:
		d, err = s.finish(ctx, d.DepositID, DepositFailed, res.PaymentID, res.DeclineCode)
		d.RedirectURL = resultURL("deposit-failed", d.Method)
	}
	return d, err
}

func countDigits(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n
}

// depositByID loads a deposit by its public id.
func (s *Service) depositByID(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, publicID string) (Deposit, error) {
	d, err := scanDeposit(q.QueryRowContext(ctx, `SELECT `+depositColumns+` FROM cashier_deposits WHERE public_id = ?`, publicID))
	if errors.Is(err, sql.ErrNoRows) {
		return Deposit{}, fmt.Errorf("deposit %q: %w", publicID, api.ErrNotFound)
	}
	return d, err
}

// PlayerDeposit returns the caller's own deposit.
func (s *Service) PlayerDeposit(ctx context.Context, userID int64, publicID string) (Deposit, error) {
	d, err := s.depositByID(ctx, s.db.Read, publicID)
	if err != nil {
		return Deposit{}, err
	}
	if d.userID != userID {
		return Deposit{}, fmt.Errorf("deposit %s of another player: %w", publicID, api.ErrNotFound)
	}
	return d, nil
}

// confirm credits deposit publicID, captured by processor as paymentID: the
// ledger transfer provider:{processor} → player real under the key
// deposit:{processor}:{paymentID}, then the record and the player's deposit
// count. Safe to repeat (webhook retries, the 3-D Secure call and the
// webhook racing): the ledger replays and the record is already confirmed.
// A capture reported after the deposit was marked failed or cancelled is
// still credited: the processor holds the money.
func (s *Service) confirm(ctx context.Context, publicID, processor, paymentID string) (Deposit, error) {
	d, err := s.depositByID(ctx, s.db.Write, publicID)
	if err != nil {
		return Deposit{}, err
	}
	if d.processor != processor {
		return Deposit{}, fmt.Errorf("deposit %s belongs to %s, not %s: %w", publicID, d.processor, processor, api.ErrNotFound)
	}
	if d.Status == DepositConfirmed {
		return d, nil
	}
	if paymentID == "" {
		paymentID = d.paymentID
	}
	meta := map[string]string{"method": d.Method, "depositId": d.DepositID, "paymentId": paymentID}
	if d.Network != "" {
		meta["network"] = d.Network
	}
	tx, err := s.ledger.Deposit(ctx, "deposit:"+processor+":"+paymentID, d.userID, processor, d.money(), meta)
	if err != nil {
		return Deposit{}, fmt.Errorf("deposit %s: ledger: %v: %w", publicID, err, ErrTransactionFailed)
	}
	err = s.db.Tx(ctx, func(q *sql.Tx) error {
		if _, err := q.ExecContext(ctx, `UPDATE cashier_deposits SET status = 'confirmed', ledger_tx_id = ?, error_code = '', updated_at = ?,
				payment_id = CASE WHEN payment_id = '' THEN ? ELSE payment_id END
			WHERE id = ? AND status <> 'confirmed'`, tx.ID, s.stamp(), paymentID, d.id); err != nil {
			return err
		}
		return syncDepositCount(ctx, q, d.userID)
	})
	if err != nil {
		return Deposit{}, err
	}
	return s.depositByID(ctx, s.db.Write, publicID)
}

// syncDepositCount sets users.deposit_count (session.Player.Depositor, the
// depositor scripts) to the ledger's count of the player's credited, not
// rolled-back deposits, the number get-user-details reports.
func syncDepositCount(ctx context.Context, q *sql.Tx, userID int64) error {
	_, err := q.ExecContext(ctx, `UPDATE users SET deposit_count = (
			SELECT COUNT(DISTINCT t.id) FROM ledger_transactions t
			JOIN ledger_postings p ON p.transaction_id = t.id
			JOIN ledger_accounts a ON a.id = p.account_id
			WHERE a.player_id = ? AND a.kind = 'real' AND t.kind = 'deposit' AND t.status = 'committed'
			  AND NOT EXISTS (SELECT 1 FROM ledger_transactions r WHERE r.reverses_id = t.id AND r.status = 'committed'))
		WHERE id = ?`, userID, userID)
	return err
}

// finish moves an open deposit (processing, pending) to status; a deposit
// already decided keeps its status. Declines and failures tell the
// player's open pages (realtime failedDeposit with the method).
func (s *Service) finish(ctx context.Context, publicID, status, paymentID, code string) (Deposit, error) {
	res, err := s.db.Write.ExecContext(ctx, `UPDATE cashier_deposits SET status = ?, error_code = ?, updated_at = ?,
			payment_id = CASE WHEN payment_id = '' THEN ? ELSE payment_id END
		WHERE public_id = ? AND status IN ('processing','pending')`, status, code, s.stamp(), paymentID, publicID)
	if err != nil {
		return Deposit{}, err
	}
	d, err := s.depositByID(ctx, s.db.Write, publicID)
	if err != nil {
		return Deposit{}, err
	}
	if n, _ := res.RowsAffected(); n == 1 && (status == DepositRejected || status == DepositFailed) && s.events != nil {
		s.events.Publish(d.userID, realtime.Event{Name: realtime.FailedDeposit, Data: map[string]string{"method": d.Method}})
	}
	return d, nil
}

// Complete3DS is POST /api/user/3ds-webhook: the 3-D Secure success page
// hands back PaReq and MD (the deposit id). The processor checks the PaReq
// and captures; the deposit is credited. Repeating the call answers the
// same.
func (s *Service) Complete3DS(ctx context.Context, userID int64, paReq, md string) (Deposit, error) {
	if strings.TrimSpace(paReq) == "" || strings.TrimSpace(md) == "" {
		return Deposit{}, api.ErrValidation.WithFields(map[string]string{"PaReq": MsgRequired, "MD": MsgRequired})
	}
	d, err := s.PlayerDeposit(ctx, userID, md)
	if err != nil {
		return Deposit{}, err
	}
	if d.Status == DepositConfirmed {
		return d, nil
	}
	proc, ok := s.processors[d.processor]
	if !ok || d.paymentID == "" || d.Status != DepositProcessing {
		return Deposit{}, fmt.Errorf("3ds for deposit %s in status %s: %w", md, d.Status, ErrTransactionFailed)
	}
	res, err := proc.Authenticate(ctx, d.paymentID, paReq)
	if errors.Is(err, payment.ErrAuthentication) {
		return Deposit{}, fmt.Errorf("3ds for deposit %s: %v: %w", md, err, ErrTransactionFailed)
	}
	if err != nil {
		return Deposit{}, fmt.Errorf("3ds for deposit %s: %v: %w", md, err, ErrProvider)
	}
	d, err = s.apply(ctx, d, res)
	if err != nil {
		return Deposit{}, err
	}
	if d.Status != DepositConfirmed {
		return d, fmt.Errorf("3ds for deposit %s ended %s: %w", md, d.Status, ErrTransactionFailed)
	}
	d.RedirectURL = ""
	return d, nil
}

// ExpireAbandoned cancels deposits left waiting for the player (a 3-D
// Secure page never answered) for longer than age, so they stop counting
// against the player's limits. A capture reported later is still credited.
func (s *Service) ExpireAbandoned(ctx context.Context, age time.Duration) (int64, error) {
	res, err := s.db.Write.ExecContext(ctx, `UPDATE cashier_deposits SET status = 'cancelled', error_code = 'expired', updated_at = ?
		WHERE status = 'processing' AND created_at < ?`, s.stamp(), s.now().Add(-age).UTC().Format(timeLayout))
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
