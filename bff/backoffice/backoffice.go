// Package backoffice is the operator's web back office API
// (/api/backoffice/…, docs/backoffice.md): the withdrawals queue with its
// four-eyes rule, the review of identity documents and the micro-frontend
// releases. Each call runs the same code as the command line (bff/cashier,
// bff/kyc, bff/frontends); what is added here is the staff member's
// permission, checked on the server for every call (bff/staff), and the
// audit row every write appends in the write's own transaction.
package backoffice

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"

	"casino/bff/account"
	"casino/bff/api"
	"casino/bff/bonus"
	"casino/bff/cashier"
	"casino/bff/chat"
	"casino/bff/clock"
	"casino/bff/database"
	"casino/bff/frontends"
	"casino/bff/kyc"
	"casino/bff/ledger"
	"casino/bff/protection"
	"casino/bff/session"
	"casino/bff/settings"
	"casino/bff/staff"
	"casino/bff/wallet"
)

// Service is the back office's calls over the casino's services.
type Service struct {
	DB        *database.DB
	Staff     *staff.Service
	Cashier   *cashier.Service
	KYC       *kyc.Service
	Frontends *frontends.Registry
	Ledger    *ledger.Ledger
	Settings  *settings.Store
	Clock     clock.Clock // the day of the dashboard; nil: the system clock

	Protection *protection.Service // limits (nil: not shown)
	Sessions   *session.Manager
	Wallet     *wallet.Service  // the player's own freeze, providers
	Accounts   *account.Service // mirror addresses
	// FreeSpinBets checks a bonus's free-spin bets against their game (the
	// studio's bet levels); nil: not checked.
	FreeSpinBets bonus.FreeSpinBetCheck
	// Notify tells a frozen player's open pages (nil: nothing).
	Notify func(playerID int64)
	// Chat is moderated from the back office (nil: no chat routes).
	Chat *chat.Service
}

// Errors of the back office's decisions.
var (
	// ErrSameApprover: the four-eyes rule wants a second, different member.
	ErrSameApprover = &api.Error{Status: http.StatusConflict, Code: "FOUR_EYES_SAME_STAFF", Message: "A second staff member must approve this withdrawal"}
)

// WithdrawalRow is a withdrawal in the queue with its four-eyes state.
type WithdrawalRow struct {
	cashier.Withdrawal
	// FourEyes: above the operator's amount, two members must approve.
	FourEyes bool `json:"fourEyes"`
	// ApprovedBy lists the first approvals recorded so far.
	ApprovedBy []string `json:"approvedBy"`
}

// Withdrawals lists withdrawals (status "" for all), newest first.
func (b *Service) Withdrawals(ctx context.Context, status string, page int) ([]WithdrawalRow, int, error) {
	p, err := b.Cashier.Withdrawals(ctx, 0, status, max(page, 1), 100)
	if err != nil {
		return nil, 0, err
	}
	out := make([]WithdrawalRow, 0, len(p.Rows))
	for _, w := range p.Rows {
		row := WithdrawalRow{Withdrawal: w, ApprovedBy: []string{}}
		if w.Status == cashier.WithdrawalPending {
			if row.FourEyes, err = b.Cashier.FourEyes(ctx, w); err != nil {
				return nil, 0, err
			}
			if row.ApprovedBy, err = b.approvers(ctx, b.DB.Read, w.WithdrawalID); err != nil {
				return nil, 0, err
			}
		}
		out = append(out, row)
	}
	return out, p.Count, nil
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func (b *Service) approvers(ctx context.Context, q querier, id string) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT s.email FROM staff_withdrawal_approvals a JOIN staff s ON s.id = a.staff_id
		WHERE a.withdrawal_id = ? ORDER BY a.created_at`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// Decision is the answer to an approval or a rejection.
type Decision struct {
	Withdrawal cashier.Withdrawal `json:"withdrawal"`
	// AwaitingSecondApproval: the approval was recorded as the first of
	// two; the withdrawal stays pending.
	AwaitingSecondApproval bool `json:"awaitingSecondApproval"`
}

func withdrawalState(w cashier.Withdrawal) map[string]string {
	return map[string]string{"status": w.Status, "amount": w.Amount, "currency": w.CurrencyCode, "player": w.Email, "decidedBy": w.DecidedBy}
}

// Approve pays a pending withdrawal out. Above the four-eyes amount the
// first approval is recorded (and audited) and the withdrawal stays
// pending; a different member's approval then pays it.
func (b *Service) Approve(ctx context.Context, m *staff.Member, id, reason string) (Decision, error) {
	w, err := b.Cashier.AdminWithdrawal(ctx, id)
	if err != nil {
		return Decision{}, err
	}
	if w.Status != cashier.WithdrawalPending {
		return Decision{}, fmt.Errorf("withdrawal %s is %s: %w", id, w.Status, cashier.ErrWithdrawalDecided)
	}
	four, err := b.Cashier.FourEyes(ctx, w)
	if err != nil {
		return Decision{}, err
	}
	target := "withdrawal:" + id
	if four {
		var first []string
		second := false
		err := b.DB.Tx(ctx, func(tx *sql.Tx) error {
			var err error
			if first, err = b.approvers(ctx, tx, id); err != nil {
				return err
			}
			for _, e := range first {
				if e == m.Email {
					return ErrSameApprover
				}
			}
			if len(first) > 0 {
				second = true
				return nil
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO staff_withdrawal_approvals(withdrawal_id, staff_id, created_at) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ','now'))`, id, m.ID); err != nil {
				return err
			}
			return b.Staff.Record(ctx, tx, m, staff.Change{Action: "withdrawal.approve.first", Target: target,
				Before: withdrawalState(w), After: map[string]any{"status": w.Status, "approvedBy": []string{m.Email}}, Reason: reason})
		})
		if err != nil {
			return Decision{}, err
		}
		if !second {
			return Decision{Withdrawal: w, AwaitingSecondApproval: true}, nil
		}
		return b.approve(ctx, m, w, reason, first)
	}
	return b.approve(ctx, m, w, reason, nil)
}

func (b *Service) approve(ctx context.Context, m *staff.Member, w cashier.Withdrawal, reason string, first []string) (Decision, error) {
	out, err := b.Cashier.ApproveWithdrawalWith(ctx, w.WithdrawalID, m.Actor(), func(tx *sql.Tx, before cashier.Withdrawal) error {
		after := map[string]any{"status": "approved", "decidedBy": m.Email}
		if len(first) > 0 {
			after["approvedBy"] = append(first, m.Email)
		}
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: "withdrawal.approve", Target: "withdrawal:" + w.WithdrawalID,
			Before: withdrawalState(before), After: after, Reason: reason})
	})
	if err != nil {
		return Decision{}, err
	}
	return Decision{Withdrawal: out}, nil
}

// Reject returns a pending withdrawal to the player's balance; the reason
// is required (the player is shown it).
func (b *Service) Reject(ctx context.Context, m *staff.Member, id, reason string) (Decision, error) {
	if reason == "" {
		return Decision{}, staff.ErrReasonRequired
	}
	out, err := b.Cashier.RejectWithdrawalWith(ctx, id, m.Actor(), reason, func(tx *sql.Tx, before cashier.Withdrawal) error {
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: "withdrawal.reject", Target: "withdrawal:" + id,
			Before: withdrawalState(before), After: map[string]string{"status": cashier.WithdrawalRejected, "decidedBy": m.Email}, Reason: reason})
	})
	if err != nil {
		return Decision{}, err
	}
	return Decision{Withdrawal: out}, nil
}

// DocumentRow is a document in the review queue, with its player.
type DocumentRow struct {
	kyc.Document
	PlayerID int64  `json:"playerId"`
	Email    string `json:"email"`
}

// Documents lists documents for review (status "" for all).
func (b *Service) Documents(ctx context.Context, status string) ([]DocumentRow, error) {
	docs, err := b.KYC.Queue(ctx, status)
	if err != nil {
		return nil, err
	}
	out := make([]DocumentRow, 0, len(docs))
	for _, d := range docs {
		out = append(out, DocumentRow{Document: d, PlayerID: d.PlayerID, Email: d.Email})
	}
	return out, nil
}

// Review confirms or rejects a document (a reason is required to reject).
func (b *Service) Review(ctx context.Context, m *staff.Member, id int64, confirm bool, reason string) error {
	action := "kyc.document.reject"
	if confirm {
		action = "kyc.document.approve"
	}
	return b.KYC.ReviewWith(ctx, id, confirm, reason, m.Actor(), func(tx *sql.Tx, before kyc.Document, kycBefore, kycAfter string) error {
		after := "rejected"
		if confirm {
			after = "confirmed"
		}
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: action, Target: fmt.Sprintf("kyc-document:%d", id),
			Before: map[string]string{"status": before.Status, "player": before.Email, "kind": before.DocumentType, "playerKyc": kycBefore},
			After:  map[string]string{"status": after, "playerKyc": kycAfter}, Reason: reason})
	})
}

// ReleaseSet is one micro-frontend's releases, newest first.
type ReleaseSet struct {
	Name     string              `json:"name"`
	Releases []frontends.Release `json:"releases"`
	// CanRollBack: a canary runs, or the current release has one before it
	// (what Rollback needs).
	CanRollBack bool `json:"canRollBack"`
}

// Releases lists every micro-frontend's releases.
func (b *Service) Releases(ctx context.Context) ([]ReleaseSet, error) {
	out := make([]ReleaseSet, 0, len(frontends.Names))
	for _, n := range frontends.Names {
		list, err := b.Frontends.List(ctx, n)
		if err != nil {
			return nil, err
		}
		if list == nil {
			list = []frontends.Release{}
		}
		var can bool
		err = b.DB.Read.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM frontend_releases WHERE name = ?
			AND (canary_percent > 0 OR (is_current = 1 AND previous_id IS NOT NULL)))`, n).Scan(&can)
		if err != nil {
			return nil, err
		}
		out = append(out, ReleaseSet{Name: n, Releases: list, CanRollBack: can})
	}
	return out, nil
}

type rowQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Activate makes a published version of name current (roll forward or
// back to it).
func (b *Service) Activate(ctx context.Context, m *staff.Member, name, version, reason string) (frontends.Release, error) {
	if reason == "" {
		return frontends.Release{}, staff.ErrReasonRequired
	}
	before, err := b.releaseState(ctx, name)
	if err != nil {
		return frontends.Release{}, err
	}
	return b.Frontends.Activate(ctx, name, version, func(tx *sql.Tx) error {
		after, err := frontends.State(ctx, tx, name)
		if err != nil {
			return err
		}
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: "release.activate", Target: "frontend:" + name, Before: before, After: after, Reason: reason})
	})
}

// Rollback stops name's canary, or makes the release before the current one
// current again (as `casino frontends rollback`).
func (b *Service) Rollback(ctx context.Context, m *staff.Member, name, reason string) (frontends.Release, error) {
	if reason == "" {
		return frontends.Release{}, staff.ErrReasonRequired
	}
	before, err := b.releaseState(ctx, name)
	if err != nil {
		return frontends.Release{}, err
	}
	return b.Frontends.Rollback(ctx, name, func(tx *sql.Tx) error {
		after, err := frontends.State(ctx, tx, name)
		if err != nil {
			return err
		}
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: "release.rollback", Target: "frontend:" + name, Before: before, After: after, Reason: reason})
	})
}

// releaseState reads name's pointers before a move (the move's own
// transaction records them after).
func (b *Service) releaseState(ctx context.Context, name string) (map[string]any, error) {
	return frontends.State(ctx, b.DB.Read, name)
}
