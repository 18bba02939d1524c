package bonus

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"casino/bff/api"
	"casino/bff/ledger"
	"casino/bff/wallet"
)

const randomSeed = `{"bonuses": [
 {"code": "r-small", "name": "Small", "type": "no_deposit", "isActive": true, "wageringMultiplier": 3, "wageringType": "REAL_TO_FUN",
  "daysValid": 2, "retryDays": 1, "wageringContribution": {"live": 50},
  "amounts": {"EUR": {"bonusAmount": "5.00", "minBalance": "0.40", "maxWinAmount": "8.00"}}}
]}`

// A seeded random mix of deposits with bonuses, claims, bets on every game
// kind, wins, rollbacks, cancellations, expiries, min-balance ends and
// conversions: after every step the ledger's invariants hold (ledger.Check:
// zero-sum transactions, balances equal their postings, nothing negative)
// and the bonus records agree with the money.
func TestRandomBonusLedger(t *testing.T) {
	iterations := 1000
	if testing.Short() {
		iterations = 200
	}
	ends := map[string]int{}
	for _, seed := range []uint64{1, 2, 3, 4} {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			for k, v := range randomRun(t, seed, iterations) {
				ends[strings.SplitN(k, ":", 3)[0]+":"+strings.SplitN(k, ":", 3)[1]] += v
			}
		})
	}
	// The mix reached every end of a bonus.
	t.Logf("ends %v", ends)
	if !testing.Short() {
		for _, k := range []string{"completed:", "cancelled:", "expired:", "expired:min_balance"} {
			if ends[k] == 0 {
				t.Errorf("no bonus ended %s", k)
			}
		}
	}
}

func randomRun(t *testing.T, seed uint64, iterations int) map[string]int {
	const players = 4
	f := claimFixture(t, players)
	ctx := context.Background()
	if _, err := Seed(ctx, f.db, []byte(randomSeed)); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 42))
	games := []string{"slot-game", "live-game", "table-ok", "open-game", "table-game"}
	type open struct {
		player int64
		round  string
		game   string
		bet    string // the debit's transaction id
	}
	var rounds []open
	n := 0
	id := func(p string) string { n++; return fmt.Sprintf("%s%d", p, n) }
	amount := func(max int64) string { return ledger.FormatMinor(1+rng.Int64N(max), 2) }
	expected := func(err error) bool {
		// Business refusals are part of the mix; anything else is a bug.
		var apiErr *api.Error
		return err == nil || errors.As(err, &apiErr) && apiErr.Status < 500 || errors.Is(err, ledger.ErrInsufficientFunds) ||
			errors.Is(err, ErrNotActive) || errors.Is(err, wallet.ErrRoundClosed)
	}
	for i := range iterations {
		p := 1 + rng.Int64N(players)
		var err error
		op := rng.IntN(100)
		switch {
		case op < 3: // a deposit, half the time with a bonus
			bonus := []string{"", "", "welcome", "reload"}[rng.IntN(4)]
			_, err = f.deposit(t, p, amount(2000), bonus)
		case op < 12: // a claim
			_, err = f.svc.Claim(ctx, p, []string{"r-small", "r-small", "gift", "nd-weekly"}[rng.IntN(4)], "")
		case op < 55: // a bet
			r := open{player: p, round: id("r"), game: games[rng.IntN(len(games))], bet: id("b")}
			_, err = f.wallet.Debit(ctx, "studio", wallet.MoneyRequest{TransactionID: r.bet, RoundID: r.round, PlayerID: fmt.Sprint(p),
				GameID: r.game, Currency: "EUR", Amount: amount([]int64{50, 200, 500}[rng.IntN(3)])})
			if err == nil {
				rounds = append(rounds, r)
			}
		case op < 80 && len(rounds) > 0: // a win (or a loss) closing a round
			k := rng.IntN(len(rounds))
			r := rounds[k]
			rounds = append(rounds[:k], rounds[k+1:]...)
			win := "0.00"
			if rng.IntN(3) == 0 { // the house edge keeps real money running out, so bonus money is staked
				win = amount(400)
			}
			_, err = f.wallet.Credit(ctx, "studio", wallet.MoneyRequest{TransactionID: id("w"), RoundID: r.round, PlayerID: fmt.Sprint(r.player),
				GameID: r.game, Currency: "EUR", Amount: win, CloseRound: true})
		case op < 85 && len(rounds) > 0: // a rollback of an open round's bet
			k := rng.IntN(len(rounds))
			r := rounds[k]
			rounds = append(rounds[:k], rounds[k+1:]...)
			_, err = f.wallet.Rollback(ctx, "studio", wallet.RollbackRequest{TransactionID: id("rb"), RollbackTransactionID: r.bet,
				RoundID: r.round, PlayerID: fmt.Sprint(r.player), GameID: r.game})
		case op < 90: // the player cancels
			if ub, _ := f.svc.Active(ctx, p); ub != nil {
				_, err = f.svc.Cancel(ctx, p, ub.ID)
			}
		case op < 95: // time passes: expiry and min-balance sweeps
			f.now.Add(int64(time.Duration(rng.IntN(36)) * time.Hour))
			if _, err = f.svc.ExpireDue(ctx); err == nil {
				_, err = f.svc.EndBelowMinBalance(ctx)
			}
		default:
			_, err = f.svc.EndBelowMinBalance(ctx)
		}
		if !expected(err) {
			t.Fatalf("step %d (op %d, player %d): %v", i, op, p, err)
		}
		if i%10 == 0 || i == iterations-1 {
			if err := f.ledger.Check(ctx); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
			checkBonusRecords(t, f)
		}
	}
	ends := map[string]int{}
	rows, _ := f.db.Read.Query(`SELECT ub.status || ':' || ub.end_reason || ':' || b.code, COUNT(*) FROM user_bonuses ub JOIN bonuses b ON b.id = ub.bonus_id GROUP BY 1`)
	for rows.Next() {
		var k string
		var c int
		rows.Scan(&k, &c)
		ends[k] = c
	}
	rows.Close()
	t.Logf("seed %d: %v", seed, ends)
	return ends
}

// checkBonusRecords: no bonus balance below zero; an ended bonus moved
// exactly what it says (its convert and forfeit transfers), converted no
// more than its max win; the wagered amount is never negative.
func checkBonusRecords(t *testing.T, f *fixture) {
	t.Helper()
	var negative int
	f.db.Read.QueryRow(`SELECT COUNT(*) FROM ledger_accounts WHERE kind = 'bonus' AND balance < 0`).Scan(&negative)
	if negative != 0 {
		t.Fatalf("%d negative bonus balances", negative)
	}
	rows, err := f.db.Read.Query(`SELECT ub.id, ub.status, ub.converted_amount, ub.forfeited_amount, ub.max_win_amount, ub.wagered,
			COALESCE((SELECT SUM(p.amount) FROM ledger_transactions tx JOIN ledger_postings p ON p.transaction_id = tx.id
				WHERE tx.idempotency_key = 'bonus:convert:' || ub.id AND p.amount > 0), 0),
			COALESCE((SELECT SUM(p.amount) FROM ledger_transactions tx JOIN ledger_postings p ON p.transaction_id = tx.id
				WHERE tx.idempotency_key = 'bonus:forfeit:' || ub.id AND p.amount > 0), 0)
		FROM user_bonuses ub`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id                                            int64
			status                                        string
			converted, forfeited, maxWin, wagered, cv, ff int64
		)
		if err := rows.Scan(&id, &status, &converted, &forfeited, &maxWin, &wagered, &cv, &ff); err != nil {
			t.Fatal(err)
		}
		if wagered < 0 || converted != cv || forfeited != ff || maxWin > 0 && converted > maxWin ||
			status == StatusActive && (converted != 0 || forfeited != 0) || status != StatusCompleted && converted != 0 {
			t.Fatalf("user bonus %d %s: converted %d (ledger %d), forfeited %d (ledger %d), max win %d, wagered %d",
				id, status, converted, cv, forfeited, ff, maxWin, wagered)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}
