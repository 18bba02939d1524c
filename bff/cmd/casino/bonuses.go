package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"casino/bff/bonus"
	"casino/bff/database"
)

const bonusesUsage = `usage: casino bonuses [--data DIR] COMMAND
  list            the catalogue (active or not) with grants
  put FILE.json   add or update bonuses by code: a bonuses.json-shaped file ({"bonuses": [...], "coupons": [...]}),
                  an array of bonuses or one bonus, checked like the seed (docs/bonus.md)
  disable ID      take a bonus (id or code) off the offer; running grants go on to their end`

const couponsUsage = `usage: casino coupons [--data DIR] COMMAND
  list            the coupons with their redemptions
  put FILE.json   add or update coupons by code: {"coupons": [...]}, an array or one coupon
                  ({"code": "CASINO5", "bonus": "coupon-5", "isActive": true, "maxRedemptions": 0, "validTo": ""})
  disable CODE    stop a coupon (coupon not applied from then on)`

// bonusesCmd runs the operator's bonus catalogue commands (bff/bonus).
func bonusesCmd(ctx context.Context, args []string) error {
	return catalogueCmd(ctx, "bonuses", bonusesUsage, args, catalogue[[]bonus.BonusSummary]{list: bonus.OperatorBonuses, put: bonus.PutBonuses, disable: bonus.DisableBonus})
}

// couponsCmd runs the operator's coupon commands (bff/bonus).
func couponsCmd(ctx context.Context, args []string) error {
	return catalogueCmd(ctx, "coupons", couponsUsage, args, catalogue[[]bonus.CouponSummary]{list: bonus.OperatorCoupons, put: bonus.PutCoupons, disable: bonus.DisableCoupon})
}

// catalogue is what list | put FILE.json | disable ID do for one kind.
type catalogue[T any] struct {
	list    func(context.Context, *database.DB) (T, error)
	put     func(context.Context, *database.DB, []byte) (string, error)
	disable func(context.Context, *database.DB, string) error
}

func catalogueCmd[T any](ctx context.Context, name, usage string, args []string, c catalogue[T]) error {
	fs, flags := operatorFlags(name, usage, args)
	if fs.NArg() < 1 {
		return errors.New(usage)
	}
	db, err := database.Open(ctx, flags.data)
	if err != nil {
		return err
	}
	defer db.Close()
	switch sub, rest := fs.Arg(0), fs.Args()[1:]; {
	case sub == "list" && len(rest) == 0:
		list, err := c.list(ctx, db)
		if err != nil {
			return err
		}
		return printJSON(list)
	case sub == "put" && len(rest) == 1:
		raw, err := os.ReadFile(rest[0])
		if err != nil {
			return err
		}
		msg, err := c.put(ctx, db, raw)
		if err != nil {
			return err
		}
		fmt.Println(msg)
		return nil
	case sub == "disable" && len(rest) == 1:
		return c.disable(ctx, db, rest[0])
	}
	return errors.New(usage)
}
