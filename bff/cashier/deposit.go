package cashier

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/url"
	"slices"
	"strings"

	"casino/bff/api"
	"casino/bff/cashier/payment"
	"casino/bff/ledger"
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
	// CouponCode is a coupon of a deposit bonus (the deposit form's coupon
	// field): its bonus replaces BonusID.
	CouponCode string `json:"couponCode"`
	Phone      string `json:"phone"`
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
		refusal = m.Offer(p.viewer(), country, cur, purpose, st)
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
	if p.frozen(s.now()) {
		return Deposit{}, fmt.Errorf("player %d is frozen until %s: %w", p.ID, p.FrozenUntil, ErrAccountFrozen)
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
	if len(req.BonusID) > 64 || len(req.CouponCode) > 64 || len(req.Phone) > 32 || (req.Card != nil && len(req.Card.Holder) > 255) {
		return Deposit{}, api.ErrValidation.WithField("body", MsgInvalidFormat)
	}
	m, err := s.offered(ctx, req.PaymentMethod, p, country, cur, ForDeposit, st)
	if err != nil {
		return Deposit{}, err
	}
	if m.Kind == KindCrypto {
		return Deposit{}, fmt.Errorf("crypto deposits go to the deposit address: %w", ErrDeposit.WithField("paymentMethod", MsgMethodNotOffers))
	}
	if m.Hidden {
		// Hidden methods are listed but never selectable for a deposit
		// (SPEC section 4): withdrawal-only methods such as bank transfer.
		return Deposit{}, fmt.Errorf("method %s is hidden: %w", m.Name, ErrDeposit.WithField("paymentMethod", MsgMethodNotOffers))
	}
	amount, err := parseDepositAmount(req.Amount, m, cur, st)
	if err != nil {
		return Deposit{}, err
	}
	coupon := ""
	if s.DepositCoupon != nil {
		// The coupon entered, or else (no bonus chosen) the sign-up promo
		// code when it is a deposit coupon this deposit qualifies for.
		code := strings.TrimSpace(req.CouponCode)
		if code != "" || strings.TrimSpace(req.BonusID) == "" {
			ref, used, err := s.DepositCoupon(ctx, p.ID, code, amount)
			if err != nil {
				return Deposit{}, err
			}
			if ref != "" {
				req.BonusID, coupon = ref, used
			}
		}
	}
	if s.CheckBonus != nil && coupon == "" && strings.TrimSpace(req.BonusID) != "" {
		if err := s.CheckBonus(ctx, p.ID, strings.TrimSpace(req.BonusID), amount); err != nil {
			return Deposit{}, err
		}
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
	fingerprint, err := s.cardFingerprint(ctx, card)
	if err != nil {
		return Deposit{}, err
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
		return tx.QueryRowContext(ctx, `INSERT INTO cashier_deposits(public_id, user_id, method, processor, currency, amount, status, card_last4, card_fingerprint, bonus_id, coupon_code, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id, created_at`,
			d.DepositID, p.ID, m.Name, proc.Name(), cur.Code, amount.Minor(), DepositProcessing, card.Last4(), fingerprint, strings.TrimSpace(req.BonusID), coupon,
			s.stamp(), s.stamp()).
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
		// The pending modal polls GET /api/user/deposits/{depositId} until the processor decides.
		d.RedirectURL = resultURL("deposit-pending", d.Method) + "&depositId=" + url.QueryEscape(d.DepositID)
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
