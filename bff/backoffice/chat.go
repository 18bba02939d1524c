package backoffice

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"

	"casino/bff/api"
	"casino/bff/chat"
	"casino/bff/clock"
	"casino/bff/staff"
)

// Chat moderation in the back office: the rooms' latest messages with their
// players, deleting a message, muting, banning and lifting a sanction. The
// same code as `casino chat` (bff/chat's MuteWith, BanWith, UnbanWith,
// DeleteWith), audited as the member with their reason.

// Refusals of the chat's moderation.
var (
	ErrChatMessageGone = &api.Error{Status: http.StatusNotFound, Code: "CHAT_MESSAGE_NOT_FOUND", Message: "The message does not exist or was already deleted"}
	ErrNoChatSanction  = &api.Error{Status: http.StatusConflict, Code: "CHAT_NO_SANCTION", Message: "The player is neither muted nor banned"}
)

// maxMuteMinutes bounds a mute at 30 days; longer is a ban.
const maxMuteMinutes = 30 * 24 * 60

// ChatMessage is a message as a moderator sees it: with its author.
type ChatMessage struct {
	ID       int64  `json:"id"`
	Room     string `json:"room"`
	Name     string `json:"name"` // as the room shows it ("Ghost" in ghost mode)
	Text     string `json:"text"`
	At       string `json:"at"`
	PlayerID int64  `json:"playerId"`
	Player   string `json:"player"` // e-mail
}

// ChatRoom is a room's latest messages, newest first, and the sanctions in
// force.
type ChatRoom struct {
	Rooms     []string         `json:"rooms"`
	Messages  []ChatMessage    `json:"messages"`
	Sanctions []PlayerSanction `json:"sanctions"`
}

// PlayerSanction is a mute or ban in force.
type PlayerSanction struct {
	PlayerID int64 `json:"playerId"`
	chat.Sanction
}

// ChatRoom lists room's messages before the id before (0: the newest), at
// most 50, and every sanction in force.
func (b *Service) ChatRoom(ctx context.Context, room string, before int64) (*ChatRoom, error) {
	out := &ChatRoom{Rooms: []string{room}, Messages: []ChatMessage{}, Sanctions: []PlayerSanction{}}
	if b.Chat.Rooms != nil {
		rooms, err := b.Chat.Rooms(ctx)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(rooms, room) {
			return nil, api.ErrNotFound
		}
		out.Rooms = rooms
	}
	if before <= 0 {
		before = 1 << 62
	}
	rows, err := b.DB.Read.QueryContext(ctx, `SELECT m.id, m.room, m.name, m.text, m.created_at, m.player_id, u.email
		FROM chat_messages m JOIN users u ON u.id = m.player_id
		WHERE m.room = ? AND m.id < ? AND m.deleted_at IS NULL ORDER BY m.id DESC LIMIT 50`, room, before)
	if err != nil {
		return nil, fmt.Errorf("chat room %s: %w", room, err)
	}
	defer rows.Close()
	for rows.Next() {
		var m ChatMessage
		if err := rows.Scan(&m.ID, &m.Room, &m.Name, &m.Text, &m.At, &m.PlayerID, &m.Player); err != nil {
			return nil, err
		}
		out.Messages = append(out.Messages, m)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	now := clock.Or(b.Clock).Now().UTC().Format(time.RFC3339Nano)
	srows, err := b.DB.Read.QueryContext(ctx, `SELECT s.player_id, u.email, s.kind, COALESCE(s.until, ''), s.reason
		FROM chat_sanctions s JOIN users u ON u.id = s.player_id
		WHERE s.kind = 'ban' OR s.until > ? ORDER BY s.player_id`, now)
	if err != nil {
		return nil, fmt.Errorf("chat sanctions: %w", err)
	}
	defer srows.Close()
	for srows.Next() {
		var s PlayerSanction
		if err := srows.Scan(&s.PlayerID, &s.Player, &s.Kind, &s.Until, &s.Reason); err != nil {
			return nil, err
		}
		out.Sanctions = append(out.Sanctions, s)
	}
	return out, srows.Err()
}

// DeleteChatMessage removes a message from the room (the open pages drop it)
// with the member's reason in the audit log.
func (b *Service) DeleteChatMessage(ctx context.Context, m *staff.Member, id int64, reason string) error {
	if reason == "" {
		return staff.ErrReasonRequired
	}
	err := b.Chat.DeleteWith(ctx, id, func(tx *sql.Tx, playerID int64, msg chat.Message) error {
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: "chat.delete", Target: fmt.Sprintf("chat-message:%d", msg.ID),
			Before: map[string]any{"room": msg.Room, "player": playerID, "name": msg.Name, "text": msg.Text}, Reason: reason})
	})
	if errors.Is(err, chat.ErrNoMessage) {
		return ErrChatMessageGone
	}
	return err
}

// ChatSanction mutes (minutes > 0), bans or lifts ("unban") a player's
// sanction, audited like `casino chat` with the member and the reason.
func (b *Service) ChatSanction(ctx context.Context, m *staff.Member, playerID int64, action string, minutes int, reason string) error {
	if reason == "" {
		return staff.ErrReasonRequired
	}
	email, _, err := b.playerCurrency(ctx, b.DB.Read, playerID)
	if err != nil {
		return err
	}
	hook := func(extra map[string]any) chat.SanctionHook {
		return func(tx *sql.Tx, id int64, before, after *chat.Sanction) error {
			changed := map[string]any{"sanction": after}
			for k, v := range extra {
				changed[k] = v
			}
			return b.Staff.Record(ctx, tx, m, staff.Change{Action: "chat." + action, Target: fmt.Sprintf("player:%d", id),
				Before: map[string]any{"sanction": before}, After: changed, Reason: reason})
		}
	}
	switch action {
	case "mute":
		if minutes <= 0 || minutes > maxMuteMinutes {
			return api.ErrValidation.WithField("minutes", "Invalid format")
		}
		d := time.Duration(minutes) * time.Minute
		return b.Chat.MuteWith(ctx, email, d, reason, hook(map[string]any{"duration": d.String()}))
	case "ban":
		return b.Chat.BanWith(ctx, email, reason, hook(nil))
	case "unban":
		err := b.Chat.UnbanWith(ctx, email, hook(nil))
		if errors.Is(err, chat.ErrNoSanction) {
			return ErrNoChatSanction
		}
		return err
	}
	return api.ErrNotFound
}

func (b *Service) chatRoutes(h func(string, staff.Permission, api.HandlerFunc)) {
	h("GET /api/backoffice/chat/rooms/{room}/messages", staff.ChatModerate, b.handleChatRoom)
	h("POST /api/backoffice/chat/messages/{id}/delete", staff.ChatModerate, b.handleChatDelete)
	h("POST /api/backoffice/players/{id}/chat/{action}", staff.ChatModerate, b.handleChatSanction)
}

func (b *Service) handleChatRoom(w http.ResponseWriter, r *http.Request) error {
	var before int64
	if v := r.URL.Query().Get("before"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return api.ErrValidation.WithField("before", "Invalid format")
		}
		before = n
	}
	room, err := b.ChatRoom(r.Context(), r.PathValue("room"), before)
	if err != nil {
		return err
	}
	return api.WriteData(w, room)
}

func (b *Service) handleChatDelete(w http.ResponseWriter, r *http.Request) error {
	id, err := docID(r)
	if err != nil {
		return err
	}
	body, err := decode(w, r)
	if err != nil {
		return err
	}
	if err := b.DeleteChatMessage(r.Context(), staff.From(r.Context()), id, body.Reason); err != nil {
		return err
	}
	return api.WriteData(w, map[string]bool{"ok": true})
}

func (b *Service) handleChatSanction(w http.ResponseWriter, r *http.Request) error {
	id, err := docID(r)
	if err != nil {
		return err
	}
	body, err := decode(w, r)
	if err != nil {
		return err
	}
	if err := b.ChatSanction(r.Context(), staff.From(r.Context()), id, r.PathValue("action"), body.Minutes, body.Reason); err != nil {
		return err
	}
	return api.WriteData(w, map[string]bool{"ok": true})
}
