package bonus

import (
	"context"
	"testing"
)

const welcomeSpinsSeed = `{"bonuses": [
 {"code": "welcome-spins", "name": "Welcome with spins", "type": "deposit", "isActive": true, "depositBonusPercent": 100,
  "wageringMultiplier": 1, "wageringType": "REAL_TO_FUN", "depositsNumber": 1, "daysValid": 30,
  "freeSpinsQuantity": 2, "freeSpinGame": "open-game",
  "amounts": {"EUR": {"minDeposit": "20.00", "maxBonusThreshold": "1000.00", "freeSpinBet": "0.10"}}}
]}`

// The welcome offer (SPEC section 9): a deposit bonus that also grants free
// spins on the same record. The spins play as free rounds; their winnings
// join the bonus (amount, wagering, and apart for the studio's display);
// the bonus does not complete before they are played.
func TestDepositBonusWithFreeSpins(t *testing.T) {
	f := newFixture(t, 1)
	ctx := context.Background()
	if _, err := Seed(ctx, f.db, []byte(welcomeSpinsSeed)); err != nil {
		t.Fatal(err)
	}
	u, err := f.deposit(t, 1, "20.00", "welcome-spins")
	if err != nil {
		t.Fatal(err)
	}
	if u.BonusAmount != "20.00" || u.FreeSpinsQuantity != 2 || u.FreeSpinsLeft != 2 || u.FreeSpinGame != "open-game" || u.FreeSpinBet != "0.10" {
		t.Fatalf("grant %+v", u)
	}
	// Wagering done with real money while a spin is left: not completed.
	if _, err := f.bet(1, "b1", "r1", "20.00"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.bet(1, "b2", "r2", "1.00"); err != nil {
		t.Fatal(err)
	}
	if got := f.userBonus(t, 1, u.ID); got.Status != StatusActive || got.WagerLeft != "0.00" {
		t.Fatalf("before the spins: %+v", got)
	}
	if _, err := f.freeRound(1, "s1", "open-game", "0.10", "0.50"); err != nil {
		t.Fatal(err)
	}
	fs, err := f.svc.FreeSpinsOn(ctx, 1, "open-game")
	if err != nil || fs == nil || fs.Left != 1 || fs.Winnings != "0.50" {
		t.Fatalf("studio view %+v %v", fs, err)
	}
	if got := f.userBonus(t, 1, u.ID); got.BonusAmount != "20.50" || got.WageringRequired != "20.50" || got.Status != StatusActive {
		t.Fatalf("after a winning spin: %+v", got)
	}
	// The last spin (a loss): wagered 21.00 ≥ 20.50, so it completes.
	if _, err := f.freeRound(1, "s2", "open-game", "0.10", "0.00"); err != nil {
		t.Fatal(err)
	}
	got := f.userBonus(t, 1, u.ID)
	if got.Status != StatusCompleted || got.ConvertedWinnings != "19.50" {
		t.Fatalf("after the last spin: %+v", got)
	}
	f.check(t)
}
