package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"

	"casino/bff/account"
	"casino/bff/database"
)

const mirrorsUsage = `usage: casino mirrors [--data DIR] [--reason TEXT] [--by NAME] put URL [SETTINGS_JSON] | list
  SETTINGS_JSON: {"loginOff": true, "registrationConfigs": [{"country": "DE", "from": "08:00", "to": "22:00", "deviceType": "mobile"}]}
  A put is kept in the back office's audit log with its reason (default: the command line).`

// mirrorsCmd lets the operator add or change the casino's other addresses.
func mirrorsCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("mirrors", flag.ExitOnError)
	c := commonFlags(fs)
	reason := fs.String("reason", "", "why (kept in the audit log; default: the command line)")
	by := fs.String("by", "", "who decided (default: cli:$USER)")
	fs.Usage = func() { fmt.Fprintln(os.Stderr, mirrorsUsage) }
	fs.Parse(args)
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := accountService(db)
	switch fs.Arg(0) {
	case "put":
		if fs.NArg() < 2 || fs.NArg() > 3 {
			return errors.New(mirrorsUsage)
		}
		var st account.MirrorSettings
		if fs.NArg() == 3 {
			if err := json.Unmarshal([]byte(fs.Arg(2)), &st); err != nil {
				return fmt.Errorf("settings: %w", err)
			}
		}
		why := *reason
		if why == "" {
			why = "command line: casino mirrors put " + fs.Arg(1)
		}
		url := fs.Arg(1)
		return svc.PutMirrorWith(ctx, url, st, func(tx *sql.Tx, before *account.MirrorSettings) error {
			action, was := "mirror.create", any(nil)
			if before != nil {
				action, was = "mirror.update", before
			}
			return cliAudit(db, *by, action, "mirror:"+url, why)(tx, was, st)
		})
	case "list":
		list, err := svc.Mirrors(ctx)
		if err != nil {
			return err
		}
		return printJSON(list)
	}
	return errors.New(mirrorsUsage)
}
