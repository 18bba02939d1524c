package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"casino/bff/betlevels"
	"casino/bff/bonus"
	"casino/bff/database"
	"casino/bff/settings"
	"casino/bff/studio"
)

const bonusesUsage = `usage: casino bonuses [--data DIR] [--content DIR] COMMAND [--reason TEXT] [--by NAME]
  list            the catalogue (active or not) with grants
  put FILE.json   add or update bonuses by code: a bonuses.json-shaped file ({"bonuses": [...], "coupons": [...]}),
                  an array of bonuses or one bonus, checked like the seed (docs/bonus.md); a free-spin bet must
                  be a bet level of its game in that currency
  disable ID      take a bonus (id or code) off the offer; running grants go on to their end
Every put and disable is kept in the back office's audit log with its reason (default: the command line).`

const couponsUsage = `usage: casino coupons [--data DIR] COMMAND [--reason TEXT] [--by NAME]
  list            the coupons with their redemptions
  put FILE.json   add or update coupons by code: {"coupons": [...]}, an array or one coupon
                  ({"code": "CASINO5", "bonus": "coupon-5", "isActive": true, "maxRedemptions": 0, "validTo": ""})
  disable CODE    stop a coupon (coupon not applied from then on)
Every put and disable is kept in the back office's audit log with its reason (default: the command line).`

// bonusesCmd runs the operator's bonus catalogue commands (bff/bonus).
func bonusesCmd(ctx context.Context, args []string) error {
	return catalogueCmd(ctx, "bonuses", bonusesUsage, args, catalogue[[]bonus.BonusSummary]{
		list: bonus.OperatorBonuses,
		put: func(ctx context.Context, op *catalogueOp) (string, error) {
			if err := bonus.CheckFreeSpinBets(ctx, op.raw, op.freeSpinBets(ctx)); err != nil {
				return "", err
			}
			f, _ := bonus.ParseBonuses(op.raw)
			record := op.auditPut(ctx, f)
			return bonus.PutBonusesWith(ctx, op.db, op.raw, record)
		},
		disable: func(ctx context.Context, op *catalogueOp, ref string) error {
			audit := cliAudit(op.db, op.by, "bonus.disable", "bonus:"+ref, op.reason)
			return bonus.DisableBonusWith(ctx, op.db, ref, func(tx *sql.Tx) error {
				return audit(tx, map[string]bool{"isActive": true}, map[string]bool{"isActive": false})
			})
		},
	})
}

// couponsCmd runs the operator's coupon commands (bff/bonus).
func couponsCmd(ctx context.Context, args []string) error {
	return catalogueCmd(ctx, "coupons", couponsUsage, args, catalogue[[]bonus.CouponSummary]{
		list: bonus.OperatorCoupons,
		put: func(ctx context.Context, op *catalogueOp) (string, error) {
			f, _ := bonus.ParseCoupons(op.raw)
			return bonus.PutCouponsWith(ctx, op.db, op.raw, op.auditPut(ctx, f))
		},
		disable: func(ctx context.Context, op *catalogueOp, code string) error {
			audit := cliAudit(op.db, op.by, "coupon.disable", "coupon:"+code, op.reason)
			return bonus.DisableCouponWith(ctx, op.db, code, func(tx *sql.Tx) error {
				return audit(tx, map[string]bool{"isActive": true}, map[string]bool{"isActive": false})
			})
		},
	})
}

// catalogue is what list | put FILE.json | disable ID do for one kind.
type catalogue[T any] struct {
	list    func(context.Context, *database.DB) (T, error)
	put     func(context.Context, *catalogueOp) (string, error)
	disable func(context.Context, *catalogueOp, string) error
}

// catalogueOp is one write of the catalogue from the command line.
type catalogueOp struct {
	db         *database.DB
	content    string
	raw        []byte
	by, reason string
}

func catalogueCmd[T any](ctx context.Context, name, usage string, args []string, c catalogue[T]) error {
	fs := flag.NewFlagSet(name, flag.ExitOnError)
	flags := commonFlags(fs)
	reason := fs.String("reason", "", "why (kept in the audit log; default: the command line)")
	by := fs.String("by", "", "who decided (default: cli:$USER)")
	fs.Usage = func() { fmt.Fprintln(os.Stderr, usage) }
	fs.Parse(args)
	pos := fs.Args()
	if len(pos) < 1 {
		return errors.New(usage)
	}
	sub, n := pos[0], map[string]int{"list": 0, "put": 1, "disable": 1}[pos[0]]
	if len(pos) < 1+n {
		return errors.New(usage)
	}
	// Flags may follow the command's argument: put FILE --reason "…".
	operands := pos[1 : 1+n]
	if fs.Parse(pos[1+n:]); fs.NArg() > 0 {
		return errors.New(usage)
	}
	db, err := database.Open(ctx, flags.data)
	if err != nil {
		return err
	}
	defer db.Close()
	op := &catalogueOp{db: db, content: flags.content, by: *by, reason: *reason}
	if op.reason == "" {
		op.reason = "command line: casino " + name + " " + strings.Join(pos[:1+n], " ")
	}
	switch sub {
	case "list":
		list, err := c.list(ctx, db)
		if err != nil {
			return err
		}
		return printJSON(list)
	case "put":
		if op.raw, err = os.ReadFile(operands[0]); err != nil {
			return err
		}
		msg, err := c.put(ctx, op)
		if err != nil {
			return err
		}
		fmt.Println(msg)
		return nil
	case "disable":
		return c.disable(ctx, op, operands[0])
	}
	return errors.New(usage)
}

// freeSpinBets is the studio's bet check under the site's current rates, as
// the server applies it (bff/server checkFreeSpinBet).
func (op *catalogueOp) freeSpinBets(ctx context.Context) bonus.FreeSpinBetCheck {
	var cat *studio.Catalog // opened at the first free-spin bet: loading checks every title's maths
	return func(ctx context.Context, game, currency string, bet int64) error {
		if cat == nil {
			c, err := studio.Open(op.content)
			if err != nil {
				return fmt.Errorf("studio games in %s: %w", op.content, err)
			}
			cat = c
		}
		st, err := settings.NewStore(op.db).Current(ctx)
		if err != nil {
			return err
		}
		sc, err := betlevels.For(st.GameCurrencyRates, currency)
		if err != nil {
			return err
		}
		return cat.CheckBet(game, sc, bet)
	}
}

// auditPut records each bonus and coupon of a put file as the back office
// does (bonus.create/update, coupon.create/update with the states before and
// after), inside the put's transaction.
func (op *catalogueOp) auditPut(ctx context.Context, f bonus.SeedFile) func(tx *sql.Tx) error {
	bonusesBefore := map[string]any{}
	for _, sb := range f.Bonuses {
		if prev, err := bonus.ExportBonus(ctx, op.db.Read, sb.Code); err == nil {
			bonusesBefore[sb.Code] = prev
		}
	}
	couponsBefore := map[string]any{}
	for _, c := range f.Coupons {
		if prev, err := bonus.ExportCoupon(ctx, op.db.Read, c.Code); err == nil && prev != nil {
			couponsBefore[c.Code] = prev
		}
	}
	return func(tx *sql.Tx) error {
		for _, sb := range f.Bonuses {
			after, err := bonus.ExportBonus(ctx, tx, sb.Code)
			if err != nil {
				return err
			}
			if err := op.record(tx, "bonus", sb.Code, bonusesBefore[sb.Code], after); err != nil {
				return err
			}
		}
		for _, c := range f.Coupons {
			after, err := bonus.ExportCoupon(ctx, tx, c.Code)
			if err != nil {
				return err
			}
			if err := op.record(tx, "coupon", c.Code, couponsBefore[c.Code], after); err != nil {
				return err
			}
		}
		return nil
	}
}

func (op *catalogueOp) record(tx *sql.Tx, kind, code string, before, after any) error {
	action := kind + ".update"
	if before == nil {
		action = kind + ".create"
	}
	return cliAudit(op.db, op.by, action, kind+":"+code, op.reason)(tx, before, after)
}
