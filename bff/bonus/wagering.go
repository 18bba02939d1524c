package bonus

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"casino/bff/ledger"
	"casino/bff/wallet"
)

// activeRow is what the write path reads of a player's active bonus.
type activeRow struct {
	id, userID        int64
	currency          string
	wagered, required int64
	maxWin            int64
	spinsLeft         int64 // free spins not played yet: the bonus cannot complete before they are
}

const (
	qActive = `SELECT id, currency, wagered, wagering_required, max_win_amount FROM user_bonuses WHERE user_id = ? AND status = 'active'`
	// qStake counts a stake towards the player's active bonus in the bet's
	// currency, in one statement (no row changed: no such bonus): the
	// bonus's contribution percent for the game's kind (?4) of it, rounded
	// down (contribution.go; 100 when the bonus has none). A sum past int64
	// saturates at the requirement (SQLite would make it a float). No
	// RETURNING: it buffers its rows in an ephemeral B-tree that every bet
	// would pay for, while most players have no bonus; qStaked reads the
	// bonus back when the update changed it (one active bonus a player).
	qStake = `UPDATE user_bonuses SET wagered = CASE WHEN wagered > 9223372036854775807 - ?1 THEN wagering_required
			ELSE wagered + ?1 * COALESCE(json_extract(wagering_contribution, '$.' || ?4), 100) / 100 END
		WHERE user_id = ?2 AND status = 'active' AND currency = ?3`
	qStaked = `SELECT id, currency, wagered, wagering_required, max_win_amount, free_spins_left FROM user_bonuses WHERE user_id = ? AND status = 'active'`
)

// Prepare readies the statements of the stake hook on the writer, once; run
// it at start-up so bets do not run them unprepared until the first grant.
func (s *Service) Prepare(ctx context.Context) error {
	s.stmtOnce.Do(func() {
		defer close(s.ready)
		if s.qActive, s.stmtErr = s.db.Write.PrepareContext(ctx, qActive); s.stmtErr != nil {
			return
		}
		if s.qStake, s.stmtErr = s.db.Write.PrepareContext(ctx, qStake); s.stmtErr != nil {
			return
		}
		s.qStaked, s.stmtErr = s.db.Write.PrepareContext(ctx, qStaked)
	})
	return s.stmtErr
}

// prepared reports whether the statements are ready. They are prepared
// outside any write transaction (the writer has one connection, so
// preparing on it from inside one would wait for itself); until then the
// write path runs them unprepared.
func (s *Service) prepared() bool {
	select {
	case <-s.ready:
		return s.stmtErr == nil
	default:
		return false
	}
}

// row runs one of the hook's statements inside lt, prepared when it can.
func (s *Service) row(lt *ledger.Tx, st *sql.Stmt, q string, args ...any) *sql.Row {
	if s.prepared() {
		return lt.Stmt(st).QueryRowContext(lt.Context(), args...)
	}
	return lt.SQL().QueryRowContext(lt.Context(), q, args...)
}

// active reads the player's active bonus inside lt (ok false: none).
func (s *Service) active(lt *ledger.Tx, userID int64) (activeRow, bool, error) {
	r := activeRow{userID: userID}
	err := s.row(lt, s.qActive, qActive, userID).Scan(&r.id, &r.currency, &r.wagered, &r.required, &r.maxWin)
	if errors.Is(err, sql.ErrNoRows) {
		return activeRow{}, false, nil
	}
	return r, err == nil, err
}

// Staked is the wallet's WageringHook for a stake on a game of unknown kind
// (weighed as "other").
func (s *Service) Staked(lt *ledger.Tx, playerID int64, cur ledger.Currency, amount int64) error {
	return s.StakedKind(lt, playerID, cur, amount, "")
}

// StakedKind is the wallet's KindWagering hook: every stake of a player with
// an active bonus counts towards its wagering — its contribution percent for
// the game's kind of it — in the bet's own transaction; reaching the
// requirement completes the bonus there and then.
func (s *Service) StakedKind(lt *ledger.Tx, playerID int64, cur ledger.Currency, amount int64, kind string) error {
	if amount <= 0 {
		return nil
	}
	r := activeRow{userID: playerID}
	var res sql.Result
	var err error
	if s.prepared() {
		res, err = lt.Stmt(s.qStake).ExecContext(lt.Context(), amount, playerID, cur.Code, contributionKind(kind))
	} else {
		res, err = lt.SQL().ExecContext(lt.Context(), qStake, amount, playerID, cur.Code, contributionKind(kind))
	}
	var n int64
	if err == nil {
		n, err = res.RowsAffected()
	}
	if err == nil && n == 0 {
		return nil
	}
	if err == nil {
		err = s.row(lt, s.qStaked, qStaked, playerID).Scan(&r.id, &r.currency, &r.wagered, &r.required, &r.maxWin, &r.spinsLeft)
	}
	if err != nil {
		return fmt.Errorf("bonus: wagering of player %d: %w", playerID, err)
	}
	if r.wagered >= r.required && r.spinsLeft == 0 {
		return s.complete(lt, r, s.Now())
	}
	return nil
}

var (
	_ wallet.WageringHook = (*Service)(nil)
	_ wallet.WageringUndo = (*Service)(nil)
	_ wallet.KindWagering = (*Service)(nil)
)

// Unstaked takes a rolled-back stake off the active bonus's wagering when
// that stake counted towards it: a bet posted after the grant (ledger ids
// only grow). A bonus already completed keeps its conversion.
func (s *Service) Unstaked(lt *ledger.Tx, playerID int64, cur ledger.Currency, amount, betLedgerTx int64) error {
	return s.UnstakedKind(lt, playerID, cur, amount, betLedgerTx, "")
}

// UnstakedKind takes off what the stake counted: its contribution for the
// game's kind.
func (s *Service) UnstakedKind(lt *ledger.Tx, playerID int64, cur ledger.Currency, amount, betLedgerTx int64, kind string) error {
	if amount <= 0 {
		return nil
	}
	_, err := lt.SQL().ExecContext(lt.Context(), `UPDATE user_bonuses
		SET wagered = max(wagered - ?1 * COALESCE(json_extract(wagering_contribution, '$.' || ?5), 100) / 100, 0)
		WHERE user_id = ?2 AND status = 'active' AND currency = ?3 AND grant_tx_id < ?4`, amount, playerID, cur.Code, betLedgerTx, contributionKind(kind))
	if err != nil {
		return fmt.Errorf("bonus: wagering of player %d: %w", playerID, err)
	}
	return nil
}

// complete ends a bonus whose wagering is done: its bonus balance, up to the
// max win amount, becomes real money (bonus:convert:{id}); the rest goes back
// to the house (bonus:forfeit:{id}); bets stop drawing on bonus money.
func (s *Service) complete(lt *ledger.Tx, r activeRow, now time.Time) error {
	cur, err := ledger.LookupCurrency(r.currency)
	if err != nil {
		return err
	}
	_, bonus, err := lt.PlayerBalances(r.userID, cur)
	if err != nil {
		return err
	}
	convert := bonus
	if r.maxWin > 0 && convert > r.maxWin {
		convert = r.maxWin
	}
	id := strconv.FormatInt(r.id, 10)
	meta := map[string]string{"userBonusId": id, "reason": StatusCompleted}
	if convert > 0 {
		m := ledger.FromMinor(convert, cur)
		if _, err := lt.Post(ledger.Transfer{IdempotencyKey: "bonus:convert:" + id, Kind: ledger.KindBonusConvert, Metadata: meta,
			Postings: []ledger.Posting{{Account: ledger.PlayerBonus(r.userID), Amount: m.Neg()}, {Account: ledger.PlayerReal(r.userID), Amount: m}}}); err != nil {
			return fmt.Errorf("bonus: convert %s: %w", id, err)
		}
	}
	forfeit, err := s.forfeit(lt, r, bonus-convert, meta)
	if err != nil {
		return err
	}
	return s.finish(lt, r, StatusCompleted, convert, forfeit, now)
}

// forfeit moves amount of the player's bonus money back to the house under
// bonus:forfeit:{id}.
func (s *Service) forfeit(lt *ledger.Tx, r activeRow, amount int64, meta map[string]string) (int64, error) {
	if amount <= 0 {
		return 0, nil
	}
	cur, err := ledger.LookupCurrency(r.currency)
	if err != nil {
		return 0, err
	}
	m := ledger.FromMinor(amount, cur)
	id := strconv.FormatInt(r.id, 10)
	if _, err := lt.Post(ledger.Transfer{IdempotencyKey: "bonus:forfeit:" + id, Kind: ledger.KindBonusForfeit, Metadata: meta,
		Postings: []ledger.Posting{{Account: ledger.PlayerBonus(r.userID), Amount: m.Neg()}, {Account: ledger.House, Amount: m}}}); err != nil {
		return 0, fmt.Errorf("bonus: forfeit %s: %w", id, err)
	}
	return amount, nil
}

// finish records the end of an active bonus and puts the player's bets back
// on real money only.
func (s *Service) finish(lt *ledger.Tx, r activeRow, status string, converted, forfeited int64, now time.Time) error {
	res, err := lt.SQL().ExecContext(lt.Context(), `UPDATE user_bonuses SET status = ?, converted_amount = ?, forfeited_amount = ?, ended_at = ?
		WHERE id = ? AND status = 'active'`, status, converted, forfeited, stamp(now), r.id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("bonus %d: %w", r.id, ErrNotActive)
	}
	return wallet.SetWageringTx(lt, r.userID, wallet.RealMoneyOnly, 0)
}

// end forfeits the whole bonus balance of the player's active bonus id and
// gives it status (cancelled or expired). ErrNotActive when it already
// ended (completed, cancelled or expired in the meantime).
func (s *Service) end(ctx context.Context, userID, id int64, status string, onlyIfDue bool) error {
	s.Prepare(ctx)
	return s.ledger.Do(ctx, func(lt *ledger.Tx) error {
		r, ok, err := s.active(lt, userID)
		if err != nil {
			return err
		}
		if !ok || r.id != id {
			return fmt.Errorf("bonus %d of player %d: %w", id, userID, ErrNotActive)
		}
		now := s.Now()
		if onlyIfDue {
			var due bool
			if err := lt.SQL().QueryRowContext(lt.Context(), `SELECT expires_at <= ? FROM user_bonuses WHERE id = ?`, stamp(now), id).Scan(&due); err != nil {
				return err
			}
			if !due {
				return fmt.Errorf("bonus %d not due: %w", id, ErrNotActive)
			}
		}
		cur, err := ledger.LookupCurrency(r.currency)
		if err != nil {
			return err
		}
		_, bonus, err := lt.PlayerBalances(userID, cur)
		if err != nil {
			return err
		}
		forfeited, err := s.forfeit(lt, r, bonus, map[string]string{"userBonusId": strconv.FormatInt(id, 10), "reason": status})
		if err != nil {
			return err
		}
		return s.finish(lt, r, status, 0, forfeited, now)
	})
}

// Cancel is the player cancelling their active bonus: the remaining bonus
// money is forfeited. Another player's bonus is not found.
func (s *Service) Cancel(ctx context.Context, userID, userBonusID int64) (UserBonus, error) {
	if _, err := s.userBonus(ctx, s.db.Read, userID, userBonusID); err != nil {
		return UserBonus{}, err
	}
	if err := s.end(ctx, userID, userBonusID, StatusCancelled, false); err != nil {
		return UserBonus{}, err
	}
	return s.userBonus(ctx, s.db.Write, userID, userBonusID)
}

// ForfeitActive ends the player's active bonus, if any, the way a
// cancellation does (the remaining bonus money is forfeited through the
// ledger; status cancelled): a self-exclusion.
func (s *Service) ForfeitActive(ctx context.Context, userID int64) error {
	ub, err := s.Active(ctx, userID)
	if err != nil || ub == nil {
		return err
	}
	err = s.end(ctx, userID, ub.ID, StatusCancelled, false)
	if errors.Is(err, ErrNotActive) {
		return nil // it ended in the meantime
	}
	return err
}

// ExpireDue forfeits every active bonus past its expiry and returns how many
// it ended. Safe to run from several places at once: each bonus ends once.
func (s *Service) ExpireDue(ctx context.Context) (int, error) {
	return s.endEach(ctx, "bonus expiry", func(userID, id int64) error { return s.end(ctx, userID, id, StatusExpired, true) },
		`SELECT id, user_id FROM user_bonuses WHERE status = 'active' AND expires_at <= ? ORDER BY expires_at LIMIT 500`, stamp(s.Now()))
}

// endEach ends, with end, each active bonus query finds (id, user_id; at
// most a batch) and returns how many it ended. A bonus another run ended
// first, or that end finds no longer due (errNotDue), is skipped.
func (s *Service) endEach(ctx context.Context, what string, end func(userID, id int64) error, query string, args ...any) (int, error) {
	rows, err := s.db.Read.QueryContext(ctx, query, args...)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", what, err)
	}
	type due struct{ id, user int64 }
	var list []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.id, &d.user); err != nil {
			rows.Close()
			return 0, err
		}
		list = append(list, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	n := 0
	for _, d := range list {
		err := end(d.user, d.id)
		if errors.Is(err, ErrNotActive) || errors.Is(err, errNotDue) {
			continue
		}
		if err != nil {
			return n, fmt.Errorf("%s: %w", what, err)
		}
		n++
	}
	return n, nil
}

// BonusShare is the wallet's LateWinRouter. A win on a round staked partly
// with bonus money returns that share to the bonus balance while a bonus
// runs. When none runs any more, the bonus that staked the round has ended
// since (the latest one: a player has one bonus at a time): completed, its
// money is real money now; cancelled or expired, its money went back to the
// house, and so does the share — otherwise cancelling with a live-table bet
// in flight would turn bonus money into real money without wagering.
func (s *Service) BonusShare(lt *ledger.Tx, playerID int64) (wallet.BonusShare, error) {
	var status string
	err := lt.SQL().QueryRowContext(lt.Context(), `SELECT status FROM user_bonuses WHERE user_id = ? ORDER BY id DESC LIMIT 1`, playerID).Scan(&status)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return wallet.ShareToBonus, nil
	case err != nil:
		return wallet.ShareToBonus, fmt.Errorf("bonus: latest bonus of player %d: %w", playerID, err)
	case status == StatusActive:
		return wallet.ShareToBonus, nil
	case status == StatusCompleted:
		return wallet.ShareToReal, nil
	default:
		return wallet.ShareForfeit, nil
	}
}
