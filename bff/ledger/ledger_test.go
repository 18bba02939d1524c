package ledger

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestDepositWithdrawFlow(t *testing.T) {
	ctx := context.Background()
	l, _ := newTestLedger(t, 1)

	dep := must(t)(l.Deposit(ctx, "dep-1", 1, "sandbox", eurs("100.00"), map[string]string{"method": "visa"}))
	if len(dep.Postings) != 2 || dep.Kind != KindDeposit || dep.Metadata["method"] != "visa" || dep.CreatedAt.IsZero() || dep.Replayed {
		t.Fatalf("deposit = %+v", dep)
	}
	wantBalances(t, l, 1, "100.00", "0.00", "0.00")

	must(t)(l.WithdrawRequest(ctx, "wd-1", 1, eurs("30.00"), nil))
	wantBalances(t, l, 1, "70.00", "0.00", "30.00")
	must(t)(l.WithdrawCancel(ctx, "wd-1-cancel", 1, eurs("30.00"), nil))
	wantBalances(t, l, 1, "100.00", "0.00", "0.00")
	must(t)(l.WithdrawRequest(ctx, "wd-2", 1, eurs("40.00"), nil))
	must(t)(l.WithdrawSettle(ctx, "wd-2-settle", 1, "sandbox", eurs("40.00"), nil))
	wantBalances(t, l, 1, "60.00", "0.00", "0.00")

	if b, err := l.Balance(ctx, Provider("sandbox"), eur); err != nil || b.Decimal() != "-60.00" {
		t.Fatalf("provider clearing = %v, %v; want -60.00", b, err)
	}
	if b, err := l.Balance(ctx, Provider("never-used"), eur); err != nil || !b.IsZero() {
		t.Fatalf("unused account = %v, %v", b, err)
	}
	// Settling more than is on hold fails and is stored.
	if _, err := l.WithdrawSettle(ctx, "wd-3-settle", 1, "sandbox", eurs("0.01"), nil); !errors.Is(err, ErrInsufficientFunds) {
		t.Fatalf("settle without hold: %v", err)
	}
	mustCheck(t, l)
}

func TestIdempotency(t *testing.T) {
	ctx := context.Background()
	l, _ := newTestLedger(t, 2)

	first := must(t)(l.Deposit(ctx, "dep-1", 1, "sandbox", eurs("10.00"), map[string]string{"ref": "a"}))

	// Same key, same request: the first result, nothing moved.
	again, err := l.Deposit(ctx, "dep-1", 1, "sandbox", eurs("10.00"), map[string]string{"ref": "b"})
	if err != nil || !again.Replayed || again.ID != first.ID || again.Metadata["ref"] != "a" || len(again.Postings) != 2 {
		t.Fatalf("replay = %+v, %v", again, err)
	}
	// The same postings listed in another order are the same request.
	swapped, err := l.Post(ctx, Transfer{IdempotencyKey: "dep-1", Kind: KindDeposit, Postings: []Posting{
		{Account: PlayerReal(1), Amount: eurs("10.00")},
		{Account: Provider("sandbox"), Amount: eurs("-10.00")},
	}})
	if err != nil || swapped.ID != first.ID || !swapped.Replayed {
		t.Fatalf("replay with postings reordered = %+v, %v", swapped, err)
	}
	wantBalances(t, l, 1, "10.00", "0.00", "0.00")

	// Same key, other parameters: a conflict, nothing moved.
	conflicts := []func() (Transaction, error){
		func() (Transaction, error) { return l.Deposit(ctx, "dep-1", 1, "sandbox", eurs("10.01"), nil) },
		func() (Transaction, error) { return l.Deposit(ctx, "dep-1", 2, "sandbox", eurs("10.00"), nil) },
		func() (Transaction, error) { return l.Deposit(ctx, "dep-1", 1, "other", eurs("10.00"), nil) },
		func() (Transaction, error) {
			return l.Deposit(ctx, "dep-1", 1, "sandbox", MustParse("10", MustCurrency("USD")), nil)
		},
		func() (Transaction, error) { return l.BonusGrant(ctx, "dep-1", 1, eurs("10.00"), nil) },
		func() (Transaction, error) { return l.Reverse(ctx, "dep-1", first.ID, nil) },
	}
	for i, post := range conflicts {
		tx, err := post()
		if !errors.Is(err, ErrIdempotencyConflict) || tx.ID != 0 {
			t.Errorf("conflict %d: %+v, %v; want ErrIdempotencyConflict", i, tx, err)
		}
	}
	wantBalances(t, l, 1, "10.00", "0.00", "0.00")
	wantBalances(t, l, 2, "0.00", "0.00", "0.00")

	// Keys are exact: case and spaces matter.
	must(t)(l.Deposit(ctx, "DEP-1", 1, "sandbox", eurs("1.00"), nil))
	must(t)(l.Deposit(ctx, "dep-1 ", 1, "sandbox", eurs("1.00"), nil))
	wantBalances(t, l, 1, "12.00", "0.00", "0.00")

	// GetByKey and Get read the stored transaction back.
	got, err := l.GetByKey(ctx, "dep-1")
	if err != nil || got.ID != first.ID || got.Status != StatusCommitted || got.Postings[1].Amount != eurs("10.00") {
		t.Fatalf("GetByKey = %+v, %v", got, err)
	}
	if _, err := l.Get(ctx, 999); !errors.Is(err, ErrTransactionNotFound) {
		t.Fatalf("Get(999): %v", err)
	}
	mustCheck(t, l)
}

func TestFailedTransferStaysFailed(t *testing.T) {
	ctx := context.Background()
	l, _ := newTestLedger(t, 1)
	must(t)(l.Deposit(ctx, "dep-1", 1, "sandbox", eurs("5.00"), nil))

	failed, err := l.WithdrawRequest(ctx, "wd-1", 1, eurs("5.01"), nil)
	if !errors.Is(err, ErrInsufficientFunds) || failed.Status != StatusFailed || failed.ErrorCode != "INSUFFICIENT_FUNDS" || failed.ID == 0 || len(failed.Postings) != 0 {
		t.Fatalf("withdraw beyond balance = %+v, %v", failed, err)
	}
	wantBalances(t, l, 1, "5.00", "0.00", "0.00")

	// Even with enough money now, a retry of the failed key fails the same way.
	must(t)(l.Deposit(ctx, "dep-2", 1, "sandbox", eurs("5.00"), nil))
	retry, err := l.WithdrawRequest(ctx, "wd-1", 1, eurs("5.01"), nil)
	if !errors.Is(err, ErrInsufficientFunds) || !retry.Replayed || retry.ID != failed.ID || retry.Status != StatusFailed {
		t.Fatalf("retry of failed key = %+v, %v", retry, err)
	}
	wantBalances(t, l, 1, "10.00", "0.00", "0.00")
	// The failed key with other parameters is still a conflict.
	if _, err := l.WithdrawRequest(ctx, "wd-1", 1, eurs("1.00"), nil); !errors.Is(err, ErrIdempotencyConflict) {
		t.Fatalf("failed key reused: %v", err)
	}
	// A failed transaction cannot be rolled back.
	if _, err := l.Reverse(ctx, "rb-1", failed.ID, nil); !errors.Is(err, ErrNotReversible) {
		t.Fatalf("reverse failed transaction: %v", err)
	}
	// The statement does not show it.
	st, err := l.Statement(ctx, StatementQuery{PlayerID: 1})
	if err != nil || st.Count != 2 {
		t.Fatalf("statement = %+v, %v; want the 2 deposits", st, err)
	}
	mustCheck(t, l)
}

func TestInvalidTransfersStoreNothing(t *testing.T) {
	ctx := context.Background()
	l, db := newTestLedger(t, 1)
	usd := MustCurrency("USD")
	ok := []Posting{{Account: House, Amount: eurs("-1.00")}, {Account: PlayerReal(1), Amount: eurs("1.00")}}
	tests := []struct {
		name string
		t    Transfer
	}{
		{"empty key", Transfer{Kind: KindWin, Postings: ok}},
		{"key too long", Transfer{IdempotencyKey: strings.Repeat("k", 256), Kind: KindWin, Postings: ok}},
		{"key too long in characters", Transfer{IdempotencyKey: strings.Repeat("ü", 256), Kind: KindWin, Postings: ok}},
		{"key not UTF-8", Transfer{IdempotencyKey: "k\xff", Kind: KindWin, Postings: ok}},
		{"no kind", Transfer{IdempotencyKey: "k", Postings: ok}},
		{"bad kind", Transfer{IdempotencyKey: "k", Kind: "Win!", Postings: ok}},
		{"no postings", Transfer{IdempotencyKey: "k", Kind: KindWin}},
		{"unbalanced", Transfer{IdempotencyKey: "k", Kind: KindWin, Postings: []Posting{{Account: House, Amount: eurs("-1.00")}, {Account: PlayerReal(1), Amount: eurs("1.01")}}}},
		{"balanced across currencies only", Transfer{IdempotencyKey: "k", Kind: KindWin, Postings: []Posting{{Account: House, Amount: MustParse("-1", usd)}, {Account: PlayerReal(1), Amount: eurs("1.00")}}}},
		{"zero posting", Transfer{IdempotencyKey: "k", Kind: KindWin, Postings: append([]Posting{{Account: Game("x"), Amount: eurs("0")}}, ok...)}},
		{"unknown account", Transfer{IdempotencyKey: "k", Kind: KindWin, Postings: []Posting{{Account: "bank", Amount: eurs("-1.00")}, {Account: PlayerReal(1), Amount: eurs("1.00")}}}},
		{"bad player account", Transfer{IdempotencyKey: "k", Kind: KindWin, Postings: []Posting{{Account: House, Amount: eurs("-1.00")}, {Account: "player:01:real", Amount: eurs("1.00")}}}},
		{"bad provider name", Transfer{IdempotencyKey: "k", Kind: KindWin, Postings: []Posting{{Account: "provider:Big Bank", Amount: eurs("-1.00")}, {Account: PlayerReal(1), Amount: eurs("1.00")}}}},
		{"no such player", Transfer{IdempotencyKey: "k", Kind: KindWin, Postings: []Posting{{Account: House, Amount: eurs("-1.00")}, {Account: PlayerReal(2), Amount: eurs("1.00")}}}},
		{"currency with wrong precision", Transfer{IdempotencyKey: "k", Kind: KindWin, Postings: []Posting{{Account: House, Amount: FromMinor(-1, Currency{Code: "EUR", Decimals: 8})}, {Account: PlayerReal(1), Amount: FromMinor(1, Currency{Code: "EUR", Decimals: 8})}}}},
		{"unknown currency", Transfer{IdempotencyKey: "k", Kind: KindWin, Postings: []Posting{{Account: House, Amount: FromMinor(-1, Currency{Code: "ZZZ", Decimals: 2})}, {Account: PlayerReal(1), Amount: FromMinor(1, Currency{Code: "ZZZ", Decimals: 2})}}}},
		{"rollback without target", Transfer{IdempotencyKey: "k", Kind: KindRollback, Postings: ok}},
		{"rollback with postings", Transfer{IdempotencyKey: "k", Reverses: 1, Postings: ok}},
		{"reverses with another kind", Transfer{IdempotencyKey: "k", Kind: KindWin, Reverses: 1}},
		{"too many postings", Transfer{IdempotencyKey: "k", Kind: KindWin, Postings: make([]Posting, MaxPostings+1)}},
		{"metadata too large", Transfer{IdempotencyKey: "k", Kind: KindWin, Postings: ok, Metadata: map[string]string{"x": strings.Repeat("a", MaxMetadataLength)}}},
	}
	for _, tt := range tests {
		tx, err := l.Post(ctx, tt.t)
		if !errors.Is(err, ErrInvalidTransfer) || tx.ID != 0 {
			t.Errorf("%s: %+v, %v; want ErrInvalidTransfer", tt.name, tx, err)
		}
	}
	helpers := map[string]func() (Transaction, error){
		"negative deposit": func() (Transaction, error) { return l.Deposit(ctx, "k", 1, "sandbox", eurs("-1.00"), nil) },
		"zero deposit":     func() (Transaction, error) { return l.Deposit(ctx, "k", 1, "sandbox", eurs("0"), nil) },
		"zero bet":         func() (Transaction, error) { return l.Bet(ctx, "k", 1, eurs("0"), eurs("0"), nil) },
		"negative win":     func() (Transaction, error) { return l.Win(ctx, "k", 1, eurs("-1.00"), eurs("0"), nil) },
	}
	for name, post := range helpers {
		if _, err := post(); !errors.Is(err, ErrInvalidTransfer) {
			t.Errorf("%s: %v; want ErrInvalidTransfer", name, err)
		}
	}
	if _, err := l.Bet(ctx, "k", 1, eurs("1.00"), MustParse("1", usd), nil); !errors.Is(err, ErrCurrencyMismatch) {
		t.Errorf("bet across currencies: %v", err)
	}
	var n int
	if err := db.Read.QueryRow(`SELECT COUNT(*) FROM ledger_transactions`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d transactions stored (%v); want none", n, err)
	}
	// The key is still free: the corrected request goes through.
	must(t)(l.Post(ctx, Transfer{IdempotencyKey: "k", Kind: KindWin, Postings: ok}))
	// Keys of 255 characters are allowed, multi-byte ones too.
	must(t)(l.Post(ctx, Transfer{IdempotencyKey: strings.Repeat("k", 255), Kind: KindWin, Postings: ok}))
	must(t)(l.Post(ctx, Transfer{IdempotencyKey: strings.Repeat("ü", 255), Kind: KindWin, Postings: ok}))
	mustCheck(t, l)
}

func TestBetWinBonus(t *testing.T) {
	ctx := context.Background()
	l, _ := newTestLedger(t, 1)
	must(t)(l.Deposit(ctx, "dep", 1, "sandbox", eurs("20.00"), nil))
	must(t)(l.BonusGrant(ctx, "bonus", 1, eurs("10.00"), nil))
	wantBalances(t, l, 1, "20.00", "10.00", "0.00")

	bet := must(t)(l.Bet(ctx, "bet-1", 1, eurs("5.00"), eurs("2.50"), map[string]string{"game": "book-of-ra", "round": "r1"}))
	if len(bet.Postings) != 3 {
		t.Fatalf("bet postings = %+v", bet.Postings)
	}
	wantBalances(t, l, 1, "15.00", "7.50", "0.00")
	must(t)(l.Win(ctx, "win-1", 1, eurs("12.00"), eurs("0"), nil))
	must(t)(l.Win(ctx, "win-2", 1, eurs("0"), eurs("1.00"), nil))
	wantBalances(t, l, 1, "27.00", "8.50", "0.00")

	if _, err := l.Bet(ctx, "bet-2", 1, eurs("27.01"), eurs("0"), nil); !errors.Is(err, ErrInsufficientFunds) {
		t.Fatalf("bet beyond real balance: %v", err)
	}
	if _, err := l.Bet(ctx, "bet-3", 1, eurs("1.00"), eurs("8.51"), nil); !errors.Is(err, ErrInsufficientFunds) {
		t.Fatalf("bet beyond bonus balance: %v", err)
	}
	wantBalances(t, l, 1, "27.00", "8.50", "0.00")

	must(t)(l.BonusConvert(ctx, "convert", 1, eurs("8.00"), nil))
	must(t)(l.BonusForfeit(ctx, "forfeit", 1, eurs("0.50"), nil))
	wantBalances(t, l, 1, "35.00", "0.00", "0.00")
	if h, _ := l.Balance(ctx, House, eur); h.Decimal() != "-15.00" {
		t.Fatalf("house = %s, want -15.00 (granted 10, bet 7.50, won 13, forfeit 0.50 back)", h.Decimal())
	}

	// A crypto player in BTC: 8 decimals, separate accounts.
	must(t)(l.Deposit(ctx, "dep-btc", 1, "chain-btc", MustParse("0.00000001", btc), nil))
	b, err := l.PlayerBalances(ctx, 1, btc)
	if err != nil || b.Real.Decimal() != "0.00000001" || b.Real.Format(true) != "0.00000001" || b.Real.Format(false) != "0.00" {
		t.Fatalf("BTC balances = %+v, %v", b, err)
	}
	mustCheck(t, l)
}

func TestReverse(t *testing.T) {
	ctx := context.Background()
	l, _ := newTestLedger(t, 1)
	dep := must(t)(l.Deposit(ctx, "dep", 1, "sandbox", eurs("50.00"), nil))
	bet := must(t)(l.Bet(ctx, "bet", 1, eurs("20.00"), eurs("0"), nil))

	rb := must(t)(l.Reverse(ctx, "rb-bet", bet.ID, map[string]string{"reason": "provider rollback"}))
	if rb.Kind != KindRollback || rb.Reverses != bet.ID || len(rb.Postings) != 2 ||
		rb.Postings[0].Amount != bet.Postings[0].Amount.Neg() || rb.Postings[1].Amount != bet.Postings[1].Amount.Neg() {
		t.Fatalf("rollback = %+v of %+v", rb, bet)
	}
	wantBalances(t, l, 1, "50.00", "0.00", "0.00")

	// The retry of the rollback is a replay; another rollback under another
	// key fails (stored), and so does its retry.
	if again, err := l.Reverse(ctx, "rb-bet", bet.ID, nil); err != nil || !again.Replayed || again.ID != rb.ID {
		t.Fatalf("rollback retry = %+v, %v", again, err)
	}
	second, err := l.Reverse(ctx, "rb-bet-2", bet.ID, nil)
	if !errors.Is(err, ErrAlreadyReversed) || second.Status != StatusFailed || second.ErrorCode != "ALREADY_REVERSED" {
		t.Fatalf("second rollback = %+v, %v", second, err)
	}
	if again, err := l.Reverse(ctx, "rb-bet-2", bet.ID, nil); !errors.Is(err, ErrAlreadyReversed) || !again.Replayed {
		t.Fatalf("second rollback retry = %+v, %v", again, err)
	}
	// A rollback cannot be rolled back; unknown transactions are not found
	// and nothing is stored, so the key can be used once the target exists.
	if _, err := l.Reverse(ctx, "rb-rb", rb.ID, nil); !errors.Is(err, ErrNotReversible) {
		t.Fatalf("rollback of rollback: %v", err)
	}
	if _, err := l.Reverse(ctx, "rb-unknown", 12345, nil); !errors.Is(err, ErrTransactionNotFound) {
		t.Fatalf("rollback of unknown: %v", err)
	}
	if _, err := l.GetByKey(ctx, "rb-unknown"); !errors.Is(err, ErrTransactionNotFound) {
		t.Fatalf("unknown rollback stored: %v", err)
	}

	// Rolling back a deposit the player has partly withdrawn would make the
	// real balance negative: refused.
	must(t)(l.WithdrawRequest(ctx, "wd", 1, eurs("40.00"), nil))
	if _, err := l.Reverse(ctx, "rb-dep", dep.ID, nil); !errors.Is(err, ErrInsufficientFunds) {
		t.Fatalf("rollback of spent deposit: %v", err)
	}
	must(t)(l.WithdrawCancel(ctx, "wd-cancel", 1, eurs("40.00"), nil))
	// The failed rollback's key stays failed; a new key succeeds now.
	if _, err := l.Reverse(ctx, "rb-dep", dep.ID, nil); !errors.Is(err, ErrInsufficientFunds) {
		t.Fatalf("retry of failed rollback: %v", err)
	}
	must(t)(l.Reverse(ctx, "rb-dep-2", dep.ID, nil))
	wantBalances(t, l, 1, "0.00", "0.00", "0.00")

	totals, err := l.Totals(ctx, 1, eur)
	if err != nil || totals.DepositCount != 0 || !totals.Deposited.IsZero() || !totals.Spent.IsZero() {
		t.Fatalf("totals after rolling everything back = %+v, %v", totals, err)
	}
	mustCheck(t, l)
}

func TestStatementAndTotals(t *testing.T) {
	ctx := context.Background()
	l, _ := newTestLedger(t, 2)
	must(t)(l.Deposit(ctx, "d1", 1, "sandbox", eurs("100.00"), map[string]string{"method": "visa"}))
	must(t)(l.Deposit(ctx, "d2", 1, "sandbox", eurs("50.00"), nil))
	must(t)(l.Deposit(ctx, "other", 2, "sandbox", eurs("70.00"), nil))
	bet := must(t)(l.Bet(ctx, "b1", 1, eurs("10.00"), eurs("0"), nil))
	must(t)(l.Bet(ctx, "b2", 1, eurs("5.00"), eurs("0"), nil))
	must(t)(l.Reverse(ctx, "rb1", bet.ID, nil))
	must(t)(l.Win(ctx, "w1", 1, eurs("30.00"), eurs("0"), nil))
	must(t)(l.WithdrawRequest(ctx, "wr", 1, eurs("60.00"), nil))
	must(t)(l.WithdrawSettle(ctx, "ws", 1, "sandbox", eurs("60.00"), nil))

	st, err := l.Statement(ctx, StatementQuery{PlayerID: 1, Currency: "EUR", Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	// Postings on player 1: d1, d2, b1, b2, rb1, w1, wr×2, ws = 9.
	if st.Count != 9 || len(st.Rows) != 3 || st.Page != 1 {
		t.Fatalf("statement page 1 = %+v", st)
	}
	top := st.Rows[0]
	if top.Kind != KindWithdrawSettle || top.Account != AccountWithdrawalHold || top.Amount.Decimal() != "-60.00" ||
		top.BalanceBefore.Decimal() != "60.00" || top.BalanceAfter.Decimal() != "0.00" {
		t.Fatalf("newest row = %+v", top)
	}
	last, err := l.Statement(ctx, StatementQuery{PlayerID: 1, Page: 3, Limit: 4})
	if err != nil || len(last.Rows) != 1 || last.Rows[0].Kind != KindDeposit || last.Rows[0].Metadata["method"] != "visa" {
		t.Fatalf("last page = %+v, %v", last, err)
	}
	bets, err := l.Statement(ctx, StatementQuery{PlayerID: 1, Kinds: []Kind{KindBet, KindRollback}, Accounts: []AccountKind{AccountReal}})
	if err != nil || bets.Count != 3 {
		t.Fatalf("bets = %+v, %v", bets, err)
	}
	if r := bets.Rows[0]; r.Kind != KindRollback || r.Reverses != bet.ID || r.Amount.Decimal() != "10.00" {
		t.Fatalf("rollback row = %+v", r)
	}
	if r := bets.Rows[2]; r.TransactionID != bet.ID || r.ReversedBy == 0 {
		t.Fatalf("reversed bet row = %+v", r)
	}
	if none, err := l.Statement(ctx, StatementQuery{PlayerID: 3}); err != nil || none.Count != 0 || none.Rows == nil {
		t.Fatalf("empty statement = %+v, %v", none, err)
	}

	totals, err := l.Totals(ctx, 1, eur)
	if err != nil {
		t.Fatal(err)
	}
	if totals.Deposited.Decimal() != "150.00" || totals.DepositCount != 2 || totals.Spent.Decimal() != "5.00" ||
		totals.Won.Decimal() != "30.00" || totals.Withdrawn.Decimal() != "60.00" || totals.WithdrawnCount != 1 {
		t.Fatalf("totals = %+v", totals)
	}
	wantBalances(t, l, 1, "115.00", "0.00", "0.00")
	mustCheck(t, l)
}

func TestAppendOnlyAndCheckFindsDamage(t *testing.T) {
	ctx := context.Background()
	l, db := newTestLedger(t, 1)
	must(t)(l.Deposit(ctx, "d1", 1, "sandbox", eurs("10.00"), nil))
	for _, stmt := range []string{
		`UPDATE ledger_postings SET amount = amount * 2`,
		`DELETE FROM ledger_postings`,
		`UPDATE ledger_transactions SET status = 'failed'`,
		`DELETE FROM ledger_transactions`,
		`DELETE FROM ledger_accounts`,
		`UPDATE ledger_accounts SET name = 'house'`,
		`UPDATE ledger_accounts SET balance = -1 WHERE kind = 'real'`,
		`UPDATE ledger_accounts SET balance = 1.5 WHERE kind = 'real'`,
	} {
		if _, err := db.Write.ExecContext(ctx, stmt); err == nil {
			t.Errorf("%s: allowed", stmt)
		}
	}
	mustCheck(t, l)
	if _, err := db.Write.ExecContext(ctx, `UPDATE ledger_accounts SET balance = balance + 1 WHERE kind = 'real'`); err != nil {
		t.Fatal(err)
	}
	err := l.Check(ctx)
	if !errors.Is(err, ErrInvariant) || !strings.Contains(err.Error(), "balance differs from its postings") {
		t.Fatalf("Check after tampering = %v", err)
	}
}
