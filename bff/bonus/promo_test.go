package bonus

import (
	"context"
	"fmt"
	"testing"
)

const promoSeed = `{"bonuses": [
 {"code": "secret", "name": "Secret", "type": "no_deposit", "isActive": true, "couponOnly": true, "wageringMultiplier": 1,
  "wageringType": "REAL_TO_FUN", "daysValid": 7, "amounts": {"EUR": {"bonusAmount": "3.00"}}},
 {"code": "vip-deposit", "name": "VIP deposit", "type": "deposit", "isActive": true, "couponOnly": true, "depositBonusPercent": 10,
  "wageringMultiplier": 1, "wageringType": "REAL_TO_FUN", "daysValid": 7, "amounts": {"EUR": {"minDeposit": "10.00"}}}
], "coupons": [
 {"code": "DEP50", "bonus": "reload", "isActive": true},
 {"code": "VIP10", "bonus": "vip-deposit", "isActive": true},
 {"code": "GIFTC", "bonus": "gift", "isActive": true},
 {"code": "SECRET", "bonus": "secret", "isActive": true},
 {"code": "OLD", "bonus": "reload", "isActive": false}
]}`

func promoFixture(t *testing.T, players int) *fixture {
	t.Helper()
	f := newFixture(t, players)
	if _, err := Seed(context.Background(), f.db, []byte(promoSeed)); err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"secret", "vip-deposit"} {
		var id int64
		f.db.Read.QueryRow(`SELECT id FROM bonuses WHERE code = ?`, code).Scan(&id)
		f.ids[code] = id
	}
	return f
}

// The deposit form's coupon: a deposit bonus's coupon gives its bonus with
// the deposit, recorded when the deposit is credited; wrong, inactive, a
// claim coupon or one used before are refused with SPEC's texts.
func TestDepositCoupon(t *testing.T) {
	f := promoFixture(t, 2)
	ctx := context.Background()
	f.deposit(t, 1, "10.00", "")
	cases := []struct {
		code, want, msg string
	}{
		{"NOPE", "COUPON_NOT_APPLIED", "coupon not applied"},
		{"old", "COUPON_NOT_APPLIED", "coupon not applied"},
		{"GIFTC", "COUPON_NOT_APPLIED", "coupon not applied: redeem this coupon in My bonuses"},
		{"dep50", "", ""},
		{"VIP10", "", ""},
	}
	for _, c := range cases {
		ref, used, err := f.svc.DepositCoupon(ctx, 1, c.code, money("20.00"))
		if c.want == "" {
			if err != nil || ref == "" || used == "" {
				t.Fatalf("%s: %q %q %v", c.code, ref, used, err)
			}
			continue
		}
		wantCode(t, err, c.want)
		if e := apiError(err); e.Message != c.msg || e.Status != 422 {
			t.Fatalf("%s: %+v", c.code, e)
		}
	}
	// The coupon's bonus rules apply: below its minimum.
	_, _, err := f.svc.DepositCoupon(ctx, 1, "DEP50", money("5.00"))
	wantCode(t, err, "BONUS_MIN_DEPOSIT")
	// A coupon-only deposit bonus is not taken by id.
	wantCode(t, f.svc.CheckDeposit(ctx, 1, fmt.Sprint(f.ids["vip-deposit"]), money("20.00")), "BONUS_NOT_AVAILABLE")
	// Credited with the coupon: granted, the redemption recorded.
	ref, used, _ := f.svc.DepositCoupon(ctx, 1, "dep50", money("20.00"))
	u, err := f.depositWith(t, 1, "20.00", ref, used)
	if err != nil || u.BonusAmount != "10.00" {
		t.Fatalf("grant %+v %v", u, err)
	}
	var n int
	f.db.Read.QueryRow(`SELECT COUNT(*) FROM coupon_redemptions WHERE code = 'DEP50' AND user_id = 1 AND user_bonus_id = ?`, u.ID).Scan(&n)
	if n != 1 {
		t.Fatalf("redemptions %d", n)
	}
	_, _, err = f.svc.DepositCoupon(ctx, 1, "DEP50", money("20.00"))
	wantCode(t, err, "COUPON_ALREADY_REDEEMED")
	if e := apiError(err); e.Message != "coupon already redeemed" || e.Status != 409 {
		t.Fatalf("%+v", e)
	}
	f.check(t)
}

// The sign-up promo code is a coupon: a deposit coupon is applied on the
// first deposit it qualifies for when the deposit names no bonus; a claim
// coupon unlocks its coupon-only bonus on the list and for the claim.
func TestSignUpPromoCode(t *testing.T) {
	f := promoFixture(t, 3)
	ctx := context.Background()
	f.db.Write.Exec(`UPDATE users SET promo_code = 'dep50' WHERE id = 1`)
	f.db.Write.Exec(`UPDATE users SET promo_code = 'SECRET' WHERE id = 2`)
	f.db.Write.Exec(`UPDATE users SET promo_code = 'NOPE' WHERE id = 3`)

	// Player 1: 5.00 is below the reload's minimum: no bonus, the code waits.
	if ref, _, err := f.svc.DepositCoupon(ctx, 1, "", money("5.00")); err != nil || ref != "" {
		t.Fatalf("below the minimum: %q %v", ref, err)
	}
	f.deposit(t, 1, "5.00", "")
	ref, used, err := f.svc.DepositCoupon(ctx, 1, "", money("40.00"))
	if err != nil || ref != fmt.Sprint(f.ids["reload"]) || used != "DEP50" {
		t.Fatalf("promo: %q %q %v", ref, used, err)
	}
	u, err := f.depositWith(t, 1, "40.00", ref, used)
	if err != nil || u.BonusAmount != "20.00" {
		t.Fatalf("%+v %v", u, err)
	}
	f.svc.Cancel(ctx, 1, u.ID)
	if ref, _, err := f.svc.DepositCoupon(ctx, 1, "", money("40.00")); err != nil || ref != "" {
		t.Fatalf("used promo applied again: %q %v", ref, err)
	}
	// Player 3's code is no coupon: nothing.
	if ref, _, err := f.svc.DepositCoupon(ctx, 3, "", money("40.00")); err != nil || ref != "" {
		t.Fatalf("unknown promo: %q %v", ref, err)
	}

	// Player 2: the coupon-only no-deposit bonus is listed and claimable
	// for them only.
	listed := func(player int64) bool {
		unlocked, err := f.svc.PromoBonus(ctx, player)
		if err != nil {
			t.Fatal(err)
		}
		p, err := f.svc.List(ctx, ListQuery{PageNo: 1, Limit: 100, Unlocked: unlocked}, "EUR", "")
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range p.Rows {
			if o.Code == "secret" {
				return true
			}
		}
		return false
	}
	if !listed(2) || listed(3) || listed(1) {
		t.Fatalf("listed for 2 %v, 3 %v, 1 %v", listed(2), listed(3), listed(1))
	}
	_, err = f.svc.Claim(ctx, 3, "secret", "")
	wantCode(t, err, "BONUS_NOT_AVAILABLE")
	got, err := f.svc.Claim(ctx, 2, "secret", "")
	if err != nil || got.Code != BonusActivated || got.Amount != "3.00" {
		t.Fatalf("claim %+v %v", got, err)
	}
	var n int
	f.db.Read.QueryRow(`SELECT COUNT(*) FROM coupon_redemptions WHERE code = 'SECRET' AND user_id = 2`).Scan(&n)
	if n != 1 || listed(2) {
		t.Fatalf("redemptions %d, still listed %v", n, listed(2))
	}
	_, err = f.svc.RedeemCoupon(ctx, 2, "secret", "")
	wantCode(t, err, "COUPON_ALREADY_REDEEMED")
	f.check(t)
}

// depositWith credits a deposit that came with a coupon.
func (f *fixture) depositWith(tb testing.TB, player int64, amount, ref, coupon string) (UserBonus, error) {
	tb.Helper()
	ctx := context.Background()
	id := fmt.Sprintf("dep_c%d", f.seq.Add(1))
	if _, err := f.ledger.Deposit(ctx, "deposit:test:"+id, player, "sandbox", money(amount), nil); err != nil {
		tb.Fatal(err)
	}
	var count int
	f.db.Write.QueryRowContext(ctx, `UPDATE users SET deposit_count = deposit_count + 1 WHERE id = ? RETURNING deposit_count`, player).Scan(&count)
	return f.svc.GrantForDeposit(ctx, Deposit{UserID: player, DepositID: id, BonusID: ref, CouponCode: coupon, Amount: money(amount), Number: count})
}
