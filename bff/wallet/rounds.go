package wallet

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"casino/bff/api"
	"casino/bff/ledger"
)

func nowText(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// EndRound closes a round and stores its final outcome; closing a closed
// round answers the round again.
func (s *Service) EndRound(ctx context.Context, provider string, req EndRoundRequest) (Round, error) {
	v := api.Validation{}
	if !validID(req.RoundID) {
		v.Add("roundId", "Required")
	}
	if req.GameID == "" {
		v.Add("gameId", "Required")
	}
	playerID := parsePlayer(req.PlayerID, v)
	outcome := parseOutcome(req.Outcome, v)
	if err := v.Err(); err != nil {
		return Round{}, err
	}
	if err := s.prepare(ctx); err != nil {
		return Round{}, err
	}
	var id int64
	err := s.ledger.Do(ctx, func(lt *ledger.Tx) error {
		w := wtx{Tx: lt, s: s}
		r, ok, err := w.round(qRound, provider, req.RoundID)
		if err != nil {
			return err
		}
		if !ok || r.playerID != playerID || r.gameID != req.GameID {
			return ErrRoundNotFound
		}
		id = r.id
		if r.status == "closed" {
			return nil
		}
		_, err = lt.SQL().ExecContext(lt.Context(), `UPDATE wallet_rounds SET status = 'closed', ended_at = ?, outcome = coalesce(?, outcome) WHERE id = ?`,
			nowText(s.Now()), outcome, r.id)
		return err
	})
	if err != nil {
		return Round{}, err
	}
	return s.Round(ctx, id, playerID)
}

// Round reads one of a player's rounds (game recall). playerID 0 skips the
// owner check (operator use).
func (s *Service) Round(ctx context.Context, id, playerID int64) (Round, error) {
	var (
		r                                     Round
		betReal, betBonus, win, before, after int64
		outcome                               string
	)
	err := s.db.Read.QueryRowContext(ctx, `SELECT id, provider, round_id, player_id, game_id, currency, bet_real, bet_bonus, win,
		balance_before, balance_after, outcome, status, started_at, ended_at FROM wallet_rounds WHERE id = ?`, id).Scan(
		&r.ID, &r.Provider, &r.RoundID, &r.PlayerID, &r.GameID, &r.Currency, &betReal, &betBonus, &win, &before, &after,
		&outcome, &r.Status, &r.StartedAt, &r.EndedAt)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && playerID != 0 && r.PlayerID != playerID) {
		return Round{}, ErrRoundNotFound
	}
	if err != nil {
		return Round{}, fmt.Errorf("wallet: round %d: %w", id, err)
	}
	c, err := ledger.LookupCurrency(r.Currency)
	if err != nil {
		return Round{}, err
	}
	r.Bet, r.Win = fmtMinor(betReal+betBonus, c), fmtMinor(win, c)
	r.BalanceBefore, r.BalanceAfter = fmtMinor(before, c), fmtMinor(after, c)
	r.Outcome = json.RawMessage(outcome)
	return r, nil
}
