package cashier

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"casino/bff/cashier/coins"
	"casino/bff/ledger"
)

// A crypto deposit arrives whether or not the casino would have accepted it:
// the player sends coins to their address whenever they like. The checks a
// card deposit gets before it starts (self-exclusion, e-mail verification,
// country block, the method's bounds, the player's own deposit limits) run
// when the transfer is first seen; one that fails holds the deposit for an
// operator instead of crediting it or refusing money already sent. A held
// deposit stays 'pending' with error_code "held:REASON" (the schema's
// statuses are kept), and counts against the player's limits like any open
// deposit.
const heldPrefix = "held:"

// Reasons a crypto deposit is held.
const (
	HoldSelfExcluded    = "self-excluded"
	HoldEmailUnverified = "email-unverified"
	HoldCountryBlocked  = "country-blocked"
	HoldMethodBounds    = "method-bounds"
	HoldDepositLimit    = "deposit-limit"
)

// ErrNotHeld answers a release or rejection of a deposit that is not held.
var ErrNotHeld = newError(409, "DEPOSIT_NOT_HELD", "This deposit is not held for review")

// cryptoHold says why a crypto deposit of amount for userID must wait for an
// operator ("" when it may be credited). It runs inside the transaction that
// records the deposit, so the limit check sees every other deposit.
func (s *Service) cryptoHold(ctx context.Context, tx *sql.Tx, userID int64, amount ledger.Money, method string, st Settings) (string, error) {
	p, err := s.player(ctx, userID)
	if err != nil {
		return "", err
	}
	switch {
	case p.SelfExcluded:
		return HoldSelfExcluded, nil
	case st.RequireEmailVerification && !p.EmailVerified:
		return HoldEmailUnverified, nil
	}
	if s.ExcludedCountries != nil && p.Country != "" {
		excluded, err := s.ExcludedCountries(ctx)
		if err != nil {
			return "", err
		}
		if slices.ContainsFunc(excluded, func(e string) bool { return strings.EqualFold(e, p.Country) }) {
			return HoldCountryBlocked, nil
		}
	}
	if m, ok, err := s.method(ctx, method); err != nil {
		return "", err
	} else if ok {
		lo, hi, ok := m.limit(amount.Currency(), st)
		if !ok || amount.Minor() < lo.Minor() || amount.Minor() > hi.Minor() {
			return HoldMethodBounds, nil
		}
	}
	if err := s.checkLimits(ctx, tx, userID, amount); errors.Is(err, ErrPaymentLimit) {
		return HoldDepositLimit, nil
	} else if err != nil {
		return "", err
	}
	return "", nil
}

// HeldDeposit is a crypto deposit waiting for an operator.
type HeldDeposit struct {
	DepositID     string `json:"depositId"`
	UserID        int64  `json:"userId"`
	Amount        string `json:"amount"`
	CurrencyCode  string `json:"currencyCode"`
	Network       string `json:"network"`
	TxID          string `json:"txId"`
	Confirmations int    `json:"confirmations"`
	Reason        string `json:"reason"`
	CreatedAt     string `json:"createdAt"`
}

// HeldDeposits lists the deposits held for review, oldest first.
func (s *Service) HeldDeposits(ctx context.Context) ([]HeldDeposit, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT public_id, user_id, amount, currency, network, payment_id, confirmations, error_code, created_at
		FROM cashier_deposits WHERE status = 'pending' AND error_code LIKE 'held:%' ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []HeldDeposit{}
	for rows.Next() {
		var h HeldDeposit
		var minor int64
		if err := rows.Scan(&h.DepositID, &h.UserID, &minor, &h.CurrencyCode, &h.Network, &h.TxID, &h.Confirmations, &h.Reason, &h.CreatedAt); err != nil {
			return nil, err
		}
		h.Reason = strings.TrimPrefix(h.Reason, heldPrefix)
		if c, err := ledger.LookupCurrency(h.CurrencyCode); err == nil {
			h.Amount = ledger.FromMinor(minor, c).Decimal()
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

// HeldHook runs in the transaction that claims a held deposit's release or
// rejection, with the deposit as it was held: the audit row is written there.
type HeldHook func(tx *sql.Tx, held HeldDeposit) error

// ReleaseHeld lifts the hold: the deposit is credited now if it has its
// confirmations, else at the chain's next report.
func (s *Service) ReleaseHeld(ctx context.Context, publicID, by string) (Deposit, error) {
	return s.ReleaseHeldWith(ctx, publicID, by, nil)
}

// ReleaseHeldWith is ReleaseHeld running hook in the release's claim; the
// credit follows it, as a chain report's does.
func (s *Service) ReleaseHeldWith(ctx context.Context, publicID, by string, hook HeldHook) (Deposit, error) {
	d, confs, err := s.heldDeposit(ctx, publicID)
	if err != nil {
		return Deposit{}, err
	}
	if err := s.claimHeld(ctx, d, `error_code = ?`, "released by "+truncateText(by, 64), hook); err != nil {
		return Deposit{}, err
	}
	if confs {
		return s.confirm(ctx, publicID, d.processor, d.paymentID)
	}
	return s.depositByID(ctx, s.db.Read, publicID)
}

// RejectHeld closes a held deposit without crediting it: the operator
// returns the coins to the sender outside the casino.
func (s *Service) RejectHeld(ctx context.Context, publicID, by string) (Deposit, error) {
	return s.RejectHeldWith(ctx, publicID, by, nil)
}

// RejectHeldWith is RejectHeld running hook in the rejection's transaction.
func (s *Service) RejectHeldWith(ctx context.Context, publicID, by string, hook HeldHook) (Deposit, error) {
	d, _, err := s.heldDeposit(ctx, publicID)
	if err != nil {
		return Deposit{}, err
	}
	if err := s.claimHeld(ctx, d, `status = 'rejected', error_code = ?`, "rejected by "+truncateText(by, 64), hook); err != nil {
		return Deposit{}, err
	}
	return s.depositByID(ctx, s.db.Read, publicID)
}

// claimHeld applies set to the deposit while it is still held (one
// decision wins a race) and runs hook in the same transaction.
func (s *Service) claimHeld(ctx context.Context, d Deposit, set, code string, hook HeldHook) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		var held HeldDeposit
		var minor int64
		err := tx.QueryRowContext(ctx, `SELECT public_id, user_id, amount, currency, network, payment_id, confirmations, error_code, created_at
			FROM cashier_deposits WHERE id = ? AND status = 'pending' AND error_code LIKE 'held:%'`, d.id).
			Scan(&held.DepositID, &held.UserID, &minor, &held.CurrencyCode, &held.Network, &held.TxID, &held.Confirmations, &held.Reason, &held.CreatedAt)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("deposit %s: %w", d.DepositID, ErrNotHeld)
		}
		if err != nil {
			return err
		}
		held.Reason = strings.TrimPrefix(held.Reason, heldPrefix)
		if c, err := ledger.LookupCurrency(held.CurrencyCode); err == nil {
			held.Amount = ledger.FromMinor(minor, c).Decimal()
		}
		if _, err := tx.ExecContext(ctx, `UPDATE cashier_deposits SET `+set+`, updated_at = ? WHERE id = ?`, code, s.stamp(), d.id); err != nil {
			return err
		}
		if hook == nil {
			return nil
		}
		return hook(tx, held)
	})
}

// heldDeposit loads a held deposit and whether it has its confirmations.
func (s *Service) heldDeposit(ctx context.Context, publicID string) (Deposit, bool, error) {
	d, err := s.depositByID(ctx, s.db.Write, publicID)
	if err != nil {
		return Deposit{}, false, err
	}
	var code string
	if err := s.db.Write.QueryRowContext(ctx, `SELECT error_code FROM cashier_deposits WHERE id = ?`, d.id).Scan(&code); err != nil {
		return Deposit{}, false, err
	}
	if d.Status != DepositPending || !strings.HasPrefix(code, heldPrefix) {
		return Deposit{}, false, fmt.Errorf("deposit %s (%s, %q): %w", publicID, d.Status, code, ErrNotHeld)
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return Deposit{}, false, err
	}
	enough := false
	if n, err := coins.Lookup(d.Network); err == nil {
		enough = d.Confirmations >= st.confirmations(n)
	}
	return d, enough, nil
}

func truncateText(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
