package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"casino/bff/account"
	"casino/bff/database"
)

const mirrorsUsage = `usage: casino mirrors [--data DIR] put URL [SETTINGS_JSON] | list
  SETTINGS_JSON: {"loginOff": true, "registrationConfigs": [{"country": "DE", "from": "08:00", "to": "22:00", "deviceType": "mobile"}]}`

// mirrorsCmd lets the operator add or change the casino's other addresses.
func mirrorsCmd(ctx context.Context, args []string) error {
	fs, c := operatorFlags("mirrors", mirrorsUsage, args)
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
		return svc.PutMirror(ctx, fs.Arg(1), st)
	case "list":
		list, err := svc.Mirrors(ctx)
		if err != nil {
			return err
		}
		return printJSON(list)
	}
	return errors.New(mirrorsUsage)
}
