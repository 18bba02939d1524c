package ledger

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
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
