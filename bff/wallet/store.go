package wallet

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"casino/bff/api"
	"casino/bff/ledger"
)

// The write path's statements, prepared once on the writer connection and
// used inside the ledger's group-commit transactions.
const (
	qTx = `SELECT id, kind, status, request_hash, player_id, game_id, COALESCE(round_ref, 0), currency, amount,
		real_amount, bonus_amount, COALESCE(ledger_tx_id, 0), rolled_back, response, substr(created_at, 1, 10)
		FROM wallet_transactions WHERE provider = ? AND transaction_id = ?`
	// qState is everything a money call or a rollback reads before it
	// decides, in one statement (each statement costs more than the rows it
	// reads): whether its transaction id was used before (qTx then reads
	// that use: the rare path of retries), the player with limits and
	// wagering rule, their real and bonus ledger rows (ledger currency codes
	// are upper case: ledger.LookupCurrency) and the round named by the call
	// ("" for none).
	qState = `SELECT COALESCE(t.id, 0), COALESCE(u.id, 0), COALESCE(u.currency_code, ''), COALESCE(u.self_exclusion_permanent, 0), COALESCE(u.self_exclusion_until, ''),
		COALESCE(l.max_bet, 0), COALESCE(l.daily_bet, 0), COALESCE(l.weekly_bet, 0), COALESCE(l.monthly_bet, 0),
		COALESCE(l.daily_loss, 0), COALESCE(l.weekly_loss, 0), COALESCE(l.monthly_loss, 0),
		COALESCE(l.frozen_until, ''), COALESCE(l.bonus_buy_confirmed, 0),
		COALESCE(w.wagering_type, 'REAL_MONEY_ONLY'), COALESCE(w.bonus_max_bet, 0),
		COALESCE(ar.id, 0), COALESCE(ar.balance, 0), COALESCE(ab.id, 0), COALESCE(ab.balance, 0),
		COALESCE(r.id, 0), COALESCE(r.player_id, 0), COALESCE(r.game_id, ''), COALESCE(r.currency, ''),
		COALESCE(r.bet_real, 0), COALESCE(r.bet_bonus, 0), COALESCE(r.win, 0), COALESCE(r.status, ''), COALESCE(r.free_round, 0)
		FROM (SELECT 1) one
		LEFT JOIN wallet_transactions t ON t.provider = ?4 AND t.transaction_id = ?6
		LEFT JOIN users u ON u.id = ?1
		LEFT JOIN player_limits l ON l.player_id = u.id LEFT JOIN player_wagering w ON w.player_id = u.id
		LEFT JOIN ledger_accounts ar ON ar.name = ?2 AND ar.currency = upper(u.currency_code)
		LEFT JOIN ledger_accounts ab ON ab.name = ?3 AND ab.currency = upper(u.currency_code)
		LEFT JOIN wallet_rounds r ON r.provider = ?4 AND r.round_id = ?5`
	qRound        = `SELECT id, player_id, game_id, currency, bet_real, bet_bonus, win, status FROM wallet_rounds WHERE provider = ? AND round_id = ?`
	qRoundByRef   = `SELECT id, player_id, game_id, currency, bet_real, bet_bonus, win, status FROM wallet_rounds WHERE id = ?`
	qInsertRound  = `INSERT INTO wallet_rounds(provider, round_id, player_id, game_id, currency, bet_real, bet_bonus, win, balance_before, balance_after, outcome, status, ended_at, started_at, free_round) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)`
	qUpdateRound  = `UPDATE wallet_rounds SET bet_real = bet_real + ?, bet_bonus = bet_bonus + ?, win = win + ?, balance_after = ?, outcome = coalesce(?, outcome), status = ?, ended_at = ? WHERE id = ?`
	qInsertTx     = `INSERT INTO wallet_transactions(provider, transaction_id, kind, status, error_code, request_hash, player_id, game_id, round_ref, currency, amount, real_amount, bonus_amount, balance_before, balance_after, bonus_after, ledger_tx_id, target_ref, response, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	qDay          = `INSERT INTO wallet_player_days(player_id, currency, day, staked, won) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET staked = staked + excluded.staked, won = won + excluded.won`
	qPeriods      = `SELECT COALESCE(SUM(CASE WHEN day >= ?1 THEN staked END), 0), COALESCE(SUM(CASE WHEN day >= ?1 THEN won END), 0), COALESCE(SUM(CASE WHEN day >= ?2 THEN staked END), 0), COALESCE(SUM(CASE WHEN day >= ?2 THEN won END), 0), COALESCE(SUM(staked), 0), COALESCE(SUM(won), 0) FROM wallet_player_days WHERE player_id = ?4 AND currency = ?5 AND day >= ?3`
	qConsumeBuy   = `UPDATE player_limits SET bonus_buy_confirmed = 0 WHERE player_id = ?`
	qMarkReversed = `UPDATE wallet_transactions SET rolled_back = 1 WHERE id = ?`
)

var statements = []string{qTx, qState, qRound, qRoundByRef, qInsertRound, qUpdateRound, qInsertTx, qDay, qPeriods, qConsumeBuy, qMarkReversed}

func (s *Service) prepare(ctx context.Context) error {
	s.stmtOnce.Do(func() {
		m := map[string]*sql.Stmt{}
		for _, q := range statements {
			st, err := s.db.Write.PrepareContext(ctx, q)
			if err != nil {
				s.stmtErr = fmt.Errorf("wallet: prepare: %w", err)
				return
			}
			m[q] = st
		}
		s.stmts = m
	})
	return s.stmtErr
}

// wtx runs the wallet's statements inside a ledger group transaction.
type wtx struct {
	*ledger.Tx
	s *Service
}

func (w wtx) stmt(q string) *sql.Stmt { return w.Stmt(w.s.stmts[q]) }

func (w wtx) row(q string, args ...any) *sql.Row {
	return w.stmt(q).QueryRowContext(w.Context(), args...)
}

func (w wtx) exec(q string, args ...any) error {
	_, err := w.stmt(q).ExecContext(w.Context(), args...)
	return err
}

// insertID runs an INSERT and returns the new row's id (the rowid: cheaper
// than RETURNING id, which buffers its rows in an ephemeral table).
func (w wtx) insertID(q string, args ...any) (int64, error) {
	res, err := w.stmt(q).ExecContext(w.Context(), args...)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// txRow is a stored wallet transaction.
type txRow struct {
	id                           int64
	kind, status                 string
	hash                         []byte
	playerID                     int64
	gameID                       string
	roundRef                     int64
	currency                     string
	amount, realAmount, bonusAmt int64
	ledgerTx                     int64
	rolledBack                   bool
	response                     string
	day                          string
}

func (w wtx) transaction(provider, id string) (txRow, bool, error) {
	var t txRow
	err := w.row(qTx, provider, id).Scan(&t.id, &t.kind, &t.status, &t.hash, &t.playerID, &t.gameID, &t.roundRef, &t.currency,
		&t.amount, &t.realAmount, &t.bonusAmt, &t.ledgerTx, &t.rolledBack, &t.response, &t.day)
	if errors.Is(err, sql.ErrNoRows) {
		return txRow{}, false, nil
	}
	if err != nil {
		return txRow{}, false, fmt.Errorf("wallet: transaction %s/%s: %w", provider, id, err)
	}
	return t, true, nil
}

// player is the player's row with their policy.
type player struct {
	currency ledger.Currency
	policy   Policy
}

// playable is what the player may stake: bonus money counts under
// REAL_TO_FUN only.
func (p player) playable(real, bonus int64) int64 {
	if p.policy.Wagering == RealToFun {
		return real + bonus
	}
	return real
}

// callState is what qState read for a call.
type callState struct {
	prev        txRow // the transaction id's earlier use, if havePrev
	havePrev    bool
	player      player // valid if havePlayer
	havePlayer  bool
	real, bonus int64 // the player's balances
	round       roundRow
	haveRound   bool
}

// state reads a call's state (qState). The player's ledger rows are handed
// to the ledger for the post that follows.
func (w wtx) state(playerID int64, provider, roundID, txID string) (callState, error) {
	var (
		st              callState
		code            string
		conf            int
		realID, bonusID int64
		uid             int64
	)
	t, pol, r := &st.prev, &st.player.policy, &st.round
	var prevID int64
	err := w.row(qState, playerID, ledger.PlayerReal(playerID), ledger.PlayerBonus(playerID), provider, roundID, txID).Scan(
		&prevID, &uid, &code, &pol.SelfExclusionPermanent, &pol.SelfExclusionUntil, &pol.MaxBet,
		&pol.BetLimits[0], &pol.BetLimits[1], &pol.BetLimits[2], &pol.LossLimits[0], &pol.LossLimits[1], &pol.LossLimits[2],
		&pol.FrozenUntil, &conf, &pol.Wagering, &pol.BonusMaxBet, &realID, &st.real, &bonusID, &st.bonus,
		&r.id, &r.playerID, &r.gameID, &r.currency, &r.betReal, &r.betBonus, &r.win, &r.status, &r.free)
	if err != nil {
		return callState{}, fmt.Errorf("wallet: state of %s/%s (player %d): %w", provider, txID, playerID, err)
	}
	st.haveRound = r.id != 0
	if prevID != 0 {
		if *t, st.havePrev, err = w.transaction(provider, txID); err != nil {
			return callState{}, err
		}
	}
	if uid == 0 {
		return st, nil
	}
	pol.BonusBuyConfirmed = conf != 0
	c, err := ledger.LookupCurrency(code)
	if err != nil {
		return callState{}, fmt.Errorf("wallet: player %d currency %s: %w", playerID, code, err)
	}
	st.player.currency, st.havePlayer = c, true
	w.UsePlayerBalances(playerID, c, realID, st.real, bonusID, st.bonus)
	return st, nil
}

// roundRow is a stored round.
type roundRow struct {
	id                       int64
	playerID                 int64
	gameID, currency, status string
	betReal, betBonus, win   int64
	free                     bool // opened by a free-round debit (qState only)
}

func (w wtx) round(q string, args ...any) (roundRow, bool, error) {
	var r roundRow
	err := w.row(q, args...).Scan(&r.id, &r.playerID, &r.gameID, &r.currency, &r.betReal, &r.betBonus, &r.win, &r.status)
	if errors.Is(err, sql.ErrNoRows) {
		return roundRow{}, false, nil
	}
	if err != nil {
		return roundRow{}, false, fmt.Errorf("wallet: round: %w", err)
	}
	return r, true, nil
}

// stored answers a replayed request from the stored row.
func (t txRow) stored() (Result, error) {
	if t.status == "failed" {
		var e api.Error
		if err := json.Unmarshal([]byte(t.response), &e); err != nil || e.Code == "" {
			return Result{}, fmt.Errorf("wallet: stored failure of transaction %d unreadable", t.id)
		}
		if known, ok := storedErrors[e.Code]; ok {
			e.Status = known.Status
		} else {
			e.Status = 422
		}
		return Result{}, &e
	}
	var r Result
	if err := json.Unmarshal([]byte(t.response), &r); err != nil {
		return Result{}, fmt.Errorf("wallet: stored answer of transaction %d unreadable: %w", t.id, err)
	}
	r.Replayed, r.WalletTransactionID = true, t.id
	return r, nil
}
