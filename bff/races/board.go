package races

import (
	"context"
	"database/sql"
	"errors"

	"casino/bff/chat"
	"casino/bff/ledger"
)

// Entry is one line of a leaderboard.
type Entry struct {
	Place  int    `json:"place"`
	Name   string `json:"name"`
	Score  int64  `json:"-"`
	Rounds int64  `json:"rounds"`
	// ScoreText is the score as the page shows it: EUR staked ("12.40") or
	// the multiplier ("12.40" for 12.4×).
	ScoreText string `json:"score"`

	playerID int64
	currency string
}

// Standing is a player's own place and race statistics.
type Standing struct {
	Place  int    `json:"place"`
	Score  string `json:"score"`
	Rounds int64  `json:"rounds"`
	Staked string `json:"staked"` // EUR
	Best   string `json:"best"`   // best win multiplier
}

var eur = ledger.MustCurrency("EUR")

func hundredths(n int64) string { return ledger.FromMinor(n, eur).Decimal() }

// Leaderboard returns the top n of a race (ties: who got there first).
func (s *Service) Leaderboard(ctx context.Context, raceID string, n int) ([]Entry, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT s.player_id, s.score, s.rounds, u.nickname, u.first_name, u.last_name, u.currency_code,
			COALESCE((SELECT ghost FROM player_social g WHERE g.player_id = s.player_id), 0)
		FROM race_scores s JOIN users u ON u.id = s.player_id
		WHERE s.race_id = ? AND s.score > 0 ORDER BY s.score DESC, s.updated_at, s.player_id LIMIT ?`, raceID, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Entry{}
	for rows.Next() {
		var e Entry
		var nick, first, last string
		var ghost bool
		if err := rows.Scan(&e.playerID, &e.Score, &e.Rounds, &nick, &first, &last, &e.currency, &ghost); err != nil {
			return nil, err
		}
		e.Place = len(out) + 1
		e.Name = chat.PublicName(e.playerID, ghost, nick, first, last) // ghost mode hides the name
		e.ScoreText = hundredths(e.Score)
		out = append(out, e)
	}
	return out, rows.Err()
}

// Standing returns the player's place and statistics in a race (nil when
// they have not played it).
func (s *Service) Standing(ctx context.Context, raceID string, playerID int64) (*Standing, error) {
	var score, rounds, staked, best int64
	var place int
	err := s.db.Read.QueryRowContext(ctx, `SELECT s.score, s.rounds, s.staked, s.best,
		1 + (SELECT count(*) FROM race_scores o WHERE o.race_id = s.race_id AND o.score > 0 AND
			(o.score > s.score OR o.score = s.score AND (o.updated_at < s.updated_at OR o.updated_at = s.updated_at AND o.player_id < s.player_id)))
		FROM race_scores s WHERE s.race_id = ? AND s.player_id = ?`, raceID, playerID).Scan(&score, &rounds, &staked, &best, &place)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if score <= 0 {
		place = 0 // played, but nothing that scores yet
	}
	return &Standing{Place: place, Score: hundredths(score), Rounds: rounds, Staked: hundredths(staked), Best: hundredths(best)}, nil
}
