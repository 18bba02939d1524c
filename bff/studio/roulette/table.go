package roulette

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strconv"
	"sync"
	"time"

	"casino/bff/studio/fair"
	"casino/bff/studio/rng"
)

// Phases of a round.
const (
	Betting  = "betting"
	Spinning = "spinning"
	Result   = "result"
)

// ClientSeed is the fixed client seed of the table's rounds: one wheel is
// shared, so no single player's seed may steer it; the per-round server
// seed committed before the betting window closes keeps it fair.
const ClientSeed = "european-roulette"

// Config times the rounds and bounds the stakes in table units (euro
// cents); a player's stakes are Player.Factor minor units per table unit.
type Config struct {
	Betting, Spin, Result time.Duration
	MinBet, MaxBet        int64 // per bet
	// MaxInside bounds an inside bet per number it covers: a straight up
	// MaxInside, a split twice it, … a six line 6× (never above MaxBet),
	// so the most a number can pay out is the same whatever covers it.
	MaxInside int64
	MaxRound  int64 // per player and round
	History   int   // results kept in the state
	// After is the last round number used before (0 for none): a restarted
	// table continues after it, so round and wallet ids are never reused.
	After uint64
}

// DefaultConfig: 15 s to bet, 4 s of spin, 6 s showing the result.
var DefaultConfig = Config{Betting: 15 * time.Second, Spin: 4 * time.Second, Result: 6 * time.Second,
	MinBet: 10, MaxBet: 50000, MaxInside: 5000, MaxRound: 100000, History: 12}

// MaxFor is the largest stake of one bet of kind, in table units: outside
// bets MaxBet; an inside bet on k numbers k × MaxInside, at most MaxBet (no
// MaxInside: MaxBet).
func (c Config) MaxFor(b Bet) int64 {
	if k := int64(b.Covered()); k > 0 && c.MaxInside > 0 {
		return min(k*c.MaxInside, c.MaxBet)
	}
	return c.MaxBet
}

// MaxForKind is MaxFor of any bet of kind.
func (c Config) MaxForKind(kind string) int64 {
	b := Bet{Kind: kind}
	if k := sizes[kind]; k > 0 {
		b.Numbers = make([]int, k)
	}
	return c.MaxFor(b)
}

// Player is who bets: a game session of the studio.
type Player struct {
	Key      string // session id
	Mode     string // real, demo
	UserID   int64
	Currency string
	// Factor is how many minor units of Currency one table unit (euro
	// cent) is (bff/betlevels; 0 means 1). The player's bets, stakes and
	// payouts are in those minor units; the table's limits are checked on
	// amount / Factor, which must be whole.
	Factor int64
}

// unit is the player's minor units per table unit (at least 1).
func (p Player) unit() int64 { return max(p.Factor, 1) }

// Bank moves a player's money: the studio implements it with the seamless
// wallet (real money) or the session's fun-money balance.
type Bank interface {
	// Stake takes amount for the player's round; it answers the balance after.
	Stake(ctx context.Context, p Player, roundID, txID string, amount int64, outcome any) (string, error)
	// Pay credits amount (possibly 0) and closes the player's round.
	Pay(ctx context.Context, p Player, roundID, txID string, amount int64, outcome any) (string, error)
	// Unstake gives back the stake txID (amount) of the player's round
	// while betting is open; it answers the balance after.
	Unstake(ctx context.Context, p Player, roundID, txID string, amount int64) (string, error)
}

// Event is broadcast to everyone following the table.
type Event struct {
	Name string // "table"
	Data State
}

// State is the table as every follower sees it.
type State struct {
	Table          string `json:"table"`
	Round          uint64 `json:"round"`
	Phase          string `json:"phase"`
	OpensAt        int64  `json:"opensAt"`  // Unix ms: betting started
	ClosesAt       int64  `json:"closesAt"` // Unix ms: betting ends
	SpinEndsAt     int64  `json:"spinEndsAt"`
	NextRoundAt    int64  `json:"nextRoundAt"`
	Now            int64  `json:"now"`
	ServerSeedHash string `json:"serverSeedHash"`
	ClientSeed     string `json:"clientSeed"`
	Number         *int   `json:"number,omitempty"` // from the result phase on
	Colour         string `json:"colour,omitempty"`
	ServerSeed     string `json:"serverSeed,omitempty"` // revealed with the result
	History        []int  `json:"history"`
	Players        int    `json:"players"`
}

// Revealed is a finished round's seed, for the verifier.
type Revealed struct {
	Round          uint64
	ServerSeed     string
	ServerSeedHash string
	Number         int
}

// Errors of bet placement.
var (
	ErrClosed = errors.New("roulette: betting is closed for this round")
	ErrAmount = errors.New("roulette: stake out of limits")
)

type participant struct {
	p      Player
	bets   []Bet
	staked int64
	n      int
	placed []placement // the placements still standing, in order
}

// placement is one stake: its wallet transaction and the bets it bought.
type placement struct {
	tx     string
	bets   int // how many of the participant's bets it added
	amount int64
}

// Table is one live wheel. Step drives it; it is safe for concurrent use.
type Table struct {
	ID      string
	cfg     Config
	bank    Bank
	publish func(Event)
	// OnReveal persists a finished round's seed (may be nil).
	OnReveal func(Revealed)

	mu      sync.Mutex
	state   State
	seed    string
	number  int
	opened  time.Time
	players map[string]*participant
	settle  sync.WaitGroup
}

// New opens the first round at now.
func New(id string, cfg Config, bank Bank, publish func(Event), now time.Time) *Table {
	t := &Table{ID: id, cfg: cfg, bank: bank, publish: publish}
	t.state.Table, t.state.History, t.state.Round = id, []int{}, cfg.After
	t.mu.Lock()
	t.open(now)
	t.mu.Unlock()
	return t
}

// open starts the next round's betting window. Called with mu held.
func (t *Table) open(at time.Time) {
	t.seed = fair.NewServerSeed()
	t.opened = at
	t.players = map[string]*participant{}
	s := &t.state
	s.Round++
	s.Phase = Betting
	s.OpensAt = at.UnixMilli()
	s.ClosesAt = at.Add(t.cfg.Betting).UnixMilli()
	s.SpinEndsAt = at.Add(t.cfg.Betting + t.cfg.Spin).UnixMilli()
	s.NextRoundAt = at.Add(t.cfg.Betting + t.cfg.Spin + t.cfg.Result).UnixMilli()
	s.ServerSeedHash, s.ClientSeed = fair.Commit(t.seed), ClientSeed
	s.Number, s.Colour, s.ServerSeed, s.Players = nil, "", "", 0
	t.broadcast(at)
}

func (t *Table) broadcast(now time.Time) {
	if t.publish == nil {
		return
	}
	st := t.snapshot(now)
	t.publish(Event{Name: "table", Data: st})
}

func (t *Table) snapshot(now time.Time) State {
	st := t.state
	st.Now = now.UnixMilli()
	st.History = append([]int(nil), t.state.History...)
	return st
}

// Spin is the pocket of a round: the first accepted draw of Intn(37) over
// the round's provably fair stream.
func Spin(serverSeed string, round uint64) int {
	return rng.Intn(fair.NewStream(serverSeed, ClientSeed, round), Pockets)
}

// Step moves the table to time now, through every phase whose deadline has
// passed (a late tick catches up, a round at a time).
func (t *Table) Step(now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i := 0; i < 3; i++ {
		ms := now.UnixMilli()
		switch {
		case t.state.Phase == Betting && ms >= t.state.ClosesAt:
			t.state.Phase = Spinning
			t.number = Spin(t.seed, t.state.Round)
			t.broadcast(now)
		case t.state.Phase == Spinning && ms >= t.state.SpinEndsAt:
			t.finish(now)
		case t.state.Phase == Result && ms >= t.state.NextRoundAt:
			t.open(time.UnixMilli(t.state.NextRoundAt))
		default:
			return
		}
	}
}

// finish shows the result, reveals the seed and pays every player.
func (t *Table) finish(now time.Time) {
	n := t.number
	s := &t.state
	s.Phase, s.Number, s.Colour, s.ServerSeed = Result, &n, Colour(n), t.seed
	s.History = append([]int{n}, s.History...)
	if len(s.History) > t.cfg.History {
		s.History = s.History[:t.cfg.History]
	}
	if t.OnReveal != nil {
		t.OnReveal(Revealed{Round: s.Round, ServerSeed: t.seed, ServerSeedHash: s.ServerSeedHash, Number: n})
	}
	t.broadcast(now)
	keys := make([]string, 0, len(t.players))
	for k := range t.players {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		pt := t.players[k]
		var win int64
		for _, b := range pt.bets {
			win += b.Payout(n)
		}
		round := roundID(s.Round, pt.p.Key)
		out := Outcome{Table: t.ID, Round: s.Round, Currency: pt.p.Currency, Factor: pt.p.unit(), Bets: pt.bets, Staked: pt.staked, Number: &n, Colour: Colour(n), Win: win,
			ServerSeed: t.seed, ServerSeedHash: s.ServerSeedHash, ClientSeed: ClientSeed, RoundID: round, Recall: "/studio/rounds/" + round}
		t.settle.Add(1)
		go func(p Player) {
			defer t.settle.Done()
			// Pays are retried by the bank; a failure is logged and the
			// wallet round stays open for the operator (see docs/studio.md).
			if _, err := t.bank.Pay(context.Background(), p, round, round+":win", win, out); err != nil {
				slog.Error("roulette: pay", "round", round, "err", err)
			}
		}(pt.p)
	}
}

// Wait blocks until every payment started so far has finished.
func (t *Table) Wait() { t.settle.Wait() }

// State returns the table now.
func (t *Table) State(now time.Time) State {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.snapshot(now)
}

// Outcome is what the wallet stores with a player's round (game recall).
// Amounts are minor units of Currency, Factor of them per table unit.
type Outcome struct {
	Table          string `json:"table"`
	Round          uint64 `json:"round"`
	Currency       string `json:"currency,omitempty"`
	Factor         int64  `json:"factor,omitempty"`
	Bets           []Bet  `json:"bets"`
	Staked         int64  `json:"staked"`
	Number         *int   `json:"number,omitempty"`
	Colour         string `json:"colour,omitempty"`
	Win            int64  `json:"win"`
	ServerSeed     string `json:"serverSeed,omitempty"`
	ServerSeedHash string `json:"serverSeedHash"`
	ClientSeed     string `json:"clientSeed"`
	// RoundID is the player's round ("rl-<round>-<session>") and Recall
	// its replay page, once the round is paid.
	RoundID string `json:"roundId,omitempty"`
	Recall  string `json:"recallUrl,omitempty"`
}

func roundID(round uint64, key string) string {
	return "rl-" + strconv.FormatUint(round, 10) + "-" + key
}

// Placed answers a bet placement (amounts in the player's minor units).
type Placed struct {
	Round   uint64 `json:"round"`
	Bets    []Bet  `json:"bets"` // all the player's bets of the round
	Staked  int64  `json:"staked"`
	Balance string `json:"balance"`
}

// Limits are the table's stake bounds in table units (euro cents); an
// inside bet's maximum is Config().MaxFor.
func (t *Table) Limits() (minBet, maxBet, maxRound int64) {
	return t.cfg.MinBet, t.cfg.MaxBet, t.cfg.MaxRound
}

// Config is the table's configuration (timing and limits).
func (t *Table) Config() Config { return t.cfg }

// Timing is the length of the table's phases.
func (t *Table) Timing() (betting, spin, result time.Duration) {
	return t.cfg.Betting, t.cfg.Spin, t.cfg.Result
}

// PlaceBets stakes bets (in the player's minor units) on round for the
// player while its betting window is open. The stake is taken from the bank
// before the bets count; the table does not close while a stake is in
// progress. A player keeps the factor of their first placement for the
// whole round.
func (t *Table) PlaceBets(ctx context.Context, p Player, round uint64, bets []Bet, now time.Time) (Placed, error) {
	if len(bets) == 0 || len(bets) > 50 {
		return Placed{}, fmt.Errorf("%w: 1 to 50 bets", ErrBet)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.state.Phase != Betting || t.state.Round != round || now.UnixMilli() >= t.state.ClosesAt {
		return Placed{}, ErrClosed
	}
	pt := t.players[p.Key]
	if pt == nil {
		pt = &participant{p: p}
	}
	f := pt.p.unit()
	var total int64
	for _, b := range bets {
		if err := b.Check(); err != nil {
			return Placed{}, err
		}
		if b.Amount%f != 0 {
			return Placed{}, fmt.Errorf("%w: %d is not a whole number of %d", ErrBet, b.Amount, f)
		}
		// Per unit, so a factor never makes the bounds overflow.
		if units := b.Amount / f; units < t.cfg.MinBet || units > t.cfg.MaxFor(b) {
			return Placed{}, ErrAmount
		}
		total += b.Amount
	}
	// A spot's maximum bounds everything on it this round, chip after chip.
	onSpot := map[string]int64{}
	for _, b := range append(append([]Bet(nil), pt.bets...), bets...) {
		k := b.Spot()
		if onSpot[k] += b.Amount / f; onSpot[k] > t.cfg.MaxFor(b) {
			return Placed{}, ErrAmount
		}
	}
	if (pt.staked+total)/f > t.cfg.MaxRound {
		return Placed{}, ErrAmount
	}
	id := roundID(round, p.Key)
	all := append(append([]Bet(nil), pt.bets...), bets...)
	out := Outcome{Table: t.ID, Round: round, Currency: pt.p.Currency, Factor: f, Bets: all, Staked: pt.staked + total, ServerSeedHash: t.state.ServerSeedHash, ClientSeed: ClientSeed}
	tx := id + ":bet:" + strconv.Itoa(pt.n+1)
	bal, err := t.bank.Stake(ctx, pt.p, id, tx, total, out)
	if err != nil {
		return Placed{}, err
	}
	pt.n++
	pt.bets, pt.staked = all, pt.staked+total
	pt.placed = append(pt.placed, placement{tx: tx, bets: len(bets), amount: total})
	if t.players[p.Key] == nil {
		t.players[p.Key] = pt
		t.state.Players = len(t.players)
	}
	return Placed{Round: round, Bets: all, Staked: pt.staked, Balance: bal}, nil
}

// ErrNoBets: the player has no bet standing on the round to take back.
var ErrNoBets = errors.New("roulette: no bets to take back")

// Withdraw takes back, while the round's betting window is open, the
// player's last placement (all of them with all): the bank returns each
// stake (newest first) and the bets no longer count. The player's wallet
// round stays open and is closed with the result like any other (a zero
// credit when nothing is left on the layout).
func (t *Table) Withdraw(ctx context.Context, p Player, round uint64, all bool, now time.Time) (Placed, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.state.Phase != Betting || t.state.Round != round || now.UnixMilli() >= t.state.ClosesAt {
		return Placed{}, ErrClosed
	}
	pt := t.players[p.Key]
	if pt == nil || len(pt.placed) == 0 {
		return Placed{}, ErrNoBets
	}
	id := roundID(round, p.Key)
	var bal string
	for len(pt.placed) > 0 {
		last := pt.placed[len(pt.placed)-1]
		b, err := t.bank.Unstake(ctx, pt.p, id, last.tx, last.amount)
		if err != nil {
			return Placed{}, err
		}
		bal = b
		pt.placed = pt.placed[:len(pt.placed)-1]
		pt.bets = pt.bets[:len(pt.bets)-last.bets]
		pt.staked -= last.amount
		if !all {
			break
		}
	}
	return Placed{Round: round, Bets: append([]Bet{}, pt.bets...), Staked: pt.staked, Balance: bal}, nil
}

// Run steps the table every interval until ctx ends.
func (t *Table) Run(ctx context.Context, interval time.Duration, now func() time.Time) {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			t.Step(now())
		}
	}
}
