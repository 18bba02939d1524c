package bonus

import (
	"context"
	"testing"

	"casino/bff/ledger"
)

const minBalanceSeed = `{"bonuses": [
 {"code": "mb", "name": "Min balance", "type": "no_deposit", "isActive": true, "wageringMultiplier": 100,
  "wageringType": "REAL_TO_FUN", "daysValid": 7, "validTo": "2027-01-01T00:00:00Z",
  "amounts": {"EUR": {"bonusAmount": "10.00", "minBalance": "1.00", "maxWinAmount": "50.00"}}}
]}`

func (f *fixture) account(tb testing.TB, name string) int64 {
	tb.Helper()
	var v int64
	f.db.Read.QueryRow(`SELECT COALESCE((SELECT balance FROM ledger_accounts WHERE name = ? AND currency = 'EUR'), 0)`, name).Scan(&v)
	return v
}

// A bonus whose bonus balance falls below its min balance ends once the
// round that staked it is closed: the rest goes back to the house, status
// expired with endReason MIN_BALANCE; it cannot be taken again. At the
// minimum exactly it goes on.
func TestMinBalance(t *testing.T) {
	f := claimFixture(t, 2)
	ctx := context.Background()
	if _, err := Seed(ctx, f.db, []byte(minBalanceSeed)); err != nil {
		t.Fatal(err)
	}
	var mb int64
	f.db.Read.QueryRow(`SELECT id FROM bonuses WHERE code = 'mb'`).Scan(&mb)
	f.ids["mb"] = mb
	list, err := f.svc.List(ctx, ListQuery{PageNo: 1, Limit: 100, Type: TypeNoDeposit}, "EUR", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range list.Rows {
		if o.Code == "mb" && (o.MinBalance != "1.00" || o.MaxWinAmount != "50.00" || o.ValidTo != "2027-01-01T00:00:00Z") {
			t.Fatalf("offer %+v", o)
		}
	}
	house0 := f.account(t, ledger.House)
	var ids [3]int64
	for p := int64(1); p <= 2; p++ {
		got, err := f.claim(p, "mb")
		if err != nil {
			t.Fatal(err)
		}
		u := got.UserBonus
		if u.MinBalance != "1.00" || u.MaxWinAmount != "50.00" || u.ValidTo != "2027-01-01T00:00:00Z" || u.ConvertedWinnings != "0.00" || u.EndReason != "" {
			t.Fatalf("user bonus %+v", u)
		}
		ids[p] = u.ID
	}
	// Player 1 stakes 9.50 of the 10.00: 0.50 left, below 1.00, but the
	// round is open. Player 2 stakes 9.00: 1.00 left, at the minimum.
	if _, err := f.bet(1, "b1", "r1", "9.50"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.bet(2, "b2", "r2", "9.00"); err != nil {
		t.Fatal(err)
	}
	if n, err := f.svc.EndBelowMinBalance(ctx); err != nil || n != 0 {
		t.Fatalf("ended %d %v while the round is open", n, err)
	}
	for p, tx := range map[int64]string{1: "w1", 2: "w2"} {
		if _, err := f.win(p, tx, "r"+tx[1:], "0.00"); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := f.svc.EndBelowMinBalance(ctx); err != nil || n != 1 {
		t.Fatalf("ended %d %v", n, err)
	}
	u := f.userBonus(t, 1, ids[1])
	if u.Status != StatusExpired || u.EndReason != "MIN_BALANCE" || u.ForfeitedAmount != "0.50" || u.ConvertedWinnings != "0.00" || u.Cancellable {
		t.Fatalf("ended bonus %+v", u)
	}
	if real, bonus := f.balances(t, 1); real != "0.00" || bonus != "0.00" {
		t.Fatalf("balances %s %s", real, bonus)
	}
	if typ, _ := f.wagering(t, 1); typ != "REAL_MONEY_ONLY" {
		t.Fatalf("wagering rule %s", typ)
	}
	if u := f.userBonus(t, 2, ids[2]); u.Status != StatusActive {
		t.Fatalf("at the minimum: %+v", u)
	}
	// The house paid 2 × 10.00 and got 0.50 back.
	if got := f.account(t, ledger.House) - house0; got != -1950 {
		t.Fatalf("house moved %d", got)
	}
	_, err = f.claim(1, "mb")
	wantCode(t, err, "RETRY_PERIOD")
	if n, err := f.svc.EndBelowMinBalance(ctx); err != nil || n != 0 {
		t.Fatalf("again: %d %v", n, err)
	}
	f.check(t)
}

// The max win amount caps the conversion; the excess goes back to the
// house through the ledger (bonus:forfeit), and the user bonus shows both.
func TestMaxWinCapLedger(t *testing.T) {
	f := newFixture(t, 2)
	f.deposit(t, 1, "10.00", "")
	house0 := f.account(t, ledger.House)
	u, err := f.deposit(t, 1, "200.00", "reload") // 100.00 bonus (the cap), 100.00 to wager, max win 30.00
	if err != nil || u.BonusAmount != "100.00" || u.MaxWinAmount != "30.00" {
		t.Fatalf("%+v %v", u, err)
	}
	if _, err := f.bet(1, "b", "r", "100.00"); err != nil { // real money first: completes the wagering
		t.Fatal(err)
	}
	u = f.userBonus(t, 1, u.ID)
	if u.Status != StatusCompleted || u.ConvertedWinnings != "30.00" || u.ForfeitedAmount != "70.00" {
		t.Fatalf("completed %+v", u)
	}
	if real, bonus := f.balances(t, 1); real != "140.00" || bonus != "0.00" {
		t.Fatalf("balances %s %s", real, bonus)
	}
	if got := f.account(t, ledger.House) - house0; got != -3000 {
		t.Fatalf("house moved %d, want -30.00", got)
	}
	var keys []string
	rows, _ := f.db.Read.Query(`SELECT idempotency_key FROM ledger_transactions WHERE idempotency_key LIKE 'bonus:%' ORDER BY id`)
	for rows.Next() {
		var k string
		rows.Scan(&k)
		keys = append(keys, k)
	}
	rows.Close()
	if len(keys) != 3 {
		t.Fatalf("ledger keys %v", keys)
	}
	f.check(t)
}
