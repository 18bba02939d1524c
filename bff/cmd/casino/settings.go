package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"casino/bff/database"
	"casino/bff/settings"
)

const settingsUsage = `usage: casino settings [--data DIR] show | patch JSON [--reason TEXT] [--by NAME]
  patch merges a partial settings document; features, pageUrls and theme merge key by key,
  e.g. casino settings patch '{"features":{"captcha":true}}'  (restart the server to apply)
A patch is kept in the back office's audit log (setting.patch: the patched keys before and after)
with its reason (default: the command line).`

// settingsCmd shows or changes the site settings (GET /api/core/casino/settings2).
func settingsCmd(ctx context.Context, args []string) error {
	pos, c, reason, by := writeFlags("settings", settingsUsage, args)
	show, patch := len(pos) == 1 && pos[0] == "show", len(pos) == 2 && pos[0] == "patch"
	if !show && !patch {
		return errors.New(settingsUsage)
	}
	var raw json.RawMessage
	if patch {
		// Refused before the database is opened: a bad patch writes nothing.
		raw = json.RawMessage(pos[1])
		if err := settings.CheckPatch(raw); err != nil {
			return err
		}
	}
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	store := settings.NewStore(db)
	var st settings.Settings
	if show {
		st, err = store.Current(ctx)
	} else {
		if reason == "" {
			reason = "command line: casino settings patch"
		}
		audit := cliAudit(db, by, "setting.patch", "settings", reason)
		st, err = store.UpdateWith(ctx, raw, func(tx *sql.Tx, before, after settings.Settings) error {
			was, now := settings.Changes(before, after, raw)
			return audit(tx, was, now)
		})
	}
	if err != nil {
		return err
	}
	return printJSON(st)
}
