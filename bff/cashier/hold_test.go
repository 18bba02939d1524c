package cashier

import (
	"context"
	"testing"
)

// Issue 18: crypto deposits were credited without the deposit-time checks.
// One that fails them is held for an operator, never credited on its own
// and never refused (the coins are already sent).
func TestCryptoDepositsFailingChecksAreHeld(t *testing.T) {
	s, _ := newTestService(t)
	chain := withWallet(t, s)
	ctx := context.Background()
	excluded := addPlayer(t, s, testPlayer{email: "x@example.com", verified: true, currency: "BTC"})
	whale := addPlayer(t, s, testPlayer{email: "w@example.com", verified: true, currency: "BTC"})
	fine := addPlayer(t, s, testPlayer{email: "f@example.com", verified: true, currency: "BTC"})
	address := func(user int64) string {
		a, err := s.DepositAddress(ctx, Caller{UserID: user}, "BTC")
		if err != nil {
			t.Fatal(err)
		}
		return a.Address
	}
	addrX, addrW, addrF := address(excluded), address(whale), address(fine)
	// Self-excluded after taking the address.
	if _, err := s.db.Write.ExecContext(ctx, `UPDATE users SET self_exclusion_permanent = 1 WHERE id = ?`, excluded); err != nil {
		t.Fatal(err)
	}
	sends := map[int64][2]string{excluded: {addrX, "0.01"}, whale: {addrW, "1000"}, fine: {addrF, "0.01"}}
	txs := map[int64]string{}
	for user, s2 := range sends {
		tx, err := chain.Send(ctx, "BTC", s2[0], s2[1])
		if err != nil {
			t.Fatal(err)
		}
		txs[user] = tx.TxID
	}
	for range 3 {
		if err := chain.Mine(ctx); err != nil {
			t.Fatal(err)
		}
	}
	status := func(user int64) (string, string) {
		var st, code string
		s.db.Read.QueryRow(`SELECT status, public_id FROM cashier_deposits WHERE payment_id = ?`, txs[user]).Scan(&st, &code)
		return st, code
	}
	if st, _ := status(fine); st != DepositConfirmed {
		t.Fatalf("a deposit passing the checks: %s", st)
	}
	for _, u := range []int64{excluded, whale} {
		if st, _ := status(u); st != DepositPending {
			t.Errorf("player %d: %s, want held (pending)", u, st)
		}
		if b := balances(t, s, u, "BTC"); !b.Real.IsZero() {
			t.Errorf("player %d credited %s while held", u, b.Real.Decimal())
		}
	}
	held, err := s.HeldDeposits(ctx)
	if err != nil || len(held) != 2 {
		t.Fatalf("held %+v %v", held, err)
	}
	reasons := map[int64]string{}
	for _, h := range held {
		reasons[h.UserID] = h.Reason
	}
	if reasons[excluded] != HoldSelfExcluded || reasons[whale] != HoldMethodBounds {
		t.Fatalf("reasons %v", reasons)
	}
	_, idX := status(excluded)
	if d, err := s.ReleaseHeld(ctx, idX, "ops"); err != nil || d.Status != DepositConfirmed {
		t.Fatalf("release: %+v %v", d, err)
	}
	if b := balances(t, s, excluded, "BTC"); b.Real.Decimal() != "0.01000000" {
		t.Fatalf("released: balance %s", b.Real.Decimal())
	}
	_, idW := status(whale)
	if d, err := s.RejectHeld(ctx, idW, "ops"); err != nil || d.Status != "rejected" {
		t.Fatalf("reject: %+v %v", d, err)
	}
	if _, err := s.ReleaseHeld(ctx, idW, "ops"); codeOf(err) != "DEPOSIT_NOT_HELD" {
		t.Fatalf("release of a rejected deposit: %v", err)
	}
	// Later blocks do not credit the rejected one.
	if err := chain.Mine(ctx); err != nil {
		t.Fatal(err)
	}
	if b := balances(t, s, whale, "BTC"); !b.Real.IsZero() {
		t.Fatalf("rejected deposit credited %s", b.Real.Decimal())
	}
}
