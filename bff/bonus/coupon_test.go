package bonus

import (
	"context"
	"sync"
	"testing"
)

const couponSeed = `{"bonuses": [
 {"code": "coupon-5", "name": "Coupon five", "type": "no_deposit", "isActive": true, "couponOnly": true, "wageringMultiplier": 2,
  "wageringType": "REAL_TO_FUN", "daysValid": 2, "amounts": {"EUR": {"bonusAmount": "5.00"}}}
 ],
 "coupons": [
  {"code": "FIVE", "bonus": "coupon-5", "isActive": true},
  {"code": "TWICE", "bonus": "coupon-5", "isActive": true, "maxRedemptions": 1},
  {"code": "OLD", "bonus": "coupon-5", "isActive": true, "validTo": "2026-11-01T00:00:00Z"},
  {"code": "OFF", "bonus": "coupon-5", "isActive": false},
  {"code": "DEPOSIT", "bonus": "welcome", "isActive": true},
  {"code": "GIFT", "bonus": "gift", "isActive": true}
 ]}`

func couponFixture(t *testing.T) *fixture {
	t.Helper()
	f := claimFixture(t, 3)
	if _, err := Seed(context.Background(), f.db, []byte(couponSeed)); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestCoupons(t *testing.T) {
	type step struct {
		player int64
		code   string
		want   string // "" = granted
	}
	cases := []struct {
		name  string
		steps []step
	}{
		{"a coupon grants its bonus, any case, once per player", []step{{1, " five ", ""}, {1, "FIVE", "COUPON_ALREADY_REDEEMED"}, {2, "Five", ""}}},
		{"unknown", []step{{1, "NOPE", "COUPON_NOT_APPLIED"}}},
		{"inactive", []step{{1, "OFF", "COUPON_NOT_APPLIED"}}},
		{"ended", []step{{1, "OLD", "COUPON_NOT_APPLIED"}}},
		{"used up", []step{{1, "TWICE", ""}, {2, "TWICE", "COUPON_NOT_APPLIED"}}},
		{"a deposit bonus's coupon", []step{{1, "DEPOSIT", "COUPON_NOT_APPLIED"}}},
		{"the bonus's own rules", []step{{1, "GIFT", ""}, {1, "FIVE", "ACTIVE_BONUS"}}},
		{"the same bonus already active", []step{{1, "TWICE", ""}, {1, "FIVE", "RETRY_PERIOD"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := couponFixture(t)
			for i, st := range tc.steps {
				got, err := f.svc.RedeemCoupon(context.Background(), st.player, st.code, "")
				if st.want == "" {
					if err != nil || got.Code != BonusActivated || got.UserBonus == nil {
						t.Fatalf("step %d: %+v %v", i, got, err)
					}
					continue
				}
				wantCode(t, err, st.want)
			}
			f.check(t)
		})
	}
	f := couponFixture(t)
	// The coupon-only bonus is neither listed nor claimable by id.
	page, err := f.svc.List(context.Background(), ListQuery{PageNo: 1, Limit: 100, Language: "en"}, "EUR", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range page.Rows {
		if o.Code == "coupon-5" {
			t.Fatal("a coupon-only bonus listed")
		}
	}
	_, err = f.svc.Claim(context.Background(), 1, "coupon-5", "")
	wantCode(t, err, "BONUS_NOT_AVAILABLE")
	// 20 concurrent redemptions by one player: one grant.
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[string]int{}
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := f.svc.RedeemCoupon(context.Background(), 3, "FIVE", "")
			code := "granted"
			if err != nil {
				code = apiError(err).Code
			}
			mu.Lock()
			codes[code]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if codes["granted"] != 1 || codes["COUPON_ALREADY_REDEEMED"] != 19 {
		t.Fatalf("redemptions %v", codes)
	}
	if _, bonus := f.balances(t, 3); bonus != "5.00" {
		t.Fatalf("bonus balance %s", bonus)
	}
	f.check(t)
}
