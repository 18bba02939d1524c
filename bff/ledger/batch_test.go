package ledger

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// TestGroupCommitIsolatesJobs: jobs that fail (error or panic) roll back
// alone while the rest of their group commits; statements of a job and its
// posts commit together.
func TestGroupCommitIsolatesJobs(t *testing.T) {
	ctx := context.Background()
	l, db := newTestLedger(t, 4)
	if _, err := db.Write.ExecContext(ctx, `CREATE TABLE side (k TEXT PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 60)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = l.Do(ctx, func(tx *Tx) error {
				key := fmt.Sprint("g-", i)
				if _, err := tx.Post(Transfer{IdempotencyKey: key, Kind: KindDeposit, Postings: []Posting{
					{Account: Provider("sandbox"), Amount: eurs("-1.00")}, {Account: PlayerReal(int64(1 + i%4)), Amount: eurs("1.00")},
				}}); err != nil {
					return err
				}
				if _, err := tx.SQL().ExecContext(tx.Context(), `INSERT INTO side(k) VALUES (?)`, key); err != nil {
					return err
				}
				switch i % 3 {
				case 1:
					return errors.New("refused after posting")
				case 2:
					if i%6 == 2 {
						panic("job bug")
					}
				}
				return nil
			})
		}()
	}
	wg.Wait()
	committed := 0
	for i, err := range errs {
		failing := i%3 == 1 || i%6 == 2
		if failing != (err != nil) {
			t.Fatalf("job %d: %v", i, err)
		}
		_, getErr := l.GetByKey(ctx, fmt.Sprint("g-", i))
		if failing != errors.Is(getErr, ErrTransactionNotFound) {
			t.Fatalf("job %d stored=%v, failing=%v", i, getErr == nil, failing)
		}
		if !failing {
			committed++
		}
	}
	var side int
	if err := db.Read.QueryRowContext(ctx, `SELECT count(*) FROM side`).Scan(&side); err != nil || side != committed {
		t.Fatalf("side rows %d, committed jobs %d (%v)", side, committed, err)
	}
	if err := l.Check(ctx); err != nil {
		t.Fatal(err)
	}
	if groups, jobs := l.GroupStats(); jobs < 60 || groups == 0 {
		t.Fatalf("stats %d groups, %d jobs", groups, jobs)
	}
}

// TestPostNewRefusesAUsedKey: the replay lookup is skipped, the unique index
// still refuses a second use of the key.
func TestPostNewRefusesAUsedKey(t *testing.T) {
	ctx := context.Background()
	l, _ := newTestLedger(t, 1)
	dep := Transfer{IdempotencyKey: "k", Kind: KindDeposit, Postings: []Posting{
		{Account: Provider("sandbox"), Amount: eurs("-1.00")}, {Account: PlayerReal(1), Amount: eurs("1.00")},
	}}
	for i, want := range []error{nil, ErrIdempotencyConflict} {
		err := l.Do(ctx, func(tx *Tx) error { _, err := tx.PostNew(dep); return err })
		if !errors.Is(err, want) && !(want == nil && err == nil) {
			t.Fatalf("post %d: %v, want %v", i, err, want)
		}
	}
	b, _ := l.PlayerBalances(ctx, 1, eur)
	if b.Real.Decimal() != "1.00" {
		t.Fatal(b.Real)
	}
	if err := l.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

// TestSharedAccountsInOneGroup: the game account's row is read once per
// group and shared by its jobs; jobs that roll back after posting to it, and
// refused posts, must leave the next jobs of the same group computing from
// the balance the transaction really holds.
func TestSharedAccountsInOneGroup(t *testing.T) {
	ctx := context.Background()
	l, _ := newTestLedger(t, 4)
	for p := int64(1); p <= 4; p++ {
		must(t)(l.Deposit(ctx, fmt.Sprint("d-", p), p, "sandbox", eurs("10.00"), nil))
	}
	const n = 30
	release := make(chan struct{})
	first := make(chan error, 1)
	go func() { // holds the writer until every other job is queued: they form one group
		first <- l.Do(ctx, func(*Tx) error { <-release; return nil })
	}()
	waitFor := func(what string, ok func() bool) {
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
			l.gmu.Lock()
			done := ok()
			l.gmu.Unlock()
			if done {
				return
			}
			if time.Now().After(deadline) {
				close(release)
				t.Fatal("timed out waiting for " + what)
			}
		}
	}
	waitFor("the first job to lead", func() bool { return l.leading && len(l.pending) == 0 })
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = l.Do(ctx, func(tx *Tx) error {
				amount := "1.00"
				if i%5 == 4 {
					amount = "50.00" // more than the player has: a stored refusal
				}
				_, err := tx.Post(Transfer{IdempotencyKey: fmt.Sprint("b-", i), Kind: KindBet, Postings: []Posting{
					{Account: PlayerReal(int64(1 + i%4)), Amount: eurs(amount).Neg()}, {Account: Game("studio"), Amount: eurs(amount)},
				}})
				if errors.Is(err, ErrInsufficientFunds) {
					return nil
				}
				if err == nil && i%3 == 1 {
					return errors.New("the caller's own statement failed")
				}
				return err
			})
		}()
	}
	waitFor("the jobs to queue", func() bool { return len(l.pending) == n })
	close(release)
	wg.Wait()
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	committed := 0
	for i, err := range errs {
		if rolledBack := i%3 == 1 && i%5 != 4; rolledBack != (err != nil) {
			t.Fatalf("job %d: %v", i, err)
		}
		if err == nil && i%5 != 4 {
			committed++
		}
	}
	if groups, jobs := l.GroupStats(); jobs-int64(n)-1 < 0 || groups > 4+2+1 {
		t.Fatalf("%d groups for %d jobs: the test wants one group of %d", groups, jobs, n)
	}
	game, err := l.Balance(ctx, Game("studio"), eur)
	if err != nil || game.Decimal() != fmt.Sprintf("%d.00", committed) {
		t.Fatalf("game account %v (%v), want %d.00", game, err, committed)
	}
	mustCheck(t, l)
}

// TestSharedBalancesWrittenOncePerGroup: the provider's row takes every
// post of a group but is written once, before the COMMIT; a job that rolls
// back in the middle takes its share of the pending balance with it.
func TestSharedBalancesWrittenOncePerGroup(t *testing.T) {
	ctx := context.Background()
	l, db := newTestLedger(t, 3)
	if _, err := l.prepared(ctx); err != nil {
		t.Fatal(err)
	}
	deposit := func(i int, fail bool) *job {
		return &job{ctx: ctx, done: make(chan jobResult, 1), fn: func(tx *Tx) error {
			if _, err := tx.Post(Transfer{IdempotencyKey: fmt.Sprint("s-", i), Kind: KindDeposit, Postings: []Posting{
				{Account: Provider("sandbox"), Amount: eurs("-1.00")}, {Account: PlayerReal(int64(1 + i%3)), Amount: eurs("1.00")},
			}}); err != nil {
				return err
			}
			if fail {
				return errors.New("refused after posting")
			}
			return nil
		}}
	}
	group := []*job{deposit(0, false), deposit(1, true), deposit(2, false), deposit(3, true)}
	l.runGroup(group)
	for i, j := range group {
		if r := <-j.done; (r.err != nil) != (i%2 == 1) {
			t.Fatalf("job %d: %v", i, r.err)
		}
	}
	var balance int64
	if err := db.Read.QueryRowContext(ctx, `SELECT balance FROM ledger_accounts WHERE name = ?`, Provider("sandbox")).Scan(&balance); err != nil || balance != -200 {
		t.Fatalf("provider balance %d (%v), want -200", balance, err)
	}
	mustCheck(t, l)
	// The next group starts from the written row.
	group = []*job{deposit(4, false)}
	l.runGroup(group)
	if r := <-group[0].done; r.err != nil {
		t.Fatal(r.err)
	}
	if err := db.Read.QueryRowContext(ctx, `SELECT balance FROM ledger_accounts WHERE name = ?`, Provider("sandbox")).Scan(&balance); err != nil || balance != -300 {
		t.Fatalf("provider balance %d (%v), want -300", balance, err)
	}
	mustCheck(t, l)
}
