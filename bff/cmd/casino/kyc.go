package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"casino/bff/account"
	"casino/bff/database"
	"casino/bff/session"
	"casino/bff/settings"
)

var kycUsage = `usage: casino kyc [--data DIR] EMAIL STATUS
  STATUS: ` + strings.Join(account.KYCStatuses, " | ") + ` (the outcome of the operator's review of the player's documents)`

// kycCmd records an identity-verification decision.
func kycCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("kyc", flag.ExitOnError)
	c := commonFlags(fs)
	fs.Usage = func() { fmt.Fprintln(os.Stderr, kycUsage) }
	fs.Parse(args)
	if fs.NArg() != 2 {
		return errors.New(kycUsage)
	}
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	return account.NewService(db, session.NewManager(db), settings.NewStore(db)).SetKYCStatus(ctx, fs.Arg(0), fs.Arg(1))
}
