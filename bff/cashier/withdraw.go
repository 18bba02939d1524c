package cashier

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/mail"
	"regexp"
	"strings"

	"casino/bff/api"
	"casino/bff/cashier/coins"
	"casino/bff/ledger"
)

// Withdrawal statuses.
const (
	WithdrawalPending    = "pending"
	WithdrawalProcessing = "processing"
	WithdrawalCompleted  = "completed"
	WithdrawalRejected   = "rejected"
	WithdrawalCancelled  = "cancelled"
	WithdrawalFailed     = "failed"
)

// WithdrawRequest is the body of POST /api/user/withdraw.
type WithdrawRequest struct {
	Amount          string `json:"amount"`
	PaymentMethod   string `json:"paymentMethod"`
	CurrencyCode    string `json:"currencyCode"`
	BeneficiaryName string `json:"beneficiaryName"`
	AccountNumber   string `json:"accountNumber"`
	Email           string `json:"email"`
	BankCode        string `json:"bankCode"`
	BankName        string `json:"bankName"`
	Branch          string `json:"branch"`
	Address         string `json:"address"`
	UpiID           string `json:"upiId"`
	WalletAddress   string `json:"walletAddress"`
	Network         string `json:"network"`
}

// Withdrawal is a withdrawal as the API shows it.
type Withdrawal struct {
	WithdrawalID string `json:"withdrawalId"`
	Amount       string `json:"amount"`
	CurrencyCode string `json:"currencyCode"`
	Method       string `json:"method"`
	Status       string `json:"status"`
	CreatedAt    string `json:"createdAt"`
	UpdatedAt    string `json:"updatedAt"`
	Cancellable  bool   `json:"cancellable"`
	Reason       string `json:"reason,omitempty"`
	Message      string `json:"message,omitempty"`
	// Admin views only.
	UserID    int64             `json:"userId,omitempty"`
	Email     string            `json:"email,omitempty"`
	Details   map[string]string `json:"details,omitempty"`
	DecidedBy string            `json:"decidedBy,omitempty"`

	id, requestTx     int64
	processor, action string
	minor             int64
}

const withdrawalColumns = `w.id, w.public_id, w.user_id, u.email, w.method, w.processor, w.currency, w.amount, w.status, w.action, w.details,
	COALESCE(w.request_tx_id, 0), w.reason, w.decided_by, w.created_at, w.updated_at`

func scanWithdrawal(row interface{ Scan(...any) error }) (Withdrawal, error) {
	var w Withdrawal
	var details string
	err := row.Scan(&w.id, &w.WithdrawalID, &w.UserID, &w.Email, &w.Method, &w.processor, &w.CurrencyCode, &w.minor, &w.Status, &w.action,
		&details, &w.requestTx, &w.Reason, &w.DecidedBy, &w.CreatedAt, &w.UpdatedAt)
	if err != nil {
		return w, err
	}
	json.Unmarshal([]byte(details), &w.Details)
	w.Amount = w.money().Decimal()
	return w, nil
}

func (w Withdrawal) money() ledger.Money {
	c, _ := ledger.LookupCurrency(w.CurrencyCode)
	return ledger.FromMinor(w.minor, c)
}

// playerView hides the operator's fields from the player.
func (w Withdrawal) playerView(canCancel bool) Withdrawal {
	w.UserID, w.Email, w.Details, w.DecidedBy = 0, "", nil, ""
	w.Cancellable = canCancel && w.Status == WithdrawalPending
	return w
}

// checkWithdrawalRules applies SPEC section 6, each refusal its own error:
// one successful deposit, a verified e-mail, no active bonus, and the
// deposits wagered (stakes ≥ deposits × depositWageringMultiplier) unless
// the player is self-excluded.
func (s *Service) checkWithdrawalRules(ctx context.Context, p player, cur ledger.Currency, st Settings) error {
	totals, err := s.ledger.Totals(ctx, p.ID, cur)
	if err != nil {
		return err
	}
	if totals.DepositCount == 0 {
		return fmt.Errorf("player %d: %w", p.ID, ErrWithdrawNeedsDeposit)
	}
	if !p.EmailVerified {
		return fmt.Errorf("player %d: %w", p.ID, ErrWithdrawEmail)
	}
	active, err := s.activeBonus(ctx, p.ID, cur)
	if err != nil {
		return err
	}
	if active {
		return fmt.Errorf("player %d: %w", p.ID, ErrWithdrawActiveBonus)
	}
	if p.SelfExcluded {
		// A self-excluded player cannot play the deposits through; their real
		// balance goes back to them (MGA, UKGC: return funds on exclusion).
		return nil
	}
	mult, ok := new(big.Rat).SetString(strings.TrimSpace(st.DepositWageringMultiplier))
	if !ok || mult.Sign() < 0 {
		return fmt.Errorf("depositWageringMultiplier %q: %w", st.DepositWageringMultiplier, ErrWithdrawCalculation)
	}
	need := new(big.Rat).Mul(new(big.Rat).SetInt64(totals.Deposited.Minor()), mult)
	if new(big.Rat).SetInt64(totals.Spent.Minor()).Cmp(need) < 0 {
		return fmt.Errorf("player %d wagered %s of %s × %s: %w", p.ID, totals.Spent, totals.Deposited, mult.RatString(), ErrWithdrawWagering)
	}
	return nil
}

func (s *Service) activeBonus(ctx context.Context, userID int64, cur ledger.Currency) (bool, error) {
	if s.ActiveBonus != nil {
		return s.ActiveBonus(ctx, userID, cur)
	}
	b, err := s.ledger.PlayerBalances(ctx, userID, cur)
	if err != nil {
		return false, err
	}
	return b.Bonus.Sign() > 0, nil
}

var upiPattern = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$`)

var accountPattern = regexp.MustCompile(`^[A-Za-z0-9]{4,34}$`)

// validateWithdrawal checks the form of m's kind (SPEC section 5) and
// returns the details to keep for the payout.
func validateWithdrawal(req WithdrawRequest, m Method, cur ledger.Currency) (map[string]string, api.Validation) {
	v := api.Validation{}
	d := map[string]string{}
	text := func(field, value string, required bool) {
		value = strings.TrimSpace(value)
		switch {
		case value == "" && required:
			v.Add(field, MsgRequired)
		case len(value) > 255:
			v.Add(field, MsgInvalidFormat)
		case value != "":
			d[field] = value
		}
	}
	switch m.Kind {
	case KindBank, KindNetbanking:
		text("beneficiaryName", req.BeneficiaryName, true)
		acct := strings.ReplaceAll(strings.TrimSpace(req.AccountNumber), " ", "")
		if acct == "" {
			v.Add("accountNumber", MsgRequired)
		} else if !accountPattern.MatchString(acct) {
			v.Add("accountNumber", MsgInvalidFormat)
		} else {
			d["accountNumber"] = acct
		}
		checkEmail(v, d, req.Email)
		switch code := strings.TrimSpace(req.BankCode); {
		case code == "":
			v.Add("bankCode", MsgRequired)
		case len(code) < 8 || len(code) > 15:
			v.Add("bankCode", MsgBankCode)
		default:
			d["bankCode"] = strings.ToUpper(code)
		}
		text("bankName", req.BankName, m.Kind == KindNetbanking)
		text("branch", req.Branch, false)
		text("address", req.Address, false)
	case KindUPI:
		switch id := strings.TrimSpace(req.UpiID); {
		case id == "":
			v.Add("upiId", MsgRequired)
		case !upiPattern.MatchString(id):
			v.Add("upiId", MsgUPI)
		default:
			d["upiId"] = id
		}
	case KindCrypto:
		if strings.TrimSpace(req.Amount) == "" {
			v.Add("amount", MsgCryptoAmount)
		}
		addr := strings.TrimSpace(req.WalletAddress)
		if addr == "" {
			v.Add("walletAddress", MsgCryptoAddress)
		}
		n, err := coins.Lookup(strings.TrimSpace(req.Network))
		if err != nil || !strings.EqualFold(n.Currency, cur.Code) {
			v.Add("network", MsgCryptoNetwork)
		} else {
			d["network"] = n.Name
			if addr != "" {
				if err := n.Validate(addr); err != nil {
					v.Add("walletAddress", MsgInvalidAddress)
				} else {
					d["walletAddress"] = addr
				}
			}
		}
	default:
		checkEmail(v, d, req.Email)
	}
	return d, v
}

func checkEmail(v api.Validation, d map[string]string, email string) {
	email = strings.TrimSpace(email)
	if email == "" {
		v.Add("email", MsgRequired)
		return
	}
	a, err := mail.ParseAddress(email)
	if err != nil || a.Address != email || !strings.Contains(email[strings.LastIndex(email, "@"):], ".") {
		v.Add("email", MsgInvalidFormat)
		return
	}
	d["email"] = email
}

// Withdraw requests a withdrawal: the rules, the form, the amount within the
// method's limits, then the money moves from the real balance to the hold
// account until the operator approves or rejects it.
func (s *Service) Withdraw(ctx context.Context, c Caller, req WithdrawRequest) (Withdrawal, error) {
	p, err := s.player(ctx, c.UserID)
	if err != nil {
		return Withdrawal{}, err
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return Withdrawal{}, err
	}
	cur, err := ledger.LookupCurrency(p.Currency)
	if err != nil {
		return Withdrawal{}, err
	}
	if code := strings.TrimSpace(req.CurrencyCode); code != "" && !strings.EqualFold(code, cur.Code) {
		return Withdrawal{}, fmt.Errorf("withdrawal in %s from a %s wallet: %w", code, cur.Code, ErrCurrency)
	}
	if err := s.checkWithdrawalRules(ctx, p, cur, st); err != nil {
		return Withdrawal{}, err
	}
	if strings.TrimSpace(req.PaymentMethod) == "" {
		return Withdrawal{}, api.ErrValidation.WithField("paymentMethod", MsgRequired)
	}
	country := strings.ToUpper(c.Country)
	if country == "" {
		country = p.Country
	}
	m, ok, err := s.method(ctx, req.PaymentMethod)
	if err != nil {
		return Withdrawal{}, err
	}
	if !ok || m.Offer(p.viewer(), country, cur, ForWithdrawal, st) != Offered {
		return Withdrawal{}, api.ErrValidation.WithField("paymentMethod", MsgMethodNotOffers)
	}
	details, v := validateWithdrawal(req, m, cur)
	if err := v.Err(); err != nil {
		return Withdrawal{}, err
	}
	amount, err := ledger.Parse(strings.TrimSpace(req.Amount), cur)
	switch {
	case strings.TrimSpace(req.Amount) == "":
		return Withdrawal{}, ErrWithdrawCalculation.WithField("amount", MsgRequired)
	case err != nil || amount.Sign() <= 0:
		return Withdrawal{}, ErrWithdrawCalculation.WithField("amount", MsgInvalidFormat)
	}
	lo, hi, _ := m.limit(cur, st)
	if amount.Minor() < lo.Minor() || amount.Minor() > hi.Minor() {
		return Withdrawal{}, ErrWithdrawCalculation.WithFields(map[string]string{
			"amount": fmt.Sprintf("Keep the amount between %s and %s.", lo.Decimal(), hi.Decimal()), "min": lo.Decimal(), "max": hi.Decimal()})
	}
	if err := s.checkKYCThreshold(ctx, p.ID, cur, amount, st); err != nil {
		return Withdrawal{}, err
	}
	processor := m.Processor
	if m.Kind == KindCrypto {
		n, _ := coins.Lookup(details["network"])
		processor = chainProcessor(n)
	}
	raw, _ := json.Marshal(details)
	w := Withdrawal{WithdrawalID: newID("wd_"), CurrencyCode: cur.Code, Method: m.Name, Status: WithdrawalPending, processor: processor, minor: amount.Minor()}
	err = s.db.Write.QueryRowContext(ctx, `INSERT INTO cashier_withdrawals(public_id, user_id, method, processor, currency, amount, status, details, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?) RETURNING id`, w.WithdrawalID, p.ID, m.Name, processor, cur.Code, amount.Minor(), string(raw), s.stamp(), s.stamp()).Scan(&w.id)
	if err != nil {
		return Withdrawal{}, err
	}
	if err := s.hold(ctx, w.id, w.WithdrawalID, p.ID, amount, m.Name); err != nil {
		return Withdrawal{}, err
	}
	out, err := s.withdrawal(ctx, s.db.Write, w.WithdrawalID)
	if err != nil {
		return Withdrawal{}, err
	}
	out = out.playerView(st.PlayerCanCancelWithdrawal)
	out.Message = WithdrawalSuccess
	return out, nil
}

// hold posts the request (real → hold) and records it; a refusal for
// insufficient funds fails the withdrawal.
func (s *Service) hold(ctx context.Context, id int64, publicID string, userID int64, amount ledger.Money, method string) error {
	tx, err := s.ledger.WithdrawRequest(ctx, "withdraw:"+publicID+":request", userID, amount, map[string]string{"method": method, "withdrawalId": publicID})
	if errors.Is(err, ledger.ErrInsufficientFunds) {
		s.db.Write.ExecContext(ctx, `UPDATE cashier_withdrawals SET status = 'failed', updated_at = ? WHERE id = ? AND status = 'pending'`, s.stamp(), id)
		return fmt.Errorf("withdrawal %s: %w", publicID, ErrWithdraw.WithField("amount", MsgInsufficient))
	}
	if err != nil {
		return fmt.Errorf("withdrawal %s: %w", publicID, err) // left for Reconcile
	}
	res, err := s.db.Write.ExecContext(ctx, `UPDATE cashier_withdrawals SET request_tx_id = ?, updated_at = ? WHERE id = ? AND status = 'pending'`, tx.ID, s.stamp(), id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		// Reconcile gave this request up as failed while it was in flight:
		// the hold must not stay.
		if _, err := s.ledger.WithdrawCancel(ctx, "withdraw:"+publicID+":cancel", userID, amount, map[string]string{"withdrawalId": publicID, "by": "reconcile"}); err != nil {
			return fmt.Errorf("withdrawal %s: release a late hold: %w", publicID, err)
		}
		return fmt.Errorf("withdrawal %s gave up before its hold: %w", publicID, ErrWithdraw)
	}
	return nil
}

func (s *Service) withdrawal(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, publicID string) (Withdrawal, error) {
	w, err := scanWithdrawal(q.QueryRowContext(ctx, `SELECT `+withdrawalColumns+` FROM cashier_withdrawals w JOIN users u ON u.id = w.user_id WHERE w.public_id = ?`, publicID))
	if errors.Is(err, sql.ErrNoRows) {
		return Withdrawal{}, fmt.Errorf("withdrawal %q: %w", publicID, api.ErrNotFound)
	}
	return w, err
}
