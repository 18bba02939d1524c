package races

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"casino/bff/ledger"
)

// batchTransactions bounds the ledger transactions one pass reads.
const batchTransactions = 2000

// qPlays sums each bet's, win's and bet rollback's player side (real +
// bonus) per transaction among ledger transactions (lo, hi]: what was
// staked, won or handed back ("unbet", with the bet's own game and time).
const qPlays = `SELECT t.id, CASE WHEN t.kind = 'rollback' THEN 'unbet' ELSE t.kind END,
		COALESCE(r.created_at, t.created_at), COALESCE(json_extract(COALESCE(r.metadata, t.metadata), '$.provider'), ''),
		COALESCE(json_extract(COALESCE(r.metadata, t.metadata), '$.game'), ''), COALESCE(json_extract(COALESCE(r.metadata, t.metadata), '$.round'), ''),
		a.player_id, p.currency, SUM(p.amount)
	FROM ledger_transactions t
	JOIN ledger_postings p ON p.transaction_id = t.id
	JOIN ledger_accounts a ON a.id = p.account_id AND a.kind IN ('real', 'bonus')
	LEFT JOIN ledger_transactions r ON r.id = t.reverses_id AND t.kind = 'rollback'
	WHERE t.id > ? AND t.id <= ? AND t.status = 'committed'
	  AND (t.kind IN ('bet', 'win') OR t.kind = 'rollback' AND r.kind = 'bet')
	GROUP BY t.id, a.player_id, p.currency`

// unbet is a rolled-back bet: its stake leaves the race scores.
const unbet = "unbet"

type play struct {
	kind, provider, game, round, currency string
	at                                    time.Time
	player, amount                        int64 // amount: + staked for a bet, + won for a win
}

type scoreKey struct {
	race   string
	player int64
}

type scoreDelta struct {
	metric               string
	stakes, rounds, best int64
}

// The score grows by the stakes, or becomes the better multiplier;
// updated_at moves only when the score grew (earlier wins a tie). Both count
// rounds and stakes for the player's race statistics.
const (
	qAddStakes = `INSERT INTO race_scores(race_id, player_id, score, rounds, staked, best, updated_at) VALUES (?1, ?2, ?3, ?4, ?3, ?5, ?6)
		ON CONFLICT(race_id, player_id) DO UPDATE SET score = score + excluded.score, rounds = rounds + excluded.rounds,
		staked = staked + excluded.staked, best = max(best, excluded.best),
		updated_at = CASE WHEN excluded.score > 0 THEN excluded.updated_at ELSE updated_at END`
	qAddMultiplier = `INSERT INTO race_scores(race_id, player_id, score, rounds, staked, best, updated_at) VALUES (?1, ?2, ?5, ?4, ?3, ?5, ?6)
		ON CONFLICT(race_id, player_id) DO UPDATE SET score = max(score, excluded.score), rounds = rounds + excluded.rounds,
		staked = staked + excluded.staked, best = max(best, excluded.best),
		updated_at = CASE WHEN excluded.best > best THEN excluded.updated_at ELSE updated_at END`
)

// CatchUp scores the ledger transactions committed since the last pass and
// returns how many it read.
func (s *Service) CatchUp(ctx context.Context) (int, error) {
	s.run.Lock()
	defer s.run.Unlock()
	return s.catchUp(ctx)
}

func (s *Service) catchUp(ctx context.Context) (int, error) {
	var cursor, last int64
	if err := s.db.Read.QueryRowContext(ctx, `SELECT transaction_id, (SELECT COALESCE(max(id), 0) FROM ledger_transactions) FROM race_cursor`).Scan(&cursor, &last); err != nil {
		return 0, fmt.Errorf("races: cursor: %w", err)
	}
	hi := min(last, cursor+batchTransactions)
	if hi <= cursor {
		return 0, nil
	}
	races, err := s.unpaid(ctx)
	if err != nil {
		return 0, err
	}
	deltas := map[scoreKey]*scoreDelta{}
	s.factors = map[string]int64{}
	if len(races) > 0 {
		plays, err := s.plays(ctx, cursor, hi)
		if err != nil {
			return 0, err
		}
		for _, p := range plays {
			if err := s.score(ctx, races, p, deltas); err != nil {
				return 0, err
			}
		}
	}
	now := stamp(s.clock.Now())
	err = s.ledger.Do(ctx, func(tx *ledger.Tx) error {
		res, err := tx.SQL().ExecContext(tx.Context(), `UPDATE race_cursor SET transaction_id = ? WHERE id = 1 AND transaction_id = ?`, hi, cursor)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return fmt.Errorf("races: cursor moved under a pass")
		}
		// One statement per kind for the whole pass: a pass writes a row per
		// race and player who played, thousands with many races running.
		stmts := map[string]*sql.Stmt{}
		defer func() {
			for _, st := range stmts {
				st.Close()
			}
		}()
		for k, d := range deltas {
			q := qAddStakes
			if d.metric == ByMultiplier {
				q = qAddMultiplier
			}
			st := stmts[q]
			if st == nil {
				if st, err = tx.SQL().PrepareContext(tx.Context(), q); err != nil {
					return err
				}
				stmts[q] = st
			}
			if _, err := st.ExecContext(tx.Context(), k.race, k.player, d.stakes, d.rounds, d.best, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	if s.Changed != nil && len(deltas) > 0 {
		seen := map[string]bool{}
		var ids []string
		for k := range deltas {
			if !seen[k.race] {
				seen[k.race] = true
				ids = append(ids, k.race)
			}
		}
		s.Changed(ids)
	}
	return int(hi - cursor), nil
}

func (s *Service) plays(ctx context.Context, lo, hi int64) ([]play, error) {
	rows, err := s.db.Read.QueryContext(ctx, qPlays, lo, hi)
	if err != nil {
		return nil, fmt.Errorf("races: read plays: %w", err)
	}
	defer rows.Close()
	var out []play
	for rows.Next() {
		var p play
		var id int64
		var at string
		if err := rows.Scan(&id, &p.kind, &at, &p.provider, &p.game, &p.round, &p.player, &p.currency, &p.amount); err != nil {
			return nil, err
		}
		p.at = parseStamp(at)
		switch p.kind {
		case string(ledger.KindBet):
			p.amount = -p.amount // staked: taken from the player
		case unbet:
			// handed back: a positive amount, counted as a negative stake below
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// score adds one play to the deltas of every race it counts in. A win's
// multiplier is the win over its round's whole stake (the wallet's round
// record: one indexed row, not the player's history).
func (s *Service) score(ctx context.Context, races []Race, p play, deltas map[scoreKey]*scoreDelta) error {
	var in []Race
	for _, r := range races {
		if r.counts(p.game, p.at) {
			in = append(in, r)
		}
	}
	if len(in) == 0 || p.amount <= 0 {
		return nil
	}
	factor, ok := s.factors[p.currency]
	if !ok {
		factor = 1
		if s.Scale != nil {
			if sc, err := s.Scale(ctx, p.currency); err == nil && sc.Factor > 0 {
				factor = sc.Factor
			}
		}
		s.factors[p.currency] = factor
	}
	var stake, best int64
	if p.kind == string(ledger.KindBet) || p.kind == unbet {
		stake = p.amount / factor
	} else {
		var roundStake int64
		err := s.db.Read.QueryRowContext(ctx, `SELECT bet_real + bet_bonus FROM wallet_rounds WHERE provider = ? AND round_id = ?`, p.provider, p.round).Scan(&roundStake)
		if err != nil || roundStake <= 0 {
			return nil // a win without a known stake (a provider's bonus round) has no multiplier
		}
		if roundStake/factor < minStakeOf(in) {
			return nil
		}
		best = p.amount * 100 / roundStake
	}
	for _, r := range in {
		if (p.kind == string(ledger.KindBet) || p.kind == unbet) && stake < r.MinStake {
			continue
		}
		k := scoreKey{r.ID, p.player}
		d := deltas[k]
		if d == nil {
			d = &scoreDelta{metric: r.Metric}
			deltas[k] = d
		}
		switch p.kind {
		case string(ledger.KindBet):
			d.stakes += stake
			d.rounds++
		case unbet:
			d.stakes -= stake
			d.rounds--
		default:
			d.best = max(d.best, best)
		}
	}
	return nil
}

func minStakeOf(rs []Race) int64 {
	m := rs[0].MinStake
	for _, r := range rs[1:] {
		m = min(m, r.MinStake)
	}
	return m
}

// Run scores new plays and pays ended races every interval until ctx ends.
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := s.Tick(ctx); err != nil && ctx.Err() == nil && !strings.Contains(err.Error(), "database is closed") {
			slog.Error("races: pass failed", "err", err)
		}
	}
}

// Tick scores everything committed so far, then pays the races that ended
// before this pass began (so every bet placed before the end is scored).
func (s *Service) Tick(ctx context.Context) error {
	s.run.Lock()
	defer s.run.Unlock()
	began := s.clock.Now()
	for {
		n, err := s.catchUp(ctx)
		if err != nil {
			return err
		}
		if n < batchTransactions {
			break
		}
	}
	return s.payDue(ctx, began)
}
