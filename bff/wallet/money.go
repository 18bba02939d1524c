package wallet

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"casino/bff/api"
	"casino/bff/betlevels"
	"casino/bff/ledger"
)

// maxOutcome bounds the outcome JSON stored with a round.
const maxOutcome = 16 << 10

// moneyCall is a validated debit or credit.
type moneyCall struct {
	provider string
	kind     string // debit, credit
	req      MoneyRequest
	playerID int64
	game     GameRules
	outcome  *string // nil: keep the round's outcome
	hash     []byte
}

func validID(s string) bool { return s != "" && len([]rune(s)) <= 128 }

func parsePlayer(s string, v api.Validation) int64 {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 || strconv.FormatInt(id, 10) != s {
		v.Add("playerId", "Invalid format")
		return 0
	}
	return id
}

func parseOutcome(raw json.RawMessage, v api.Validation) *string {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	if len(raw) > maxOutcome || !json.Valid(raw) || raw[0] != '{' {
		v.Add("outcome", "Invalid format")
		return nil
	}
	s := string(raw)
	return &s
}

func requestHash(parts ...string) []byte {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return h.Sum(nil)
}

func (s *Service) validateMoney(ctx context.Context, provider, kind string, req MoneyRequest) (moneyCall, error) {
	v := api.Validation{}
	if !validID(req.TransactionID) {
		v.Add("transactionId", "Required")
	}
	if !validID(req.RoundID) {
		v.Add("roundId", "Required")
	}
	if req.GameID == "" {
		v.Add("gameId", "Required")
	}
	if req.Currency == "" {
		v.Add("currency", "Required")
	}
	if req.Amount == "" {
		v.Add("amount", "Required")
	}
	c := moneyCall{provider: provider, kind: kind, req: req, playerID: parsePlayer(req.PlayerID, v)}
	c.outcome = parseOutcome(req.Outcome, v)
	if err := v.Err(); err != nil {
		return moneyCall{}, err
	}
	game, err := s.Games(ctx, provider, req.GameID)
	if err != nil {
		return moneyCall{}, err
	}
	c.game = game
	parts := []string{kind, req.PlayerID, req.GameID, req.RoundID, req.Currency, req.Amount, strconv.FormatBool(req.BonusBuy)}
	if req.FreeRound {
		parts = append(parts, "free")
	}
	c.hash = requestHash(parts...)
	return c, nil
}

// replayOrConflict answers a transaction id seen before.
func replayOrConflict(prev txRow, hash []byte) (Result, error) {
	if prev.kind == "tombstone" {
		return Result{}, ErrTransactionRolledBack
	}
	if string(prev.hash) != string(hash) {
		return Result{}, ErrDuplicateTransaction
	}
	return prev.stored()
}

// amountIn parses the amount in the player's currency.
func amountIn(req MoneyRequest, c ledger.Currency) (int64, error) {
	if req.Currency != c.Code {
		return 0, ErrCurrencyMismatch
	}
	m, err := ledger.Parse(req.Amount, c)
	if err != nil || m.Sign() < 0 {
		return 0, api.ErrValidation.WithField("amount", "Invalid format")
	}
	return m.Minor(), nil
}

// gameBounds returns a game's min and max bet in minor units of the
// player's currency (0: no bound).
func (s *Service) gameBounds(ctx context.Context, g GameRules, c ledger.Currency) (lo, hi int64, err error) {
	scale := betlevels.FaceValue(c)
	if s.BetScale != nil {
		if scale, err = s.BetScale(ctx, c.Code); err != nil {
			return 0, 0, err
		}
	}
	return gameBound(g.MinBet, scale), gameBound(g.MaxBet, scale), nil
}

// gameBound converts a game's min or max bet; a malformed one is no bound
// (the catalogue validates them when seeding).
func gameBound(s string, scale betlevels.Scale) int64 {
	if s == "" {
		return 0
	}
	v, err := scale.Parse(s)
	if err != nil {
		return 0
	}
	return v
}

// event is a realtime event to send after commit.
type event struct {
	player int64
	name   string
	win    string
	paid   *Win // a credit's win
}

// Debit takes a bet (see docs/wallet.md).
func (s *Service) Debit(ctx context.Context, provider string, req MoneyRequest) (Result, error) {
	c, err := s.validateMoney(ctx, provider, "debit", req)
	if err != nil {
		return Result{}, err
	}
	return s.money(ctx, c)
}

// Credit pays a win (see docs/wallet.md).
func (s *Service) Credit(ctx context.Context, provider string, req MoneyRequest) (Result, error) {
	c, err := s.validateMoney(ctx, provider, "credit", req)
	if err != nil {
		return Result{}, err
	}
	return s.money(ctx, c)
}

func (s *Service) money(ctx context.Context, c moneyCall) (Result, error) {
	if err := s.prepare(ctx); err != nil {
		return Result{}, err
	}
	var (
		out Result
		ev  *event
	)
	err := s.ledger.Do(ctx, func(lt *ledger.Tx) error {
		out, ev = Result{}, nil
		w := wtx{Tx: lt, s: s}
		var err error
		out, ev, err = w.money(c)
		return err
	})
	if err != nil {
		return Result{}, err
	}
	if ev != nil && s.Publish != nil {
		s.Publish(ev.player, ev.name, map[string]string{"win": ev.win})
	}
	if ev != nil && ev.paid != nil && s.Won != nil {
		s.Won(*ev.paid)
	}
	if out.Status == "failed" {
		return Result{}, out.err()
	}
	return out, nil
}

func (w wtx) money(c moneyCall) (Result, *event, error) {
	req := c.req
	st, err := w.state(c.playerID, c.provider, req.RoundID, req.TransactionID)
	if err != nil {
		return Result{}, nil, err
	}
	if prev := st.prev; st.havePrev {
		r, err := replayOrConflict(prev, c.hash)
		if err != nil {
			var apiErr *api.Error
			if errors.As(err, &apiErr) && prev.kind != "tombstone" && prev.status == "failed" && string(prev.hash) == string(c.hash) {
				return failed(apiErr), nil, nil
			}
			return Result{}, nil, err
		}
		return r, nil, nil
	}
	if !st.havePlayer {
		return Result{}, nil, ErrPlayerNotFound
	}
	p, round, haveRound, real, bonus := st.player, st.round, st.haveRound, st.real, st.bonus
	amount, err := amountIn(req, p.currency)
	if err != nil {
		return Result{}, nil, err
	}
	if c.kind == "debit" && amount == 0 {
		return Result{}, nil, api.ErrValidation.WithField("amount", "Invalid format")
	}
	if haveRound && (round.playerID != c.playerID || round.gameID != req.GameID) {
		return Result{}, nil, ErrRoundNotFound
	}
	if c.kind == "credit" && !haveRound {
		return Result{}, nil, ErrRoundNotFound
	}
	if haveRound && round.status == "closed" {
		return Result{}, nil, ErrRoundClosed
	}
	before := p.playable(real, bonus)
	row := txInsert{provider: c.provider, txID: req.TransactionID, kind: c.kind, hash: c.hash, playerID: c.playerID,
		gameID: req.GameID, currency: p.currency.Code, amount: amount, balanceBefore: before}

	var realPart, bonusPart int64
	// A free round: opened by a free debit (FreeRound, no money staked), so
	// its stake is 0; its win is bonus money paid by the house.
	fr, _ := w.s.Wagering.(FreeRounds)
	free := c.kind == "debit" && req.FreeRound || c.kind == "credit" && round.free
	if c.kind == "debit" && haveRound && round.free && !req.FreeRound {
		return Result{}, nil, api.ErrValidation.WithField("freeRound", "A free round is one debit")
	}
	if free && fr == nil {
		return Result{}, nil, api.ErrValidation.WithField("freeRound", "Free rounds are not supported")
	}
	if free && c.kind == "debit" {
		if haveRound {
			return Result{}, nil, api.ErrValidation.WithField("freeRound", "A free round is one debit")
		}
		if err := fr.FreeRoundStaked(w.Tx, c.playerID, req.GameID, p.currency, amount); err != nil {
			var apiErr *api.Error
			if errors.As(err, &apiErr) {
				return w.storeFailure(row, apiErr)
			}
			return Result{}, nil, err
		}
		// Nothing of the player's is staked: the history shows a bet of 0
		// and the day's stakes, limits and events do not count it.
		amount, row.amount = 0, 0
	} else if free {
		share, err := fr.FreeRoundShare(w.Tx, c.playerID, p.currency)
		if err != nil {
			return Result{}, nil, err
		}
		if share == ShareToBonus {
			if amount > 0 {
				tx, err := w.PostNew(ledger.Transfer{IdempotencyKey: "win:" + c.provider + ":" + req.TransactionID, Kind: ledger.KindBonusGrant,
					Postings: []ledger.Posting{{Account: ledger.House, Amount: ledger.FromMinor(-amount, p.currency)},
						{Account: ledger.PlayerBonus(c.playerID), Amount: ledger.FromMinor(amount, p.currency)}},
					Metadata: map[string]string{"provider": c.provider, "game": req.GameID, "gameName": c.game.Name, "round": req.RoundID,
						"transactionId": req.TransactionID, "reason": "free_round"}})
				if err != nil {
					return Result{}, nil, err
				}
				row.ledgerTx, bonusPart = tx.ID, amount
			}
			if err := fr.FreeRoundWon(w.Tx, c.playerID, p.currency, amount); err != nil {
				return Result{}, nil, err
			}
			if real, bonus, err = w.PlayerBalances(c.playerID, p.currency); err != nil {
				return Result{}, nil, err
			}
		}
	} else if c.kind == "debit" {
		realPart = min(amount, real)
		if p.policy.Wagering == RealToFun {
			bonusPart = amount - realPart
		} else {
			realPart = amount
		}
		now := w.s.Now()
		bet := Bet{Amount: amount, BonusBalance: bonus, BonusBuy: req.BonusBuy, GameExcluded: c.game.BonusExcluded}
		if bet.GameMin, bet.GameMax, err = w.s.gameBounds(w.Context(), c.game, p.currency); err != nil {
			return Result{}, nil, err
		}
		starts := periodStarts(now)
		if hasPeriodLimits(p.policy) {
			if err := w.row(qPeriods, starts[0], starts[1], starts[2], c.playerID, p.currency.Code).Scan(
				&bet.Staked[0], &bet.Won[0], &bet.Staked[1], &bet.Won[1], &bet.Staked[2], &bet.Won[2]); err != nil {
				return Result{}, nil, err
			}
		}
		used, perr := p.policy.Check(now, bet)
		if perr != nil {
			var apiErr *api.Error
			errors.As(perr, &apiErr)
			return w.storeFailure(row, apiErr)
		}
		if used {
			if err := w.exec(qConsumeBuy, c.playerID); err != nil {
				return Result{}, nil, err
			}
		}
		postings := []ledger.Posting{}
		if realPart > 0 {
			postings = append(postings, ledger.Posting{Account: ledger.PlayerReal(c.playerID), Amount: ledger.FromMinor(-realPart, p.currency)})
		}
		if bonusPart > 0 {
			postings = append(postings, ledger.Posting{Account: ledger.PlayerBonus(c.playerID), Amount: ledger.FromMinor(-bonusPart, p.currency)})
		}
		postings = append(postings, ledger.Posting{Account: ledger.Game(c.provider), Amount: ledger.FromMinor(amount, p.currency)})
		tx, err := w.PostNew(ledger.Transfer{IdempotencyKey: "bet:" + c.provider + ":" + req.TransactionID, Kind: ledger.KindBet,
			Postings: postings, Metadata: map[string]string{"provider": c.provider, "game": req.GameID, "gameName": c.game.Name, "round": req.RoundID, "transactionId": req.TransactionID}})
		if errors.Is(err, ledger.ErrInsufficientFunds) && tx.ID != 0 {
			return w.storeFailure(row, ledger.ErrInsufficientFunds)
		}
		if err != nil {
			return Result{}, nil, err
		}
		row.ledgerTx = tx.ID
		real, bonus = real-realPart, bonus-bonusPart
		if err := w.s.staked(w.Tx, c.playerID, p.currency, amount, c.game.Kind); err != nil {
			return Result{}, nil, err
		}
		if bonus > 0 {
			// The stake may have completed the bonus, converting or
			// forfeiting bonus money: answer the balances after that (rows
			// the job already holds: no statement).
			if real, bonus, err = w.PlayerBalances(c.playerID, p.currency); err != nil {
				return Result{}, nil, err
			}
		}
	} else if amount > 0 {
		// A win on a round staked partly with bonus money goes back in the
		// same proportion (bonus part rounded down).
		if stake := round.betReal + round.betBonus; round.betBonus > 0 && stake > 0 {
			bonusPart = ledger.MulDiv(amount, round.betBonus, stake)
		}
		realPart = amount - bonusPart
		var forfeited int64
		if bonusPart > 0 {
			share, err := w.s.bonusShare(w.Tx, c.playerID)
			if err != nil {
				return Result{}, nil, err
			}
			switch share {
			case ShareToReal:
				realPart, bonusPart = amount, 0
			case ShareForfeit:
				forfeited, bonusPart = bonusPart, 0
			}
		}
		postings := []ledger.Posting{{Account: ledger.Game(c.provider), Amount: ledger.FromMinor(-amount, p.currency)}}
		if forfeited > 0 {
			postings = append(postings, ledger.Posting{Account: ledger.House, Amount: ledger.FromMinor(forfeited, p.currency)})
		}
		if realPart > 0 {
			postings = append(postings, ledger.Posting{Account: ledger.PlayerReal(c.playerID), Amount: ledger.FromMinor(realPart, p.currency)})
		}
		if bonusPart > 0 {
			postings = append(postings, ledger.Posting{Account: ledger.PlayerBonus(c.playerID), Amount: ledger.FromMinor(bonusPart, p.currency)})
		}
		tx, err := w.PostNew(ledger.Transfer{IdempotencyKey: "win:" + c.provider + ":" + req.TransactionID, Kind: ledger.KindWin,
			Postings: postings, Metadata: map[string]string{"provider": c.provider, "game": req.GameID, "gameName": c.game.Name, "round": req.RoundID, "transactionId": req.TransactionID}})
		if err != nil {
			return Result{}, nil, err
		}
		row.ledgerTx = tx.ID
		real, bonus = real+realPart, bonus+bonusPart
	}
	after := p.playable(real, bonus)
	row.realAmount, row.bonusAmount, row.balanceAfter, row.bonusAfter = realPart, bonusPart, after, bonus

	// The round: opened by its first debit, updated by every movement.
	status, ended := "open", ""
	if req.CloseRound {
		status, ended = "closed", nowText(w.s.Now())
	}
	var betReal, betBonus, win int64
	if c.kind == "debit" {
		betReal, betBonus = realPart, bonusPart
	} else {
		win = amount
	}
	if haveRound {
		if err := w.exec(qUpdateRound, betReal, betBonus, win, after, c.outcome, status, ended, round.id); err != nil {
			return Result{}, nil, err
		}
		row.roundRef = round.id
	} else {
		outcome := "null"
		if c.outcome != nil {
			outcome = *c.outcome
		}
		if row.roundRef, err = w.insertID(qInsertRound, c.provider, req.RoundID, c.playerID, req.GameID, p.currency.Code, betReal, betBonus,
			before, after, outcome, status, ended, nowText(w.s.Now()), free); err != nil {
			return Result{}, nil, err
		}
	}
	staked, won := amount, int64(0)
	if c.kind == "credit" {
		staked, won = 0, amount
	}
	if free {
		staked, won = 0, 0 // no money of the player's staked: not real-money play
	}
	if amount > 0 {
		if err := w.exec(qDay, c.playerID, p.currency.Code, periodStarts(w.s.Now())[0], staked, won); err != nil {
			return Result{}, nil, err
		}
	}
	cur := p.currency
	res := Result{TransactionID: req.TransactionID, RoundID: req.RoundID, Currency: cur.Code,
		Amount: fmtMinor(amount, cur), RealAmount: fmtMinor(realPart, cur), BonusAmount: fmtMinor(bonusPart, cur),
		Balance: fmtMinor(after, cur), RealBalance: fmtMinor(real, cur), BonusBalance: fmtMinor(bonus, cur),
		BalanceBefore: fmtMinor(before, cur), Status: StatusOK}
	id, err := w.insert(row, res)
	if err != nil {
		return Result{}, nil, err
	}
	res.WalletTransactionID = id
	var ev *event
	if amount > 0 {
		ev = &event{player: c.playerID, name: c.kind, win: res.Amount}
		if c.kind == "credit" {
			ev.paid = &Win{PlayerID: c.playerID, GameID: req.GameID, GameName: c.game.Name, Currency: cur,
				Stake: round.betReal + round.betBonus, Amount: amount, Free: free}
		}
	}
	return res, ev, nil
}

func hasPeriodLimits(p Policy) bool {
	for i := range 3 {
		if p.BetLimits[i] > 0 || p.LossLimits[i] > 0 {
			return true
		}
	}
	return false
}

func fmtMinor(v int64, c ledger.Currency) string { return ledger.FormatMinor(v, c.Decimals) }

// txInsert is a wallet transaction to store.
type txInsert struct {
	provider, txID, kind string
	hash                 []byte
	playerID             int64
	gameID               string
	roundRef             int64
	currency             string
	amount               int64
	realAmount           int64
	bonusAmount          int64
	balanceBefore        int64
	balanceAfter         int64
	bonusAfter           int64
	ledgerTx             int64
	targetRef            int64
	status, errorCode    string
}

func nullable(v int64) any {
	if v == 0 {
		return nil
	}
	return v
}

func (w wtx) insert(t txInsert, response any) (int64, error) {
	b, err := json.Marshal(response)
	if err != nil {
		return 0, err
	}
	if t.status == "" {
		t.status = "ok"
	}
	id, err := w.insertID(qInsertTx, t.provider, t.txID, t.kind, t.status, t.errorCode, t.hash, t.playerID, t.gameID, nullable(t.roundRef),
		t.currency, t.amount, t.realAmount, t.bonusAmount, t.balanceBefore, t.balanceAfter, t.bonusAfter,
		nullable(t.ledgerTx), nullable(t.targetRef), string(b), nowText(w.s.Now()))
	if err != nil {
		return 0, fmt.Errorf("wallet: store transaction %s/%s: %w", t.provider, t.txID, err)
	}
	return id, nil
}

// storeFailure records a business refusal so a retry gets the same answer.
func (w wtx) storeFailure(t txInsert, e *api.Error) (Result, *event, error) {
	t.status, t.errorCode = "failed", e.Code
	t.balanceAfter = t.balanceBefore
	if _, err := w.insert(t, e); err != nil {
		return Result{}, nil, err
	}
	return failed(e), nil, nil
}

// failed is a Result that carries a refusal out of the committed job.
func failed(e *api.Error) Result { return Result{Status: "failed", failure: e} }

func (r Result) err() error { return r.failure }
