package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"casino/bff/account"
	"casino/bff/database"
	"casino/bff/kyc"
)

var kycUsage = `usage: casino kyc [--data DIR] EMAIL STATUS [--reason TEXT] [--by NAME]
       casino kyc [--data DIR] documents list [--status pending|confirmed|rejected|all]
       casino kyc [--data DIR] documents approve ID [--by NAME]
       casino kyc [--data DIR] documents reject ID --reason TEXT [--by NAME]
       casino kyc [--data DIR] documents show ID > FILE
  STATUS: ` + strings.Join(account.KYCStatuses, " | ") + ` (the outcome of the operator's review of the player's documents)
A status change and a document's review are kept in the back office's audit log (kyc.status,
kyc.document.approve|reject) with the reason (a status change's default: the command line).`

// kycCmd records identity-verification decisions: a player's status, or the
// review of one uploaded document (the player's status follows it).
func kycCmd(ctx context.Context, args []string) error {
	// EMAIL STATUS takes --reason and --by anywhere; documents has its own flags.
	first := flag.NewFlagSet("kyc", flag.ContinueOnError)
	commonFlags(first)
	first.String("reason", "", "")
	first.String("by", "", "")
	first.SetOutput(io.Discard)
	if first.Parse(args) != nil || first.Arg(0) != "documents" {
		return kycStatusCmd(ctx, args)
	}
	fs, c := operatorFlags("kyc", kycUsage, args)
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	sub := flag.NewFlagSet("kyc documents", flag.ExitOnError)
	status := sub.String("status", "pending", "list: pending, confirmed, rejected or all")
	reason := sub.String("reason", "", "reject: the reason the player is told")
	by := sub.String("by", os.Getenv("USER"), "who reviewed")
	rest := fs.Args()[1:]
	if len(rest) == 0 {
		return errors.New(kycUsage)
	}
	verb, rest := rest[0], rest[1:]
	var id int64
	if verb != "list" {
		if len(rest) == 0 {
			return errors.New(kycUsage)
		}
		if id, err = strconv.ParseInt(rest[0], 10, 64); err != nil {
			return fmt.Errorf("document id %q: %w", rest[0], err)
		}
		rest = rest[1:]
	}
	sub.Parse(rest)
	s := kyc.NewService(db, c.data)
	switch verb {
	case "list":
		st := *status
		if st == "all" {
			st = ""
		}
		docs, err := s.Queue(ctx, st)
		if err != nil {
			return err
		}
		for _, d := range docs {
			fmt.Printf("%-6d %-10s %-32s %-17s %-16s %8d  %s  %s\n", d.ID, d.Status, d.Email, d.DocumentType, d.ContentType, d.Size, d.UploadedAt, d.Reason)
		}
		return nil
	case "approve", "reject":
		why := *reason
		if why == "" {
			why = fmt.Sprintf("command line: casino kyc documents %s %d", verb, id)
		}
		audit := cliAudit(db, *by, "kyc.document."+verb, fmt.Sprintf("kyc-document:%d", id), why)
		return s.ReviewWith(ctx, id, verb == "approve", *reason, *by, func(tx *sql.Tx, before kyc.Document, kycBefore, kycAfter string) error {
			return audit(tx, map[string]string{"status": before.Status, "player": before.Email, "kind": before.DocumentType, "playerKyc": kycBefore},
				map[string]string{"status": map[bool]string{true: "confirmed", false: "rejected"}[verb == "approve"], "playerKyc": kycAfter})
		})
	case "show":
		f, _, err := s.Open(ctx, id)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = io.Copy(os.Stdout, f)
		return err
	}
	return errors.New(kycUsage)
}

// kycStatusCmd records a player's KYC status (kyc EMAIL STATUS), audited as
// kyc.status with the status before and after.
func kycStatusCmd(ctx context.Context, args []string) error {
	pos, c, reason, by := writeFlags("kyc", kycUsage, args)
	if len(pos) != 2 {
		return errors.New(kycUsage)
	}
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	if reason == "" {
		reason = "command line: casino kyc " + pos[0] + " " + pos[1]
	}
	return accountService(db).SetKYCStatusWith(ctx, pos[0], pos[1], func(tx *sql.Tx, playerID int64, before, after string) error {
		return cliAudit(db, by, "kyc.status", fmt.Sprintf("player:%d", playerID), reason)(tx,
			map[string]string{"player": strings.ToLower(strings.TrimSpace(pos[0])), "kyc": before}, map[string]string{"kyc": after})
	})
}
