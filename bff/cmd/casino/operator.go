package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"casino/bff/account"
	"casino/bff/database"
	"casino/bff/session"
	"casino/bff/settings"
)

// operatorFlags parses the common flags of an operator command; -h prints
// the command's own usage text rather than the flag defaults.
func operatorFlags(name, usage string, args []string) (*flag.FlagSet, *common) {
	fs := flag.NewFlagSet(name, flag.ExitOnError)
	c := commonFlags(fs)
	fs.Usage = func() { fmt.Fprintln(os.Stderr, usage) }
	fs.Parse(args)
	return fs, c
}

// accountService is the account service as the server builds it.
func accountService(db *database.DB) *account.Service {
	return account.NewService(db, session.NewManager(db), settings.NewStore(db))
}

// printJSON writes v indented, for an operator to read.
func printJSON(v any) error {
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
