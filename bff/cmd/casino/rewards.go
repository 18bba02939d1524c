package main

import (
	"context"
	"errors"

	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/rewards"
)

const rewardsUsage = `usage: casino rewards [--data DIR] settings [show | patch JSON]
  the rakeback calendar's rules (docs/rewards.md), e.g.
  casino rewards settings patch '{"mode":"loss","rakebackPercent":"10","accumulatorPercent":"5"}'
  mode "edge": a share of the house edge on real stakes; "loss": a share of the day's net loss`

// rewardsCmd shows or changes the calendar's operator settings.
func rewardsCmd(ctx context.Context, args []string) error {
	fs, c := operatorFlags("rewards", rewardsUsage, args)
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	s := rewards.NewService(db, ledger.New(db))
	switch {
	case fs.Arg(0) == "settings" && (fs.NArg() == 1 || fs.NArg() == 2 && fs.Arg(1) == "show"):
		st, err := s.Settings(ctx)
		if err != nil {
			return err
		}
		return printJSON(st)
	case fs.Arg(0) == "settings" && fs.NArg() == 3 && fs.Arg(1) == "patch":
		st, err := s.PutSettings(ctx, []byte(fs.Arg(2)))
		if err != nil {
			return err
		}
		return printJSON(st)
	}
	return errors.New(rewardsUsage)
}
