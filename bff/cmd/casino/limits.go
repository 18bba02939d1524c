package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/protection"
	"casino/bff/wallet"
)

var limitsUsage = `usage: casino limits [--data DIR] show EMAIL
       casino limits [--data DIR] set-bet EMAIL daily|weekly|monthly AMOUNT --reason TEXT [--by NAME]
       casino limits [--data DIR] audit EMAIL
  set-bet is support's change of a player's bet limit (SPEC section 6: VIP players' bet limits are raised by
  support): it applies at once and is kept with its reason and author in an append-only audit.
  AMOUNT in the player's currency; 0 removes the limit.`

// limitsCmd shows a player's limits and lets support change their bet limit.
func limitsCmd(ctx context.Context, args []string) error {
	fs, c := operatorFlags("limits", limitsUsage, args)
	if fs.NArg() < 2 {
		return errors.New(limitsUsage)
	}
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	var id int64
	var code string
	if err := db.Read.QueryRowContext(ctx, `SELECT id, currency_code FROM users WHERE email = ? COLLATE NOCASE`, fs.Arg(1)).Scan(&id, &code); err != nil {
		return errors.New("no player with that e-mail")
	}
	currency, err := ledger.LookupCurrency(code)
	if err != nil {
		return err
	}
	// Bet and loss limits live in the wallet's table; support changes bet
	// limits only, so no cashier is needed here.
	svc := protection.NewService(db, wallet.NewService(db, ledger.New(db), nil), nil)
	switch fs.Arg(0) {
	case "show":
		list, err := svc.Limits(ctx, id)
		if err != nil {
			return err
		}
		return printJSON(list)
	case "audit":
		log, err := svc.Audit(ctx, id)
		if err != nil {
			return err
		}
		for _, e := range log {
			fmt.Printf("%s  %s %s  %s → %s %s  by %s: %s\n", e.At, e.Period, e.Kind,
				ledger.FromMinor(e.Old, currency).Decimal(), ledger.FromMinor(e.New, currency).Decimal(), e.Currency, e.Actor, e.Reason)
		}
		return nil
	case "set-bet":
		if fs.NArg() < 4 {
			return errors.New(limitsUsage)
		}
		sub := flag.NewFlagSet("limits set-bet", flag.ExitOnError)
		reason := sub.String("reason", "", "why (kept in the audit; required)")
		by := sub.String("by", os.Getenv("USER"), "who decided")
		sub.Parse(fs.Args()[4:])
		amount, err := ledger.Parse(strings.TrimSpace(fs.Arg(3)), currency)
		if err != nil || amount.Sign() < 0 {
			return fmt.Errorf("amount %q: want a non-negative amount in %s", fs.Arg(3), currency.Code)
		}
		if err := svc.SupportSetLimit(ctx, id, currency, "bet", fs.Arg(2), amount.Minor(), *reason, *by); err != nil {
			return err
		}
		fmt.Printf("%s: %s bet limit set to %s %s\n", fs.Arg(1), fs.Arg(2), amount.Decimal(), currency.Code)
		return nil
	}
	return errors.New(limitsUsage)
}
