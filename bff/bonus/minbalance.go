package bonus

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"casino/bff/ledger"
)

// Min balance (SPEC section 3 "min balance"; docs/bonus.md "Min balance"):
// a bonus whose bonus balance has fallen below its min balance ends — the
// rest of its bonus money goes back to the house (bonus:forfeit:{id}),
// status expired, end_reason min_balance — once no round staked with bonus
// money is open (its win would come back to the bonus balance), and not
// while free spins are left. The expiry sweep runs it every minute.

const reasonMinBalance = "min_balance"

// openRoundGrace: a round with bonus money open longer than this (a provider
// that never closed it) no longer holds the bonus up.
const openRoundGrace = time.Hour

var errNotDue = errors.New("bonus: no longer due to end")

// EndBelowMinBalance ends every active bonus whose bonus balance is below
// its min balance and returns how many it ended.
func (s *Service) EndBelowMinBalance(ctx context.Context) (int, error) {
	return s.endEach(ctx, "bonus min balance", func(userID, id int64) error { return s.endBelowMinBalance(ctx, userID, id) },
		`SELECT ub.id, ub.user_id FROM user_bonuses ub
		WHERE ub.status = 'active' AND ub.min_balance > 0 AND ub.free_spins_left = 0
			AND COALESCE((SELECT a.balance FROM ledger_accounts a WHERE a.player_id = ub.user_id AND a.currency = ub.currency AND a.kind = 'bonus'), 0) < ub.min_balance
		ORDER BY ub.id LIMIT 500`)
}

// endBelowMinBalance re-checks one bonus inside the write transaction
// (bets may have moved its balance since) and ends it.
func (s *Service) endBelowMinBalance(ctx context.Context, userID, id int64) error {
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
		tx, c := lt.SQL(), lt.Context()
		var (
			minBalance, spinsLeft int64
			open                  bool
		)
		if err := tx.QueryRowContext(c, `SELECT min_balance, free_spins_left,
				EXISTS (SELECT 1 FROM wallet_rounds WHERE player_id = ?1 AND status = 'open' AND bet_bonus > 0 AND started_at > ?2)
			FROM user_bonuses WHERE id = ?3`, userID, stamp(now.Add(-openRoundGrace)), id).Scan(&minBalance, &spinsLeft, &open); err != nil {
			return err
		}
		cur, err := ledger.LookupCurrency(r.currency)
		if err != nil {
			return err
		}
		_, bonus, err := lt.PlayerBalances(userID, cur)
		if err != nil {
			return err
		}
		if minBalance <= 0 || spinsLeft > 0 || open || bonus >= minBalance {
			return errNotDue
		}
		forfeited, err := s.forfeit(lt, r, bonus, map[string]string{"userBonusId": strconv.FormatInt(id, 10), "reason": reasonMinBalance})
		if err != nil {
			return err
		}
		if err := s.finish(lt, r, StatusExpired, 0, forfeited, now); err != nil {
			return err
		}
		_, err = tx.ExecContext(c, `UPDATE user_bonuses SET end_reason = ? WHERE id = ?`, reasonMinBalance, id)
		return err
	})
}
