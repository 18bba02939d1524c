package account

import (
	"context"
	"database/sql"
	"errors"
	"net/http"

	"casino/bff/api"
)

// ErrAccountFrozen refuses the log-in of an account the operator froze
// (back office). 409, not 403: the log-in form shows it.
var ErrAccountFrozen = &api.Error{Status: http.StatusConflict, Code: "ACCOUNT_FROZEN", Message: "Your account is suspended. Please contact support."}

// Freeze is an operator's freeze of an account (docs/backoffice.md).
type Freeze struct {
	FrozenAt string `json:"frozenAt"`
	FrozenBy string `json:"frozenBy"`
	Reason   string `json:"reason"`
}

type rowQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// FrozenState returns the operator's freeze of the player, nil when none.
func FrozenState(ctx context.Context, q rowQuerier, playerID int64) (*Freeze, error) {
	var f Freeze
	err := q.QueryRowContext(ctx, `SELECT frozen_at, frozen_by, reason FROM account_freezes WHERE player_id = ?`, playerID).Scan(&f.FrozenAt, &f.FrozenBy, &f.Reason)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &f, nil
}

// FreezeTx freezes the account in tx and ends every session of the player:
// their next request is logged out and the log-in answers ACCOUNT_FROZEN
// until UnfreezeTx. It returns the freeze there was (nil: none; a second
// freeze keeps the first).
func FreezeTx(ctx context.Context, tx *sql.Tx, playerID int64, f Freeze) (*Freeze, error) {
	before, err := FrozenState(ctx, tx, playerID)
	if err != nil || before != nil {
		return before, err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO account_freezes(player_id, frozen_at, frozen_by, reason) VALUES (?, ?, ?, ?)`,
		playerID, f.FrozenAt, f.FrozenBy, f.Reason); err != nil {
		return nil, err
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ?`, playerID)
	return nil, err
}

// UnfreezeTx lifts the operator's freeze in tx and returns it (nil: there
// was none).
func UnfreezeTx(ctx context.Context, tx *sql.Tx, playerID int64) (*Freeze, error) {
	before, err := FrozenState(ctx, tx, playerID)
	if err != nil || before == nil {
		return before, err
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM account_freezes WHERE player_id = ?`, playerID)
	return before, err
}
