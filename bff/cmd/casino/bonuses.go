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
	fs, c := operatorFlags("bonuses", bonusesUsage, args)
	if fs.NArg() < 1 {
		return errors.New(bonusesUsage)
	}
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	switch sub, rest := fs.Arg(0), fs.Args()[1:]; {
	case sub == "list" && len(rest) == 0:
		list, err := bonus.OperatorBonuses(ctx, db)
		if err != nil {
			return err
		}
		return printJSON(list)
	case sub == "put" && len(rest) == 1:
		raw, err := os.ReadFile(rest[0])
		if err != nil {
			return err
		}
		msg, err := bonus.PutBonuses(ctx, db, raw)
		if err != nil {
			return err
		}
		fmt.Println(msg)
		return nil
	case sub == "disable" && len(rest) == 1:
		return bonus.DisableBonus(ctx, db, rest[0])
	}
	return errors.New(bonusesUsage)
}

// couponsCmd runs the operator's coupon commands (bff/bonus).
func couponsCmd(ctx context.Context, args []string) error {
	fs, c := operatorFlags("coupons", couponsUsage, args)
	if fs.NArg() < 1 {
		return errors.New(couponsUsage)
	}
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	switch sub, rest := fs.Arg(0), fs.Args()[1:]; {
	case sub == "list" && len(rest) == 0:
		list, err := bonus.OperatorCoupons(ctx, db)
		if err != nil {
			return err
		}
		return printJSON(list)
	case sub == "put" && len(rest) == 1:
		raw, err := os.ReadFile(rest[0])
		if err != nil {
			return err
		}
		msg, err := bonus.PutCoupons(ctx, db, raw)
		if err != nil {
			return err
		}
		fmt.Println(msg)
		return nil
	case sub == "disable" && len(rest) == 1:
		return bonus.DisableCoupon(ctx, db, rest[0])
	}
	return errors.New(couponsUsage)
}
