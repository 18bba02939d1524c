package bonus

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Coupons (docs/bonus.md "Coupons"): a code a player enters in My bonuses
// (POST /api/user/redeem-coupon {code}) grants the coupon's bonus — a
// no-deposit or free-spins bonus, often one marked couponOnly — through the
// same claim and its rules, once per player and code, the redemption
// recorded in the grant's transaction.

// Refusals of a coupon (SPEC section 8, other messages: the texts are the
// SPEC's).
var (
	ErrCouponNotApplied = newError(http.StatusUnprocessableEntity, "COUPON_NOT_APPLIED", "coupon not applied")
	ErrCouponRedeemed   = newError(http.StatusConflict, "COUPON_ALREADY_REDEEMED", "coupon already redeemed")
)

// couponUse is a coupon being redeemed inside a claim's transaction; nil
// methods do nothing (a claim without a coupon).
type couponUse struct {
	code           string
	maxRedemptions int
	validTo        string
}

// check refuses a coupon the player redeemed before, past its end or out of
// redemptions (counted in the single writer's transaction, so the bound
// holds under concurrent redemptions).
func (u *couponUse) check(ctx context.Context, tx queryer, userID int64, now time.Time) error {
	var redeemed bool
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM coupon_redemptions WHERE code = ? AND user_id = ?),
			(SELECT COUNT(*) FROM coupon_redemptions WHERE code = ?)`, u.code, userID, u.code).Scan(&redeemed, &n); err != nil {
		return err
	}
	if redeemed {
		return ErrCouponRedeemed
	}
	if to, ok := parseWhen(u.validTo); ok && !now.Before(to) {
		return ErrCouponNotApplied.WithMessage("coupon not applied: this coupon has ended")
	}
	if u.maxRedemptions > 0 && n >= u.maxRedemptions {
		return ErrCouponNotApplied.WithMessage("coupon not applied: this coupon has been used up")
	}
	return nil
}

func (u *couponUse) record(ctx context.Context, tx interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}, userID, userBonusID int64, now time.Time) error {
	if u == nil {
		return nil
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO coupon_redemptions(code, user_id, user_bonus_id, redeemed_at) VALUES (?, ?, ?, ?)`,
		u.code, userID, userBonusID, stamp(now))
	if err != nil {
		return fmt.Errorf("coupon %s for player %d: %w", u.code, userID, err)
	}
	return nil
}

// RedeemCoupon grants the bonus of a coupon code (case-insensitive) to the
// player. Unknown, inactive, ended or used up: COUPON_NOT_APPLIED; redeemed
// by the player before: COUPON_ALREADY_REDEEMED; its bonus's own refusals
// (ACTIVE_BONUS, …) as a claim answers them.
func (s *Service) RedeemCoupon(ctx context.Context, userID int64, code, zone string) (Claimed, error) {
	code = strings.TrimSpace(code)
	if code == "" || len(code) > 64 {
		return Claimed{}, ErrCouponNotApplied
	}
	var (
		u       couponUse
		bonusID int64
		active  bool
	)
	err := s.db.Read.QueryRowContext(ctx, `SELECT code, bonus_id, is_active, max_redemptions, valid_to FROM coupons WHERE code = ?`, code).
		Scan(&u.code, &bonusID, &active, &u.maxRedemptions, &u.validTo)
	if errors.Is(err, sql.ErrNoRows) || err == nil && !active {
		return Claimed{}, ErrCouponNotApplied
	}
	if err != nil {
		return Claimed{}, err
	}
	b, err := bonusByRef(ctx, s.db.Read, fmt.Sprint(bonusID))
	if err != nil {
		return Claimed{}, err
	}
	if b.Type != TypeNoDeposit && b.Type != TypeFreeSpins {
		return Claimed{}, ErrCouponNotApplied.WithMessage("coupon not applied: use this bonus with a deposit")
	}
	return s.claimGrant(ctx, userID, b, zone, &u)
}

// upsertCoupon writes a coupon of the seed (by code; its bonus by code).
func upsertCoupon(ctx context.Context, tx *sql.Tx, c SeedCoupon) error {
	if c.Code == "" || len(c.Code) > 64 || c.Bonus == "" {
		return fmt.Errorf("coupon %q: code and bonus are required", c.Code)
	}
	if _, ok := parseWhen(c.ValidTo); c.ValidTo != "" && !ok {
		return fmt.Errorf("coupon %q: validTo %q", c.Code, c.ValidTo)
	}
	if c.MaxRedemptions < 0 {
		return fmt.Errorf("coupon %q: maxRedemptions cannot be negative", c.Code)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO coupons(code, bonus_id, is_active, max_redemptions, valid_to)
		VALUES (?, (SELECT id FROM bonuses WHERE code = ?), ?, ?, ?)
		ON CONFLICT(code) DO UPDATE SET bonus_id = excluded.bonus_id, is_active = excluded.is_active,
			max_redemptions = excluded.max_redemptions, valid_to = excluded.valid_to`, c.Code, c.Bonus, c.IsActive, c.MaxRedemptions, c.ValidTo)
	if err != nil {
		return fmt.Errorf("coupon %q (bonus %q): %w", c.Code, c.Bonus, err)
	}
	return nil
}
