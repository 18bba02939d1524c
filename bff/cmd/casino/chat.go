package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"casino/bff/chat"
	"casino/bff/database"
)

const chatUsage = `usage: casino chat [--data DIR] COMMAND [--reason TEXT] [--by NAME]
  mute EMAIL DURATION [REASON]   the player cannot write for DURATION (e.g. 30m, 24h)
  ban EMAIL [REASON]             the player cannot write until unbanned
  unban EMAIL                    lift a mute or a ban
  delete MESSAGE_ID              remove a message from the history (open pages drop it when the server does it)
Each is kept in the back office's audit log (chat.mute, chat.ban, chat.unban, chat.delete) with its
reason: --reason or the words after a mute's or ban's operands (default: the command line).`

// chatCmd runs the chat's moderation commands, each audited like the back
// office's writes.
func chatCmd(ctx context.Context, args []string) error {
	pos, c, flagReason, by := writeFlags("chat", chatUsage, args)
	if len(pos) < 2 {
		return errors.New(chatUsage)
	}
	sub, rest := pos[0], pos[1:]
	operands := map[string]int{"mute": 2, "ban": 1, "unban": 1, "delete": 1}[sub]
	free := sub == "mute" || sub == "ban" // may end with the reason's words
	if operands == 0 || len(rest) < operands || len(rest) > operands && !free {
		return errors.New(chatUsage)
	}
	given := strings.Join(rest[operands:], " ")
	if given != "" && flagReason != "" {
		return errors.New("chat: give the reason once (--reason or the words after the command)")
	}
	if given == "" {
		given = flagReason
	}
	// Check what needs no database first: a refused command writes nothing.
	var d time.Duration
	var msgID int64
	var err error
	switch sub {
	case "mute":
		if d, err = time.ParseDuration(rest[1]); err != nil || d <= 0 {
			return fmt.Errorf("chat: duration %q: a positive duration such as 30m or 24h", rest[1])
		}
	case "delete":
		if msgID, err = strconv.ParseInt(rest[0], 10, 64); err != nil || msgID <= 0 {
			return fmt.Errorf("chat: message id %q: a number", rest[0])
		}
	}
	why := given
	if why == "" {
		why = "command line: casino chat " + sub + " " + strings.Join(rest[:operands], " ")
	}
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := chat.New(db, nil)
	sanction := func(action string, extra map[string]string) chat.SanctionHook {
		return func(tx *sql.Tx, playerID int64, before, after *chat.Sanction) error {
			var was, now any
			if before != nil {
				was = before
			}
			if after != nil {
				m := map[string]string{"player": after.Player, "kind": after.Kind, "reason": after.Reason}
				if after.Until != "" {
					m["until"] = after.Until
				}
				for k, v := range extra {
					m[k] = v
				}
				now = m
			}
			return cliAudit(db, by, action, fmt.Sprintf("player:%d", playerID), why)(tx, was, now)
		}
	}
	switch sub {
	case "mute":
		return svc.MuteWith(ctx, rest[0], d, given, sanction("chat.mute", map[string]string{"duration": d.String()}))
	case "ban":
		return svc.BanWith(ctx, rest[0], given, sanction("chat.ban", nil))
	case "unban":
		return svc.UnbanWith(ctx, rest[0], sanction("chat.unban", nil))
	default: // delete
		return svc.DeleteWith(ctx, msgID, func(tx *sql.Tx, playerID int64, m chat.Message) error {
			return cliAudit(db, by, "chat.delete", fmt.Sprintf("chat-message:%d", m.ID), why)(tx,
				map[string]any{"room": m.Room, "playerId": playerID, "name": m.Name, "text": m.Text, "at": m.At}, map[string]bool{"deleted": true})
		})
	}
}
