// Package bigwins is the public feed of big wins (docs/chat.md "Big wins"):
// a real-money win of at least the operator's multiple of its round's stake
// (site setting bigWinMultiplier) is kept with the name other players may see
// at that moment and announced live. The chat shows the feed to players who
// keep "Show big wins" on.
package bigwins

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"casino/bff/clock"
	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/wallet"
)

// Win is a line of the feed.
type Win struct {
	ID           int64     `json:"id"`
	Name         string    `json:"name"`
	GameID       string    `json:"gameId"`
	GameName     string    `json:"gameName"`
	CurrencyCode string    `json:"currencyCode"`
	Amount       string    `json:"amount"`
	Multiplier   string    `json:"multiplier"` // win ÷ stake, one decimal ("25.5")
	At           time.Time `json:"at"`
}

const (
	// DefaultLimit and MaxLimit bound a read of the feed.
	DefaultLimit = 10
	MaxLimit     = 50
	// queueSize bounds the wins waiting to be stored; a burst beyond it is
	// dropped from the feed (logged), never slowing a round.
	queueSize = 256
)

// Feed keeps and announces big wins.
type Feed struct {
	db    *database.DB
	clock clock.Clock
	// Name is the name other players see for a player now ("Ghost" in
	// ghost mode; chat.Service.PublicNameOf).
	Name func(ctx context.Context, playerID int64) (string, error)
	// Multiplier is the operator's threshold (0: the feed is off).
	Multiplier func(ctx context.Context) (int, error)
	// Announce, when set, is told of every stored big win (the realtime topic).
	Announce func(Win)

	queue chan wallet.Win
}

// New returns a feed on db; Run stores what Offer queues.
func New(db *database.DB, c clock.Clock) *Feed {
	return &Feed{db: db, clock: clock.Or(c), queue: make(chan wallet.Win, queueSize)}
}

// Big reports whether w belongs in the feed at threshold multiplier: real
// money staked and won at least multiplier times the stake.
func Big(w wallet.Win, multiplier int) bool {
	return multiplier > 0 && !w.Free && w.Stake > 0 && w.Amount/int64(multiplier) >= w.Stake
}

// Offer queues w when it is big; it never blocks (the wallet's Won hook).
func (f *Feed) Offer(w wallet.Win) {
	// Most rounds win less than their stake: they never read the setting.
	if w.Free || w.Stake <= 0 || w.Amount < w.Stake {
		return
	}
	m, err := f.Multiplier(context.Background())
	if err != nil || !Big(w, m) {
		return
	}
	select {
	case f.queue <- w:
	default:
		slog.Warn("big wins: queue full, a win left out of the feed", "player", w.PlayerID, "game", w.GameID)
	}
}

// Run stores and announces queued wins until ctx ends.
func (f *Feed) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case w := <-f.queue:
			if _, err := f.Add(ctx, w); err != nil {
				slog.Error("big wins: store", "err", err)
			}
		}
	}
}

// Add stores w under the player's public name and announces it.
func (f *Feed) Add(ctx context.Context, w wallet.Win) (Win, error) {
	name, err := f.Name(ctx, w.PlayerID)
	if err != nil {
		return Win{}, fmt.Errorf("big wins: name of player %d: %w", w.PlayerID, err)
	}
	at := f.clock.Now().UTC()
	res, err := f.db.Write.ExecContext(ctx, `INSERT INTO big_wins(player_id, name, game_id, game_name, currency, stake, amount, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, w.PlayerID, name, w.GameID, w.GameName, w.Currency.Code, w.Stake, w.Amount, at.Format(stampLayout))
	if err != nil {
		return Win{}, fmt.Errorf("big wins: insert: %w", err)
	}
	id, _ := res.LastInsertId()
	line := line(id, name, w.GameID, w.GameName, w.Currency, w.Stake, w.Amount, at)
	if f.Announce != nil {
		f.Announce(line)
	}
	return line, nil
}

// Recent returns the newest limit big wins, newest first.
func (f *Feed) Recent(ctx context.Context, limit int) ([]Win, error) {
	if limit <= 0 || limit > MaxLimit {
		limit = DefaultLimit
	}
	rows, err := f.db.Read.QueryContext(ctx, `SELECT id, name, game_id, game_name, currency, stake, amount, created_at
		FROM big_wins ORDER BY id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("big wins: recent: %w", err)
	}
	defer rows.Close()
	out := []Win{}
	for rows.Next() {
		var (
			id, stake, amount              int64
			name, game, gameName, code, at string
		)
		if err := rows.Scan(&id, &name, &game, &gameName, &code, &stake, &amount, &at); err != nil {
			return nil, err
		}
		cur, err := ledger.LookupCurrency(code)
		if err != nil {
			return nil, err
		}
		t, _ := time.Parse(stampLayout, at)
		out = append(out, line(id, name, game, gameName, cur, stake, amount, t))
	}
	return out, rows.Err()
}

const stampLayout = "2006-01-02T15:04:05.000Z"

func line(id int64, name, game, gameName string, cur ledger.Currency, stake, amount int64, at time.Time) Win {
	tenths := ledger.MulDiv(amount, 10, stake)
	return Win{ID: id, Name: name, GameID: game, GameName: gameName, CurrencyCode: cur.Code,
		Amount: ledger.FormatMinor(amount, cur.Decimals), Multiplier: strconv.FormatInt(tenths/10, 10) + "." + strconv.FormatInt(tenths%10, 10), At: at}
}
