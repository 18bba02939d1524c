package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/user"
	"text/tabwriter"

	"casino/bff/cashier"
	"casino/bff/database"
	"casino/bff/ledger"
)

const withdrawalsUsage = `usage: casino withdrawals [--data DIR] list [--status pending|completed|rejected|cancelled|failed|all] [--page N]
       casino withdrawals [--data DIR] approve ID [--by NAME]
       casino withdrawals [--data DIR] reject ID [--reason TEXT] [--by NAME]`

// withdrawalsCmd is the operator's side of withdrawals: the same cashier
// calls the admin API makes, on the database directly.
func withdrawalsCmd(ctx context.Context, args []string) error {
	fs, c := operatorFlags("withdrawals", withdrawalsUsage, args)
	if fs.NArg() == 0 {
		return errors.New(withdrawalsUsage)
	}
	sub := flag.NewFlagSet("withdrawals "+fs.Arg(0), flag.ExitOnError)
	status := sub.String("status", cashier.WithdrawalPending, "status to list, or all")
	pageNo := sub.Int("page", 1, "page of 100")
	reason := sub.String("reason", "", "reason of a rejection (shown to the player)")
	by := sub.String("by", operatorName(), "operator recorded with the decision")
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
	if err := svc.Reconcile(ctx); err != nil {
		return err
	}
	switch fs.Arg(0) {
	case "list":
		st := *status
		if st == "all" {
			st = ""
		}
		page, err := svc.Withdrawals(ctx, 0, st, *pageNo, 100)
		if err != nil {
			return err
		}
		w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "ID\tCREATED\tPLAYER\tAMOUNT\tMETHOD\tSTATUS\tDETAILS")
		for _, r := range page.Rows {
			fmt.Fprintf(w, "%s\t%s\t%d %s\t%s %s\t%s\t%s\t%v\n", r.WithdrawalID, r.CreatedAt, r.UserID, r.Email, r.Amount, r.CurrencyCode, r.Method, r.Status, r.Details)
		}
		w.Flush()
		fmt.Printf("%d of %d\n", len(page.Rows), page.Count)
		return nil
	case "approve", "reject":
		if id == "" {
			return errors.New(withdrawalsUsage)
		}
		var out cashier.Withdrawal
		why := *reason
		if why == "" {
			why = "command line: casino withdrawals " + fs.Arg(0) + " " + id
		}
		audit := cliAudit(db, *by, "withdrawal."+fs.Arg(0), "withdrawal:"+id, why)
		hook := func(tx *sql.Tx, before cashier.Withdrawal) error {
			return audit(tx, map[string]string{"status": before.Status, "amount": before.Amount, "currency": before.CurrencyCode, "player": before.Email},
				map[string]string{"status": map[string]string{"approve": "approved", "reject": cashier.WithdrawalRejected}[fs.Arg(0)], "decidedBy": *by})
		}
		if fs.Arg(0) == "approve" {
			out, err = svc.ApproveWithdrawalWith(ctx, id, *by, hook)
		} else {
			out, err = svc.RejectWithdrawalWith(ctx, id, *by, *reason, hook)
		}
		if err != nil {
			return err
		}
		fmt.Printf("%s %s: %s %s to player %d\n", out.WithdrawalID, out.Status, out.Amount, out.CurrencyCode, out.UserID)
		return nil
	}
	return errors.New(withdrawalsUsage)
}

func operatorName() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return "cli:" + u.Username
	}
	return "cli"
}
