package bonus

import (
	"context"
	"fmt"
	"maps"
	"testing"

	"casino/bff/wallet"
)

const contributionSeed = `{"bonuses": [
 {"code": "weighed", "name": "Weighed", "type": "no_deposit", "isActive": true, "wageringMultiplier": 10,
  "wageringType": "REAL_TO_FUN", "daysValid": 7, "wageringContribution": {"live": 50},
  "amounts": {"EUR": {"bonusAmount": "10.00"}}}
]}`

// Each stake counts towards the wagering with the bonus's percent for its
// game's kind (the operator's live 50 %, the defaults slot 100 %, table
// 20 %, other 100 %), rounded down; a rollback takes off what it counted; a
// bonus granted before contributions counts every stake in full.
func TestWageringContribution(t *testing.T) {
	f := newFixture(t, 2)
	ctx := context.Background()
	if _, err := Seed(ctx, f.db, []byte(contributionSeed)); err != nil {
		t.Fatal(err)
	}
	f.deposit(t, 1, "100.00", "")
	f.deposit(t, 2, "100.00", "")
	want := map[string]int{"slot": 100, "table": 20, "live": 50, "other": 100}
	list, _ := f.svc.List(ctx, ListQuery{PageNo: 1, Limit: 100, Type: TypeNoDeposit}, "EUR", "")
	found := false
	for _, o := range list.Rows {
		if o.Code == "weighed" {
			found = true
			if !maps.Equal(o.WageringContribution, want) {
				t.Fatalf("offer contribution %v", o.WageringContribution)
			}
		}
	}
	if !found {
		t.Fatal("not listed")
	}
	got, err := f.svc.Claim(ctx, 1, "weighed", "")
	if err != nil {
		t.Fatal(err)
	}
	id := got.UserBonus.ID
	if !maps.Equal(got.UserBonus.WageringContribution, want) {
		t.Fatalf("user bonus contribution %v", got.UserBonus.WageringContribution)
	}
	bet := func(player int64, tx, game, amount string) {
		t.Helper()
		if _, err := f.wallet.Debit(ctx, "studio", wallet.MoneyRequest{TransactionID: tx, RoundID: "r-" + tx, PlayerID: fmt.Sprint(player),
			GameID: game, Currency: "EUR", Amount: amount}); err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		tx, game, amount, wagered string
	}{
		{"s1", "slot-game", "10.00", "10.00"},
		{"t1", "table-ok", "10.00", "12.00"},
		{"l1", "live-game", "10.00", "17.00"},
		{"t2", "table-ok", "3.33", "17.66"},  // 0.666 rounded down
		{"o1", "open-game", "1.00", "18.66"}, // unknown kind: other
	}
	for _, s := range steps {
		bet(1, s.tx, s.game, s.amount)
		if u := f.userBonus(t, 1, id); u.WageredAmount != s.wagered {
			t.Fatalf("after %s on %s: wagered %s, want %s", s.amount, s.game, u.WageredAmount, s.wagered)
		}
	}
	if _, err := f.wallet.Rollback(ctx, "studio", wallet.RollbackRequest{TransactionID: "rb-l1", RollbackTransactionID: "l1",
		RoundID: "r-l1", PlayerID: "1", GameID: "live-game"}); err != nil {
		t.Fatal(err)
	}
	if u := f.userBonus(t, 1, id); u.WageredAmount != "13.66" {
		t.Fatalf("after the live bet's rollback: %s", u.WageredAmount)
	}
	// Granted before contributions ('{}'): in full.
	got, err = f.svc.Claim(ctx, 2, "weighed", "")
	if err != nil {
		t.Fatal(err)
	}
	f.db.Write.Exec(`UPDATE user_bonuses SET wagering_contribution = '{}' WHERE id = ?`, got.UserBonus.ID)
	bet(2, "l2", "live-game", "10.00")
	if u := f.userBonus(t, 2, got.UserBonus.ID); u.WageredAmount != "10.00" || u.WageringContribution["live"] != 100 {
		t.Fatalf("legacy: %+v", u)
	}
	// The seed refuses a share out of range or an unknown kind.
	for _, bad := range []string{`{"live": 101}`, `{"poker": 10}`, `{"slot": -1}`} {
		raw := fmt.Sprintf(`{"bonuses": [{"code": "bad", "name": "Bad", "type": "no_deposit", "isActive": true, "wageringMultiplier": 1,
			"wageringType": "REAL_TO_FUN", "daysValid": 1, "wageringContribution": %s, "amounts": {"EUR": {"bonusAmount": "1.00"}}}]}`, bad)
		if _, err := Seed(ctx, f.db, []byte(raw)); err == nil {
			t.Fatalf("seed took %s", bad)
		}
	}
	f.check(t)
}
