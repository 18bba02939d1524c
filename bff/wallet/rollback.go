package wallet

import (
	"context"
	"errors"

	"casino/bff/api"
	"casino/bff/ledger"
)

// Rollback reverses an earlier debit or credit (see docs/wallet.md for the
// answers to unknown, refused, already reversed and settled transactions).
func (s *Service) Rollback(ctx context.Context, provider string, req RollbackRequest) (Result, error) {
	v := api.Validation{}
	if !validID(req.TransactionID) {
		v.Add("transactionId", "Required")
	}
	if !validID(req.RollbackTransactionID) {
		v.Add("rollbackTransactionId", "Required")
	} else if req.RollbackTransactionID == req.TransactionID {
		v.Add("rollbackTransactionId", "Invalid format")
	}
	if !validID(req.RoundID) {
		v.Add("roundId", "Required")
	}
	if req.GameID == "" {
		v.Add("gameId", "Required")
	}
	playerID := parsePlayer(req.PlayerID, v)
	if err := v.Err(); err != nil {
		return Result{}, err
	}
	if err := s.prepare(ctx); err != nil {
		return Result{}, err
	}
	hash := requestHash("rollback", req.PlayerID, req.GameID, req.RoundID, req.RollbackTransactionID)
	var out Result
	err := s.ledger.Do(ctx, func(lt *ledger.Tx) error {
		var err error
		out, err = wtx{Tx: lt, s: s}.rollback(provider, req, playerID, hash)
		return err
	})
	if err != nil {
		return Result{}, err
	}
	if out.Status == "failed" {
		return Result{}, out.err()
	}
	return out, nil
}

func (w wtx) rollback(provider string, req RollbackRequest, playerID int64, hash []byte) (Result, error) {
	st, err := w.state(playerID, provider, "", req.TransactionID)
	if err != nil {
		return Result{}, err
	}
	if prev := st.prev; st.havePrev {
		if prev.kind == "tombstone" || string(prev.hash) != string(hash) {
			return Result{}, ErrDuplicateTransaction
		}
		r, err := prev.stored()
		var apiErr *api.Error
		if errors.As(err, &apiErr) {
			return failed(apiErr), nil
		}
		return r, err
	}
	if !st.havePlayer {
		return Result{}, ErrPlayerNotFound
	}
	p, real, bonus := st.player, st.real, st.bonus
	cur := p.currency
	playable := p.playable(real, bonus)
	row := txInsert{provider: provider, txID: req.TransactionID, kind: "rollback", hash: hash, playerID: playerID,
		gameID: req.GameID, currency: cur.Code, balanceBefore: playable, balanceAfter: playable, bonusAfter: bonus}
	res := Result{TransactionID: req.TransactionID, RoundID: req.RoundID, Currency: cur.Code,
		Amount: fmtMinor(0, cur), RealAmount: fmtMinor(0, cur), BonusAmount: fmtMinor(0, cur),
		Balance: fmtMinor(playable, cur), RealBalance: fmtMinor(real, cur), BonusBalance: fmtMinor(bonus, cur),
		BalanceBefore: fmtMinor(playable, cur)}
	answer := func(status string) (Result, error) {
		res.Status = status
		id, err := w.insert(row, res)
		res.WalletTransactionID = id
		return res, err
	}

	target, ok, err := w.transaction(provider, req.RollbackTransactionID)
	if err != nil {
		return Result{}, err
	}
	if !ok {
		// Rolled back before it arrived: remember the id so the late
		// transaction is refused, and tell the provider to stop retrying.
		tomb := txInsert{provider: provider, txID: req.RollbackTransactionID, kind: "tombstone", status: "failed",
			errorCode: ErrTransactionRolledBack.Code, hash: hash, playerID: playerID, gameID: req.GameID, currency: cur.Code}
		if _, err := w.insert(tomb, ErrTransactionRolledBack); err != nil {
			return Result{}, err
		}
		return answer(StatusNotFound)
	}
	if target.playerID != playerID || target.gameID != req.GameID {
		return Result{}, api.ErrValidation.WithField("rollbackTransactionId", "Invalid format")
	}
	switch {
	case target.kind == "tombstone":
		return answer(StatusNotFound)
	case target.kind == "rollback":
		return Result{}, ledger.ErrNotReversible
	case target.status == "failed":
		return answer(StatusNothingMoved)
	case target.rolledBack:
		return answer(StatusAlreadyRolledBack)
	}
	round, _, err := w.round(qRoundByRef, target.roundRef)
	if err != nil {
		return Result{}, err
	}
	if round.status == "closed" {
		return Result{}, ErrRoundClosed
	}
	row.roundRef, row.targetRef = round.id, target.id
	row.amount, row.realAmount, row.bonusAmount = target.amount, target.realAmount, target.bonusAmt
	if target.ledgerTx != 0 {
		tx, err := w.Reverse("rollback:"+provider+":"+req.RollbackTransactionID, target.ledgerTx,
			map[string]string{"provider": provider, "game": req.GameID, "round": req.RoundID, "transactionId": req.TransactionID})
		if errors.Is(err, ledger.ErrInsufficientFunds) && tx.ID != 0 {
			_, _, err := w.storeFailure(row, ledger.ErrInsufficientFunds)
			return failed(ledger.ErrInsufficientFunds), err
		}
		if errors.Is(err, ledger.ErrAlreadyReversed) {
			return answer(StatusAlreadyRolledBack)
		}
		if err != nil {
			return Result{}, err
		}
		row.ledgerTx = tx.ID
	}
	// Undo the movement on the balances, the round and the day counters.
	sign := int64(1) // a debit comes back to the player
	var betReal, betBonus, win int64
	staked, won := -target.amount, int64(0)
	if target.kind == "credit" {
		sign = -1
		win = -target.amount
		staked, won = 0, -target.amount
	} else {
		betReal, betBonus = -target.realAmount, -target.bonusAmt
		kind := func() string { // the game's kind, for the bonus's wagering contribution
			g, err := w.s.Games(w.Context(), provider, req.GameID)
			if err != nil {
				return ""
			}
			return g.Kind
		}
		if err := w.s.unstaked(w.Tx, playerID, cur, target.amount, target.ledgerTx, kind); err != nil {
			return Result{}, err
		}
	}
	real += sign * target.realAmount
	bonus += sign * target.bonusAmt
	after := p.playable(real, bonus)
	if err := w.exec(qMarkReversed, target.id); err != nil {
		return Result{}, err
	}
	if err := w.exec(qUpdateRound, betReal, betBonus, win, after, nil, "open", "", round.id); err != nil {
		return Result{}, err
	}
	if target.amount > 0 {
		if err := w.exec(qDay, playerID, cur.Code, target.day, staked, won); err != nil {
			return Result{}, err
		}
	}
	row.balanceAfter, row.bonusAfter = after, bonus
	res.Amount, res.RealAmount, res.BonusAmount = fmtMinor(target.amount, cur), fmtMinor(target.realAmount, cur), fmtMinor(target.bonusAmt, cur)
	res.Balance, res.RealBalance, res.BonusBalance = fmtMinor(after, cur), fmtMinor(real, cur), fmtMinor(bonus, cur)
	return answer(StatusRolledBack)
}
