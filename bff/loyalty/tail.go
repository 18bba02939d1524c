package loyalty

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"casino/bff/ledger"
)

// batchPostings bounds the ledger postings one catch-up reads.
const batchPostings = 5000

// qRealStakes reads the real-money side of bets and of bet rollbacks among
// postings (lo, hi]: a bet takes from player:{id}:real (negative amount, a
// positive stake), its rollback gives it back (a negative stake).
const qRealStakes = `SELECT a.player_id, p.currency, -p.amount
	FROM ledger_postings p
	JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'real'
	JOIN ledger_transactions t ON t.id = p.transaction_id
	LEFT JOIN ledger_transactions r ON r.id = t.reverses_id
	WHERE p.id > ? AND p.id <= ? AND (t.kind = 'bet' OR (t.kind = 'rollback' AND r.kind = 'bet'))`

// The catch-up's write statements, prepared once on the writer connection
// (outside any write transaction) and bound to each group's transaction:
// a catch-up runs them for every player who staked since the last one, and
// an unprepared statement is parsed and planned each time, inside the one
// writer's time (the wallet's group commit waits behind it).
const (
	qMoveCursor = `UPDATE loyalty_cursor SET posting_id = ? WHERE id = 1 AND posting_id = ?`
	qAddStake   = `INSERT INTO loyalty_stakes(player_id, currency, staked) VALUES (?, ?, ?)
				ON CONFLICT(player_id, currency) DO UPDATE SET staked = staked + excluded.staked`
	qStakes   = `SELECT currency, staked FROM loyalty_stakes WHERE player_id = ?`
	qOldLevel = `SELECT COALESCE((SELECT level FROM loyalty_players WHERE player_id = ?), -1)`
	qSetLevel = `INSERT INTO loyalty_players(player_id, points, level) VALUES (?, ?, ?)
		ON CONFLICT(player_id) DO UPDATE SET points = excluded.points, level = excluded.level, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')`
)

// stmts are the catch-up's statements, bound to one group's transaction.
type stmts struct {
	tx                                               *ledger.Tx
	moveCursor, addStake, stakes, oldLevel, setLevel *sql.Stmt
}

// prepare prepares the catch-up's statements once (outside a write
// transaction: the writer has one connection).
func (s *Service) prepare(ctx context.Context) error {
	s.stmtOnce.Do(func() {
		for _, q := range []string{qMoveCursor, qAddStake, qStakes, qOldLevel, qSetLevel} {
			st, err := s.db.Write.PrepareContext(ctx, q)
			if err != nil {
				s.stmtErr = fmt.Errorf("loyalty: prepare: %w", err)
				return
			}
			s.prepared = append(s.prepared, st)
		}
	})
	return s.stmtErr
}

// bind binds the prepared statements to tx.
func (s *Service) bind(tx *ledger.Tx) *stmts {
	p := s.prepared
	return &stmts{tx: tx, moveCursor: tx.Stmt(p[0]), addStake: tx.Stmt(p[1]), stakes: tx.Stmt(p[2]), oldLevel: tx.Stmt(p[3]), setLevel: tx.Stmt(p[4])}
}

type stakeKey struct {
	player   int64
	currency string
}

// levelUp is one level reached, published after commit.
type levelUp struct {
	player int64
	level  Level
	points int64
}

// CatchUp counts the postings committed since the last call (at most
// batchPostings) and returns how many it read; quiet suppresses level-up
// events (a recompute).
func (s *Service) CatchUp(ctx context.Context) (int, error) { return s.catchUp(ctx, false) }

func (s *Service) catchUp(ctx context.Context, quiet bool) (int, error) {
	s.run.Lock()
	defer s.run.Unlock()
	var cursor, last int64
	if err := s.db.Read.QueryRowContext(ctx, `SELECT posting_id, (SELECT COALESCE(max(id), 0) FROM ledger_postings) FROM loyalty_cursor`).Scan(&cursor, &last); err != nil {
		return 0, fmt.Errorf("loyalty: cursor: %w", err)
	}
	hi := min(last, cursor+batchPostings)
	if hi <= cursor {
		return 0, nil
	}
	// Committed ids are dense up to last (one writer commits in id order),
	// so everything in (cursor, hi] is visible now.
	rows, err := s.db.Read.QueryContext(ctx, qRealStakes, cursor, hi)
	if err != nil {
		return 0, fmt.Errorf("loyalty: read stakes: %w", err)
	}
	deltas := map[stakeKey]int64{}
	for rows.Next() {
		var k stakeKey
		var d int64
		if err := rows.Scan(&k.player, &k.currency, &d); err != nil {
			rows.Close()
			return 0, err
		}
		deltas[k] += d
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	levels, err := s.Levels(ctx)
	if err != nil {
		return 0, err
	}
	players := map[int64]bool{}
	for k := range deltas {
		players[k.player] = true
	}
	rate := func(currency string) (int64, error) { return s.minorPerPoint(ctx, currency) }
	if err := s.prepare(ctx); err != nil {
		return 0, err
	}
	var ups []levelUp
	err = s.ledger.Do(ctx, func(tx *ledger.Tx) error {
		ups = ups[:0]
		q := s.bind(tx)
		res, err := q.moveCursor.ExecContext(tx.Context(), hi, cursor)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return fmt.Errorf("loyalty: cursor moved under a catch-up")
		}
		for k, d := range deltas {
			if d == 0 {
				continue
			}
			if _, err := q.addStake.ExecContext(tx.Context(), k.player, k.currency, d); err != nil {
				return err
			}
		}
		for p := range players {
			up, err := settle(q, levels, rate, p)
			if err != nil {
				return err
			}
			if up != nil {
				ups = append(ups, *up)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	if s.Publish != nil && !quiet {
		for _, u := range ups {
			s.Publish(u.player, LevelUp, map[string]any{"level": u.level.Level, "name": u.level.Name, "points": u.points})
		}
	}
	return int(hi - cursor), nil
}

// settle recomputes one player's points from their running stakes (a row
// per currency: a handful, never their history) and stores the level; it
// returns the level reached when it went up.
func settle(q *stmts, levels []Level, rate func(string) (int64, error), player int64) (*levelUp, error) {
	ctx := q.tx.Context()
	rows, err := q.stakes.QueryContext(ctx, player)
	if err != nil {
		return nil, err
	}
	var points int64
	for rows.Next() {
		var cur string
		var staked int64
		if err := rows.Scan(&cur, &staked); err != nil {
			rows.Close()
			return nil, err
		}
		r, err := rate(cur)
		if err != nil {
			rows.Close()
			return nil, err
		}
		if staked > 0 {
			points += staked / r
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	lvl, _ := levelFor(levels, points)
	old := -1 // no row yet
	if err := q.oldLevel.QueryRowContext(ctx, player).Scan(&old); err != nil {
		return nil, err
	}
	if _, err := q.setLevel.ExecContext(ctx, player, points, lvl.Level); err != nil {
		return nil, err
	}
	if lvl.Level > max(old, 0) {
		return &levelUp{player: player, level: lvl, points: points}, nil
	}
	return nil, nil
}

// Standing sums up the club: players with a row, their points, and how many
// hold each level ("0", "1", …).
type Standing struct {
	Players int            `json:"players"`
	Points  int64          `json:"points"`
	Levels  map[string]int `json:"levels"`
}

// RecomputeHook runs in the transaction that discards every player's points
// and levels, with the standing discarded and the last ledger posting the
// rebuild replays up to: the command line writes its audit row there.
type RecomputeHook func(tx *sql.Tx, before Standing, lastPosting int64) error

// RecomputeWith rebuilds every player's stakes, points and level from the
// whole ledger (no level-up events): after an operator changes rates or
// levels, or to check the running figures. hook (may be nil) runs in the
// reset's transaction.
func (s *Service) RecomputeWith(ctx context.Context, hook RecomputeHook) error {
	s.forget()
	s.run.Lock()
	err := s.ledger.Do(ctx, func(tx *ledger.Tx) error {
		var before Standing
		var last int64
		if hook != nil {
			var err error
			if before, err = standing(tx.Context(), tx.SQL()); err != nil {
				return err
			}
			if err := tx.SQL().QueryRowContext(tx.Context(), `SELECT COALESCE(max(id), 0) FROM ledger_postings`).Scan(&last); err != nil {
				return err
			}
		}
		for _, q := range []string{`DELETE FROM loyalty_stakes`, `UPDATE loyalty_players SET points = 0, level = 0`, `UPDATE loyalty_cursor SET posting_id = 0`} {
			if _, err := tx.SQL().ExecContext(tx.Context(), q); err != nil {
				return err
			}
		}
		if hook != nil {
			return hook(tx.SQL(), before, last)
		}
		return nil
	})
	s.run.Unlock()
	if err != nil {
		return err
	}
	for {
		n, err := s.catchUp(ctx, true)
		if err != nil || n == 0 {
			return err
		}
	}
}

// Standing returns the club's standing now.
func (s *Service) Standing(ctx context.Context) (Standing, error) {
	return standing(ctx, s.db.Read)
}

func standing(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}) (Standing, error) {
	st := Standing{Levels: map[string]int{}}
	rows, err := q.QueryContext(ctx, `SELECT level, count(*), COALESCE(sum(points), 0) FROM loyalty_players GROUP BY level ORDER BY level`)
	if err != nil {
		return st, err
	}
	defer rows.Close()
	for rows.Next() {
		var level, n int
		var points int64
		if err := rows.Scan(&level, &n, &points); err != nil {
			return st, err
		}
		st.Players += n
		st.Points += points
		st.Levels[strconv.Itoa(level)] = n
	}
	return st, rows.Err()
}

// Run catches up every interval until ctx ends, draining a backlog at once.
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		for {
			n, err := s.CatchUp(ctx)
			if err != nil {
				if ctx.Err() == nil && !strings.Contains(err.Error(), "database is closed") {
					slog.Error("loyalty: catch-up failed", "err", err)
				}
				break
			}
			if n < batchPostings {
				break
			}
		}
	}
}
