package main

import (
	"context"
	"database/sql"
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
  show EMAIL                     a player's points, level and next level
put-level, set-rate and recompute take [--reason TEXT] [--by NAME] and are kept in the back office's
audit log (loyalty.level.create|update, loyalty.rate, loyalty.recompute: the standing discarded, the
postings replayed) with the reason (default: the command line).`

// loyaltyCmd runs the VIP club's operator commands.
func loyaltyCmd(ctx context.Context, args []string) error {
	pos, c, reason, by := writeFlags("loyalty", loyaltyUsage, args)
	if len(pos) < 1 {
		return errors.New(loyaltyUsage)
	}
	why := func() string {
		if reason != "" {
			return reason
		}
		return "command line: casino loyalty " + pos[0]
	}
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := loyalty.New(db, ledger.New(db), nil)
	switch sub, rest := pos[0], pos[1:]; {
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
		return svc.PutLevelWith(ctx, l, func(tx *sql.Tx, before *loyalty.Level, after loyalty.Level) error {
			action, was := "loyalty.level.create", any(nil)
			if before != nil {
				action, was = "loyalty.level.update", before
			}
			return cliAudit(db, by, action, "loyalty-level:"+strconv.Itoa(after.Level), why())(tx, was, after)
		})
	case sub == "set-rate" && len(rest) == 2:
		n, err := strconv.ParseInt(rest[1], 10, 64)
		if err != nil {
			return loyalty.ErrInvalidRate
		}
		cur := strings.ToUpper(rest[0])
		return svc.SetRateWith(ctx, cur, n, func(tx *sql.Tx, before, after int64) error {
			var was any
			if before > 0 {
				was = map[string]int64{"minorPerPoint": before}
			}
			return cliAudit(db, by, "loyalty.rate", "loyalty-rate:"+cur, why())(tx, was, map[string]int64{"minorPerPoint": after})
		})
	case sub == "recompute" && len(rest) == 0:
		// Points and levels follow the current rates and levels, so a
		// recompute can move players between levels: audited, the row
		// committing with the reset (the standing rebuilt is printed).
		err := svc.RecomputeWith(ctx, func(tx *sql.Tx, before loyalty.Standing, last int64) error {
			return cliAudit(db, by, "loyalty.recompute", "loyalty", why())(tx, before, map[string]any{"rebuiltFrom": "ledger", "upToPosting": last})
		})
		if err != nil {
			return err
		}
		after, err := svc.Standing(ctx)
		if err != nil {
			return err
		}
		return printJSON(after)
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
