package cashier

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"casino/bff/api"
	"casino/bff/ledger"
)

// Decisions on a pending withdrawal.
const (
	actionApprove = "approve"
	actionReject  = "reject"
	actionCancel  = "cancel"
)

// CancelWithdrawal is the player's cancellation of their pending
// withdrawal, where the operator allows it: the money goes back to the
// real balance.
func (s *Service) CancelWithdrawal(ctx context.Context, userID int64, publicID string) (Withdrawal, error) {
	st, err := s.Settings(ctx)
	if err != nil {
		return Withdrawal{}, err
	}
	w, err := s.withdrawal(ctx, s.db.Read, publicID)
	if err != nil {
		return Withdrawal{}, err
	}
	if w.UserID != userID {
		return Withdrawal{}, fmt.Errorf("withdrawal %s of another player: %w", publicID, api.ErrNotFound)
	}
	if !st.PlayerCanCancelWithdrawal {
		return Withdrawal{}, ErrWithdrawCancel
	}
	out, err := s.decide(ctx, w, actionCancel, "player", "", nil)
	if errors.Is(err, ErrWithdrawalDecided) {
		return Withdrawal{}, ErrWithdrawCancel
	}
	if err != nil {
		return Withdrawal{}, err
	}
	return out.playerView(true), nil
}

// DecisionHook runs inside the transaction that claims an operator's
// decision, with the withdrawal as it was: the back office writes its audit
// row there, so a decision and its audit row commit together or not at all.
type DecisionHook func(tx *sql.Tx, before Withdrawal) error

// ApproveWithdrawal pays a pending withdrawal out (hold → the method's
// processor); by names the operator.
func (s *Service) ApproveWithdrawal(ctx context.Context, publicID, by string) (Withdrawal, error) {
	return s.ApproveWithdrawalWith(ctx, publicID, by, nil)
}

// ApproveWithdrawalWith is ApproveWithdrawal running hook in the decision's
// transaction.
func (s *Service) ApproveWithdrawalWith(ctx context.Context, publicID, by string, hook DecisionHook) (Withdrawal, error) {
	w, err := s.withdrawal(ctx, s.db.Read, publicID)
	if err != nil {
		return Withdrawal{}, err
	}
	return s.decide(ctx, w, actionApprove, by, "", hook)
}

// RejectWithdrawal returns a pending withdrawal to the player's real
// balance.
func (s *Service) RejectWithdrawal(ctx context.Context, publicID, by, reason string) (Withdrawal, error) {
	return s.RejectWithdrawalWith(ctx, publicID, by, reason, nil)
}

// RejectWithdrawalWith is RejectWithdrawal running hook in the decision's
// transaction.
func (s *Service) RejectWithdrawalWith(ctx context.Context, publicID, by, reason string, hook DecisionHook) (Withdrawal, error) {
	w, err := s.withdrawal(ctx, s.db.Read, publicID)
	if err != nil {
		return Withdrawal{}, err
	}
	if len(reason) > 500 {
		return Withdrawal{}, api.ErrValidation.WithField("reason", MsgInvalidFormat)
	}
	return s.decide(ctx, w, actionReject, by, strings.TrimSpace(reason), hook)
}

// AdminWithdrawal returns one withdrawal as operators see it.
func (s *Service) AdminWithdrawal(ctx context.Context, publicID string) (Withdrawal, error) {
	return s.withdrawal(ctx, s.db.Read, publicID)
}

// FourEyes reports whether w is above the operator's four-eyes amount for
// its currency (fourEyesWithdrawalAbove): two different staff members must
// approve it in the back office.
func (s *Service) FourEyes(ctx context.Context, w Withdrawal) (bool, error) {
	st, err := s.Settings(ctx)
	if err != nil {
		return false, err
	}
	raw := st.FourEyesWithdrawalAbove[w.CurrencyCode]
	if raw == "" {
		return false, nil
	}
	cur, err := ledger.LookupCurrency(w.CurrencyCode)
	if err != nil {
		return false, err
	}
	limit, err := ledger.Parse(raw, cur)
	if err != nil {
		return false, fmt.Errorf("cashier settings fourEyesWithdrawalAbove %s %q: %w", w.CurrencyCode, raw, err)
	}
	return w.minor > limit.Minor(), nil
}

// decide claims the pending withdrawal for one action (so an approval and a
// cancellation can never both move the held money), posts the ledger
// transfer and records the result.
func (s *Service) decide(ctx context.Context, w Withdrawal, action, by, reason string, hook DecisionHook) (Withdrawal, error) {
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE cashier_withdrawals SET status = 'processing', action = ?, decided_by = ?, reason = ?, updated_at = ?
		WHERE id = ? AND status = 'pending' AND request_tx_id IS NOT NULL`, action, by, reason, s.stamp(), w.id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return fmt.Errorf("withdrawal %s is %s: %w", w.WithdrawalID, w.Status, ErrWithdrawalDecided)
		}
		if hook != nil {
			return hook(tx, w)
		}
		return nil
	})
	if err != nil {
		return Withdrawal{}, err
	}
	if err := s.finishDecision(ctx, w.id); err != nil {
		return Withdrawal{}, err
	}
	return s.withdrawal(ctx, s.db.Write, w.WithdrawalID)
}

// finishDecision posts the claimed action of withdrawal id and moves it to
// its final status. Repeating it (Reconcile after a crash) is safe: the
// ledger replays the same key.
func (s *Service) finishDecision(ctx context.Context, id int64) error {
	w, err := scanWithdrawal(s.db.Write.QueryRowContext(ctx, `SELECT `+withdrawalColumns+` FROM cashier_withdrawals w JOIN users u ON u.id = w.user_id WHERE w.id = ?`, id))
	if err != nil || w.Status != WithdrawalProcessing {
		return err
	}
	meta := map[string]string{"method": w.Method, "withdrawalId": w.WithdrawalID, "by": w.DecidedBy}
	var (
		tx     ledger.Transaction
		status string
		column string
	)
	switch w.action {
	case actionApprove:
		if err := s.payOnChain(ctx, w); err != nil {
			return err // stays processing; Reconcile retries with the same key
		}
		tx, err = s.ledger.WithdrawSettle(ctx, "withdraw:"+w.WithdrawalID+":settle", w.UserID, w.processor, w.money(), meta)
		status, column = WithdrawalCompleted, "settle_tx_id"
	case actionReject, actionCancel:
		tx, err = s.ledger.WithdrawCancel(ctx, "withdraw:"+w.WithdrawalID+":cancel", w.UserID, w.money(), meta)
		status, column = map[string]string{actionReject: WithdrawalRejected, actionCancel: WithdrawalCancelled}[w.action], "cancel_tx_id"
	default:
		return fmt.Errorf("withdrawal %s: unknown action %q", w.WithdrawalID, w.action)
	}
	if err != nil {
		return fmt.Errorf("withdrawal %s %s: %w", w.WithdrawalID, w.action, err)
	}
	_, err = s.db.Write.ExecContext(ctx, `UPDATE cashier_withdrawals SET status = ?, action = '', `+column+` = ?, updated_at = ?
		WHERE id = ? AND status = 'processing'`, status, tx.ID, s.stamp(), id)
	return err
}

// reconcileAge is how old an unfinished withdrawal must be before
// Reconcile touches it.
const reconcileAge = 2 * time.Minute

// Reconcile finishes what a crash interrupted: withdrawals recorded but not
// yet held, and decisions claimed but not yet posted. Run it at start-up.
//
// It also runs periodically, so it leaves alone rows younger than
// reconcileAge: those may belong to a request still in flight.
func (s *Service) Reconcile(ctx context.Context) error {
	cutoff := s.now().Add(-reconcileAge).UTC().Format(timeLayout)
	rows, err := s.db.Read.QueryContext(ctx, `SELECT id, public_id, status FROM cashier_withdrawals
		WHERE updated_at < ? AND (status = 'processing' OR (status = 'pending' AND request_tx_id IS NULL))`, cutoff)
	if err != nil {
		return err
	}
	type open struct {
		id             int64
		public, status string
	}
	var list []open
	for rows.Next() {
		var o open
		if err := rows.Scan(&o.id, &o.public, &o.status); err != nil {
			rows.Close()
			return err
		}
		list = append(list, o)
	}
	rows.Close()
	for _, o := range list {
		if o.status == WithdrawalProcessing {
			if err := s.finishDecision(ctx, o.id); err != nil {
				return err
			}
			continue
		}
		tx, err := s.ledger.GetByKey(ctx, "withdraw:"+o.public+":request")
		switch {
		case errors.Is(err, ledger.ErrTransactionNotFound), err == nil && tx.Status != ledger.StatusCommitted:
			_, err = s.db.Write.ExecContext(ctx, `UPDATE cashier_withdrawals SET status = 'failed', updated_at = ? WHERE id = ? AND status = 'pending'`, s.stamp(), o.id)
		case err == nil:
			_, err = s.db.Write.ExecContext(ctx, `UPDATE cashier_withdrawals SET request_tx_id = ?, updated_at = ? WHERE id = ?`, tx.ID, s.stamp(), o.id)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// WithdrawalPage is a page of withdrawals.
type WithdrawalPage struct {
	Count int          `json:"count"`
	Rows  []Withdrawal `json:"rows"`
}

// Withdrawals lists withdrawals newest first: a player's own (userID > 0)
// or everyone's for the operator (userID 0); status "" for all.
func (s *Service) Withdrawals(ctx context.Context, userID int64, status string, pageNo, limit int) (WithdrawalPage, error) {
	if status != "" && !slices.Contains([]string{WithdrawalPending, WithdrawalProcessing, WithdrawalCompleted, WithdrawalRejected, WithdrawalCancelled, WithdrawalFailed}, status) {
		return WithdrawalPage{}, api.ErrValidation.WithField("status", MsgInvalidFormat)
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return WithdrawalPage{}, err
	}
	where := `(? = 0 OR w.user_id = ?) AND (? = '' OR w.status = ?)`
	args := []any{userID, userID, status, status}
	out := WithdrawalPage{Rows: []Withdrawal{}}
	if err := s.db.Read.QueryRowContext(ctx, `SELECT COUNT(*) FROM cashier_withdrawals w WHERE `+where, args...).Scan(&out.Count); err != nil {
		return WithdrawalPage{}, err
	}
	rows, err := s.db.Read.QueryContext(ctx, `SELECT `+withdrawalColumns+` FROM cashier_withdrawals w JOIN users u ON u.id = w.user_id
		WHERE `+where+` ORDER BY w.id DESC LIMIT ? OFFSET ?`, append(args, limit, (pageNo-1)*limit)...)
	if err != nil {
		return WithdrawalPage{}, err
	}
	defer rows.Close()
	for rows.Next() {
		w, err := scanWithdrawal(rows)
		if err != nil {
			return WithdrawalPage{}, err
		}
		if userID != 0 {
			w = w.playerView(st.PlayerCanCancelWithdrawal)
		}
		out.Rows = append(out.Rows, w)
	}
	return out, rows.Err()
}

// payOnChain broadcasts an approved crypto withdrawal and records its
// transaction id in the details (the key makes a retry send nothing new).
func (s *Service) payOnChain(ctx context.Context, w Withdrawal) error {
	network, address := w.Details["network"], w.Details["walletAddress"]
	if s.chainPayer == nil || network == "" || w.Details["txid"] != "" {
		return nil
	}
	txid, err := s.chainPayer.Pay(ctx, network, address, w.minor, "withdraw:"+w.WithdrawalID)
	if err != nil {
		return fmt.Errorf("withdrawal %s: payout on %s: %w", w.WithdrawalID, network, err)
	}
	_, err = s.db.Write.ExecContext(ctx, `UPDATE cashier_withdrawals SET details = json_set(details, '$.txid', ?), updated_at = ? WHERE id = ?`, txid, s.stamp(), w.id)
	return err
}
