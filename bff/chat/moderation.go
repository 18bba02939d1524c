package chat

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// playerID finds a player by e-mail (the operator's handle).
func (s *Service) playerID(ctx context.Context, email string) (int64, error) {
	var id int64
	err := s.db.Read.QueryRowContext(ctx, `SELECT id FROM users WHERE email = ? COLLATE NOCASE`, email).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errors.New("chat: no player with that e-mail")
	}
	return id, err
}

// Sanction is a player's mute or ban as the operator sees it.
type Sanction struct {
	Player string `json:"player"`          // the player's e-mail
	Kind   string `json:"kind"`            // mute or ban
	Until  string `json:"until,omitempty"` // a mute's end (RFC 3339); none for a ban
	Reason string `json:"reason,omitempty"`
}

// SanctionHook runs in a moderation's transaction with the player's id and
// sanction before and after (nil for none): the audit row is written there.
type SanctionHook func(tx *sql.Tx, playerID int64, before, after *Sanction) error

// DeleteHook runs in a delete's transaction with the message removed (its
// player's id, room, shown name and text): the audit row is written there.
type DeleteHook func(tx *sql.Tx, playerID int64, m Message) error

// MuteWith stops a player writing for d (casino chat mute), running hook
// (may be nil) in its transaction.
func (s *Service) MuteWith(ctx context.Context, email string, d time.Duration, reason string, hook SanctionHook) error {
	if d <= 0 {
		return errors.New("chat: a mute lasts a positive duration")
	}
	until := s.clock.Now().Add(d).UTC().Format(time.RFC3339Nano)
	return s.sanction(ctx, email, hook, func(tx *sql.Tx, id int64) (*Sanction, error) {
		_, err := tx.ExecContext(ctx, `INSERT INTO chat_sanctions(player_id, kind, until, reason) VALUES (?, 'mute', ?, ?)
			ON CONFLICT(player_id) DO UPDATE SET kind = 'mute', until = excluded.until, reason = excluded.reason`, id, until, reason)
		return &Sanction{Player: email, Kind: "mute", Until: until, Reason: reason}, err
	})
}

// BanWith stops a player writing until unbanned (casino chat ban), running
// hook (may be nil) in its transaction.
func (s *Service) BanWith(ctx context.Context, email, reason string, hook SanctionHook) error {
	return s.sanction(ctx, email, hook, func(tx *sql.Tx, id int64) (*Sanction, error) {
		_, err := tx.ExecContext(ctx, `INSERT INTO chat_sanctions(player_id, kind, until, reason) VALUES (?, 'ban', NULL, ?)
			ON CONFLICT(player_id) DO UPDATE SET kind = 'ban', until = NULL, reason = excluded.reason`, id, reason)
		return &Sanction{Player: email, Kind: "ban", Reason: reason}, err
	})
}

// UnbanWith lifts a mute or a ban, running hook (may be nil) in its
// transaction; a player with no
// sanction (not even an ended mute) is refused with ErrNoSanction.
func (s *Service) UnbanWith(ctx context.Context, email string, hook SanctionHook) error {
	return s.sanction(ctx, email, hook, func(tx *sql.Tx, id int64) (*Sanction, error) {
		res, err := tx.ExecContext(ctx, `DELETE FROM chat_sanctions WHERE player_id = ?`, id)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil, ErrNoSanction
		}
		return nil, nil
	})
}

// sanction finds the player by e-mail and runs change and hook in one
// transaction with the sanction before.
func (s *Service) sanction(ctx context.Context, email string, hook SanctionHook, change func(*sql.Tx, int64) (*Sanction, error)) error {
	id, err := s.playerID(ctx, email)
	if err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		var before *Sanction
		var b Sanction
		var until sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT kind, until, reason FROM chat_sanctions WHERE player_id = ?`, id).Scan(&b.Kind, &until, &b.Reason)
		switch {
		case err == nil:
			b.Player, b.Until, before = email, until.String, &b
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		after, err := change(tx, id)
		if err != nil || hook == nil {
			return err
		}
		return hook(tx, id, before, after)
	})
}

// DeleteWith hides a message from the history and tells Deleted (the open
// pages remove it), running hook (may be nil) in its transaction; a message not found
// or already deleted is ErrNoMessage.
func (s *Service) DeleteWith(ctx context.Context, id int64, hook DeleteHook) error {
	var m Message
	var playerID int64
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		var at string
		err := tx.QueryRowContext(ctx, `UPDATE chat_messages SET deleted_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
			WHERE id = ? AND deleted_at IS NULL RETURNING id, room, player_id, name, text, created_at`, id).Scan(&m.ID, &m.Room, &playerID, &m.Name, &m.Text, &at)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNoMessage
		}
		if err != nil || hook == nil {
			return err
		}
		m.At, _ = time.Parse(time.RFC3339Nano, at)
		return hook(tx, playerID, m)
	})
	if err != nil {
		return err
	}
	if s.Deleted != nil {
		s.Deleted(m.Room, id)
	}
	return nil
}

// Settings are a player's chat settings.
type Settings struct {
	GhostMode   bool `json:"ghostMode"`
	Sound       bool `json:"sound"`
	ShowBigWins bool `json:"showBigWins"`
	HideChat    bool `json:"hideChat"`
}

// SettingsOf returns the player's settings (the defaults until they save).
func (s *Service) SettingsOf(ctx context.Context, playerID int64) (Settings, error) {
	st := Settings{Sound: true, ShowBigWins: true}
	err := s.db.Read.QueryRowContext(ctx, `SELECT ghost, sound, show_big_wins, hide_chat FROM player_social WHERE player_id = ?`, playerID).
		Scan(&st.GhostMode, &st.Sound, &st.ShowBigWins, &st.HideChat)
	if errors.Is(err, sql.ErrNoRows) {
		return st, nil
	}
	return st, err
}

// SaveSettings stores the player's settings.
func (s *Service) SaveSettings(ctx context.Context, playerID int64, st Settings) error {
	_, err := s.db.Write.ExecContext(ctx, `INSERT INTO player_social(player_id, ghost, sound, show_big_wins, hide_chat) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT(player_id) DO UPDATE SET ghost = excluded.ghost, sound = excluded.sound, show_big_wins = excluded.show_big_wins, hide_chat = excluded.hide_chat`,
		playerID, st.GhostMode, st.Sound, st.ShowBigWins, st.HideChat)
	return err
}

// Authored is a message as a moderator sees it: with its author.
type Authored struct {
	Message
	PlayerID int64  `json:"playerId"`
	Player   string `json:"player"` // the author's e-mail
}

// Authored lists room's messages before the id before (0: the newest),
// newest first, at most limit, with their authors.
func (s *Service) Authored(ctx context.Context, room string, before int64, limit int) ([]Authored, error) {
	if err := s.room(ctx, room); err != nil {
		return nil, err
	}
	if before <= 0 {
		before = 1 << 62
	}
	rows, err := s.db.Read.QueryContext(ctx, `SELECT m.id, m.name, m.text, m.created_at, m.player_id, u.email
		FROM chat_messages m JOIN users u ON u.id = m.player_id
		WHERE m.room = ? AND m.id < ? AND m.deleted_at IS NULL ORDER BY m.id DESC LIMIT ?`, room, before, limit)
	if err != nil {
		return nil, fmt.Errorf("chat: messages of %s: %w", room, err)
	}
	defer rows.Close()
	out := []Authored{}
	for rows.Next() {
		a := Authored{Message: Message{Room: room}}
		var at string
		if err := rows.Scan(&a.ID, &a.Name, &a.Text, &at, &a.PlayerID, &a.Player); err != nil {
			return nil, err
		}
		a.At, _ = time.Parse(time.RFC3339Nano, at)
		out = append(out, a)
	}
	return out, rows.Err()
}

// Sanctioned is a sanction in force with its player's id.
type Sanctioned struct {
	PlayerID int64 `json:"playerId"`
	Sanction
}

// InForce lists the bans and the mutes not yet ended, by player.
func (s *Service) InForce(ctx context.Context) ([]Sanctioned, error) {
	now := s.clock.Now().UTC().Format(time.RFC3339Nano)
	rows, err := s.db.Read.QueryContext(ctx, `SELECT s.player_id, u.email, s.kind, COALESCE(s.until, ''), s.reason
		FROM chat_sanctions s JOIN users u ON u.id = s.player_id
		WHERE s.kind = 'ban' OR s.until > ? ORDER BY s.player_id`, now)
	if err != nil {
		return nil, fmt.Errorf("chat: sanctions in force: %w", err)
	}
	defer rows.Close()
	out := []Sanctioned{}
	for rows.Next() {
		var x Sanctioned
		if err := rows.Scan(&x.PlayerID, &x.Player, &x.Kind, &x.Until, &x.Reason); err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, rows.Err()
}
