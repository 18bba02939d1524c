package main

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"casino/bff/chat"
	"casino/bff/database"
)

const chatUsage = `usage: casino chat [--data DIR] COMMAND
  mute EMAIL DURATION [REASON]   the player cannot write for DURATION (e.g. 30m, 24h)
  ban EMAIL [REASON]             the player cannot write until unbanned
  unban EMAIL                    lift a mute or a ban
  delete MESSAGE_ID              remove a message from the history (open pages drop it when the server does it)`

// chatCmd runs the chat's moderation commands.
func chatCmd(ctx context.Context, args []string) error {
	fs, c := operatorFlags("chat", chatUsage, args)
	if fs.NArg() < 2 {
		return errors.New(chatUsage)
	}
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := chat.New(db, nil)
	sub, rest := fs.Arg(0), fs.Args()[1:]
	reason := func(i int) string { return strings.Join(rest[min(i, len(rest)):], " ") }
	switch {
	case sub == "mute" && len(rest) >= 2:
		d, err := time.ParseDuration(rest[1])
		if err != nil || d <= 0 {
			return errors.New(chatUsage)
		}
		return svc.Mute(ctx, rest[0], d, reason(2))
	case sub == "ban":
		return svc.Ban(ctx, rest[0], reason(1))
	case sub == "unban" && len(rest) == 1:
		return svc.Unban(ctx, rest[0])
	case sub == "delete" && len(rest) == 1:
		id, err := strconv.ParseInt(rest[0], 10, 64)
		if err != nil {
			return errors.New(chatUsage)
		}
		return svc.Delete(ctx, id)
	}
	return errors.New(chatUsage)
}
