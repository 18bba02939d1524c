package bonus

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"

	"casino/bff/ledger"
	"casino/bff/wallet"
)

// Free spins (docs/bonus.md "Free spins"): a claimed freespins bonus holds
// free_spins_left rounds on free_spin_game at free_spin_bet. The studio
// plays them through the seamless wallet marked as free rounds
// (MoneyRequest.FreeRound): the wallet debits nothing and asks this hook to
// use one spin, in the debit's transaction; the round's win is paid by the
// house into the bonus balance and adds multiplier × win to the wagering
// requirement. The bonus completes once every spin is played and its
// winnings are wagered (at once when it won nothing).

// ErrNoFreeSpins: a free round asked for without a free spin left on that
// game at that bet.
var ErrNoFreeSpins = newError(http.StatusConflict, "NO_FREE_SPINS", "No free spins left for this game")

var _ wallet.FreeRounds = (*Service)(nil)

// FreeRoundStaked uses one of the player's free spins for a free round of
// gameID at amount (the wallet's free debit). None left, another game or
// another bet: ErrNoFreeSpins, nothing used.
func (s *Service) FreeRoundStaked(lt *ledger.Tx, playerID int64, gameID string, cur ledger.Currency, amount int64) error {
	var id int64
	err := lt.SQL().QueryRowContext(lt.Context(), `UPDATE user_bonuses SET free_spins_left = free_spins_left - 1
		WHERE user_id = ? AND status = 'active' AND free_spins_left > 0 AND free_spin_game = ? AND free_spin_bet = ? AND currency = ?
		RETURNING id`, playerID, gameID, amount, cur.Code).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNoFreeSpins
	}
	return err
}

// FreeRoundShare says whether the win of a free round goes to the bonus
// balance (the player's free-spins bonus still runs) or stays with the
// house (cancelled or expired since the spin).
func (s *Service) FreeRoundShare(lt *ledger.Tx, playerID int64, cur ledger.Currency) (wallet.BonusShare, error) {
	var yes bool
	err := lt.SQL().QueryRowContext(lt.Context(), `SELECT EXISTS (SELECT 1 FROM user_bonuses WHERE user_id = ? AND status = 'active'
		AND free_spins_total > 0 AND currency = ?)`, playerID, cur.Code).Scan(&yes)
	if err != nil || !yes {
		return wallet.ShareForfeit, err
	}
	return wallet.ShareToBonus, nil
}

// FreeRoundWon adds a free round's win (already posted house → player
// bonus; 0 for a losing round) to the free-spins bonus: its amount and
// multiplier × win of wagering. The last spin played with its winnings
// wagered (none won, or a multiplier of 0) completes it.
func (s *Service) FreeRoundWon(lt *ledger.Tx, playerID int64, cur ledger.Currency, amount int64) error {
	r := activeRow{userID: playerID}
	err := lt.SQL().QueryRowContext(lt.Context(), `UPDATE user_bonuses SET bonus_amount = bonus_amount + ?1, free_spin_winnings = free_spin_winnings + ?1,
			wagering_required = wagering_required + ?1 * (SELECT wagering_multiplier FROM bonuses WHERE id = bonus_id)
		WHERE user_id = ?2 AND status = 'active' AND free_spins_total > 0 AND currency = ?3
		RETURNING id, currency, wagered, wagering_required, max_win_amount, free_spins_left`, amount, playerID, cur.Code).
		Scan(&r.id, &r.currency, &r.wagered, &r.required, &r.maxWin, &r.spinsLeft)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("bonus: free round win of player %d: %w", playerID, err)
	}
	if r.spinsLeft == 0 && r.wagered >= r.required {
		return s.complete(lt, r, s.Now())
	}
	return nil
}

// FreeSpins is what the studio shows of a player's free spins on a game.
type FreeSpins struct {
	UserBonusID int64  `json:"userBonusId"`
	Left        int    `json:"left"`
	Total       int    `json:"total"`
	Bet         string `json:"bet"` // decimal in the player's currency
	Winnings    string `json:"winnings"`
}

// FreeSpinsOn returns the player's free spins left on gameID (nil: none).
func (s *Service) FreeSpinsOn(ctx context.Context, userID int64, gameID string) (*FreeSpins, error) {
	var (
		f             FreeSpins
		cur           string
		bet, winnings int64
	)
	err := s.db.Read.QueryRowContext(ctx, `SELECT id, free_spins_left, free_spins_total, currency, free_spin_bet,
			CASE WHEN deposit_id IS NULL THEN bonus_amount ELSE free_spin_winnings END FROM user_bonuses
		WHERE user_id = ? AND status = 'active' AND free_spins_total > 0 AND free_spin_game = ?`, userID, gameID).
		Scan(&f.UserBonusID, &f.Left, &f.Total, &cur, &bet, &winnings)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	c, err := ledger.LookupCurrency(cur)
	if err != nil {
		return nil, err
	}
	f.Bet, f.Winnings = ledger.FormatMinor(bet, c.Decimals), ledger.FormatMinor(winnings, c.Decimals)
	return &f, nil
}
