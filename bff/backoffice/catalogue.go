package backoffice

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"

	"casino/bff/api"
	"casino/bff/bonus"
	"casino/bff/staff"
)

// The bonus catalogue and the coupons: the same code as `casino bonuses …`
// and `casino coupons …` (bff/bonus operator.go: the seed's checks and
// upsert), with the member's permission and an audit row in the change's
// transaction.

// Bonuses lists the catalogue, active or not.
func (b *Service) Bonuses(ctx context.Context) ([]bonus.BonusSummary, error) {
	return bonus.OperatorBonuses(ctx, b.DB)
}

// Bonus reads one bonus in the seed's shape (what the edit form shows).
func (b *Service) Bonus(ctx context.Context, code string) (bonus.SeedBonus, error) {
	return bonus.ExportBonus(ctx, b.DB.Read, code)
}

// catalogueError turns the seed's checks ("bonus x: daysValid must be
// positive") into a validation answer the form shows.
func catalogueError(field string, err error) error {
	if err == nil {
		return nil
	}
	var ae *api.Error
	if errors.As(err, &ae) || errors.Is(err, bonus.ErrNotFound) {
		return err
	}
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 && strings.Contains(msg, "constraint") {
		msg = msg[:i]
	}
	return api.ErrValidation.WithField(field, msg)
}

// PutBonus creates or replaces a bonus (by its code), audited with the
// state before and after.
func (b *Service) PutBonus(ctx context.Context, m *staff.Member, sb bonus.SeedBonus, reason string) (bonus.SeedBonus, error) {
	if reason == "" {
		return sb, staff.ErrReasonRequired
	}
	sb.Code = strings.TrimSpace(sb.Code)
	raw, err := json.Marshal(sb)
	if err != nil {
		return sb, err
	}
	if b.FreeSpinBets != nil {
		if err := bonus.CheckFreeSpinBets(ctx, raw, b.FreeSpinBets); err != nil {
			return sb, api.ErrValidation.WithField("freeSpinBet", err.Error())
		}
	}
	var before any
	if prev, err := bonus.ExportBonus(ctx, b.DB.Read, sb.Code); err == nil {
		before = prev
	}
	action := "bonus.update"
	if before == nil {
		action = "bonus.create"
	}
	var after bonus.SeedBonus
	_, err = bonus.PutBonusesWith(ctx, b.DB, raw, func(tx *sql.Tx) error {
		var err error
		if after, err = bonus.ExportBonus(ctx, tx, sb.Code); err != nil {
			return err
		}
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: action, Target: "bonus:" + sb.Code, Before: before, After: after, Reason: reason})
	})
	return after, catalogueError("bonus", err)
}

// DisableBonus takes a bonus off the offer (as `casino bonuses disable`).
func (b *Service) DisableBonus(ctx context.Context, m *staff.Member, code, reason string) error {
	if reason == "" {
		return staff.ErrReasonRequired
	}
	return bonus.DisableBonusWith(ctx, b.DB, code, func(tx *sql.Tx) error {
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: "bonus.disable", Target: "bonus:" + code,
			Before: map[string]bool{"isActive": true}, After: map[string]bool{"isActive": false}, Reason: reason})
	})
}

// Coupons lists the coupons with their redemptions.
func (b *Service) Coupons(ctx context.Context) ([]bonus.CouponSummary, error) {
	return bonus.OperatorCoupons(ctx, b.DB)
}

// PutCoupon creates or replaces a coupon (as `casino coupons put`).
func (b *Service) PutCoupon(ctx context.Context, m *staff.Member, c bonus.SeedCoupon, reason string) (*bonus.SeedCoupon, error) {
	if reason == "" {
		return nil, staff.ErrReasonRequired
	}
	c.Code = strings.TrimSpace(c.Code)
	before, err := bonus.ExportCoupon(ctx, b.DB.Read, c.Code)
	if err != nil {
		return nil, err
	}
	action := "coupon.update"
	if before == nil {
		action = "coupon.create"
	}
	raw, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	var after *bonus.SeedCoupon
	_, err = bonus.PutCouponsWith(ctx, b.DB, raw, func(tx *sql.Tx) error {
		var err error
		if after, err = bonus.ExportCoupon(ctx, tx, c.Code); err != nil {
			return err
		}
		var was any
		if before != nil {
			was = before
		}
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: action, Target: "coupon:" + c.Code, Before: was, After: after, Reason: reason})
	})
	if err != nil && strings.Contains(err.Error(), "NOT NULL") {
		return nil, api.ErrValidation.WithField("bonus", "No bonus with this code")
	}
	return after, catalogueError("coupon", err)
}

// DisableCoupon stops a coupon (as `casino coupons disable`).
func (b *Service) DisableCoupon(ctx context.Context, m *staff.Member, code, reason string) error {
	if reason == "" {
		return staff.ErrReasonRequired
	}
	before, err := bonus.ExportCoupon(ctx, b.DB.Read, code)
	if err != nil {
		return err
	}
	return bonus.DisableCouponWith(ctx, b.DB, code, func(tx *sql.Tx) error {
		after, err := bonus.ExportCoupon(ctx, tx, code)
		if err != nil {
			return err
		}
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: "coupon.disable", Target: "coupon:" + code, Before: before, After: after, Reason: reason})
	})
}
