package main

import (
	"context"
	"database/sql"
	"errors"

	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/rewards"
)

const rewardsUsage = `usage: casino rewards [--data DIR] settings [show | patch JSON [--reason TEXT] [--by NAME]]
  the rakeback calendar's rules (docs/rewards.md), e.g.
  casino rewards settings patch '{"mode":"loss","rakebackPercent":"10","accumulatorPercent":"5"}'
  mode "edge": a share of the house edge on real stakes; "loss": a share of the day's net loss
A patch is kept in the back office's audit log (setting.patch on settings:rewards, the rules before and
after) with its reason (default: the command line).`

// rewardsCmd shows or changes the calendar's operator settings.
func rewardsCmd(ctx context.Context, args []string) error {
	pos, c, reason, by := writeFlags("rewards", rewardsUsage, args)
	show := len(pos) == 1 && pos[0] == "settings" || len(pos) == 2 && pos[0] == "settings" && pos[1] == "show"
	patch := len(pos) == 3 && pos[0] == "settings" && pos[1] == "patch"
	if !show && !patch {
		return errors.New(rewardsUsage)
	}
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	s := rewards.NewService(db, ledger.New(db))
	var st rewards.Settings
	if show {
		st, err = s.Settings(ctx)
	} else {
		if reason == "" {
			reason = "command line: casino rewards settings patch"
		}
		audit := cliAudit(db, by, "setting.patch", "settings:rewards", reason)
		st, err = s.PutSettingsWith(ctx, []byte(pos[2]), func(tx *sql.Tx, before, after rewards.Settings) error {
			return audit(tx, before, after)
		})
	}
	if err != nil {
		return err
	}
	return printJSON(st)
}
