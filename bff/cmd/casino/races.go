package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/races"
)

const racesUsage = `usage: casino races [--data DIR] COMMAND
  create JSON   a race, e.g. '{"id":"weekend-sprint","name":"Weekend sprint","metric":"stakes",
                "startsAt":"2026-11-28T00:00:00Z","endsAt":"2026-11-30T00:00:00Z","games":["aztec-sun"],
                "prizes":[10000,5000,2500],"minStake":20}'
                metric: stakes | multiplier; prizes and minStake in EUR cents; games empty = every game;
                "startsAt":"now" and "endsAt":"+30m" are relative to now
  list          the races
  show ID       a race with its top 10
create takes [--reason TEXT] [--by NAME] and is kept in the back office's audit log (race.create)
with the reason (default: the command line).`

// racesCmd runs the races' operator commands. Prizes are paid by the running
// server when a race ends.
func racesCmd(ctx context.Context, args []string) error {
	pos, c, reason, by := writeFlags("races", racesUsage, args)
	if len(pos) < 1 {
		return errors.New(racesUsage)
	}
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := races.New(db, ledger.New(db), nil)
	switch sub, rest := pos[0], pos[1:]; {
	case sub == "create" && len(rest) == 1:
		var in struct {
			races.Race
			StartsAt string `json:"startsAt"`
			EndsAt   string `json:"endsAt"`
		}
		dec := json.NewDecoder(strings.NewReader(rest[0]))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&in); err != nil {
			return err
		}
		r := in.Race
		now := time.Now().UTC()
		if r.StartsAt, err = when(in.StartsAt, now); err != nil {
			return err
		}
		if r.EndsAt, err = when(in.EndsAt, now); err != nil {
			return err
		}
		if reason == "" {
			reason = "command line: casino races create"
		}
		return svc.CreateWith(ctx, r, func(tx *sql.Tx, r races.Race) error {
			return cliAudit(db, by, "race.create", "race:"+r.ID, reason)(tx, nil, r)
		})
	case sub == "list" && len(rest) == 0:
		rs, err := svc.List(ctx, 100)
		if err != nil {
			return err
		}
		return printJSON(rs)
	case sub == "show" && len(rest) == 1:
		r, err := svc.Get(ctx, rest[0])
		if err != nil {
			return err
		}
		v, err := svc.View(ctx, r, 0)
		if err != nil {
			return err
		}
		return printJSON(v)
	}
	return errors.New(racesUsage)
}

// when reads an RFC 3339 time, "now", or "+DURATION" from now.
func when(s string, now time.Time) (time.Time, error) {
	switch {
	case s == "now":
		return now, nil
	case strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-"):
		d, err := time.ParseDuration(s)
		return now.Add(d), err
	}
	return time.Parse(time.RFC3339, s)
}
