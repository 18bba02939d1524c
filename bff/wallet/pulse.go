package wallet

import (
	"context"
	"fmt"

	"casino/bff/ledger"
)

// PulseRound is one round of the Game Pulse graph: what the player staked and
// won in it (decimal strings in the round's currency).
type PulseRound struct {
	ID     int64  `json:"id"`
	GameID string `json:"gameId"`
	Bet    string `json:"bet"`
	Win    string `json:"win"`
	Net    string `json:"net"` // win − bet
	At     string `json:"at"`
}

// Pulse is the player's recent rounds, oldest first, in their currency.
type Pulse struct {
	CurrencyCode string       `json:"currencyCode"`
	Decimals     int          `json:"decimals"`
	Rounds       []PulseRound `json:"rounds"`
}

// Pulse window (rounds).
const (
	DefaultPulseRounds = 30
	MaxPulseRounds     = 100
)

// Pulse reads the player's last rounds for the Game Pulse graph. One row per
// round (a bet and its wins together) is what the graph draws; the
// transaction history would need a bet and a win row joined per round.
// Rounds rolled back to nothing and rounds in another currency than the
// player's are left out, so the sum is the player's net in one currency.
func (s *Service) Pulse(ctx context.Context, playerID int64, currency string, limit int) (Pulse, error) {
	if limit < 1 {
		limit = DefaultPulseRounds
	}
	limit = min(limit, MaxPulseRounds)
	c, err := ledger.LookupCurrency(currency)
	if err != nil {
		return Pulse{}, err
	}
	p := Pulse{CurrencyCode: c.Code, Decimals: c.Decimals, Rounds: []PulseRound{}}
	rows, err := s.db.Read.QueryContext(ctx, `SELECT id, game_id, bet_real + bet_bonus, win, started_at FROM wallet_rounds
		WHERE player_id = ? AND currency = ? AND bet_real + bet_bonus + win > 0 ORDER BY id DESC LIMIT ?`, playerID, c.Code, limit)
	if err != nil {
		return Pulse{}, fmt.Errorf("wallet: pulse of %d: %w", playerID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			r        PulseRound
			bet, win int64
		)
		if err := rows.Scan(&r.ID, &r.GameID, &bet, &win, &r.At); err != nil {
			return Pulse{}, err
		}
		r.Bet, r.Win, r.Net = fmtMinor(bet, c), fmtMinor(win, c), fmtMinor(win-bet, c)
		p.Rounds = append(p.Rounds, r)
	}
	if err := rows.Err(); err != nil {
		return Pulse{}, err
	}
	for i, j := 0, len(p.Rounds)-1; i < j; i, j = i+1, j-1 {
		p.Rounds[i], p.Rounds[j] = p.Rounds[j], p.Rounds[i]
	}
	return p, nil
}
