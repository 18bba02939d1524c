package account

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"casino/bff/api"
)

// KYCStatuses are the identity-verification states a player can be in:
// NOT_STARTED (new, or reset by a change of an identity field), PENDING
// (documents under review), APPROVED and REJECTED.
var KYCStatuses = []string{"NOT_STARTED", "PENDING", "APPROVED", "REJECTED"}

// KYCHook runs in a status change's transaction with the player's id and
// the status before and after: the audit row is written there.
type KYCHook func(tx *sql.Tx, playerID int64, before, after string) error

// SetKYCStatusWith records the operator's decision on a player's identity
// documents (`casino kyc`), running hook (may be nil) in its transaction. The
// status changes back to NOT_STARTED on its own when the player changes an
// identity field (Update with onChangeResetKyc).
func (s *Service) SetKYCStatusWith(ctx context.Context, email, status string, hook KYCHook) error {
	status = strings.ToUpper(strings.TrimSpace(status))
	known := false
	for _, k := range KYCStatuses {
		known = known || k == status
	}
	if !known {
		return fmt.Errorf("kyc status %q: want one of %s: %w", status, strings.Join(KYCStatuses, ", "), api.ErrInvalidFormat)
	}
	u, err := s.userByEmail(ctx, strings.ToLower(strings.TrimSpace(email)))
	if err != nil {
		return err
	}
	if u == nil {
		return fmt.Errorf("no player with e-mail %q: %w", email, api.ErrNotFound)
	}
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		var before string
		if err := tx.QueryRowContext(ctx, `SELECT kyc_status FROM users WHERE id = ?`, u.ID).Scan(&before); err != nil {
			return fmt.Errorf("kyc status of user %d: %w", u.ID, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET kyc_status = ? WHERE id = ?`, status, u.ID); err != nil {
			return fmt.Errorf("kyc status of user %d: %w", u.ID, err)
		}
		if hook == nil {
			return nil
		}
		return hook(tx, u.ID, before, status)
	})
}
