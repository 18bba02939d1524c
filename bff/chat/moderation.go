package chat

import (
	"context"
	"database/sql"
	"errors"
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

// Mute stops a player writing for d (casino chat mute).
func (s *Service) Mute(ctx context.Context, email string, d time.Duration, reason string) error {
	id, err := s.playerID(ctx, email)
	if err != nil {
		return err
	}
	until := s.clock.Now().Add(d).UTC().Format(time.RFC3339Nano)
	_, err = s.db.Write.ExecContext(ctx, `INSERT INTO chat_sanctions(player_id, kind, until, reason) VALUES (?, 'mute', ?, ?)
		ON CONFLICT(player_id) DO UPDATE SET kind = 'mute', until = excluded.until, reason = excluded.reason`, id, until, reason)
	return err
}

// Ban stops a player writing until unbanned (casino chat ban).
func (s *Service) Ban(ctx context.Context, email, reason string) error {
	id, err := s.playerID(ctx, email)
	if err != nil {
		return err
	}
	_, err = s.db.Write.ExecContext(ctx, `INSERT INTO chat_sanctions(player_id, kind, until, reason) VALUES (?, 'ban', NULL, ?)
		ON CONFLICT(player_id) DO UPDATE SET kind = 'ban', until = NULL, reason = excluded.reason`, id, reason)
	return err
}

// Unban lifts a mute or a ban.
func (s *Service) Unban(ctx context.Context, email string) error {
	id, err := s.playerID(ctx, email)
	if err != nil {
		return err
	}
	_, err = s.db.Write.ExecContext(ctx, `DELETE FROM chat_sanctions WHERE player_id = ?`, id)
	return err
}

// Delete hides a message from the history and tells Deleted (the open pages remove it).
func (s *Service) Delete(ctx context.Context, id int64) error {
	var room string
	err := s.db.Write.QueryRowContext(ctx, `UPDATE chat_messages SET deleted_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
		WHERE id = ? AND deleted_at IS NULL RETURNING room`, id).Scan(&room)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNoMessage
	}
	if err != nil {
		return err
	}
	if s.Deleted != nil {
		s.Deleted(room, id)
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
