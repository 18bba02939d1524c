package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"

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

// writeFlags parses an audited operator write's flags: the common ones,
// --reason and --by, before, between or after the operands ("patch JSON
// --reason …"). It returns the operands.
func writeFlags(name, usage string, args []string) (pos []string, c *common, reason, by string) {
	fs, c, r, b := writeFlagSet(name, usage)
	return parseAnywhere(fs, args), c, strings.TrimSpace(*r), *b
}

// writeFlagSet is the flag set of an audited write (the common flags,
// --reason and --by), for a command to add its own flags to before
// parseAnywhere.
func writeFlagSet(name, usage string) (fs *flag.FlagSet, c *common, reason, by *string) {
	fs = flag.NewFlagSet(name, flag.ExitOnError)
	c = commonFlags(fs)
	reason = fs.String("reason", "", "why (kept in the audit log; default: the command line)")
	by = fs.String("by", "", "who decided (default: cli:$USER)")
	fs.Usage = func() { fmt.Fprintln(os.Stderr, usage) }
	return fs, c, reason, by
}

// parseAnywhere parses fs's flags wherever they stand among args and
// returns the operands in order.
func parseAnywhere(fs *flag.FlagSet, args []string) (pos []string) {
	for {
		fs.Parse(args)
		if args = fs.Args(); len(args) == 0 {
			return pos
		}
		pos, args = append(pos, args[0]), args[1:]
	}
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
