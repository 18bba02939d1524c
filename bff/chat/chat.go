// Package chat is the public chat: one room per language, messages posted
// by players and read by everyone (history paged, new ones over a public
// realtime topic), limits (length, a rate per player, a word filter),
// operator moderation, and each player's chat settings with ghost mode
// (docs/chat.md). Messages are plain text: nothing here or in the page ever
// renders them as HTML.
package chat

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"casino/bff/api"
	"casino/bff/clock"
	"casino/bff/database"
)

// Limits.
const (
	MaxLength = 300             // characters a message may have
	Interval  = 2 * time.Second // between two messages of one player
	GhostName = "Ghost"         // the name other players see in ghost mode
)

var (
	ErrEmpty   = api.ErrValidation.WithField("text", "Required")
	ErrTooLong = api.ErrValidation.WithField("text", "Messages are at most 300 characters")
	ErrRoom    = &api.Error{Status: http.StatusNotFound, Code: "NOT_FOUND", Message: "Not found"}
	ErrRate    = &api.Error{Status: http.StatusTooManyRequests, Code: "CHAT_RATE_LIMIT", Message: "You are sending messages too fast"}
	ErrMuted   = &api.Error{Status: http.StatusUnprocessableEntity, Code: "CHAT_MUTED", Message: "You are muted in the chat"}
	ErrBanned  = &api.Error{Status: http.StatusUnprocessableEntity, Code: "CHAT_BANNED", Message: "You are banned from the chat"}
	// The operator's refusals (casino chat, the back office).
	ErrNoMessage  = &api.Error{Status: http.StatusNotFound, Code: "CHAT_MESSAGE_NOT_FOUND", Message: "There is no such message: it does not exist or was deleted"}
	ErrNoSanction = &api.Error{Status: http.StatusConflict, Code: "CHAT_NO_SANCTION", Message: "The player is neither muted nor banned"}
)

// Message is one chat line as everyone sees it.
type Message struct {
	ID   int64     `json:"id"`
	Room string    `json:"room"`
	Name string    `json:"name"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

// Service keeps rooms, messages, sanctions and settings.
type Service struct {
	db    *database.DB
	clock clock.Clock
	// Rooms returns the room names (the site's languages).
	Rooms func(ctx context.Context) ([]string, error)
	// Words returns the operator's word list (settings chatBlockedWords):
	// each of them is masked in a message, whole words in any case, a "*"
	// per letter. Nil: no filter.
	Words func(ctx context.Context) ([]string, error)
	// Posted and Deleted, when set, are told after commit (the realtime topic).
	Posted  func(Message)
	Deleted func(room string, id int64)

	mu      sync.Mutex
	last    map[int64]time.Time // player → last message (the rate limit)
	listKey string              // the word list banned was built from
	banned  map[string]bool     // its words, lower case
}

// New returns the chat over db.
func New(db *database.DB, c clock.Clock) *Service {
	return &Service{db: db, clock: clock.Or(c), last: map[int64]time.Time{}}
}

// word is a run of letters, marks, digits and underscores in any script, so
// a list word matches whole words only ("scam" masks "SCAM!", not "scampi").
var word = regexp.MustCompile(`[\p{L}\p{M}\p{N}_]+`)

// filter masks the listed words of text.
func (s *Service) filter(ctx context.Context, text string) (string, error) {
	if s.Words == nil {
		return text, nil
	}
	list, err := s.Words(ctx)
	if err != nil {
		return "", fmt.Errorf("chat: word list: %w", err)
	}
	banned := s.bannedWords(list)
	if len(banned) == 0 {
		return text, nil
	}
	return word.ReplaceAllStringFunc(text, func(w string) string {
		if banned[strings.ToLower(w)] {
			return strings.Repeat("*", utf8.RuneCountInString(w))
		}
		return w
	}), nil
}

// bannedWords is list as a set, built again only when the list changes.
func (s *Service) bannedWords(list []string) map[string]bool {
	key := strings.Join(list, "\x00")
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.banned == nil || key != s.listKey {
		s.banned = make(map[string]bool, len(list))
		for _, w := range list {
			if w = strings.ToLower(strings.TrimSpace(w)); w != "" {
				s.banned[w] = true
			}
		}
		s.listKey = key
	}
	return s.banned
}

// room checks a room name against the site's rooms.
func (s *Service) room(ctx context.Context, room string) error {
	if s.Rooms == nil {
		return nil
	}
	rooms, err := s.Rooms(ctx)
	if err != nil {
		return err
	}
	for _, r := range rooms {
		if r == room {
			return nil
		}
	}
	return ErrRoom
}

// Post stores a player's message and hands it to Posted.
func (s *Service) Post(ctx context.Context, playerID int64, room, text string) (Message, error) {
	if err := s.room(ctx, room); err != nil {
		return Message{}, err
	}
	text = strings.TrimSpace(strings.ToValidUTF8(text, ""))
	switch n := utf8.RuneCountInString(text); {
	case n == 0:
		return Message{}, ErrEmpty
	case n > MaxLength:
		return Message{}, ErrTooLong
	}
	now := s.clock.Now()
	if err := s.sanctioned(ctx, playerID, now); err != nil {
		return Message{}, err
	}
	s.mu.Lock()
	if t, ok := s.last[playerID]; ok && now.Sub(t) < Interval && !now.Before(t) {
		s.mu.Unlock()
		return Message{}, ErrRate
	}
	s.last[playerID] = now
	s.mu.Unlock()
	name, err := s.PublicNameOf(ctx, playerID)
	if err != nil {
		return Message{}, err
	}
	masked, err := s.filter(ctx, text)
	if err != nil {
		return Message{}, err
	}
	m := Message{Room: room, Name: name, Text: masked, At: now.UTC().Truncate(time.Millisecond)}
	err = s.db.Write.QueryRowContext(ctx, `INSERT INTO chat_messages(room, player_id, name, text, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
		room, playerID, m.Name, m.Text, m.At.Format("2006-01-02T15:04:05.000Z")).Scan(&m.ID)
	if err != nil {
		return Message{}, err
	}
	if s.Posted != nil {
		s.Posted(m)
	}
	return m, nil
}

func (s *Service) sanctioned(ctx context.Context, playerID int64, now time.Time) error {
	var kind string
	var until sql.NullString
	err := s.db.Read.QueryRowContext(ctx, `SELECT kind, until FROM chat_sanctions WHERE player_id = ?`, playerID).Scan(&kind, &until)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if kind == "ban" {
		return ErrBanned
	}
	if t, err := time.Parse(time.RFC3339Nano, until.String); err == nil && now.Before(t) {
		return ErrMuted
	}
	return nil
}

// PublicName is the name other players see: "Ghost" in ghost mode, else the
// nickname, else the first name and the last name's initial, else "Player {id}".
func PublicName(id int64, ghost bool, nickname, first, last string) string {
	if ghost {
		return GhostName
	}
	if n := strings.TrimSpace(nickname); n != "" {
		return n
	}
	if f := strings.TrimSpace(first); f != "" {
		if l := strings.TrimSpace(last); l != "" {
			return f + " " + string([]rune(l)[:1]) + "."
		}
		return f
	}
	return "Player " + itoa(id)
}

func itoa(n int64) string {
	b := [20]byte{}
	i := len(b)
	for n >= 10 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	i--
	b[i] = byte('0' + n)
	return string(b[i:])
}

// PublicNameOf is the name other players see for playerID now (PublicName).
func (s *Service) PublicNameOf(ctx context.Context, playerID int64) (string, error) {
	var ghost bool
	var nick, first, last string
	err := s.db.Read.QueryRowContext(ctx, `SELECT COALESCE((SELECT ghost FROM player_social WHERE player_id = u.id), 0), u.nickname, u.first_name, u.last_name
		FROM users u WHERE u.id = ?`, playerID).Scan(&ghost, &nick, &first, &last)
	if err != nil {
		return "", err
	}
	return PublicName(playerID, ghost, nick, first, last), nil
}

// History returns up to limit messages of room older than before (0: the
// newest), oldest first.
func (s *Service) History(ctx context.Context, room string, before int64, limit int) ([]Message, error) {
	if err := s.room(ctx, room); err != nil {
		return nil, err
	}
	if before <= 0 {
		before = 1 << 62
	}
	rows, err := s.db.Read.QueryContext(ctx, `SELECT id, name, text, created_at FROM chat_messages
		WHERE room = ? AND id < ? AND deleted_at IS NULL ORDER BY id DESC LIMIT ?`, room, before, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Message
	for rows.Next() {
		m := Message{Room: room}
		var at string
		if err := rows.Scan(&m.ID, &m.Name, &m.Text, &at); err != nil {
			return nil, err
		}
		m.At, _ = time.Parse("2006-01-02T15:04:05.000Z", at)
		out = append(out, m)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	if out == nil {
		out = []Message{}
	}
	return out, rows.Err()
}
