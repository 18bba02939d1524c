package studio

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"casino/bff/api"
	"casino/bff/betlevels"
	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/session"
	"casino/bff/studio/fair"
	"casino/bff/studio/roulette"
	"casino/bff/studio/slot"
	"casino/bff/wallet"
)

// Wallet is the seamless wallet as a provider sees it (*wallet.Client).
type Wallet interface {
	Balance(ctx context.Context, req wallet.BalanceRequest) (wallet.Balance, error)
	Debit(ctx context.Context, req wallet.MoneyRequest) (wallet.Result, error)
	Credit(ctx context.Context, req wallet.MoneyRequest) (wallet.Result, error)
	Rollback(ctx context.Context, req wallet.RollbackRequest) (wallet.Result, error)
}

// Session modes.
const (
	ModeReal = "real"
	ModeDemo = "demo"
)

// Fun money: a demo session starts with DemoBalance hundredths of FUN.
const (
	DemoCurrency = "FUN"
	DemoBalance  = 100000
)

// Errors the player may see.
var (
	ErrGameNotFound = wallet.ErrGameNotFound
	ErrSession      = api.ErrNotFound.WithMessage("Game session not found")
	ErrBet          = api.ErrValidation.WithField("bet", "Invalid format")
	ErrFunds        = wallet.ErrInsufficientFunds
	ErrNoBonusBuy   = api.ErrValidation.WithField("bonusBuy", "This game has no bonus buy")
)

// Service runs studio game sessions and rounds.
type Service struct {
	db      *database.DB
	Catalog *Catalog
	// Wallet moves real money; nil leaves only demo play.
	Wallet Wallet
	Now    func() time.Time
	// Table is the live roulette table (nil until OpenTable).
	Table     *roulette.Table
	stopTable func() // set by StartTable
	// BetScale converts the titles' bet amounts (EUR cents) into a session
	// currency's minor units (bff/betlevels, the operator's rates); nil
	// plays them at face value.
	BetScale func(ctx context.Context, currency string) (betlevels.Scale, error)
	// MayPlay, when set, gates every real-money round of a player (bff/
	// protection: a reality check waiting for its answer pauses the games).
	MayPlay func(ctx context.Context, userID int64, playerSession []byte) error
	// StaffRecall, when set, lets a back-office link open a player's round
	// recall (bff/staff SignLink); otherwise only its owner sees it.
	StaffRecall func(r *http.Request) bool
	// FreeSpins, when set, tells a player's free spins on a game (bff/bonus:
	// a claimed freespins bonus); nil: none.
	FreeSpins func(ctx context.Context, userID int64, gameID string) (*FreeSpins, error)
	// RTS14, when set and true, paces the slot pages for jurisdictions
	// with UKGC RTS 14 (the operator's feature flag "studioRTS14"): at least
	// 2.5 s per spin, no quick spin, no autoplay, the session's net position
	// and elapsed time on screen. Read on every page load.
	RTS14 func(ctx context.Context) bool
	pace  pacer // RTS 14 on the server: the last spin of each session
}

// FreeSpins are a player's free spins on a game: Left rounds at Bet (a
// decimal in the session currency); Winnings so far are bonus money.
type FreeSpins struct {
	Left     int    `json:"left"`
	Total    int    `json:"total"`
	Bet      string `json:"bet"`
	Winnings string `json:"winnings"`
}

// ErrNoFreeSpins: a free spin asked for without free spins on the game.
var ErrNoFreeSpins = &api.Error{Status: 409, Code: "NO_FREE_SPINS", Message: "No free spins left for this game"}

// freeSpins are the session player's free spins on its game (nil: none).
func (s *Service) freeSpins(ctx context.Context, sess *Session) (*FreeSpins, error) {
	if sess.Mode != ModeReal || s.FreeSpins == nil {
		return nil, nil
	}
	return s.FreeSpins(ctx, sess.UserID, sess.GameID)
}

// mayPlay applies MayPlay to a real-money session.
func (s *Service) mayPlay(ctx context.Context, sess *Session) error {
	if sess.Mode != ModeReal || s.MayPlay == nil {
		return nil
	}
	return s.MayPlay(ctx, sess.UserID, sess.playerSession)
}

// NewService returns the studio over db.
func NewService(db *database.DB, c *Catalog, w Wallet) *Service {
	return &Service{db: db, Catalog: c, Wallet: w, Now: time.Now}
}

// Session is a launched game.
type Session struct {
	ID          string `json:"sessionId"`
	UserID      int64  `json:"-"`
	GameID      string `json:"gameId"`
	Mode        string `json:"mode"`
	Currency    string `json:"currency"`
	DemoBalance int64  `json:"-"`
	// playerSession is the key of the player session that launched a
	// real-money session (nil: fun money, or launched before 0055).
	playerSession []byte
}

// Launched answers a launch: the session, the balance and the game.
type Launched struct {
	Session
	// BetScale is how the game's bets (title and game info, in EUR cents)
	// become the session currency's minor units: × factor, shown with
	// decimals.
	BetScale BetScaleInfo `json:"betScale"`
	Balance  string       `json:"balance"`
	Seeds    SeedState    `json:"seeds"`
	Title    Title        `json:"title"`
	Game     any          `json:"game"` // slot.Info or the roulette table
	// FreeSpins: the player's free spins on this game, when a bonus gave some.
	FreeSpins *FreeSpins `json:"freeSpins,omitempty"`
}

func newID(prefix string) string {
	var b [16]byte
	rand.Read(b[:])
	return prefix + hex.EncodeToString(b[:])
}

// Launch opens a game session: real money for a logged-in player (player
// non-nil), fun money otherwise.
func (s *Service) Launch(ctx context.Context, player *session.Player, gameID, mode string) (*Launched, error) {
	t, err := s.Catalog.Title(gameID)
	if err != nil {
		return nil, ErrGameNotFound
	}
	if mode == "" {
		mode = ModeDemo
		if player != nil {
			mode = ModeReal
		}
	}
	sess := Session{ID: newID("gs-"), GameID: gameID, Mode: mode}
	var user any
	switch mode {
	case ModeReal:
		if player == nil {
			return nil, api.ErrForbidden
		}
		if s.Wallet == nil {
			return nil, api.ErrServiceUnavailable
		}
		if player.Restricted {
			return nil, session.SelfExcludedError(player.SelfExclusionUntil, player.SelfExclusionPermanent)
		}
		sess.UserID, sess.Currency = player.ID, player.Currency
		user = player.ID

	case ModeDemo:
		sess.Currency, sess.DemoBalance = DemoCurrency, DemoBalance
	default:
		return nil, api.ErrValidation.WithField("mode", "Invalid format")
	}
	var demo, owner any
	if mode == ModeDemo {
		demo = sess.DemoBalance
	} else if key := player.SessionKey(); key != nil {
		owner = key
	}
	if _, err := s.db.Write.ExecContext(ctx, `INSERT INTO studio_sessions(id, user_id, game_id, mode, currency, demo_balance, player_session) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		sess.ID, user, sess.GameID, sess.Mode, sess.Currency, demo, owner); err != nil {
		return nil, err
	}
	sc, err := s.scale(ctx, sess.Currency)
	if err != nil {
		return nil, err
	}
	out := &Launched{Session: sess, Title: t, BetScale: BetScaleInfo{Factor: sc.Factor, Decimals: sc.Currency.Decimals}}
	if out.Balance, err = s.balance(ctx, &sess); err != nil {
		return nil, err
	}
	if out.Seeds, err = s.Seeds(ctx, &sess); err != nil {
		return nil, err
	}
	if g, err := s.Catalog.Slot(gameID); err == nil {
		out.Game = g.Info()
		if out.FreeSpins, err = s.freeSpins(ctx, &sess); err != nil {
			return nil, err
		}
	} else if gameID == RouletteID && s.Table != nil {
		out.Game = tableInfo(s.Table, s.Now(), sc.Factor)
	}
	return out, nil
}

// Session loads a game session by id. A real-money session whose player
// session has ended (log-out, password change, expiry, revocation) is gone
// too: the gs-… id in the game page's URL is not a login of its own.
func (s *Service) Session(ctx context.Context, id string) (*Session, error) {
	var sess Session
	var user, demo sql.NullInt64
	var live bool
	// The player session also ends at its session time limit (bff/protection).
	now := s.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	err := s.db.Read.QueryRowContext(ctx, `SELECT g.id, g.user_id, g.game_id, g.mode, g.currency, g.demo_balance, g.player_session,
			g.player_session IS NULL OR EXISTS (SELECT 1 FROM sessions p WHERE p.token_hash = g.player_session AND p.expires_at > ? AND (p.limit_ends_at IS NULL OR p.limit_ends_at > ?))
		FROM studio_sessions g WHERE g.id = ?`, now, now, id).
		Scan(&sess.ID, &user, &sess.GameID, &sess.Mode, &sess.Currency, &demo, &sess.playerSession, &live)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !live) {
		return nil, ErrSession
	}
	if err != nil {
		return nil, err
	}
	sess.UserID, sess.DemoBalance = user.Int64, demo.Int64
	return &sess, nil
}

func (s *Service) balance(ctx context.Context, sess *Session) (string, error) {
	if sess.Mode == ModeDemo {
		return amountText(sess.Currency, sess.DemoBalance), nil
	}
	b, err := s.Wallet.Balance(ctx, wallet.BalanceRequest{PlayerID: strconv.FormatInt(sess.UserID, 10), Currency: sess.Currency, GameID: sess.GameID})
	return b.Balance, err
}

// Balance answers the session's current balance.
func (s *Service) Balance(ctx context.Context, sess *Session) (string, error) {
	if sess.Mode == ModeDemo {
		fresh, err := s.Session(ctx, sess.ID)
		if err != nil {
			return "", err
		}
		sess = fresh
	}
	return s.balance(ctx, sess)
}

// BetScaleInfo is a session's bet scale as the game client sees it.
type BetScaleInfo struct {
	Factor   int64 `json:"factor"`
	Decimals int   `json:"decimals"`
}

// scale is the bet scale of a session currency (fun money: hundredths).
func (s *Service) scale(ctx context.Context, currency string) (betlevels.Scale, error) {
	if s.BetScale == nil || currency == DemoCurrency {
		return betlevels.For(nil, currency)
	}
	return s.BetScale(ctx, currency)
}

// amountText writes minor units of a session currency as its decimal
// ("0.00000400" BTC, "1.50" EUR, "1.50" FUN).
func amountText(currency string, v int64) string {
	c, err := ledger.LookupCurrency(currency)
	if err != nil {
		return minorText(v) // FUN
	}
	return ledger.FormatMinor(v, c.Decimals)
}

// SpinResult answers a spin.
type SpinResult struct {
	RoundID  string           `json:"roundId"`
	Round    *slot.Round      `json:"round"`
	Balance  string           `json:"balance"`
	Currency string           `json:"currency"`
	Seed     fair.RoundSeed   `json:"seed"`
	Seeds    fair.PublicSeeds `json:"seeds"`
	// FreeRound: the round was one of the player's free spins (nothing
	// debited); FreeSpins: what is left of them after it.
	FreeRound bool       `json:"freeRound,omitempty"`
	FreeSpins *FreeSpins `json:"freeSpins,omitempty"`
}

// walletOutcome is what the wallet keeps with the round: enough to replay it
// (stops per spin) and to verify it (seed commitment, client seed, nonce).
type walletOutcome struct {
	StudioRound    string  `json:"studioRound"`
	Recall         string  `json:"recallUrl"` // the studio's replay page of the round
	Game           string  `json:"game"`
	Bet            string  `json:"bet"`
	Cost           string  `json:"cost"`
	Win            string  `json:"win"`
	BonusBuy       bool    `json:"bonusBuy,omitempty"`
	ServerSeedHash string  `json:"serverSeedHash"`
	ClientSeed     string  `json:"clientSeed"`
	Nonce          uint64  `json:"nonce"`
	Stops          [][]int `json:"stops"` // base spin (absent for a bonus buy) then each free spin
}

func compact(currency, id string, r *slot.Round, seed fair.RoundSeed) json.RawMessage {
	o := walletOutcome{StudioRound: id, Recall: "/studio/rounds/" + id, Game: r.Game,
		Bet: amountText(currency, r.Bet), Cost: amountText(currency, r.Cost), Win: amountText(currency, r.Win),
		BonusBuy: r.BonusBuy, ServerSeedHash: seed.ServerSeedHash, ClientSeed: seed.ClientSeed, Nonce: seed.Nonce}
	if r.Base != nil {
		o.Stops = append(o.Stops, r.Base.Stops)
	}
	for _, f := range r.FreeSpins {
		o.Stops = append(o.Stops, f.Stops)
	}
	b, _ := json.Marshal(o)
	return b
}

// Spin plays one slot round in the session: the outcome is derived from the
// owner's provably fair seeds and stored, then the bet is debited and the
// win credited through the wallet (or the fun-money balance in demo).
func (s *Service) Spin(ctx context.Context, sess *Session, betText string, bonusBuy bool) (*SpinResult, error) {
	return s.spin(ctx, sess, betText, bonusBuy, false)
}

// FreeSpin plays one of the player's free spins on the session's game at
// the free spins' bet: the round goes through the wallet as a free round
// (nothing debited; its win goes to the bonus balance).
func (s *Service) FreeSpin(ctx context.Context, sess *Session) (*SpinResult, error) {
	fs, err := s.freeSpins(ctx, sess)
	if err != nil {
		return nil, err
	}
	if fs == nil || fs.Left <= 0 {
		return nil, ErrNoFreeSpins
	}
	res, err := s.spin(ctx, sess, fs.Bet, false, true)
	if err != nil {
		return nil, err
	}
	res.FreeRound = true
	if res.FreeSpins, err = s.freeSpins(ctx, sess); err != nil {
		return nil, err
	}
	if res.FreeSpins == nil { // the last spin ended the bonus (nothing won)
		res.FreeSpins = &FreeSpins{Total: fs.Total, Bet: fs.Bet, Winnings: fs.Winnings}
	}
	return res, nil
}

func (s *Service) spin(ctx context.Context, sess *Session, betText string, bonusBuy, free bool) (_ *SpinResult, err error) {
	g, err := s.Catalog.Slot(sess.GameID)
	if err != nil {
		return nil, ErrGameNotFound
	}
	// The bet is in the session currency; the engine plays the title's euro
	// cents and the round is scaled back (one factor: the same stops, wins
	// exactly factor × the euro round's).
	sc, err := s.scale(ctx, sess.Currency)
	if err != nil {
		return nil, err
	}
	bet, ok := sc.Read(betText)
	if !ok || s.Catalog.CheckBet(sess.GameID, sc, bet) != nil {
		return nil, ErrBet
	}
	cents := bet / sc.Factor
	if bonusBuy && g.BonusBuyPrice() == 0 {
		return nil, ErrNoBonusBuy
	}
	undo, err := s.paced(ctx, sess)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			undo() // a refused round (funds, limits, a bonus buy to confirm) was no game cycle
		}
	}()
	if err := s.mayPlay(ctx, sess); err != nil {
		return nil, err
	}
	res := &SpinResult{RoundID: newID("sr-"), Currency: sess.Currency}
	owner := ownerOf(sess)
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		seeds, err := loadSeeds(ctx, tx, owner)
		if err != nil {
			return err
		}
		seed, err := seeds.Next()
		if err != nil {
			return err
		}
		var r *slot.Round
		if bonusBuy {
			r, err = g.BuyBonus(cents, seed.Stream())
		} else {
			r, err = g.Spin(cents, seed.Stream())
		}
		if err != nil {
			return err
		}
		r.Scale(sc.Factor)
		res.Round, res.Seed, res.Seeds = r, seed, seeds.Public()
		status := "pending"
		if sess.Mode == ModeDemo {
			var bal int64
			if err := tx.QueryRowContext(ctx, `SELECT demo_balance FROM studio_sessions WHERE id = ?`, sess.ID).Scan(&bal); err != nil {
				return err
			}
			if bal < r.Cost {
				return ErrFunds
			}
			after := bal - r.Cost + r.Win
			if _, err := tx.ExecContext(ctx, `UPDATE studio_sessions SET demo_balance = ? WHERE id = ?`, after, sess.ID); err != nil {
				return err
			}
			res.Balance, status = amountText(sess.Currency, after), "settled"
			sess.DemoBalance = after
			if err := s.insertRound(ctx, tx, sess, res, status, amountText(sess.Currency, bal), amountText(sess.Currency, after)); err != nil {
				return err
			}
		} else if err := s.insertRound(ctx, tx, sess, res, status, "", ""); err != nil {
			return err
		}
		return saveSeeds(ctx, tx, owner, seeds)
	})
	if err != nil || sess.Mode == ModeDemo {
		return res, err
	}
	if res.Balance, err = s.settle(ctx, sess, res.RoundID, res.Round, res.Seed, free); err != nil {
		return nil, err
	}
	return res, nil
}

func (s *Service) insertRound(ctx context.Context, tx *sql.Tx, sess *Session, res *SpinResult, status, before, after string) error {
	outcome, err := json.Marshal(res.Round)
	if err != nil {
		return err
	}
	var user any
	if sess.Mode == ModeReal {
		user = sess.UserID
	}
	settled := any(nil)
	if status == "settled" {
		settled = nowText(s.Now())
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO studio_rounds(id, session_id, user_id, game_id, mode, currency, bet, cost, win, bonus_buy,
		balance_before, balance_after, server_seed_hash, client_seed, nonce, outcome, status, settled_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		res.RoundID, sess.ID, user, sess.GameID, sess.Mode, sess.Currency, res.Round.Bet, res.Round.Cost, res.Round.Win, res.Round.BonusBuy,
		before, after, res.Seed.ServerSeedHash, res.Seed.ClientSeed, res.Seed.Nonce, string(outcome), status, settled)
	return err
}

func nowText(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// retries bounds how often a wallet call with an unknown outcome is resent
// (with the same transaction id, so at most one of them takes effect).
const retries = 3

func retry[T any](ctx context.Context, call func() (T, error)) (T, error) {
	var v T
	var err error
	for i := 0; i < retries; i++ {
		if v, err = call(); err == nil || !wallet.IsRetryable(err) || ctx.Err() != nil {
			return v, err
		}
		time.Sleep(time.Duration(50*(i+1)) * time.Millisecond)
	}
	return v, err
}

func (s *Service) money(sess *Session, round string, r *slot.Round, seed fair.RoundSeed, suffix string, amount int64) wallet.MoneyRequest {
	return wallet.MoneyRequest{
		TransactionID: round + suffix, RoundID: round, PlayerID: strconv.FormatInt(sess.UserID, 10), GameID: sess.GameID,
		Currency: sess.Currency, Amount: amountText(sess.Currency, amount), BonusBuy: r.BonusBuy, Outcome: compact(sess.Currency, round, r, seed),
	}
}

// settle debits the cost and credits the win of a stored round; it returns
// the balance after. A refused debit marks the round refused and returns the
// wallet's error (MAX_BET_LIMIT_REACHED, INSUFFICIENT_FUNDS, …) unchanged.
func (s *Service) settle(ctx context.Context, sess *Session, round string, r *slot.Round, seed fair.RoundSeed, free bool) (string, error) {
	debit := s.money(sess, round, r, seed, ":bet", r.Cost)
	debit.FreeRound = free
	d, err := retry(ctx, func() (wallet.Result, error) { return s.Wallet.Debit(ctx, debit) })
	if err != nil {
		if wallet.IsRetryable(err) {
			// Unknown outcome after retries: roll the bet back (a tombstone if
			// it never arrived) so the player is never charged for a round
			// they did not see.
			s.rollback(ctx, sess, round, debit.TransactionID)
			return "", fmt.Errorf("studio: debit %s: %v: %w", round, err, api.ErrServiceUnavailable)
		}
		var apiErr *api.Error
		code := "REFUSED"
		if errors.As(err, &apiErr) {
			code = apiErr.Code
		}
		s.mark(ctx, round, "refused", code, "", "")
		return "", err
	}
	s.mark(ctx, round, "debited", "", d.BalanceBefore, d.Balance)
	return s.credit(ctx, sess, round, r, seed)
}

func (s *Service) credit(ctx context.Context, sess *Session, round string, r *slot.Round, seed fair.RoundSeed) (string, error) {
	credit := s.money(sess, round, r, seed, ":win", r.Win)
	credit.CloseRound = true
	c, err := retry(ctx, func() (wallet.Result, error) { return s.Wallet.Credit(ctx, credit) })
	if err != nil {
		// The round stays 'debited'; Recover pays it.
		return "", fmt.Errorf("studio: credit %s: %v: %w", round, err, api.ErrServiceUnavailable)
	}
	s.mark(ctx, round, "settled", "", "", c.Balance)
	return c.Balance, nil
}

func (s *Service) rollback(ctx context.Context, sess *Session, round, txID string) {
	_, err := retry(ctx, func() (wallet.Result, error) {
		return s.Wallet.Rollback(ctx, wallet.RollbackRequest{TransactionID: txID + ":rollback", RollbackTransactionID: txID,
			RoundID: round, PlayerID: strconv.FormatInt(sess.UserID, 10), GameID: sess.GameID})
	})
	if err != nil {
		slog.Error("studio: rollback", "round", round, "err", err)
		return
	}
	s.mark(ctx, round, "rolled_back", "", "", "")
}

// mark records a round's progress; balances are kept when given empty.
func (s *Service) mark(ctx context.Context, round, status, code, before, after string) {
	_, err := s.db.Write.ExecContext(ctx, `UPDATE studio_rounds SET status = ?, error_code = ?,
		balance_before = CASE WHEN ? = '' THEN balance_before ELSE ? END,
		balance_after = CASE WHEN ? = '' THEN balance_after ELSE ? END,
		settled_at = CASE WHEN ? IN ('settled', 'refused', 'rolled_back') THEN ? ELSE settled_at END WHERE id = ?`,
		status, code, before, before, after, after, status, nowText(s.Now()), round)
	if err != nil {
		slog.Error("studio: round status", "round", round, "status", status, "err", err)
	}
}

// Recover finishes rounds a crash or a wallet outage left half done: a round
// whose bet was taken is paid (credit with the same transaction id), a round
// whose bet is unknown is rolled back. Run it at start-up.
func (s *Service) Recover(ctx context.Context) (int, error) {
	if s.Wallet == nil {
		return 0, nil
	}
	rows, err := s.db.Read.QueryContext(ctx, `SELECT r.id, r.status, r.outcome, r.server_seed_hash, r.client_seed, r.nonce, s.id, s.user_id, s.game_id, s.currency
		FROM studio_rounds r JOIN studio_sessions s ON s.id = r.session_id WHERE r.status IN ('pending', 'debited') AND r.mode = 'real'`)
	if err != nil {
		return 0, err
	}
	type item struct {
		id, status string
		round      slot.Round
		seed       fair.RoundSeed
		sess       Session
	}
	var items []item
	for rows.Next() {
		var it item
		var outcome string
		var user sql.NullInt64
		if err := rows.Scan(&it.id, &it.status, &outcome, &it.seed.ServerSeedHash, &it.seed.ClientSeed, &it.seed.Nonce,
			&it.sess.ID, &user, &it.sess.GameID, &it.sess.Currency); err != nil {
			rows.Close()
			return 0, err
		}
		it.sess.UserID, it.sess.Mode = user.Int64, ModeReal
		if err := json.Unmarshal([]byte(outcome), &it.round); err != nil {
			rows.Close()
			return 0, err
		}
		items = append(items, it)
	}
	rows.Close()
	for _, it := range items {
		if it.status == "pending" {
			s.rollback(ctx, &it.sess, it.id, it.id+":bet")
			continue
		}
		if _, err := s.credit(ctx, &it.sess, it.id, &it.round, it.seed); err != nil {
			return 0, err
		}
	}
	return len(items), nil
}
