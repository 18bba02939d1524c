package studio

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"

	"casino/bff/api"
	"casino/bff/studio/roulette"
	"casino/bff/wallet"
)

// Statuses of a real-money table stake (studio_table_stakes).
const (
	stakePending  = "pending"  // written, the debit not answered yet
	stakeStaked   = "staked"   // debited, waiting for the round's result
	stakeRefused  = "refused"  // the wallet refused the debit: nothing moved
	stakeSettled  = "settled"  // the round was paid (win or 0) and closed
	stakeRefunded = "refunded" // rolled back (unknown debit outcome, or cut off by a restart)
)

// recordStake writes a real-money stake before its debit: amount in minor
// units of the player's currency, with the factor it was scaled by.
func (s *Service) recordStake(ctx context.Context, p roulette.Player, round, tx string, amount int64, outcome any) error {
	var tableRound uint64
	if o, ok := outcome.(roulette.Outcome); ok {
		tableRound = o.Round
	}
	_, err := s.db.Write.ExecContext(ctx, `INSERT INTO studio_table_stakes(tx_id, table_round, round_id, session_id, user_id, currency, amount, factor)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, tx, tableRound, round, p.Key, p.UserID, p.Currency, amount, max(p.Factor, 1))
	if err != nil {
		return fmt.Errorf("roulette: record stake %s: %w", tx, err)
	}
	return nil
}

// markStakes moves the open stakes whose column (tx_id or round_id) is key to
// status. A failure is logged: the stake stays open and the next start
// settles it with the wallet, which knows what really happened.
func (s *Service) markStakes(ctx context.Context, column, key, status string) {
	_, err := s.db.Write.ExecContext(context.WithoutCancel(ctx), `UPDATE studio_table_stakes SET status = ?,
		updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE `+column+` = ? AND status IN ('pending', 'staked')`, status, key)
	if err != nil {
		slog.Error("roulette: mark stake", column, key, "status", status, "err", err)
	}
}

// lastTableRound is the highest table round number used before (stakes or
// revealed seeds), so a restarted table continues after it. The round after
// the last revealed one counts as used: a process may have been cut off
// during it (before 0012 its stakes were not on record).
func (s *Service) lastTableRound(ctx context.Context) (uint64, error) {
	var staked, revealed sql.NullInt64
	err := s.db.Read.QueryRowContext(ctx, `SELECT (SELECT max(table_round) FROM studio_table_stakes),
		(SELECT max(last_nonce) FROM studio_revealed_seeds WHERE owner = ?)`, TableTopic).Scan(&staked, &revealed)
	if err != nil {
		return 0, err
	}
	last := max(staked.Int64, 0)
	if revealed.Valid {
		last = max(last, revealed.Int64+1)
	}
	return uint64(last), nil
}

// RefundTableStakes rolls back, through the wallet, every real-money stake
// of a table round that was never paid: run at start-up, before the table
// opens, so every open stake belongs to a round a restart cut off. Each
// debit is rolled back under the id "<debit>:rollback" and the wallet round
// is then closed with a zero credit "<round>:win" (the id the table's own
// payment would have used), so a repeat after another crash moves nothing.
// A round the wallet already closed was paid: its stakes are marked settled.
// It answers the number of rounds refunded.
func (s *Service) RefundTableStakes(ctx context.Context) (int, error) {
	if s.Wallet == nil {
		return 0, nil
	}
	rows, err := s.db.Read.QueryContext(ctx, `SELECT tx_id, round_id, currency, user_id FROM studio_table_stakes
		WHERE status IN ('pending', 'staked') ORDER BY round_id, tx_id`)
	if err != nil {
		return 0, err
	}
	var stakes []tableStake
	for rows.Next() {
		var st tableStake
		if err := rows.Scan(&st.tx, &st.round, &st.currency, &st.user); err != nil {
			rows.Close()
			return 0, err
		}
		stakes = append(stakes, st)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	refunded := 0
	for i := 0; i < len(stakes); {
		j := i
		for j < len(stakes) && stakes[j].round == stakes[i].round {
			j++
		}
		paid, err := s.refundRound(ctx, stakes[i:j])
		if err != nil {
			return refunded, err
		}
		status := stakeRefunded
		if paid {
			status = stakeSettled
		} else {
			refunded++
		}
		s.markStakes(ctx, "round_id", stakes[i].round, status)
		i = j
	}
	return refunded, nil
}

// tableStake is an open stake as RefundTableStakes reads it.
type tableStake struct {
	tx, round, currency string
	user                int64
}

// refundRound rolls back one round's stakes and closes its wallet round; it
// reports whether the wallet had closed the round already (it was paid).
func (s *Service) refundRound(ctx context.Context, stakes []tableStake) (paid bool, err error) {
	first := stakes[0]
	player := strconv.FormatInt(first.user, 10)
	for _, st := range stakes {
		_, err := retry(ctx, func() (wallet.Result, error) {
			return s.Wallet.Rollback(ctx, wallet.RollbackRequest{TransactionID: st.tx + ":rollback", RollbackTransactionID: st.tx,
				RoundID: st.round, PlayerID: player, GameID: RouletteID})
		})
		if errors.Is(err, wallet.ErrRoundClosed) {
			return true, nil
		}
		if err != nil {
			return false, fmt.Errorf("roulette: refund %s: %w", st.tx, err)
		}
	}
	_, err = retry(ctx, func() (wallet.Result, error) {
		return s.Wallet.Credit(ctx, wallet.MoneyRequest{TransactionID: first.round + ":win", RoundID: first.round, PlayerID: player,
			GameID: RouletteID, Currency: first.currency, Amount: amountText(first.currency, 0), CloseRound: true,
			Outcome: []byte(`{"table":"` + RouletteID + `","refunded":true}`)})
	})
	if err != nil && !errors.Is(err, wallet.ErrRoundNotFound) { // no debit had arrived: no round to close
		return false, fmt.Errorf("roulette: close refunded round %s: %w", first.round, err)
	}
	return false, nil
}

// recordTableRound keeps a paid table round for game recall. A failure is
// logged: the money has moved, only the replay is missing.
func (s *Service) recordTableRound(ctx context.Context, p roulette.Player, round string, o roulette.Outcome, balance string) {
	raw, _ := json.Marshal(o)
	var user any
	if p.Mode == ModeReal {
		user = p.UserID
	}
	_, err := s.db.Write.ExecContext(context.WithoutCancel(ctx), `INSERT INTO studio_table_rounds(round_id, table_round, session_id, user_id, mode, currency, staked, win, balance_after, outcome)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(round_id) DO NOTHING`, round, o.Round, p.Key, user, p.Mode, p.Currency, o.Staked, o.Win, balance, string(raw))
	if err != nil {
		slog.Error("roulette: record round", "round", round, "err", err)
	}
}

// TableRound is a player's paid table round as recorded (game recall).
type TableRound struct {
	ID           string
	UserID       int64
	Mode         string
	Currency     string
	Staked, Win  string
	BalanceAfter string
	CreatedAt    string
	Outcome      roulette.Outcome
}

// TableRoundOf loads a recorded table round.
func (s *Service) TableRoundOf(ctx context.Context, id string) (*TableRound, error) {
	var tr TableRound
	var user sql.NullInt64
	var staked, win int64
	var raw string
	err := s.db.Read.QueryRowContext(ctx, `SELECT round_id, user_id, mode, currency, staked, win, balance_after, outcome, created_at
		FROM studio_table_rounds WHERE round_id = ?`, id).Scan(&tr.ID, &user, &tr.Mode, &tr.Currency, &staked, &win, &tr.BalanceAfter, &raw, &tr.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, api.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	tr.UserID = user.Int64
	tr.Staked, tr.Win = amountText(tr.Currency, staked), amountText(tr.Currency, win)
	if err := json.Unmarshal([]byte(raw), &tr.Outcome); err != nil {
		return nil, err
	}
	return &tr, nil
}
