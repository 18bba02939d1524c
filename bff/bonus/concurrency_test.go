package bonus

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"casino/bff/ledger"
)

// TestConcurrentWageringCancelAndCompletion: players with an active bonus
// bet from many goroutines (each bet sometimes sent twice at once, wins on
// some rounds) while a canceller per player races the completion the bets
// bring about and the expiry sweep runs. Afterwards every bonus ended at
// most once (never both converted and cancelled), the wagered amount equals
// the stakes it saw, and the ledger's invariants hold.
func TestConcurrentWageringCancelAndCompletion(t *testing.T) {
	const players, workers, ops = 3, 8, 40
	f := newFixture(t, players)
	ctx := context.Background()
	grants := map[int64]UserBonus{}
	for p := int64(1); p <= players; p++ {
		u, err := f.deposit(t, p, "100.00", "welcome") // bonus 100, wagering 200, max bet 5
		if err != nil {
			t.Fatal(err)
		}
		grants[p] = u
	}
	var (
		mu     sync.Mutex
		staked = map[int64]int64{} // committed stakes per player (first answers only)
	)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 11))
			for i := range ops {
				p := int64(1 + rng.IntN(players))
				round := fmt.Sprintf("w%d-%d", w, i)
				amount := fmt.Sprintf("%d.%02d", 1+rng.IntN(4), rng.IntN(100))
				twice := rng.IntN(5) == 0
				var inner sync.WaitGroup
				answers := make([]error, 2)
				results := make([]string, 2)
				for k := range 1 + btoi(twice) {
					inner.Add(1)
					go func() {
						defer inner.Done()
						r, err := f.bet(p, "b"+round, round, amount)
						answers[k], results[k] = err, fmt.Sprint(r.Replayed)
					}()
				}
				inner.Wait()
				if answers[0] == nil || (twice && answers[1] == nil) {
					mu.Lock()
					staked[p] += money(amount).Minor()
					mu.Unlock()
				}
				if rng.IntN(3) == 0 {
					f.win(p, "w"+round, round, fmt.Sprintf("%d.00", rng.IntN(6)))
				}
			}
		}()
	}
	for p := int64(1); p <= players; p++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(p), 3))
			for range rng.IntN(200) {
				f.db.Read.PingContext(ctx) // a random moment
			}
			_, err := f.svc.Cancel(ctx, p, grants[p].ID)
			if err != nil && !errors.Is(err, ErrNotActive) {
				t.Errorf("cancel %d: %v", p, err)
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 5 {
			if _, err := f.svc.ExpireDue(ctx); err != nil {
				t.Errorf("expire: %v", err)
			}
		}
	}()
	wg.Wait()

	for p := int64(1); p <= players; p++ {
		u := f.userBonus(t, p, grants[p].ID)
		_, convErr := f.ledger.GetByKey(ctx, fmt.Sprintf("bonus:convert:%d", u.ID))
		forfeit, forfeitErr := f.ledger.GetByKey(ctx, fmt.Sprintf("bonus:forfeit:%d", u.ID))
		switch u.Status {
		case StatusCompleted:
			if u.wagered < u.required {
				t.Errorf("player %d completed with %d of %d wagered", p, u.wagered, u.required)
			}
			if forfeitErr == nil && forfeit.Metadata["reason"] != StatusCompleted {
				t.Errorf("player %d completed and forfeited for %s", p, forfeit.Metadata["reason"])
			}
		case StatusCancelled:
			if convErr == nil {
				t.Errorf("player %d cancelled and converted", p)
			}
		case StatusActive:
			if u.wagered != staked[p] {
				t.Errorf("player %d active: wagered %d, staked %d", p, u.wagered, staked[p])
			}
		default:
			t.Errorf("player %d status %s", p, u.Status)
		}
		if u.wagered > staked[p] {
			t.Errorf("player %d wagered %d > staked %d", p, u.wagered, staked[p])
		}
		if u.Status != StatusActive {
			if typ, _ := f.wagering(t, p); typ != "REAL_MONEY_ONLY" {
				t.Errorf("player %d ended but wagering %s", p, typ)
			}
		}
		if !errors.Is(convErr, ledger.ErrTransactionNotFound) && convErr != nil {
			t.Errorf("convert lookup: %v", convErr)
		}
	}
	f.check(t)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
