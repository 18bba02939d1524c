package studio

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"casino/bff/api"
	"casino/bff/studio/roulette"
	"casino/bff/wallet"
)

// Errors of the live table.
var (
	ErrBettingClosed = &api.Error{Status: http.StatusConflict, Code: "BETTING_CLOSED", Message: "Betting is closed for this round"}
	ErrTableBet      = api.ErrValidation.WithField("bets", "Invalid format")
	ErrNoTableBets   = &api.Error{Status: http.StatusConflict, Code: "NO_BETS", Message: "You have no bets on this round"}
)

// TableTopic is the realtime topic of the live roulette table.
const TableTopic = "table:" + RouletteID

// OpenTable starts the live roulette table, numbering its rounds after the
// last one on record; publish broadcasts its state to every follower. Drive
// it with StartTable (or Table.Step). Run RefundTableStakes first.
func (s *Service) OpenTable(cfg roulette.Config, publish func(roulette.Event)) *roulette.Table {
	if last, err := s.lastTableRound(context.Background()); err != nil {
		slog.Error("roulette: last round", "err", err)
	} else {
		cfg.After = max(cfg.After, last)
	}
	t := roulette.New(RouletteID, cfg, tableBank{s}, publish, s.Now())
	t.OnReveal = func(r roulette.Revealed) {
		_, err := s.db.Write.Exec(`INSERT INTO studio_revealed_seeds(server_seed_hash, server_seed, owner, client_seed, last_nonce)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT(server_seed_hash) DO NOTHING`, r.ServerSeedHash, r.ServerSeed, TableTopic, roulette.ClientSeed, r.Round)
		if err != nil {
			slog.Error("roulette: reveal", "round", r.Round, "err", err)
		}
	}
	s.Table = t
	return t
}

// tableBank moves table stakes and wins: through the wallet for real-money
// sessions, on the session's fun-money balance in demo.
type tableBank struct{ s *Service }

func (b tableBank) Stake(ctx context.Context, p roulette.Player, round, tx string, amount int64, outcome any) (string, error) {
	return b.move(ctx, p, round, tx, -amount, outcome, false)
}

func (b tableBank) Pay(ctx context.Context, p roulette.Player, round, tx string, amount int64, outcome any) (string, error) {
	bal, err := b.move(ctx, p, round, tx, amount, outcome, true)
	if o, ok := outcome.(roulette.Outcome); ok && err == nil {
		b.s.recordTableRound(ctx, p, round, o, bal)
	}
	return bal, err
}

// Unstake gives a stake back while betting is open: fun money onto the
// session, real money by rolling the debit back through the wallet (the id
// "<debit>:rollback" is the one a refund at start-up would use, so the two
// can never both move money).
func (b tableBank) Unstake(ctx context.Context, p roulette.Player, round, tx string, amount int64) (string, error) {
	s := b.s
	if p.Mode == ModeDemo {
		return b.move(ctx, p, round, tx, amount, nil, false)
	}
	res, err := retry(ctx, func() (wallet.Result, error) {
		return s.Wallet.Rollback(ctx, wallet.RollbackRequest{TransactionID: tx + ":rollback", RollbackTransactionID: tx,
			RoundID: round, PlayerID: strconv.FormatInt(p.UserID, 10), GameID: RouletteID})
	})
	if err != nil {
		if wallet.IsRetryable(err) {
			return "", api.ErrServiceUnavailable
		}
		return "", err
	}
	s.markStakes(ctx, "tx_id", tx, stakeRefunded)
	return res.Balance, nil
}

func (b tableBank) move(ctx context.Context, p roulette.Player, round, tx string, delta int64, outcome any, closeRound bool) (string, error) {
	s := b.s
	if p.Mode == ModeDemo {
		var after int64
		err := s.db.Tx(ctx, func(t *sql.Tx) error {
			if err := t.QueryRowContext(ctx, `SELECT demo_balance FROM studio_sessions WHERE id = ?`, p.Key).Scan(&after); err != nil {
				return err
			}
			after += delta
			if after < 0 {
				return ErrFunds
			}
			_, err := t.ExecContext(ctx, `UPDATE studio_sessions SET demo_balance = ? WHERE id = ?`, after, p.Key)
			return err
		})
		return amountText(p.Currency, after), err
	}
	raw, _ := json.Marshal(outcome)
	req := wallet.MoneyRequest{TransactionID: tx, RoundID: round, PlayerID: strconv.FormatInt(p.UserID, 10), GameID: RouletteID,
		Currency: p.Currency, Outcome: raw, CloseRound: closeRound}
	var res wallet.Result
	var err error
	if delta < 0 {
		// The stake is on record before the debit, so a restart finds it.
		if err := s.recordStake(ctx, p, round, tx, -delta, outcome); err != nil {
			return "", err
		}
		req.Amount = amountText(p.Currency, -delta)
		res, err = retry(ctx, func() (wallet.Result, error) { return s.Wallet.Debit(ctx, req) })
		if err != nil && wallet.IsRetryable(err) {
			// Unknown outcome: make sure the stake is not kept.
			if s.rollbackTx(ctx, p.UserID, round, tx) {
				s.markStakes(ctx, "tx_id", tx, stakeRefunded)
			}
			return "", api.ErrServiceUnavailable
		}
		if err != nil {
			s.markStakes(ctx, "tx_id", tx, stakeRefused)
		} else {
			s.markStakes(ctx, "tx_id", tx, stakeStaked)
		}
	} else {
		req.Amount = amountText(p.Currency, delta)
		res, err = retry(ctx, func() (wallet.Result, error) { return s.Wallet.Credit(ctx, req) })
		if err == nil {
			s.markStakes(ctx, "round_id", round, stakeSettled)
		}
	}
	return res.Balance, err
}

// rollbackTx rolls a table stake back (the id tx+":rollback" makes a repeat
// harmless) and reports whether the wallet answered.
func (s *Service) rollbackTx(ctx context.Context, user int64, round, tx string) bool {
	if _, err := retry(ctx, func() (wallet.Result, error) {
		return s.Wallet.Rollback(ctx, wallet.RollbackRequest{TransactionID: tx + ":rollback", RollbackTransactionID: tx,
			RoundID: round, PlayerID: strconv.FormatInt(user, 10), GameID: RouletteID})
	}); err != nil {
		slog.Error("roulette: rollback", "round", round, "err", err)
		return false
	}
	return true
}

// TableChips are the chip values the table offers, in euro cents (× the
// session's factor for the player's currency).
var TableChips = []int64{10, 100, 500, 2500, 10000}

// TableInfo is the table at launch: its state, and its chips and limits in
// minor units of the session currency (factor per euro cent).
type TableInfo struct {
	Table  roulette.State `json:"table"`
	Chips  []int64        `json:"chips"`
	MinBet int64          `json:"minBet"`
	MaxBet int64          `json:"maxBet"`
	// MaxInside is an inside bet's maximum per number it covers (a split
	// twice it, … a six line 6×, never above MaxBet).
	MaxInside int64 `json:"maxInside"`
	MaxRound  int64 `json:"maxRound"`
}

func tableInfo(t *roulette.Table, now time.Time, factor int64) TableInfo {
	lo, hi, round := t.Limits()
	info := TableInfo{Table: t.State(now), MinBet: lo * factor, MaxBet: hi * factor, MaxInside: t.Config().MaxInside * factor, MaxRound: round * factor}
	for _, c := range TableChips {
		info.Chips = append(info.Chips, c*factor)
	}
	return info
}

// tableBetJSON is a bet as the client sends it (decimal amount of the
// session currency).
type tableBetJSON struct {
	Kind    string `json:"kind"`
	Number  int    `json:"number"`
	Numbers []int  `json:"numbers,omitempty"` // split, street, corner, line: sorted
	Amount  string `json:"amount"`
}

// PlaceTableBets stakes bets on the live table for a session. Amounts are
// decimals of the session currency; the table bounds them in euro cents
// through the session's bet scale (each bet a whole number of factor minor
// units, as a slot's), and pays them in the same minor units.
func (s *Service) PlaceTableBets(ctx context.Context, sess *Session, round uint64, in []tableBetJSON) (roulette.Placed, error) {
	if s.Table == nil || sess.GameID != RouletteID {
		return roulette.Placed{}, ErrGameNotFound
	}
	if err := s.mayPlay(ctx, sess); err != nil {
		return roulette.Placed{}, err
	}
	sc, err := s.scale(ctx, sess.Currency)
	if err != nil {
		return roulette.Placed{}, err
	}
	bets := make([]roulette.Bet, 0, len(in))
	for _, b := range in {
		amt, ok := sc.Read(b.Amount)
		if !ok {
			return roulette.Placed{}, ErrTableBet
		}
		bets = append(bets, roulette.Bet{Kind: b.Kind, Number: b.Number, Numbers: b.Numbers, Amount: amt})
	}
	p := roulette.Player{Key: sess.ID, Mode: sess.Mode, UserID: sess.UserID, Currency: sess.Currency, Factor: sc.Factor}
	placed, err := s.Table.PlaceBets(ctx, p, round, bets, s.Now())
	switch {
	case errors.Is(err, roulette.ErrClosed):
		return placed, ErrBettingClosed
	case errors.Is(err, roulette.ErrAmount):
		return placed, api.ErrValidation.WithField("amount", "The bet is outside the table limits")
	case errors.Is(err, roulette.ErrBet):
		return placed, ErrTableBet
	}
	return placed, err
}

func (s *Service) tableRoutes(mux *http.ServeMux) {
	mux.Handle("GET /api/studio/tables/"+RouletteID, api.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		if s.Table == nil {
			return ErrGameNotFound
		}
		return api.WriteData(w, s.Table.State(s.Now()))
	}))
	mux.Handle("POST /api/studio/sessions/{sid}/bets", s.withSession(func(w http.ResponseWriter, r *http.Request, sess *Session) error {
		var body struct {
			Round uint64         `json:"round"`
			Bets  []tableBetJSON `json:"bets"`
		}
		if err := api.Decode(w, r, &body); err != nil {
			return err
		}
		placed, err := s.PlaceTableBets(r.Context(), sess, body.Round, body.Bets)
		if err != nil {
			return err
		}
		return api.WriteData(w, placed)
	}))
	// Undo (the last placement) and clear (all) while betting is open.
	mux.Handle("POST /api/studio/sessions/{sid}/bets/withdraw", s.withSession(func(w http.ResponseWriter, r *http.Request, sess *Session) error {
		var body struct {
			Round uint64 `json:"round"`
			All   bool   `json:"all"`
		}
		if err := api.Decode(w, r, &body); err != nil {
			return err
		}
		placed, err := s.WithdrawTableBets(r.Context(), sess, body.Round, body.All)
		if err != nil {
			return err
		}
		return api.WriteData(w, placed)
	}))
}

// WithdrawTableBets takes back a session's last placement on the round (all
// of them with all) while betting is open.
func (s *Service) WithdrawTableBets(ctx context.Context, sess *Session, round uint64, all bool) (roulette.Placed, error) {
	if s.Table == nil || sess.GameID != RouletteID {
		return roulette.Placed{}, ErrGameNotFound
	}
	sc, err := s.scale(ctx, sess.Currency)
	if err != nil {
		return roulette.Placed{}, err
	}
	p := roulette.Player{Key: sess.ID, Mode: sess.Mode, UserID: sess.UserID, Currency: sess.Currency, Factor: sc.Factor}
	placed, err := s.Table.Withdraw(ctx, p, round, all, s.Now())
	switch {
	case errors.Is(err, roulette.ErrClosed):
		return placed, ErrBettingClosed
	case errors.Is(err, roulette.ErrNoBets):
		return placed, ErrNoTableBets
	}
	return placed, err
}

// StartTable steps the table in the background until Close.
func (s *Service) StartTable() {
	if s.Table == nil || s.stopTable != nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	s.stopTable = func() {
		cancel()
		<-done
	}
	go func() {
		defer close(done)
		s.Table.Run(ctx, 100*time.Millisecond, s.Now)
	}()
}

// Close stops the table's loop and waits for the payments it started. The
// stakes of a round still open stay on record and are refunded at the next
// start (RefundTableStakes).
func (s *Service) Close() {
	if s.stopTable != nil {
		s.stopTable()
		s.stopTable = nil
	}
	if s.Table != nil {
		s.Table.Wait()
	}
}
