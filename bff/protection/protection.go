// Package protection is the player's own responsible-gaming controls (SPEC
// sections 4, 5, 6, 9): deposit, loss and bet limits per day, week and month,
// where a tighter limit applies at once and a looser one (a raise or a
// removal) only after a 24-hour cooling-off the player can cancel, and the
// account freeze. The wallet and the cashier keep enforcing what is in force;
// this package decides what is in force and when.
package protection

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"casino/bff/api"
	"casino/bff/clock"
	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/session"
	"casino/bff/wallet"
)

// CoolingOff is how long a raise or removal of a limit waits (UKGC RTS 12).
const CoolingOff = 24 * time.Hour

// Kinds and periods of limits.
var (
	Kinds   = []string{"deposit", "loss", "bet"}
	Periods = []string{"daily", "weekly", "monthly"}
)

// FreezeDays are the freeze options (SPEC section 9).
var FreezeDays = []int{1, 3, 7, 10}

var (
	ErrKind    = api.ErrValidation.WithField("type", "Invalid format")
	ErrPeriod  = api.ErrValidation.WithField("period", "Invalid format")
	ErrAmount  = api.ErrValidation.WithField("amount", "Invalid format")
	ErrDays    = api.ErrValidation.WithField("days", "Invalid format")
	ErrNothing = &api.Error{Status: http.StatusNotFound, Code: "NO_PENDING_LIMIT", Message: "There is no pending change of this limit to cancel"}
)

// Wallet is what the protection needs of the wallet (bets and losses, freeze).
type Wallet interface {
	LimitsOf(ctx context.Context, playerID int64) (wallet.Limits, error)
	SetLimits(ctx context.Context, playerID int64, l wallet.Limits, force bool) error
}

// Cashier is what it needs of the cashier (deposits).
type Cashier interface {
	DepositLimitsOf(ctx context.Context, userID int64) (map[string]int64, error)
	SetDepositLimit(ctx context.Context, userID int64, period string, amount ledger.Money) error
}

// Service sets and reads the controls.
type Service struct {
	db      *database.DB
	wallet  Wallet
	cashier Cashier
	Clock   clock.Clock

	// Sessions ends a self-excluded player's sessions and carries the
	// session time limit and reality checks of each session.
	Sessions *session.Manager
	// ForfeitBonus forfeits the player's active bonus (bff/bonus) and
	// Notify tells their open pages (bff/realtime). Each may be nil.
	ForfeitBonus func(ctx context.Context, userID int64) error
	Notify       func(userID int64, event string, data any)
	// HighLoyalty reports whether the player's loyalty level has its bet
	// limit raised by support only (bff/loyalty's personal-manager levels);
	// nil: every player raises their own.
	HighLoyalty func(ctx context.Context, userID int64) (bool, error)
	// Minute is how long a minute of the time controls lasts (0: a minute).
	// Only a demo may shorten it (bff/server: CASINO_DEMO_MINUTE).
	Minute time.Duration
}

// NewService returns the controls on db, enforced by w and c.
func NewService(db *database.DB, w Wallet, c Cashier) *Service {
	return &Service{db: db, wallet: w, cashier: c}
}

func (s *Service) now() time.Time { return clock.Or(s.Clock).Now().UTC() }

const stampLayout = "2006-01-02T15:04:05.000Z"

func index(list []string, v string) int {
	for i, x := range list {
		if x == v {
			return i
		}
	}
	return -1
}

// inForce returns the limit of kind and period in force (0 = none).
func (s *Service) inForce(ctx context.Context, userID int64, kind, period string) (int64, error) {
	p := index(Periods, period)
	switch kind {
	case "deposit":
		m, err := s.cashier.DepositLimitsOf(ctx, userID)
		return m[period], err
	case "loss":
		l, err := s.wallet.LimitsOf(ctx, userID)
		return l.LossLimits[p], err
	default:
		l, err := s.wallet.LimitsOf(ctx, userID)
		return l.BetLimits[p], err
	}
}

// apply puts amount (0 = none) in force. force skips the wallet's one-hour
// lock on bet-limit changes: a cooled-off change was asked a day ago.
func (s *Service) apply(ctx context.Context, userID int64, currency ledger.Currency, kind, period string, amount int64, force bool) error {
	if kind == "deposit" {
		return s.cashier.SetDepositLimit(ctx, userID, period, ledger.FromMinor(amount, currency))
	}
	l, err := s.wallet.LimitsOf(ctx, userID)
	if err != nil {
		return err
	}
	p := index(Periods, period)
	if kind == "loss" {
		l.LossLimits[p] = amount
	} else {
		l.BetLimits[p] = amount
	}
	return s.wallet.SetLimits(ctx, userID, l, force)
}

// Change is the answer of SetLimit: whether the change applied at once or
// waits until EffectiveAt.
type Change struct {
	Applied     bool   `json:"applied"`
	EffectiveAt string `json:"effectiveAt,omitempty"`
}

// SetLimit asks for a limit of amount (minor units; 0 removes it). A first
// limit or a lower one applies at once (and drops a pending raise); a raise or
// a removal waits out the cooling-off.
func (s *Service) SetLimit(ctx context.Context, userID int64, currency ledger.Currency, kind, period string, amount int64) (Change, error) {
	if index(Kinds, kind) < 0 {
		return Change{}, ErrKind
	}
	if index(Periods, period) < 0 {
		return Change{}, ErrPeriod
	}
	if amount < 0 {
		return Change{}, ErrAmount
	}
	current, err := s.inForce(ctx, userID, kind, period)
	if err != nil {
		return Change{}, err
	}
	if err := s.supportOnly(ctx, userID, kind, current, amount); err != nil {
		return Change{}, err
	}
	now := s.now()
	if amount > 0 && (current == 0 || amount <= current) {
		if err := s.apply(ctx, userID, currency, kind, period, amount, false); err != nil {
			return Change{}, err
		}
		_, err := s.db.Write.ExecContext(ctx, `DELETE FROM protection_pending_limits WHERE player_id = ? AND kind = ? AND period = ?`, userID, kind, period)
		return Change{Applied: true}, err
	}
	if amount == 0 && current == 0 {
		_, err := s.db.Write.ExecContext(ctx, `DELETE FROM protection_pending_limits WHERE player_id = ? AND kind = ? AND period = ?`, userID, kind, period)
		return Change{Applied: true}, err
	}
	effective := now.Add(CoolingOff).Format(stampLayout)
	_, err = s.db.Write.ExecContext(ctx, `INSERT INTO protection_pending_limits(player_id, kind, period, amount, requested_at, effective_at) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT(player_id, kind, period) DO UPDATE SET amount = excluded.amount, requested_at = excluded.requested_at, effective_at = excluded.effective_at`,
		userID, kind, period, amount, now.Format(stampLayout), effective)
	if err != nil {
		return Change{}, fmt.Errorf("pending limit of %d: %w", userID, err)
	}
	return Change{EffectiveAt: effective}, nil
}

// CancelPending drops a raise or removal that has not taken effect yet.
func (s *Service) CancelPending(ctx context.Context, userID int64, kind, period string) error {
	res, err := s.db.Write.ExecContext(ctx, `DELETE FROM protection_pending_limits WHERE player_id = ? AND kind = ? AND period = ?`, userID, kind, period)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNothing
	}
	return nil
}

// ApplyDue puts every change whose cooling-off ended in force and returns how
// many (the server runs it every minute; reading the limits runs it for the
// player too).
func (s *Service) ApplyDue(ctx context.Context, userID int64) (int, error) {
	n, err := s.applyDueSessionLimits(ctx, userID)
	if err != nil {
		return n, err
	}
	m, err := s.applyDueLimits(ctx, userID)
	return n + m, err
}

func (s *Service) applyDueLimits(ctx context.Context, userID int64) (int, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT p.player_id, p.kind, p.period, p.amount, u.currency_code FROM protection_pending_limits p
		JOIN users u ON u.id = p.player_id WHERE p.effective_at <= ? AND (? = 0 OR p.player_id = ?)`, s.now().Format(stampLayout), userID, userID)
	if err != nil {
		return 0, err
	}
	type due struct {
		id                 int64
		kind, period, curr string
		amount             int64
	}
	var list []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.id, &d.kind, &d.period, &d.amount, &d.curr); err != nil {
			rows.Close()
			return 0, err
		}
		list = append(list, d)
	}
	rows.Close()
	n := 0
	for _, d := range list {
		c, err := ledger.LookupCurrency(d.curr)
		if err != nil {
			return n, err
		}
		if err := s.apply(ctx, d.id, c, d.kind, d.period, d.amount, true); err != nil {
			return n, fmt.Errorf("apply %s %s limit of %d: %w", d.period, d.kind, d.id, err)
		}
		if _, err := s.db.Write.ExecContext(ctx, `DELETE FROM protection_pending_limits WHERE player_id = ? AND kind = ? AND period = ?`, d.id, d.kind, d.period); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// Limit is one limit as the limits page shows it (amounts in minor units).
type Limit struct {
	Type    string   `json:"type"`
	Period  string   `json:"period"`
	Amount  int64    `json:"amount"` // 0 = none
	Pending *Pending `json:"pending"`
}

// Pending is a change waiting out its cooling-off.
type Pending struct {
	Amount      int64  `json:"amount"` // 0 = removal
	EffectiveAt string `json:"effectiveAt"`
}

// Limits returns the nine limits with their pending changes, after applying
// what is due.
func (s *Service) Limits(ctx context.Context, userID int64) ([]Limit, error) {
	if _, err := s.ApplyDue(ctx, userID); err != nil {
		return nil, err
	}
	pending := map[string]*Pending{}
	rows, err := s.db.Read.QueryContext(ctx, `SELECT kind, period, amount, effective_at FROM protection_pending_limits WHERE player_id = ?`, userID)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var kind, period string
		var p Pending
		if err := rows.Scan(&kind, &period, &p.Amount, &p.EffectiveAt); err != nil {
			rows.Close()
			return nil, err
		}
		pending[kind+"/"+period] = &p
	}
	rows.Close()
	var out []Limit
	for _, kind := range Kinds {
		for _, period := range Periods {
			amount, err := s.inForce(ctx, userID, kind, period)
			if err != nil {
				return nil, err
			}
			out = append(out, Limit{Type: kind, Period: period, Amount: amount, Pending: pending[kind+"/"+period]})
		}
	}
	return out, nil
}

// Freeze locks the account for days (1, 3, 7 or 10): no bets and no
// deposits, log-in and withdrawals still work. A freeze cannot be shortened:
// a later end already set stays.
func (s *Service) Freeze(ctx context.Context, userID int64, days int) (string, error) {
	ok := false
	for _, d := range FreezeDays {
		ok = ok || d == days
	}
	if !ok {
		return "", ErrDays
	}
	l, err := s.wallet.LimitsOf(ctx, userID)
	if err != nil {
		return "", err
	}
	until := s.now().Add(time.Duration(days) * 24 * time.Hour)
	if cur, err := time.Parse(time.RFC3339, l.FrozenUntil); err == nil && cur.After(until) {
		return l.FrozenUntil, nil
	}
	l.FrozenUntil = until.Format(time.RFC3339)
	// Only the freeze changes here, so the bet-limit lock does not apply.
	if err := s.wallet.SetLimits(ctx, userID, l, false); err != nil {
		return "", err
	}
	return l.FrozenUntil, nil
}
