package main

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/loyalty"
)

const loyaltyUsage = `usage: casino loyalty [--data DIR] COMMAND
  levels                         the VIP levels and their benefits
  put-level JSON                 create or replace a level, e.g. '{"level":1,"name":"Silver","minPoints":1000,
                                 "rakebackBps":200,"cashbackBps":500,"withdrawalLimit":500000,"personalManager":false}'
                                 (percentages in basis points, withdrawal limit in EUR cents per day, 0 = none)
  set-rate CURRENCY MINOR_UNITS  minor units of real stake per point (default: one point per euro's worth)
  recompute                      rebuild every player's points and level from the ledger
  show EMAIL                     a player's points, level and next level`

// loyaltyCmd runs the VIP club's operator commands.
func loyaltyCmd(ctx context.Context, args []string) error {
	fs, c := operatorFlags("loyalty", loyaltyUsage, args)
	if fs.NArg() < 1 {
		return errors.New(loyaltyUsage)
	}
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := loyalty.New(db, ledger.New(db), nil)
	switch sub, rest := fs.Arg(0), fs.Args()[1:]; {
	case sub == "levels" && len(rest) == 0:
		ls, err := svc.Levels(ctx)
		if err != nil {
			return err
		}
		return printJSON(ls)
	case sub == "put-level" && len(rest) == 1:
		var l loyalty.Level
		dec := json.NewDecoder(strings.NewReader(rest[0]))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&l); err != nil {
			return err
		}
		return svc.PutLevel(ctx, l)
	case sub == "set-rate" && len(rest) == 2:
		n, err := strconv.ParseInt(rest[1], 10, 64)
		if err != nil {
			return loyalty.ErrInvalidRate
		}
		return svc.SetRate(ctx, strings.ToUpper(rest[0]), n)
	case sub == "recompute" && len(rest) == 0:
		return svc.Recompute(ctx)
	case sub == "show" && len(rest) == 1:
		var id int64
		if err := db.Read.QueryRowContext(ctx, `SELECT id FROM users WHERE email = ? COLLATE NOCASE`, rest[0]).Scan(&id); err != nil {
			return errors.New("no player with that e-mail")
		}
		st, err := svc.Status(ctx, id)
		if err != nil {
			return err
		}
		st.Levels = nil
		return printJSON(st)
	}
	return errors.New(loyaltyUsage)
}
