package cashier

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"casino/bff/api"
	"casino/bff/cashier/payment"
	"casino/bff/realtime"
)

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
		s.depositCredited(ctx, d)
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
	d, err = s.depositByID(ctx, s.db.Write, publicID)
	if err == nil {
		s.depositCredited(ctx, d)
	}
	return d, err
}

// depositCredited tells OnDepositCredited of a credited deposit that names
// a bonus. A confirmation repeated by a webhook retry tells it again, so a
// grant that failed for a passing reason is retried; a refused bonus leaves
// the deposit credited without it.
func (s *Service) depositCredited(ctx context.Context, d Deposit) {
	if s.OnDepositCredited == nil {
		return
	}
	var (
		bonusID, coupon string
		number          int
	)
	err := s.db.Write.QueryRowContext(ctx, `SELECT d.bonus_id, d.coupon_code, u.deposit_count FROM cashier_deposits d JOIN users u ON u.id = d.user_id WHERE d.id = ?`, d.id).
		Scan(&bonusID, &coupon, &number)
	if err != nil || bonusID == "" {
		return
	}
	err = s.OnDepositCredited(ctx, CreditedDeposit{UserID: d.userID, DepositID: d.DepositID, BonusID: bonusID, CouponCode: coupon, Amount: d.money(), Number: number})
	if err != nil {
		slog.Warn("deposit: bonus not granted", "deposit", d.DepositID, "bonus", bonusID, "err", err)
	}
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
