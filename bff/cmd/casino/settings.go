package main

import (
	"context"
	"encoding/json"
	"errors"

	"casino/bff/database"
	"casino/bff/settings"
)

const settingsUsage = `usage: casino settings [--data DIR] show | patch JSON
  patch merges a partial settings document; features, pageUrls and theme merge key by key,
  e.g. casino settings patch '{"features":{"captcha":true}}'  (restart the server to apply)`

// settingsCmd shows or changes the site settings (GET /api/core/casino/settings2).
func settingsCmd(ctx context.Context, args []string) error {
	fs, c := operatorFlags("settings", settingsUsage, args)
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	store := settings.NewStore(db)
	var st settings.Settings
	switch {
	case fs.Arg(0) == "show" && fs.NArg() == 1:
		st, err = store.Current(ctx)
	case fs.Arg(0) == "patch" && fs.NArg() == 2:
		st, err = store.Update(ctx, json.RawMessage(fs.Arg(1)))
	default:
		return errors.New(settingsUsage)
	}
	if err != nil {
		return err
	}
	return printJSON(st)
}
