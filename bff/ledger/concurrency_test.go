package ledger

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
)

// TestConcurrentPlayers: 20 workers deposit, request, cancel and settle
// withdrawals, bet and win against the same 4 players, retrying random
// requests (some at the same moment from another goroutine). Afterwards every
// answer for one key is the same transaction, the balances are exactly the
// committed postings applied once per key, no balance is negative, and Check
// passes.
func TestConcurrentPlayers(t *testing.T) {
	ctx := context.Background()
	const (
		workers = 20
		opsEach = 60
		players = 4
	)
	l, db := newTestLedger(t, players)

	type answer struct {
		id     int64
		status Status
		code   string
		posts  []Posting
	}
	var (
		mu      sync.Mutex
		answers = map[string][]answer{}
	)
	record := func(key string, tx Transaction, err error) {
		code := codeOfErr(err)
		if code != "" && code != ErrInsufficientFunds.Code {
			t.Errorf("%s: unexpected error %v", key, err)
		}
		mu.Lock()
		answers[key] = append(answers[key], answer{tx.ID, tx.Status, code, tx.Postings})
		mu.Unlock()
	}

	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			for i := range opsEach {
				p := int64(1 + rng.IntN(players))
				key := fmt.Sprintf("w%d-%d", w, i)
				a := FromMinor(1+rng.Int64N(5000), eur)
				var call func() (Transaction, error)
				switch rng.IntN(6) {
				case 0, 1:
					call = func() (Transaction, error) { return l.Deposit(ctx, key, p, "sandbox", a, nil) }
				case 2:
					call = func() (Transaction, error) { return l.WithdrawRequest(ctx, key, p, a, nil) }
				case 3:
					if rng.IntN(2) == 0 {
						call = func() (Transaction, error) { return l.WithdrawCancel(ctx, key, p, a, nil) }
					} else {
						call = func() (Transaction, error) { return l.WithdrawSettle(ctx, key, p, "sandbox", a, nil) }
					}
				case 4:
					call = func() (Transaction, error) { return l.Bet(ctx, key, p, a, FromMinor(0, eur), nil) }
				case 5:
					call = func() (Transaction, error) { return l.Win(ctx, key, p, a, FromMinor(0, eur), nil) }
				}
				switch rng.IntN(10) {
				case 0, 1: // a duplicate racing the original
					var race sync.WaitGroup
					for range 2 {
						race.Go(func() { tx, err := call(); record(key, tx, err) })
					}
					race.Wait()
				case 2: // a retry after the answer
					tx, err := call()
					record(key, tx, err)
					tx, err = call()
					record(key, tx, err)
				default:
					tx, err := call()
					record(key, tx, err)
				}
			}
		})
	}
	wg.Wait()

	expected := map[string]int64{}
	committed := 0
	for key, as := range answers {
		first := as[0]
		for _, a := range as[1:] {
			if a.id != first.id || a.status != first.status || a.code != first.code {
				t.Fatalf("%s answered %+v and %+v", key, first, a)
			}
		}
		if first.status == StatusCommitted {
			committed++
			for _, p := range first.posts {
				expected[p.Account] += p.Amount.Minor()
			}
		}
	}
	var stored int
	if err := db.Read.QueryRow(`SELECT COUNT(*) FROM ledger_transactions WHERE status = 'committed'`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored != committed {
		t.Fatalf("%d committed transactions stored, %d keys answered committed", stored, committed)
	}
	for account, want := range expected {
		got, err := l.Balance(ctx, account, eur)
		if err != nil || got.Minor() != want {
			t.Errorf("%s = %d (%v), want %d from the answers", account, got.Minor(), err, want)
		}
	}
	mustCheck(t, l)
	t.Logf("%d keys, %d committed", len(answers), committed)
}

// TestReverseEverythingTwice is Formance's stress test: 500 transactions over
// 80 accounts from 20 workers, then every transaction reverted twice at once.
// Exactly 500 reverts succeed, 500 fail with ErrAlreadyReversed, and every
// balance is back to zero.
func TestReverseEverythingTwice(t *testing.T) {
	ctx := context.Background()
	const (
		n       = 500
		players = 80
		workers = 20
	)
	l, db := newTestLedger(t, players)

	ids := make([]int64, n)
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 11))
			for i := range jobs {
				p := int64(1 + rng.IntN(players))
				a := FromMinor(1+rng.Int64N(100_000), eur)
				var (
					tx  Transaction
					err error
				)
				if i%2 == 0 {
					tx, err = l.Deposit(ctx, fmt.Sprint("tx-", i), p, fmt.Sprint("psp", i%3), a, nil)
				} else {
					tx, err = l.Win(ctx, fmt.Sprint("tx-", i), p, a, FromMinor(0, eur), nil)
				}
				if err != nil {
					t.Errorf("transaction %d: %v", i, err)
				}
				ids[i] = tx.ID
			}
		})
	}
	for i := range n {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	mustCheck(t, l)

	var ok, already atomic.Int64
	reverts := make(chan [2]any)
	for range workers {
		wg.Go(func() {
			for r := range reverts {
				_, err := l.Reverse(ctx, r[0].(string), r[1].(int64), nil)
				switch {
				case err == nil:
					ok.Add(1)
				case errors.Is(err, ErrAlreadyReversed):
					already.Add(1)
				default:
					t.Errorf("revert %s: %v", r[0], err)
				}
			}
		})
	}
	for i, id := range ids {
		reverts <- [2]any{fmt.Sprint("revert-a-", i), id}
		reverts <- [2]any{fmt.Sprint("revert-b-", i), id}
	}
	close(reverts)
	wg.Wait()

	if ok.Load() != n || already.Load() != n {
		t.Fatalf("%d reverts succeeded and %d failed; want %d and %d", ok.Load(), already.Load(), n, n)
	}
	var nonzero int
	if err := db.Read.QueryRow(`SELECT COUNT(*) FROM ledger_accounts WHERE balance <> 0`).Scan(&nonzero); err != nil || nonzero != 0 {
		t.Fatalf("%d accounts not back to zero (%v)", nonzero, err)
	}
	mustCheck(t, l)
}
