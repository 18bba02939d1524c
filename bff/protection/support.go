package protection

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"casino/bff/api"
	"casino/bff/ledger"
)

// ErrBetLimitBySupport: a high-loyalty player's bet limit goes up (or away)
// only through support (SPEC section 6); lowering it stays the player's.
var ErrBetLimitBySupport = &api.Error{Status: http.StatusConflict, Code: "BET_LIMIT_SUPPORT_ONLY",
	Message: "Our support team raises the bet limit of VIP players: please contact support."}

// ErrSupportReason: every support change says why and who.
var ErrSupportReason = errors.New("a support change needs a reason and the name of who makes it")

// loosening reports whether amount loosens current (a raise, or a removal of
// a limit there is).
func loosening(current, amount int64) bool {
	return current > 0 && (amount == 0 || amount > current)
}

// supportOnly refuses a player's own loosening of a bet limit when the
// operator's HighLoyalty says the player's level is handled by support.
func (s *Service) supportOnly(ctx context.Context, userID int64, kind string, current, amount int64) error {
	if kind != "bet" || s.HighLoyalty == nil || !loosening(current, amount) {
		return nil
	}
	high, err := s.HighLoyalty(ctx, userID)
	if err != nil {
		return err
	}
	if high {
		return ErrBetLimitBySupport
	}
	return nil
}

// AuditEntry is one support change of a limit.
type AuditEntry struct {
	Kind, Period, Currency string
	Old, New               int64
	Actor, Reason, At      string
}

// SupportSetLimit is support's change of a player's bet limit: it applies at
// once (no cooling-off, no one-hour lock: support decided with the player),
// drops a pending change of that limit, and is then recorded with its reason
// and author in the append-only audit table.
func (s *Service) SupportSetLimit(ctx context.Context, userID int64, currency ledger.Currency, kind, period string, amount int64, reason, by string) error {
	return s.SupportSetLimitWith(ctx, userID, currency, kind, period, amount, reason, by, nil)
}

// SupportSetLimitWith is SupportSetLimit running hook (when set) with the
// limit before the change in the transaction of its audit row (the back
// office's own audit row commits with it).
func (s *Service) SupportSetLimitWith(ctx context.Context, userID int64, currency ledger.Currency, kind, period string, amount int64, reason, by string,
	hook func(tx *sql.Tx, before int64) error) error {
	if kind != "bet" {
		return fmt.Errorf("support changes bet limits only (the player sets %s limits): %w", kind, ErrKind)
	}
	if index(Periods, period) < 0 {
		return ErrPeriod
	}
	if amount < 0 {
		return ErrAmount
	}
	reason, by = strings.TrimSpace(reason), strings.TrimSpace(by)
	if reason == "" || by == "" {
		return ErrSupportReason
	}
	current, err := s.inForce(ctx, userID, kind, period)
	if err != nil {
		return err
	}
	if err := s.apply(ctx, userID, currency, kind, period, amount, true); err != nil {
		return err
	}
	if _, err := s.db.Write.ExecContext(ctx, `DELETE FROM protection_pending_limits WHERE player_id = ? AND kind = ? AND period = ?`, userID, kind, period); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO protection_limit_audit(player_id, kind, period, old_amount, new_amount, currency, actor, reason, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, userID, kind, period, current, amount, currency.Code, by, reason, s.now().Format(stampLayout))
		if err != nil {
			return fmt.Errorf("audit of a support limit change for %d: %w", userID, err)
		}
		if hook != nil {
			return hook(tx, current)
		}
		return nil
	})
}

// Audit lists the support changes of a player's limits, oldest first.
func (s *Service) Audit(ctx context.Context, userID int64) ([]AuditEntry, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT kind, period, currency, old_amount, new_amount, actor, reason, created_at
		FROM protection_limit_audit WHERE player_id = ? ORDER BY id`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []AuditEntry
	for rows.Next() {
		var e AuditEntry
		if err := rows.Scan(&e.Kind, &e.Period, &e.Currency, &e.Old, &e.New, &e.Actor, &e.Reason, &e.At); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}
