package bonus

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"casino/bff/ledger"
)

// Coupons with a deposit and the sign-up promo code (docs/bonus.md
// "Coupons with a deposit", "Sign-up promo code"). A coupon of a deposit
// bonus is entered in the deposit form and grants its bonus with that
// deposit, its redemption recorded with the grant when the deposit is
// credited. The promo code a player typed at sign-up (users.promo_code) is
// a coupon code too: applied on the first deposit it qualifies for when the
// deposit names no bonus (a deposit coupon), or unlocking its coupon-only
// bonus for a claim on /freemoney (a no-deposit or free-spins coupon).

// coupon is a row of coupons with its bonus's type.
type coupon struct {
	use       couponUse
	bonusID   int64
	active    bool
	bonusType string
}

func lookupCoupon(ctx context.Context, q queryer, code string) (coupon, bool, error) {
	var c coupon
	err := q.QueryRowContext(ctx, `SELECT c.code, c.bonus_id, c.is_active AND b.is_active, c.max_redemptions, c.valid_to, b.type
		FROM coupons c JOIN bonuses b ON b.id = c.bonus_id WHERE c.code = ?`, strings.TrimSpace(code)).
		Scan(&c.use.code, &c.bonusID, &c.active, &c.use.maxRedemptions, &c.use.validTo, &c.bonusType)
	if errors.Is(err, sql.ErrNoRows) {
		return coupon{}, false, nil
	}
	if err != nil {
		return coupon{}, false, fmt.Errorf("coupon %q: %w", code, err)
	}
	return c, true, nil
}

// promoCoupon is the player's sign-up promo code as a coupon they have not
// redeemed, usable now (ok false: none, unknown, inactive, ended, used up,
// or redeemed by them).
func (s *Service) promoCoupon(ctx context.Context, q queryer, userID int64) (coupon, bool, error) {
	var code string
	if err := q.QueryRowContext(ctx, `SELECT promo_code FROM users WHERE id = ?`, userID).Scan(&code); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return coupon{}, false, nil
		}
		return coupon{}, false, err
	}
	if strings.TrimSpace(code) == "" {
		return coupon{}, false, nil
	}
	c, ok, err := lookupCoupon(ctx, q, code)
	if err != nil || !ok || !c.active {
		return coupon{}, false, err
	}
	if err := c.use.check(ctx, q, userID, s.Now()); err != nil {
		return coupon{}, false, nil
	}
	return c, true, nil
}

// PromoBonus is the coupon-only bonus the player's sign-up promo code
// unlocks for a claim (0: none): get-all-bonus lists it for them.
func (s *Service) PromoBonus(ctx context.Context, userID int64) (int64, error) {
	c, ok, err := s.promoCoupon(ctx, s.db.Read, userID)
	if err != nil || !ok || c.bonusType == TypeDeposit {
		return 0, err
	}
	return c.bonusID, nil
}

// DepositCoupon is the cashier's hook when a deposit is created. With a
// code (the deposit form's coupon field): the coupon's deposit bonus, or
// COUPON_NOT_APPLIED (unknown, inactive, ended, used up, not a deposit
// bonus's coupon) / COUPON_ALREADY_REDEEMED. Without one: the player's
// unredeemed sign-up promo code when it is a deposit coupon whose bonus
// this deposit qualifies for (else nothing: it waits for the next deposit).
func (s *Service) DepositCoupon(ctx context.Context, userID int64, code string, amount ledger.Money) (ref, used string, err error) {
	code = strings.TrimSpace(code)
	if code == "" {
		c, ok, err := s.promoCoupon(ctx, s.db.Read, userID)
		if err != nil || !ok || c.bonusType != TypeDeposit {
			return "", "", err
		}
		ref := fmt.Sprint(c.bonusID)
		if err := s.checkDeposit(ctx, userID, ref, amount, true); err != nil {
			return "", "", nil
		}
		return ref, c.use.code, nil
	}
	if len(code) > 64 {
		return "", "", ErrCouponNotApplied
	}
	c, ok, err := lookupCoupon(ctx, s.db.Read, code)
	if err != nil {
		return "", "", err
	}
	if !ok || !c.active {
		return "", "", ErrCouponNotApplied
	}
	if err := c.use.check(ctx, s.db.Read, userID, s.Now()); err != nil {
		return "", "", err
	}
	if c.bonusType != TypeDeposit {
		return "", "", ErrCouponNotApplied.WithMessage("coupon not applied: redeem this coupon in My bonuses")
	}
	ref = fmt.Sprint(c.bonusID)
	if err := s.checkDeposit(ctx, userID, ref, amount, true); err != nil {
		return "", "", err
	}
	return ref, c.use.code, nil
}
