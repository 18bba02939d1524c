package bonus

import (
	"context"
	"fmt"
	"testing"

	"casino/bff/wallet"
)

const spinsSeed = `{"bonuses": [
 {"code": "spins", "name": "Three spins", "type": "freespins", "isActive": true, "wageringMultiplier": 2,
  "wageringType": "REAL_TO_FUN", "daysValid": 2, "freeSpinsQuantity": 3, "freeSpinGame": "open-game",
  "amounts": {"EUR": {"freeSpinBet": "0.20", "maxWinAmount": "100.00"}}},
 {"code": "spins-other", "name": "Other spins", "type": "freespins", "isActive": true, "wageringMultiplier": 1,
  "wageringType": "REAL_TO_FUN", "daysValid": 2, "freeSpinsQuantity": 5, "freeSpinGame": "open-game",
  "amounts": {"EUR": {"freeSpinBet": "0.10"}}},
 {"code": "spins-no-bet", "name": "No bet in EUR", "type": "freespins", "isActive": true, "wageringMultiplier": 1,
  "wageringType": "REAL_TO_FUN", "daysValid": 2, "freeSpinsQuantity": 5, "freeSpinGame": "open-game", "amounts": {"EUR": {}}}
]}`

func spinsFixture(t *testing.T) *fixture {
	t.Helper()
	f := claimFixture(t, 2)
	ctx := context.Background()
	if _, err := Seed(ctx, f.db, []byte(spinsSeed)); err != nil {
		t.Fatal(err)
	}
	rows, _ := f.db.Read.QueryContext(ctx, `SELECT code, id FROM bonuses`)
	for rows.Next() {
		var (
			code string
			id   int64
		)
		rows.Scan(&code, &id)
		f.ids[code] = id
	}
	rows.Close()
	return f
}

func (f *fixture) freeRound(player int64, round, game, bet, win string) (wallet.Result, error) {
	ctx := context.Background()
	_, err := f.wallet.Debit(ctx, "studio", wallet.MoneyRequest{TransactionID: round + ":bet", RoundID: round, PlayerID: fmt.Sprint(player),
		GameID: game, Currency: "EUR", Amount: bet, FreeRound: true})
	if err != nil {
		return wallet.Result{}, err
	}
	return f.wallet.Credit(ctx, "studio", wallet.MoneyRequest{TransactionID: round + ":win", RoundID: round, PlayerID: fmt.Sprint(player),
		GameID: game, Currency: "EUR", Amount: win, CloseRound: true})
}

func (f *fixture) spinsLeft(t *testing.T, player int64) int {
	t.Helper()
	fs, err := f.svc.FreeSpinsOn(context.Background(), player, "open-game")
	if err != nil {
		t.Fatal(err)
	}
	if fs == nil {
		return -1
	}
	return fs.Left
}

func TestFreeSpins(t *testing.T) {
	f := spinsFixture(t)
	got, err := f.claim(1, "spins")
	if err != nil || got.UserBonus.Type != TypeFreeSpins || got.UserBonus.FreeSpinsLeft != 3 || got.UserBonus.FreeSpinsQuantity != 3 ||
		got.UserBonus.FreeSpinGame != "open-game" || got.UserBonus.FreeSpinBet != "0.20" || got.UserBonus.BonusAmount != "0.00" {
		t.Fatalf("claim %+v %v", got.UserBonus, err)
	}
	id := got.UserBonus.ID
	if again, err := f.claim(1, "spins"); err != nil || again.UserBonus.ID != id {
		t.Fatalf("claimed again: %+v %v", again, err)
	}
	for _, c := range []struct{ code, want string }{{"spins-other", "ACTIVE_FREE_SPINS"}, {"gift", "ACTIVE_BONUS"}} {
		_, err := f.claim(1, c.code)
		wantCode(t, err, c.want)
	}
	_, err = f.claim(2, "spins-no-bet")
	wantCode(t, err, "BONUS_NOT_AVAILABLE")

	// Wrong game, wrong bet, another player: no free spin used.
	for i, c := range []struct {
		player    int64
		game, bet string
	}{{1, "table-game", "0.20"}, {1, "open-game", "0.50"}, {2, "open-game", "0.20"}} {
		_, err := f.freeRound(c.player, fmt.Sprintf("bad%d", i), c.game, c.bet, "0")
		wantCode(t, err, "NO_FREE_SPINS")
	}
	if n := f.spinsLeft(t, 1); n != 3 {
		t.Fatalf("left %d", n)
	}
	// Three free rounds: nothing debited, wins into the bonus balance with wagering.
	for i, win := range []string{"1.00", "0", "0.50"} {
		res, err := f.freeRound(1, fmt.Sprintf("f%d", i), "open-game", "0.20", win)
		if err != nil {
			t.Fatalf("free round %d: %v", i, err)
		}
		if n := f.spinsLeft(t, 1); n != 2-i {
			t.Fatalf("after round %d: %d left", i, n)
		}
		if real, _ := f.balances(t, 1); real != "0.00" || res.RealBalance != "0.00" {
			t.Fatalf("real money moved: %s %+v", real, res)
		}
	}
	if _, err := f.freeRound(1, "f4", "open-game", "0.20", "0"); err == nil {
		t.Fatal("a fourth free spin")
	}
	u := f.userBonus(t, 1, id)
	if u.Status != StatusActive || u.BonusAmount != "1.50" || u.WageringRequired != "3.00" || u.FreeSpinsLeft != 0 {
		t.Fatalf("after the spins %+v", u)
	}
	if _, bonus := f.balances(t, 1); bonus != "1.50" {
		t.Fatalf("bonus balance %s", bonus)
	}
	// Wagering the winnings converts them.
	if _, err := f.deposit(t, 1, "5.00", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := f.bet(1, "w1", "wr1", "3.00"); err != nil {
		t.Fatal(err)
	}
	if u := f.userBonus(t, 1, id); u.Status != StatusCompleted || u.ConvertedWinnings != "1.50" {
		t.Fatalf("after wagering %+v", u)
	}
	if real, bonus := f.balances(t, 1); real != "3.50" || bonus != "0.00" {
		t.Fatalf("balances %s %s", real, bonus)
	}
	f.check(t)
}

func TestFreeSpinsEnd(t *testing.T) {
	cases := []struct {
		name       string
		play       func(f *fixture, id int64)
		wantStatus string
		wantBonus  string
	}{
		{"every spin lost: completed at the last one", func(f *fixture, id int64) {
			for i := range 3 {
				if _, err := f.freeRound(1, fmt.Sprintf("l%d", i), "open-game", "0.20", "0"); err != nil {
					t.Fatal(err)
				}
			}
		}, StatusCompleted, "0.00"},
		{"cancelled between a spin and its win: the win stays with the house", func(f *fixture, id int64) {
			ctx := context.Background()
			if _, err := f.wallet.Debit(ctx, "studio", wallet.MoneyRequest{TransactionID: "c:bet", RoundID: "c", PlayerID: "1", GameID: "open-game",
				Currency: "EUR", Amount: "0.20", FreeRound: true}); err != nil {
				t.Fatal(err)
			}
			if _, err := f.svc.Cancel(ctx, 1, id); err != nil {
				t.Fatal(err)
			}
			if _, err := f.wallet.Credit(ctx, "studio", wallet.MoneyRequest{TransactionID: "c:win", RoundID: "c", PlayerID: "1", GameID: "open-game",
				Currency: "EUR", Amount: "5.00", CloseRound: true}); err != nil {
				t.Fatal(err)
			}
			if _, err := f.freeRound(1, "c2", "open-game", "0.20", "0"); err == nil {
				t.Fatal("a free spin after cancel")
			}
		}, StatusCancelled, "0.00"},
		{"expired with winnings: forfeited", func(f *fixture, id int64) {
			if _, err := f.freeRound(1, "e", "open-game", "0.20", "2.00"); err != nil {
				t.Fatal(err)
			}
			f.now.Add(int64(3 * 24 * 60 * 60 * 1e9))
			if n, err := f.svc.ExpireDue(context.Background()); err != nil || n != 1 {
				t.Fatalf("expired %d %v", n, err)
			}
		}, StatusExpired, "0.00"},
		{"a real stake during the spins does not end them", func(f *fixture, id int64) {
			if _, err := f.deposit(t, 1, "5.00", ""); err != nil {
				t.Fatal(err)
			}
			if _, err := f.bet(1, "r", "rr", "1.00"); err != nil {
				t.Fatal(err)
			}
		}, StatusActive, "0.00"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := spinsFixture(t)
			got, err := f.claim(1, "spins")
			if err != nil {
				t.Fatal(err)
			}
			tc.play(f, got.UserBonus.ID)
			u := f.userBonus(t, 1, got.UserBonus.ID)
			if _, bonus := f.balances(t, 1); u.Status != tc.wantStatus || bonus != tc.wantBonus {
				t.Fatalf("%+v bonus balance %s", u, bonus)
			}
			f.check(t)
		})
	}
}
