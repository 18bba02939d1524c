package cashier

import (
	"context"
	"testing"

	"casino/bff/cashier/chainsandbox"
	"casino/bff/cashier/coins"
)

func withWallet(tb testing.TB, s *Service) *chainsandbox.Chain {
	tb.Helper()
	seed, err := s.db.Secret(context.Background(), "sandbox-wallet-seed", 32)
	if err != nil {
		tb.Fatal(err)
	}
	w, _, err := coins.NewSandboxWallet(seed)
	if err != nil {
		tb.Fatal(err)
	}
	s.SetWallet(w)
	return chainsandbox.New(s.db, s.ChainTransfer)
}

func TestDepositAddress(t *testing.T) {
	s, _ := newTestService(t)
	withWallet(t, s)
	ctx := context.Background()
	tether := addPlayer(t, s, testPlayer{email: "t@example.com", verified: true, currency: "USDT"})
	other := addPlayer(t, s, testPlayer{email: "o@example.com", verified: true, currency: "USDT"})
	euro := addPlayer(t, s, testPlayer{email: "e@example.com", verified: true})
	unverified := addPlayer(t, s, testPlayer{email: "u@example.com", currency: "BTC"})
	cases := []struct {
		user    int64
		network string
		code    string
		prefix  string
	}{
		{tether, "USDT-ERC20", "", "0x"},
		{tether, "usdt-trc20", "", "T"},
		{tether, "BTC", "PAYMENT_SERVICE_ERROR", ""},
		{tether, "DOGE", "VALIDATION_ERROR", ""},
		{tether, "", "VALIDATION_ERROR", ""},
		{euro, "ETH", "PAYMENT_SERVICE_ERROR", ""},
		{unverified, "BTC", "REQUIRED_EMAIL_VERIFICATION", ""},
	}
	for _, c := range cases {
		a, err := s.DepositAddress(ctx, Caller{UserID: c.user}, c.network)
		if codeOf(err) != c.code {
			t.Errorf("%d %s: %v, want %q", c.user, c.network, err, c.code)
			continue
		}
		if err != nil {
			continue
		}
		n, _ := coins.Lookup(c.network)
		if err := n.Validate(a.Address); err != nil || a.Address[:len(c.prefix)] != c.prefix || a.CurrencyCode != "USDT" || a.Confirmations != 2 && a.Confirmations != 3 {
			t.Errorf("%s: %+v %v", c.network, a, err)
		}
		again, _ := s.DepositAddress(ctx, Caller{UserID: c.user}, c.network)
		theirs, _ := s.DepositAddress(ctx, Caller{UserID: other}, c.network)
		if again.Address != a.Address || theirs.Address == a.Address {
			t.Errorf("%s: address %s, again %s, another player's %s", c.network, a.Address, again.Address, theirs.Address)
		}
	}
}

func TestChainDeposit(t *testing.T) {
	s, _ := newTestService(t)
	chain := withWallet(t, s)
	ctx := context.Background()
	satoshi := addPlayer(t, s, testPlayer{email: "s@example.com", verified: true, currency: "BTC"})
	addr, err := s.DepositAddress(ctx, Caller{UserID: satoshi}, "BTC")
	if err != nil || addr.Confirmations != 2 || addr.MinAmount != "0.00010000" {
		t.Fatalf("%+v %v", addr, err)
	}
	tx, err := chain.Send(ctx, "BTC", addr.Address, "0.01234567")
	if err != nil {
		t.Fatal(err)
	}
	// Someone else's address on the same chain: not ours, ignored.
	if _, err := chain.Send(ctx, "BTC", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "1"); err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][3]string{{"BTC", "bc1qnope", "1"}, {"BTC", addr.Address, "0.000000001"}, {"DOGE", addr.Address, "1"}, {"BTC", addr.Address, "-1"}} {
		if _, err := chain.Send(ctx, bad[0], bad[1], bad[2]); codeOf(err) != "VALIDATION_ERROR" {
			t.Errorf("send %v: %v", bad, err)
		}
	}
	status := func() (string, int) {
		var st string
		var conf int
		s.db.Read.QueryRow(`SELECT status, confirmations FROM cashier_deposits WHERE payment_id = ?`, tx.TxID).Scan(&st, &conf)
		return st, conf
	}
	steps := []struct {
		status string
		conf   int
		real   string
	}{
		{DepositPending, 1, "0.00000000"},
		{DepositConfirmed, 2, "0.01234567"},
		{DepositConfirmed, 3, "0.01234567"}, // later blocks do not credit again
	}
	if st, conf := status(); st != DepositPending || conf != 0 {
		t.Fatalf("in the mempool: %s %d", st, conf)
	}
	for i, want := range steps {
		if err := chain.Mine(ctx); err != nil {
			t.Fatal(err)
		}
		st, conf := status()
		if st != want.status || conf != want.conf {
			t.Errorf("block %d: %s with %d confirmations, want %s %d", i+1, st, conf, want.status, want.conf)
		}
		if b := balances(t, s, satoshi, "BTC"); b.Real.Decimal() != want.real {
			t.Errorf("block %d: balance %s, want %s", i+1, b.Real.Decimal(), want.real)
		}
	}
	got, err := chain.Get(ctx, tx.TxID)
	if err != nil || got.Confirmations != 3 || got.Amount != "0.01234567" {
		t.Fatalf("%+v %v", got, err)
	}
	var n int
	s.db.Read.QueryRow(`SELECT COUNT(*) FROM cashier_deposits`).Scan(&n)
	if n != 1 {
		t.Errorf("%d deposits, want 1 (the foreign address is ignored)", n)
	}
	var count int
	s.db.Read.QueryRow(`SELECT deposit_count FROM users WHERE id = ?`, satoshi).Scan(&count)
	if count != 1 {
		t.Errorf("deposit_count %d", count)
	}
	if err := s.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
}
