package bonus

import (
	"context"
	"errors"
	"testing"
)

// The operator's commands: put in the three shapes (checked like the
// seed), list with grants and redemptions, disable a bonus and a coupon.
func TestOperatorCommands(t *testing.T) {
	f := claimFixture(t, 2)
	ctx := context.Background()
	one := `{"code": "op-gift", "name": "Operator gift", "type": "no_deposit", "isActive": true, "wageringMultiplier": 1,
		"wageringType": "REAL_TO_FUN", "daysValid": 3, "amounts": {"EUR": {"bonusAmount": "2.00"}}}`
	for _, raw := range []string{one, "[" + one + "]", `{"bonuses": [` + one + `]}`} {
		if _, err := PutBonuses(ctx, f.db, []byte(raw)); err != nil {
			t.Fatalf("put %s: %v", raw, err)
		}
	}
	if _, err := PutBonuses(ctx, f.db, []byte(`{"code": "bad", "name": "Bad", "type": "nope"}`)); err == nil {
		t.Fatal("a bad bonus was put")
	}
	if msg, err := PutCoupons(ctx, f.db, []byte(`{"code": "OPGIFT", "bonus": "op-gift", "isActive": true, "maxRedemptions": 5}`)); err != nil || msg != "1 coupons" {
		t.Fatalf("put coupon %q %v", msg, err)
	}
	if _, err := PutCoupons(ctx, f.db, []byte(`[{"code": "NOBONUS", "bonus": "missing", "isActive": true}]`)); err == nil {
		t.Fatal("a coupon of an unknown bonus was put")
	}
	if _, err := PutCoupons(ctx, f.db, []byte(`{"bonuses": [`+one+`]}`)); err == nil {
		t.Fatal("coupons put took bonuses")
	}
	if _, err := f.svc.RedeemCoupon(ctx, 1, "opgift", ""); err != nil {
		t.Fatal(err)
	}
	bonuses, err := OperatorBonuses(ctx, f.db)
	if err != nil {
		t.Fatal(err)
	}
	var op *BonusSummary
	for i := range bonuses {
		if bonuses[i].Code == "op-gift" {
			op = &bonuses[i]
		}
	}
	if op == nil || !op.IsActive || op.Granted != 1 || op.ActiveGrants != 1 || op.Currencies != 1 {
		t.Fatalf("listed %+v", op)
	}
	coupons, _ := OperatorCoupons(ctx, f.db)
	if len(coupons) != 1 || coupons[0].Code != "OPGIFT" || coupons[0].Bonus != "op-gift" || coupons[0].Redemptions != 1 || coupons[0].MaxRedemptions != 5 {
		t.Fatalf("coupons %+v", coupons)
	}
	// Disabled: the coupon is not applied, the bonus is not listed or
	// claimable; the running grant goes on.
	if err := DisableCoupon(ctx, f.db, "opgift"); err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.RedeemCoupon(ctx, 2, "OPGIFT", "")
	wantCode(t, err, "COUPON_NOT_APPLIED")
	if err := DisableBonus(ctx, f.db, "op-gift"); err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.Claim(ctx, 2, "op-gift", "")
	wantCode(t, err, "BONUS_NOT_AVAILABLE")
	list, _ := f.svc.List(ctx, ListQuery{PageNo: 1, Limit: 100}, "EUR", "")
	for _, o := range list.Rows {
		if o.Code == "op-gift" {
			t.Fatal("a disabled bonus is listed")
		}
	}
	if ub, _ := f.svc.Active(ctx, 1); ub == nil || ub.Name != "Operator gift" {
		t.Fatalf("running grant %+v", ub)
	}
	if err := DisableBonus(ctx, f.db, "999999"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown: %v", err)
	}
	if err := DisableCoupon(ctx, f.db, "NOPE"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown coupon: %v", err)
	}
	f.check(t)
}
