package wallet

import (
	"context"
	"testing"
	"time"
)

func TestPolicyCheck(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	future, past := now.Add(time.Hour).Format(time.RFC3339), now.Add(-time.Hour).Format(time.RFC3339)
	cases := []struct {
		name  string
		p     Policy
		b     Bet
		code  string
		limit string
		used  bool
	}{
		{"no limits", Policy{}, Bet{Amount: 100}, "", "", false},
		{"frozen", Policy{FrozenUntil: future}, Bet{Amount: 1}, "ACCOUNT_FROZEN", "", false},
		{"freeze over", Policy{FrozenUntil: past}, Bet{Amount: 1}, "", "", false},
		{"self-excluded permanently", Policy{SelfExclusionPermanent: true}, Bet{Amount: 1}, "SELF_EXCLUDED", "", false},
		{"self-excluded until", Policy{SelfExclusionUntil: future}, Bet{Amount: 1}, "SELF_EXCLUDED", "", false},
		{"exclusion over", Policy{SelfExclusionUntil: past}, Bet{Amount: 1}, "", "", false},
		{"below game min", Policy{}, Bet{Amount: 5, GameMin: 10}, "MIN_BET_LIMIT", "minBet", false},
		{"above game max", Policy{}, Bet{Amount: 11, GameMax: 10}, "MAX_BET_LIMIT", "maxBet", false},
		{"bonus buy priced above game max", Policy{}, Bet{Amount: 2100, GameMax: 100, BonusBuy: true}, "", "", false},
		{"bonus bet limit", Policy{Wagering: RealToFun, BonusMaxBet: 500}, Bet{Amount: 600, BonusBalance: 1}, "BONUS_BET_LIMIT", "bonusMaxBet", false},
		{"bonus limit without bonus money", Policy{Wagering: RealToFun, BonusMaxBet: 500}, Bet{Amount: 600}, "", "", false},
		{"excluded game with bonus money in play", Policy{Wagering: RealToFun}, Bet{Amount: 10, BonusBalance: 1, GameExcluded: true}, "GAME_NOT_ELIGIBLE_WITH_BONUS", "", false},
		{"excluded game, bonus spent", Policy{Wagering: RealToFun}, Bet{Amount: 10, GameExcluded: true}, "", "", false},
		{"excluded game, no bonus", Policy{}, Bet{Amount: 10, BonusBalance: 5, GameExcluded: true}, "", "", false},
		{"player max bet", Policy{MaxBet: 100}, Bet{Amount: 101}, "MAX_BET_LIMIT_REACHED", "maxBetLimit", false},
		{"at player max bet", Policy{MaxBet: 100}, Bet{Amount: 100}, "", "", false},
		{"bonus buy unconfirmed", Policy{MaxBet: 100}, Bet{Amount: 1000, BonusBuy: true}, "BONUS_BUY_CONFIRMATION_REQUIRED", "maxBetLimit", false},
		{"bonus buy confirmed", Policy{MaxBet: 100, BonusBuyConfirmed: true}, Bet{Amount: 1000, BonusBuy: true}, "", "", true},
		{"confirmation below max unused", Policy{MaxBet: 100, BonusBuyConfirmed: true}, Bet{Amount: 50}, "", "", false},
		{"daily bet", Policy{BetLimits: [3]int64{100, 0, 0}}, Bet{Amount: 10, Staked: [3]int64{95, 95, 95}}, "MAX_BET_LIMIT_REACHED", "dailyBetLimit", false},
		{"weekly bet", Policy{BetLimits: [3]int64{0, 1000, 0}}, Bet{Amount: 10, Staked: [3]int64{0, 995, 995}}, "MAX_BET_LIMIT_REACHED", "weeklyBetLimit", false},
		{"monthly bet", Policy{BetLimits: [3]int64{0, 0, 50}}, Bet{Amount: 51}, "MAX_BET_LIMIT_REACHED", "monthlyBetLimit", false},
		{"daily loss", Policy{LossLimits: [3]int64{100, 0, 0}}, Bet{Amount: 10, Staked: [3]int64{200, 200, 200}, Won: [3]int64{105, 105, 105}}, "MAX_BET_LIMIT_REACHED", "dailyLossLimit", false},
		{"loss covered by wins", Policy{LossLimits: [3]int64{100, 0, 0}}, Bet{Amount: 10, Staked: [3]int64{200, 200, 200}, Won: [3]int64{150, 150, 150}}, "", "", false},
		{"confirmation keeps period limits", Policy{MaxBet: 100, BonusBuyConfirmed: true, BetLimits: [3]int64{500, 0, 0}}, Bet{Amount: 1000, BonusBuy: true}, "MAX_BET_LIMIT_REACHED", "dailyBetLimit", false},
	}
	for _, c := range cases {
		used, err := c.p.Check(now, c.b)
		if c.code == "" {
			if err != nil || used != c.used {
				t.Errorf("%s: %v used=%v", c.name, err, used)
			}
			continue
		}
		wantCode(t, err, c.code)
		if got := errFields(err)["limit"]; got != c.limit {
			t.Errorf("%s: limit %q, want %q", c.name, got, c.limit)
		}
	}
}

func TestPeriodStarts(t *testing.T) {
	got := periodStarts(time.Date(2026, 11, 23, 23, 59, 0, 0, time.UTC)) // a Monday
	if got != [3]string{"2026-11-23", "2026-11-23", "2026-11-01"} {
		t.Fatal(got)
	}
	got = periodStarts(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)) // a Sunday
	if got != [3]string{"2026-11-01", "2026-10-26", "2026-11-01"} {
		t.Fatal(got)
	}
}

// TestPolicyOnDebits drives the stored limits through real debits.
func TestPolicyOnDebits(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 3)
	c := f.client
	// Game bet range of fruit-fiesta: 0.10 to 100.00.
	_, err := c.Debit(ctx, debit("g-1", "r-g", "1", "0.05"))
	wantCode(t, err, "MIN_BET_LIMIT")

	if err := f.svc.SetLimits(ctx, 1, Limits{MaxBet: 500, LossLimits: [3]int64{1000, 0, 0}}, false); err != nil {
		t.Fatal(err)
	}
	_, err = c.Debit(ctx, debit("m-1", "r-m", "1", "5.01"))
	wantCode(t, err, "MAX_BET_LIMIT_REACHED")
	bb := debit("m-2", "r-m", "1", "8.00")
	bb.BonusBuy = true
	_, err = c.Debit(ctx, bb)
	wantCode(t, err, "BONUS_BUY_CONFIRMATION_REQUIRED")
	if err := f.svc.ConfirmBonusBuy(ctx, 1); err != nil {
		t.Fatal(err)
	}
	bb.TransactionID = "m-3"
	if _, err := c.Debit(ctx, bb); err != nil {
		t.Fatalf("confirmed bonus buy: %v", err)
	}
	// The confirmation covered only that one transaction.
	bb.TransactionID = "m-4"
	_, err = c.Debit(ctx, bb)
	wantCode(t, err, "BONUS_BUY_CONFIRMATION_REQUIRED")
	// Daily loss limit 10.00: 8.00 lost so far, a 2.50 bet would exceed it.
	_, err = c.Debit(ctx, debit("l-1", "r-l", "1", "2.50"))
	wantCode(t, err, "MAX_BET_LIMIT_REACHED")
	if _, err := c.Debit(ctx, debit("l-2", "r-l", "1", "2.00")); err != nil {
		t.Fatal(err)
	}
	// A win reduces the loss.
	if _, err := c.Credit(ctx, debit("l-3", "r-l", "1", "4.00")); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Debit(ctx, debit("l-4", "r-l", "1", "3.00")); err != nil {
		t.Fatal(err)
	}
	// Changing the bet limit again within the hour is refused (support may force it).
	err = f.svc.SetLimits(ctx, 1, Limits{MaxBet: 1000}, false)
	wantCode(t, err, ErrBetLimitChangeLocked.Code)
	if err := f.svc.SetLimits(ctx, 1, Limits{MaxBet: 1000}, true); err != nil {
		t.Fatal(err)
	}

	// Self-exclusion and freeze.
	if _, err := f.db.Write.ExecContext(ctx, `UPDATE users SET self_exclusion_permanent = 1 WHERE id = 2`); err != nil {
		t.Fatal(err)
	}
	_, err = c.Debit(ctx, debit("x-1", "r-x", "2", "1.00"))
	wantCode(t, err, "SELF_EXCLUDED")
	if err := f.svc.SetLimits(ctx, 3, Limits{FrozenUntil: time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339)}, false); err != nil {
		t.Fatal(err)
	}
	_, err = c.Debit(ctx, debit("z-1", "r-z", "3", "1.00"))
	wantCode(t, err, "ACCOUNT_FROZEN")
	f.check(t)
}

// TestRealToFun: stakes draw real money first, then bonus money; a win on a
// mixed stake is split in the same proportion.
func TestRealToFun(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 1)
	if _, err := f.ledger.BonusGrant(ctx, "bonus-1", 1, ledgerEUR("50.00"), nil); err != nil {
		t.Fatal(err)
	}
	// REAL_MONEY_ONLY (default): the bonus is not playable.
	_, err := f.client.Debit(ctx, MoneyRequest{TransactionID: "a-1", RoundID: "r-a", PlayerID: "1", GameID: "open-game", Currency: "EUR", Amount: "100.01"})
	wantCode(t, err, "INSUFFICIENT_FUNDS")
	if err := f.svc.SetWagering(ctx, 1, RealToFun, 0); err != nil {
		t.Fatal(err)
	}
	bal, _ := f.client.Balance(ctx, BalanceRequest{PlayerID: "1", Currency: "EUR"})
	if bal.Balance != "150.00" {
		t.Fatalf("playable %+v", bal)
	}
	d, err := f.client.Debit(ctx, MoneyRequest{TransactionID: "a-2", RoundID: "r-b", PlayerID: "1", GameID: "open-game", Currency: "EUR", Amount: "120.00"})
	if err != nil || d.RealAmount != "100.00" || d.BonusAmount != "20.00" || d.Balance != "30.00" {
		t.Fatalf("mixed debit %+v %v", d, err)
	}
	w, err := f.client.Credit(ctx, MoneyRequest{TransactionID: "a-3", RoundID: "r-b", PlayerID: "1", GameID: "open-game", Currency: "EUR", Amount: "60.01"})
	if err != nil || w.BonusAmount != "10.00" || w.RealAmount != "50.01" {
		t.Fatalf("split win %+v %v", w, err)
	}
	if real, bonus := f.balances(t, 1); real != "50.01" || bonus != "40.00" {
		t.Fatalf("balances %s %s", real, bonus)
	}
	if err := f.svc.SetWagering(ctx, 1, RealToFun, 500); err != nil {
		t.Fatal(err)
	}
	_, err = f.client.Debit(ctx, MoneyRequest{TransactionID: "a-4", RoundID: "r-c", PlayerID: "1", GameID: "open-game", Currency: "EUR", Amount: "5.01"})
	wantCode(t, err, "BONUS_BET_LIMIT")
	f.check(t)
}
