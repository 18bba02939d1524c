package wallet

import (
	"context"
	"testing"
)

func rb(tx, target, round string) RollbackRequest {
	return RollbackRequest{TransactionID: tx, RollbackTransactionID: target, RoundID: round, PlayerID: "1", GameID: "fruit-fiesta"}
}

func TestRollback(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 1)
	c := f.client
	if _, err := c.Debit(ctx, debit("d-1", "r-1", "1", "10.00")); err != nil {
		t.Fatal(err)
	}
	res, err := c.Rollback(ctx, rb("rb-1", "d-1", "r-1"))
	if err != nil || res.Status != StatusRolledBack || res.Balance != "100.00" || res.Amount != "10.00" {
		t.Fatalf("rollback %+v %v", res, err)
	}
	// The retry replays; another rollback id for the same debit moves nothing.
	again, err := c.Rollback(ctx, rb("rb-1", "d-1", "r-1"))
	if err != nil || !again.Replayed || again.Status != StatusRolledBack {
		t.Fatalf("retry %+v %v", again, err)
	}
	other, err := c.Rollback(ctx, rb("rb-2", "d-1", "r-1"))
	if err != nil || other.Status != StatusAlreadyRolledBack {
		t.Fatalf("second rollback %+v %v", other, err)
	}
	if real, _ := f.balances(t, 1); real != "100.00" {
		t.Fatalf("real %s", real)
	}

	// Rollback before the bet: a tombstone, and the late bet is refused.
	nf, err := c.Rollback(ctx, rb("rb-3", "d-late", "r-2"))
	if err != nil || nf.Status != StatusNotFound {
		t.Fatalf("unknown %+v %v", nf, err)
	}
	_, err = c.Debit(ctx, debit("d-late", "r-2", "1", "3.00"))
	wantCode(t, err, ErrTransactionRolledBack.Code)
	if nf2, err := c.Rollback(ctx, rb("rb-3b", "d-late", "r-2")); err != nil || nf2.Status != StatusNotFound {
		t.Fatalf("unknown again %+v %v", nf2, err)
	}

	// A refused debit: nothing moved, nothing to move back.
	_, err = c.Debit(ctx, debit("d-big", "r-3", "1", "99.00"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Debit(ctx, debit("d-over", "r-3", "1", "50.00"))
	wantCode(t, err, "INSUFFICIENT_FUNDS")
	nm, err := c.Rollback(ctx, rb("rb-4", "d-over", "r-3"))
	if err != nil || nm.Status != StatusNothingMoved {
		t.Fatalf("refused original %+v %v", nm, err)
	}

	// A win rolled back within its open round; then the round settles and
	// rollbacks are refused.
	if _, err := c.Credit(ctx, debit("w-1", "r-3", "1", "20.00")); err != nil {
		t.Fatal(err)
	}
	wr, err := c.Rollback(ctx, rb("rb-5", "w-1", "r-3"))
	if err != nil || wr.Status != StatusRolledBack || wr.Balance != "1.00" {
		t.Fatalf("win rollback %+v %v", wr, err)
	}
	if _, err := c.EndRound(ctx, EndRoundRequest{RoundID: "r-3", PlayerID: "1", GameID: "fruit-fiesta"}); err != nil {
		t.Fatal(err)
	}
	_, err = c.Rollback(ctx, rb("rb-6", "d-big", "r-3"))
	wantCode(t, err, ErrRoundClosed.Code)
	// A rollback id reused for something else is a duplicate.
	_, err = c.Rollback(ctx, rb("rb-1", "d-big", "r-3"))
	wantCode(t, err, ErrDuplicateTransaction.Code)

	round, err := f.svc.Round(ctx, 1, 1)
	if err != nil || round.Bet != "0.00" || round.BalanceAfter != "100.00" {
		t.Fatalf("round after rollback %+v %v", round, err)
	}
	h, _ := f.svc.History(ctx, 1, 1, 20)
	cancelled := 0
	for _, r := range h.Rows {
		if r.Status == "cancelled" {
			cancelled++
		}
	}
	if cancelled != 2 {
		t.Fatalf("history %+v", h.Rows)
	}
	if real, _ := f.balances(t, 1); real != "1.00" {
		t.Fatalf("real %s", real)
	}
	f.check(t)
}
