package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"os"
	"text/tabwriter"

	"casino/bff/cashier"
	"casino/bff/database"
	"casino/bff/ledger"
)

const depositsUsage = `usage: casino deposits [--data DIR] held
       casino deposits [--data DIR] release ID [--reason TEXT] [--by NAME]
       casino deposits [--data DIR] reject ID [--reason TEXT] [--by NAME]
A release or rejection is kept in the back office's audit log (deposit.release, deposit.reject) with
its reason (default: the command line).`

// depositsCmd reviews crypto deposits held because they failed the
// deposit-time checks (self-exclusion, e-mail verification, country block,
// the method's bounds, the player's deposit limits): release credits one,
// reject closes it uncredited (the coins go back to the sender by hand).
func depositsCmd(ctx context.Context, args []string) error {
	fs, c := operatorFlags("deposits", depositsUsage, args)
	if fs.NArg() == 0 {
		return errors.New(depositsUsage)
	}
	sub := flag.NewFlagSet("deposits "+fs.Arg(0), flag.ExitOnError)
	by := sub.String("by", operatorName(), "operator recorded with the decision")
	reason := sub.String("reason", "", "why (kept in the audit log; default: the command line)")
	rest := fs.Args()[1:]
	var id string
	if len(rest) > 0 && rest[0] != "" && rest[0][0] != '-' {
		id, rest = rest[0], rest[1:]
	}
	sub.Parse(rest)

	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := cashier.New(db, ledger.New(db), nil)
	switch fs.Arg(0) {
	case "held":
		held, err := svc.HeldDeposits(ctx)
		if err != nil {
			return err
		}
		w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "ID\tCREATED\tPLAYER\tAMOUNT\tNETWORK\tCONFIRMATIONS\tREASON\tTX")
		for _, h := range held {
			fmt.Fprintf(w, "%s\t%s\t%d\t%s %s\t%s\t%d\t%s\t%s\n", h.DepositID, h.CreatedAt, h.UserID, h.Amount, h.CurrencyCode, h.Network, h.Confirmations, h.Reason, h.TxID)
		}
		w.Flush()
		fmt.Printf("%d held\n", len(held))
		return nil
	case "release", "reject":
		if id == "" {
			return errors.New(depositsUsage)
		}
		why := *reason
		if why == "" {
			why = "command line: casino deposits " + fs.Arg(0) + " " + id
		}
		audit := cliAudit(db, *by, "deposit."+fs.Arg(0), "deposit:"+id, why)
		hook := func(tx *sql.Tx, held cashier.HeldDeposit) error {
			return audit(tx, map[string]any{"status": "held", "hold": held.Reason, "player": held.UserID, "amount": held.Amount,
				"currency": held.CurrencyCode, "network": held.Network, "txId": held.TxID, "confirmations": held.Confirmations},
				map[string]string{"status": map[string]string{"release": "released", "reject": "rejected"}[fs.Arg(0)], "decidedBy": *by})
		}
		var d cashier.Deposit
		if fs.Arg(0) == "release" {
			d, err = svc.ReleaseHeldWith(ctx, id, *by, hook)
		} else {
			d, err = svc.RejectHeldWith(ctx, id, *by, hook)
		}
		if err != nil {
			return err
		}
		fmt.Printf("%s %s: %s %s\n", d.DepositID, d.Status, d.Amount, d.CurrencyCode)
		return nil
	}
	return errors.New(depositsUsage)
}
