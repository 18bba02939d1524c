package wallet

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"casino/bff/ledger"
)

// TestConcurrentRounds plays rounds from many goroutines over HTTP on a few
// players: debits, credits, rollbacks (some before their target), each request
// sent twice at once 20 % of the time and retried later 10 % of the time.
// Every transaction id must get one answer, each player's balance must equal
// the committed answers applied once, and the ledger's invariants must hold.
func TestConcurrentRounds(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	ctx := context.Background()
	const players, workers, ops = 4, 16, 60
	f := newFixture(t, players)

	type answer struct {
		kind, target string
		player       int
		res          Result
		err          string
	}
	var (
		mu      sync.Mutex
		answers = map[string][]answer{}
	)
	record := func(id string, a answer) {
		mu.Lock()
		answers[id] = append(answers[id], a)
		mu.Unlock()
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			for i := range ops {
				p := 1 + rng.IntN(players)
				round := fmt.Sprintf("w%d-r%d", w, i/3)
				id := fmt.Sprintf("w%d-%d", w, i)
				amount := fmt.Sprintf("%d.%02d", rng.IntN(8), rng.IntN(100))
				var call func() answer
				switch op := rng.IntN(10); {
				case op < 5:
					if amount == "0.00" {
						amount = "0.10"
					}
					req := MoneyRequest{TransactionID: id, RoundID: round, PlayerID: fmt.Sprint(p), GameID: "open-game", Currency: "EUR", Amount: amount}
					call = func() answer {
						r, err := f.client.Debit(ctx, req)
						return answer{kind: "debit", player: p, res: r, err: errText(err)}
					}
				case op < 8:
					req := MoneyRequest{TransactionID: id, RoundID: round, PlayerID: fmt.Sprint(p), GameID: "open-game", Currency: "EUR", Amount: amount}
					call = func() answer {
						r, err := f.client.Credit(ctx, req)
						return answer{kind: "credit", player: p, res: r, err: errText(err)}
					}
				default:
					target := fmt.Sprintf("w%d-%d", w, max(0, i-1-rng.IntN(2)))
					if rng.IntN(4) == 0 {
						target = fmt.Sprintf("w%d-%d", w, i+1) // before it arrives
					}
					req := RollbackRequest{TransactionID: id, RollbackTransactionID: target, RoundID: round, PlayerID: fmt.Sprint(p), GameID: "open-game"}
					call = func() answer {
						r, err := f.client.Rollback(ctx, req)
						return answer{kind: "rollback", target: target, player: p, res: r, err: errText(err)}
					}
				}
				if rng.IntN(5) == 0 {
					var inner sync.WaitGroup
					inner.Add(1)
					go func() { defer inner.Done(); record(id, call()) }()
					record(id, call())
					inner.Wait()
				} else {
					record(id, call())
				}
				if rng.IntN(10) == 0 {
					record(id, call())
				}
			}
		}()
	}
	wg.Wait()

	// One answer per id (replays equal the first, apart from the flag).
	moved := map[string]int64{} // tx id → signed minor change of the player's real balance
	owner := map[string]int{}
	rolledBack := map[string]bool{}
	for id, as := range answers {
		first := as[0]
		for _, a := range as[1:] {
			a.res.Replayed, first.res.Replayed = false, false
			if a.err != first.err || a.res != first.res {
				t.Fatalf("%s: answers differ: %+v vs %+v", id, first, a)
			}
		}
		if first.err != "" {
			continue
		}
		amount := ledger.MustParse(first.res.Amount, eur).Minor()
		switch first.kind {
		case "debit":
			moved[id], owner[id] = -amount, first.player
		case "credit":
			moved[id], owner[id] = amount, first.player
		case "rollback":
			if first.res.Status == StatusRolledBack {
				if rolledBack[first.target] {
					t.Fatalf("%s rolled back twice", first.target)
				}
				rolledBack[first.target] = true
			}
		}
	}
	want := map[int]int64{}
	for p := 1; p <= players; p++ {
		want[p] = 10000
	}
	for id, m := range moved {
		if !rolledBack[id] {
			want[owner[id]] += m
		}
	}
	for p := 1; p <= players; p++ {
		real, _ := f.balances(t, int64(p))
		if got := ledger.MustParse(real, eur).Minor(); got != want[p] {
			t.Errorf("player %d: balance %d, want %d", p, got, want[p])
		}
	}
	f.check(t)
	// Rounds add up to their transactions.
	var bad int
	if err := f.db.Read.QueryRowContext(ctx, `SELECT count(*) FROM wallet_rounds r WHERE r.bet_real + r.bet_bonus <>
		(SELECT COALESCE(SUM(amount), 0) FROM wallet_transactions t WHERE t.round_ref = r.id AND t.kind = 'debit' AND t.status = 'ok' AND t.rolled_back = 0)
		OR r.win <> (SELECT COALESCE(SUM(amount), 0) FROM wallet_transactions t WHERE t.round_ref = r.id AND t.kind = 'credit' AND t.status = 'ok' AND t.rolled_back = 0)`).Scan(&bad); err != nil || bad != 0 {
		t.Fatalf("%d rounds disagree with their transactions (%v)", bad, err)
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
