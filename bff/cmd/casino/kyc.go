package main

import (
	"context"
	"errors"
	"strings"

	"casino/bff/account"
	"casino/bff/database"
)

var kycUsage = `usage: casino kyc [--data DIR] EMAIL STATUS
  STATUS: ` + strings.Join(account.KYCStatuses, " | ") + ` (the outcome of the operator's review of the player's documents)`

// kycCmd records an identity-verification decision.
func kycCmd(ctx context.Context, args []string) error {
	fs, c := operatorFlags("kyc", kycUsage, args)
	if fs.NArg() != 2 {
		return errors.New(kycUsage)
	}
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	return accountService(db).SetKYCStatus(ctx, fs.Arg(0), fs.Arg(1))
}
