// Package statistics is the profile statistics page's data (SPEC 1: "a
// profile statistics page"): a player's totals over a period — stakes, wins,
// net, rounds, biggest win, favourite games, deposits and withdrawals — from
// the wallet's rounds and the ledger. It reads one player's records when they
// open the page, never on a bet.
package statistics

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"casino/bff/api"
	"casino/bff/clock"
	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/session"
)

// Periods the page offers, each ending now.
const (
	Today = "today" // since 00:00 UTC
	Week  = "7d"
	Month = "30d"
	All   = "all"
)

// ErrPeriod is an unknown period.
var ErrPeriod = api.ErrValidation.WithField("period", "Invalid format")

// Game is one of the player's favourite games (most rounds).
type Game struct {
	GameID string `json:"gameId"`
	Name   string `json:"name"`
	Rounds int64  `json:"rounds"`
}

// Totals is GET /api/user/statistics. Amounts are decimal strings in Currency.
type Totals struct {
	Period      string    `json:"period"`
	Since       time.Time `json:"since"`
	Currency    string    `json:"currency"`
	Stakes      string    `json:"stakes"`
	Wins        string    `json:"wins"`
	Net         string    `json:"net"` // wins − stakes: the player's result
	Rounds      int64     `json:"rounds"`
	BiggestWin  string    `json:"biggestWin"`
	Favourites  []Game    `json:"favouriteGames"`
	Deposits    string    `json:"deposits"`
	DepositsN   int64     `json:"depositCount"`
	Withdrawals string    `json:"withdrawals"` // paid out
	WithdrawN   int64     `json:"withdrawalCount"`
}

// Service computes the totals.
type Service struct {
	db    *database.DB
	clock clock.Clock
}

// New returns the statistics over db.
func New(db *database.DB, c clock.Clock) *Service { return &Service{db: db, clock: clock.Or(c)} }

// since is the start of period at now (zero time for All).
func since(period string, now time.Time) (time.Time, error) {
	now = now.UTC()
	switch period {
	case Today:
		return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC), nil
	case Week:
		return now.AddDate(0, 0, -7), nil
	case Month:
		return now.AddDate(0, 0, -30), nil
	case All:
		return time.Time{}, nil
	}
	return time.Time{}, ErrPeriod
}

func stamp(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// Totals computes the player's totals over period in their currency.
func (s *Service) Totals(ctx context.Context, playerID int64, currency, period string) (Totals, error) {
	from, err := since(period, s.clock.Now())
	if err != nil {
		return Totals{}, err
	}
	cur, err := ledger.LookupCurrency(currency)
	if err != nil {
		return Totals{}, fmt.Errorf("statistics: %w", err)
	}
	money := func(minor int64) string { return ledger.FromMinor(minor, cur).Decimal() }
	var stakes, wins, rounds, biggest int64
	err = s.db.Read.QueryRowContext(ctx, `SELECT COALESCE(sum(bet_real + bet_bonus), 0), COALESCE(sum(win), 0), count(*), COALESCE(max(win), 0)
		FROM wallet_rounds WHERE player_id = ? AND currency = ? AND started_at >= ?`, playerID, cur.Code, stamp(from)).Scan(&stakes, &wins, &rounds, &biggest)
	if err != nil {
		return Totals{}, fmt.Errorf("statistics: rounds: %w", err)
	}
	t := Totals{Period: period, Since: from, Currency: cur.Code, Stakes: money(stakes), Wins: money(wins), Net: money(wins - stakes),
		Rounds: rounds, BiggestWin: money(biggest), Favourites: []Game{}}
	rows, err := s.db.Read.QueryContext(ctx, `SELECT r.game_id, COALESCE(
			(SELECT g.name FROM games g JOIN game_providers p ON p.id = g.provider_id WHERE p.wallet_provider = r.provider AND g.external_id = r.game_id),
			(SELECT g.name FROM games g WHERE g.slug = r.game_id), r.game_id), count(*) AS n
		FROM wallet_rounds r WHERE r.player_id = ? AND r.currency = ? AND r.started_at >= ?
		GROUP BY r.provider, r.game_id ORDER BY n DESC, r.game_id LIMIT 3`, playerID, cur.Code, stamp(from))
	if err != nil {
		return Totals{}, fmt.Errorf("statistics: games: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var g Game
		if err := rows.Scan(&g.GameID, &g.Name, &g.Rounds); err != nil {
			return Totals{}, err
		}
		t.Favourites = append(t.Favourites, g)
	}
	if err := rows.Err(); err != nil {
		return Totals{}, err
	}
	// Deposits credited to the real account; withdrawals paid out of the hold.
	var dep, depN, wd, wdN int64
	err = s.db.Read.QueryRowContext(ctx, `SELECT
			COALESCE(sum(CASE WHEN t.kind = 'deposit' AND a.kind = 'real' THEN p.amount END), 0),
			count(CASE WHEN t.kind = 'deposit' AND a.kind = 'real' THEN 1 END),
			COALESCE(sum(CASE WHEN t.kind = 'withdraw_settle' AND a.kind = 'withdrawal_hold' THEN -p.amount END), 0),
			count(CASE WHEN t.kind = 'withdraw_settle' AND a.kind = 'withdrawal_hold' THEN 1 END)
		FROM ledger_accounts a
		JOIN ledger_postings p ON p.account_id = a.id
		JOIN ledger_transactions t ON t.id = p.transaction_id
		WHERE a.player_id = ? AND a.currency = ? AND t.status = 'committed' AND t.created_at >= ?`, playerID, cur.Code, stamp(from)).Scan(&dep, &depN, &wd, &wdN)
	if err != nil {
		return Totals{}, fmt.Errorf("statistics: cashier: %w", err)
	}
	t.Deposits, t.DepositsN, t.Withdrawals, t.WithdrawN = money(dep), depN, money(wd), wdN
	return t, nil
}

// Web serves GET /api/user/statistics?period=today|7d|30d|all (default 30d).
type Web struct {
	Service  *Service
	Sessions *session.Manager
}

// Routes registers the call.
func (web *Web) Routes(mux *http.ServeMux) {
	mux.Handle("GET /api/user/statistics", web.Sessions.RequireUser(web.totals))
}

func (web *Web) totals(w http.ResponseWriter, r *http.Request) error {
	p := session.PlayerFrom(r.Context())
	period := r.URL.Query().Get("period")
	if period == "" {
		period = Month
	}
	t, err := web.Service.Totals(r.Context(), p.ID, p.Currency, period)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return api.WriteData(w, t)
}
