package wallet

import (
	"fmt"

	"casino/bff/ledger"
)

// WageringHook is told of every stake inside the write transaction that
// posts it (bff/bonus counts it towards the player's bonus wagering), so the
// progress commits or rolls back with the bet. It must use only tx (never
// start another ledger.Do: the group is not re-entrant).
type WageringHook interface {
	Staked(tx *ledger.Tx, playerID int64, cur ledger.Currency, amount int64) error
}

// WageringUndo is implemented by a WageringHook that also wants rolled-back
// stakes, told inside the rollback's transaction with the ledger id of the
// bet that is reversed (so it can tell whether that stake counted).
type WageringUndo interface {
	Unstaked(tx *ledger.Tx, playerID int64, cur ledger.Currency, amount, betLedgerTx int64) error
}

// KindWagering is implemented by a WageringHook that weighs each stake by
// the kind of its game (GameRules.Kind: slot, live, table; "" unknown):
// bff/bonus's wagering contribution per game category. The wallet then
// calls these instead of Staked and Unstaked.
type KindWagering interface {
	StakedKind(tx *ledger.Tx, playerID int64, cur ledger.Currency, amount int64, kind string) error
	UnstakedKind(tx *ledger.Tx, playerID int64, cur ledger.Currency, amount, betLedgerTx int64, kind string) error
}

// unstaked hands a rolled-back stake on a game of kind to the hook, if it
// wants them.
func (s *Service) unstaked(tx *ledger.Tx, playerID int64, cur ledger.Currency, amount, betLedgerTx int64, kind func() string) error {
	if betLedgerTx == 0 {
		return nil
	}
	if k, ok := s.Wagering.(KindWagering); ok {
		return k.UnstakedKind(tx, playerID, cur, amount, betLedgerTx, kind())
	}
	u, ok := s.Wagering.(WageringUndo)
	if !ok {
		return nil
	}
	return u.Unstaked(tx, playerID, cur, amount, betLedgerTx)
}

// staked hands a posted stake on a game of kind to the hook, if any.
func (s *Service) staked(tx *ledger.Tx, playerID int64, cur ledger.Currency, amount int64, kind string) error {
	if s.Wagering == nil {
		return nil
	}
	if k, ok := s.Wagering.(KindWagering); ok {
		return k.StakedKind(tx, playerID, cur, amount, kind)
	}
	return s.Wagering.Staked(tx, playerID, cur, amount)
}

// SetWageringTx is SetWagering inside the caller's ledger transaction (a
// bonus granted or ended in the same atomic unit as its ledger transfer).
func SetWageringTx(tx *ledger.Tx, playerID int64, wageringType string, bonusMaxBet int64) error {
	if wageringType != RealMoneyOnly && wageringType != RealToFun {
		return fmt.Errorf("wallet: wagering type %q", wageringType)
	}
	_, err := tx.SQL().ExecContext(tx.Context(), `INSERT INTO player_wagering(player_id, wagering_type, bonus_max_bet) VALUES (?, ?, ?)
		ON CONFLICT(player_id) DO UPDATE SET wagering_type = excluded.wagering_type, bonus_max_bet = excluded.bonus_max_bet,
		updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')`, playerID, wageringType, nullIfZero(bonusMaxBet))
	if err != nil && isForeignKey(err) {
		return ErrPlayerNotFound
	}
	return err
}

// BonusShare says where the bonus share of a win goes.
type BonusShare int

const (
	ShareToBonus BonusShare = iota // the bonus that staked the round is still running
	ShareToReal                    // it completed since: its money is real money now
	ShareForfeit                   // it was cancelled or expired since: its money went back to the house
)

// LateWinRouter is implemented by a WageringHook that knows whether the bonus
// behind a win's bonus share is still running, so a win that lands after the
// bonus ended does not sit on the bonus balance with no bonus behind it.
type LateWinRouter interface {
	BonusShare(tx *ledger.Tx, playerID int64) (BonusShare, error)
}

// FreeRounds is implemented by a WageringHook that grants free spins
// (bff/bonus): the wallet's free-round debit uses one (an *api.Error
// refuses it), and the win of a free round goes to the bonus balance while
// the free-spins bonus runs (FreeRoundShare), then FreeRoundWon is told of
// it (also of a win of 0: the last spin may end the bonus). All inside the
// call's transaction.
type FreeRounds interface {
	FreeRoundStaked(tx *ledger.Tx, playerID int64, gameID string, cur ledger.Currency, amount int64) error
	FreeRoundShare(tx *ledger.Tx, playerID int64, cur ledger.Currency) (BonusShare, error)
	FreeRoundWon(tx *ledger.Tx, playerID int64, cur ledger.Currency, amount int64) error
}

// bonusShare asks the hook where a win's bonus share goes (the bonus balance
// when there is no hook that knows).
func (s *Service) bonusShare(tx *ledger.Tx, playerID int64) (BonusShare, error) {
	r, ok := s.Wagering.(LateWinRouter)
	if !ok {
		return ShareToBonus, nil
	}
	return r.BonusShare(tx, playerID)
}
