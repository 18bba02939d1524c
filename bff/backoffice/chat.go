package backoffice

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"casino/bff/api"
	"casino/bff/chat"
	"casino/bff/staff"
)

// Chat moderation in the back office: the rooms' latest messages with their
// players, deleting a message, muting, banning and lifting a sanction. The
// same code as `casino chat` (bff/chat's MuteWith, BanWith, UnbanWith,
// DeleteWith), audited as the member with their reason.

// maxMuteMinutes bounds a mute at 30 days; longer is a ban.
const maxMuteMinutes = 30 * 24 * 60

// ChatRoom is a room's latest messages, newest first, with their authors,
// the sanctions in force and the rooms there are.
type ChatRoom struct {
	Rooms     []string          `json:"rooms"`
	Messages  []chat.Authored   `json:"messages"`
	Sanctions []chat.Sanctioned `json:"sanctions"`
}

// ChatRoom lists room's messages before the id before (0: the newest), at
// most 50, and every sanction in force.
func (b *Service) ChatRoom(ctx context.Context, room string, before int64) (*ChatRoom, error) {
	msgs, err := b.Chat.Authored(ctx, room, before, 50)
	if err != nil {
		return nil, err
	}
	sanctions, err := b.Chat.InForce(ctx)
	if err != nil {
		return nil, err
	}
	rooms := []string{room}
	if b.Chat.Rooms != nil {
		if rooms, err = b.Chat.Rooms(ctx); err != nil {
			return nil, err
		}
	}
	return &ChatRoom{Rooms: rooms, Messages: msgs, Sanctions: sanctions}, nil
}

// DeleteChatMessage removes a message from the room (the open pages drop it)
// with the member's reason in the audit log.
func (b *Service) DeleteChatMessage(ctx context.Context, m *staff.Member, id int64, reason string) error {
	if reason == "" {
		return staff.ErrReasonRequired
	}
	return b.Chat.DeleteWith(ctx, id, func(tx *sql.Tx, playerID int64, msg chat.Message) error {
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: "chat.delete", Target: fmt.Sprintf("chat-message:%d", msg.ID),
			Before: map[string]any{"room": msg.Room, "player": playerID, "name": msg.Name, "text": msg.Text}, Reason: reason})
	})
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
		return b.Chat.UnbanWith(ctx, email, hook(nil))
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
