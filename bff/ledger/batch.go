package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
)

// Group commit. SQLite has one writer and a commit costs more than the few
// statements of a transfer, so concurrent writes are queued and run together
// in one write transaction: each in its own SAVEPOINT (a failing job rolls
// back alone), one COMMIT for the group. A caller's answer is sent only after
// that COMMIT, so an answered write is as durable as with one transaction
// each; a crash loses only unanswered writes, which are retried with the same
// idempotency keys.
//
// There is no background goroutine: the first caller to find nobody writing
// becomes the leader, runs everything queued as one group, and hands the
// leadership to the oldest caller that queued meanwhile.

// maxGroup bounds a group, so one COMMIT does not wait on an unbounded queue.
const maxGroup = 128

// Tx is a job's view of the group's write transaction: ledger posts and the
// caller's own statements on it commit or roll back together.
type Tx struct {
	ctx context.Context
	w   writeTx
}

// Context is the job's context (not cancelled by the caller going away once
// the job has started: a started job finishes and commits).
func (t *Tx) Context() context.Context { return t.ctx }

// SQL is the write transaction, for the caller's own statements.
func (t *Tx) SQL() *sql.Tx { return t.w.tx }

// Stmt binds a statement prepared on the database's writer to the
// transaction, once per group (cheaper than (*sql.Tx).StmtContext per call).
func (t *Tx) Stmt(st *sql.Stmt) *sql.Stmt { return t.w.stmt(t.ctx, st) }

// Post applies a transfer inside the transaction, with the same answers as
// (*Ledger).Post. A business refusal (ErrInsufficientFunds,
// ErrAlreadyReversed) is stored: return nil from the job to keep it.
func (t *Tx) Post(tr Transfer) (Transaction, error) {
	r, err := validate(tr)
	if err != nil {
		return Transaction{}, err
	}
	return t.post(r)
}

// PostNew is Post for a key the caller knows is unused because its own
// record of the request, written in this same transaction, did not exist:
// it skips the replay lookup. Should the key exist after all, the unique
// index refuses the insert and PostNew fails with ErrIdempotencyConflict
// (the job must then roll back); nothing is ever applied twice.
func (t *Tx) PostNew(tr Transfer) (Transaction, error) {
	r, err := validate(tr)
	if err != nil {
		return Transaction{}, err
	}
	res, err := apply(t.ctx, t.w, r)
	if err != nil {
		if strings.Contains(err.Error(), "UNIQUE constraint failed: ledger_transactions.idempotency_key") {
			return Transaction{}, fmt.Errorf("ledger: key %q was used before: %w", r.IdempotencyKey, ErrIdempotencyConflict)
		}
		return Transaction{}, err
	}
	return res.tx, res.refusal
}

// Reverse posts the exact negation of transaction id, as (*Ledger).Reverse.
func (t *Tx) Reverse(key string, id int64, meta map[string]string) (Transaction, error) {
	return t.Post(Transfer{IdempotencyKey: key, Kind: KindRollback, Reverses: id, Metadata: meta})
}

// PlayerBalances reads a player's real and bonus balances in currency c
// inside the transaction (0 for accounts not opened yet). A Post in the same
// job reuses the rows it read.
func (t *Tx) PlayerBalances(playerID int64, c Currency) (real, bonus int64, err error) {
	for i, name := range []string{PlayerReal(playerID), PlayerBonus(playerID)} {
		key := name + "\x00" + c.Code
		row, ok := t.w.accounts[key]
		if !ok {
			row = &balanceRow{kind: []AccountKind{AccountReal, AccountBonus}[i]}
			err := t.w.QueryRowContext(t.ctx, sqlAccountByName, name, c.Code).Scan(&row.id, &row.balance)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return 0, 0, fmt.Errorf("ledger: balance of %s: %w", name, err)
			}
			if row.id != 0 {
				t.w.accounts[key] = row
			}
		}
		if i == 0 {
			real = row.balance
		} else {
			bonus = row.balance
		}
	}
	return real, bonus, nil
}

// UsePlayerBalances hands the job the player's real and bonus account rows
// (id and balance; id 0 for an account not opened yet) that the caller read
// with its own query inside this transaction (joining ledger_accounts on
// name and currency), so that a following Post does not read them again,
// exactly as after PlayerBalances. The rows must come from this
// transaction: the post computes the new balances from them.
func (t *Tx) UsePlayerBalances(playerID int64, c Currency, realID, real, bonusID, bonus int64) {
	if realID != 0 {
		t.w.accounts[PlayerReal(playerID)+"\x00"+c.Code] = &balanceRow{id: realID, kind: AccountReal, balance: real}
	}
	if bonusID != 0 {
		t.w.accounts[PlayerBonus(playerID)+"\x00"+c.Code] = &balanceRow{id: bonusID, kind: AccountBonus, balance: bonus}
	}
}

// Transaction reads a stored transaction by id inside the write transaction.
func (t *Tx) Transaction(id int64) (Transaction, error) {
	tr, _, err := loadTransaction(t.ctx, t.w, sqlTransactionByID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Transaction{}, fmt.Errorf("ledger: transaction %d: %w", id, ErrTransactionNotFound)
	}
	return tr, err
}

func (t *Tx) post(r request) (Transaction, error) {
	prev, hash, err := loadTransaction(t.ctx, t.w, sqlTransactionByKey, r.IdempotencyKey)
	switch {
	case err == nil:
		if string(hash) != string(r.hash) {
			return Transaction{}, fmt.Errorf("ledger: key %q was used by transaction %d: %w", r.IdempotencyKey, prev.ID, ErrIdempotencyConflict)
		}
		prev.Replayed = true
		if prev.Status == StatusFailed {
			return prev, replayedFailure(prev)
		}
		return prev, nil
	case !errors.Is(err, sql.ErrNoRows):
		return Transaction{}, err
	}
	res, err := apply(t.ctx, t.w, r)
	if err != nil {
		return Transaction{}, err
	}
	return res.tx, res.refusal
}

// job is one caller's work in a group.
type job struct {
	ctx  context.Context
	fn   func(*Tx) error
	done chan jobResult // buffered: 1
}

type jobResult struct {
	err  error
	lead bool // not a result: the caller must now lead the next group
}

// Do runs fn in a write transaction shared with other concurrent callers and
// returns after the group committed (nil) or failed. fn's statements and
// posts are rolled back alone when fn returns an error (which Do returns).
// fn must not block on anything but its own statements, and must not call
// Do or Post of the same Ledger (it would wait for its own group).
func (l *Ledger) Do(ctx context.Context, fn func(*Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if _, err := l.prepared(ctx); err != nil {
		return err
	}
	j := &job{ctx: ctx, fn: fn, done: make(chan jobResult, 1)}
	l.gmu.Lock()
	l.pending = append(l.pending, j)
	leader := !l.leading
	l.leading = true
	l.gmu.Unlock()
	if leader {
		l.lead()
	}
	for {
		r := <-j.done
		if !r.lead {
			return r.err
		}
		l.lead()
	}
}

// lead runs the queued jobs as one group, then passes the leadership on.
func (l *Ledger) lead() {
	l.gmu.Lock()
	n := min(len(l.pending), maxGroup)
	group := l.pending[:n:n]
	l.pending = append([]*job(nil), l.pending[n:]...)
	l.gmu.Unlock()

	l.runGroup(group)

	l.gmu.Lock()
	if len(l.pending) == 0 {
		l.leading = false
		l.gmu.Unlock()
		return
	}
	next := l.pending[0]
	l.gmu.Unlock()
	next.done <- jobResult{lead: true}
}

// GroupStats reports how many write transactions (groups) and jobs the
// group commit has run: jobs/groups is the mean group size.
func (l *Ledger) GroupStats() (groups, jobs int64) { return l.groups.Load(), l.jobs.Load() }

// runGroup runs each job in a savepoint of one write transaction and commits.
func (l *Ledger) runGroup(group []*job) {
	l.groups.Add(1)
	l.jobs.Add(int64(len(group)))
	results := make([]error, len(group))
	finish := func(groupErr error) {
		for i, j := range group {
			err := results[i]
			if groupErr != nil && err == nil {
				err = groupErr
			}
			j.done <- jobResult{err: err}
		}
	}
	stmts := *l.stmts.Load()
	ctx := context.Background()
	sqlTx, err := l.db.Write.BeginTx(ctx, nil)
	if err != nil {
		finish(fmt.Errorf("ledger: begin: %w", err))
		return
	}
	w := writeTx{tx: sqlTx, stmts: stmts, bound: map[*sql.Stmt]*sql.Stmt{}, shared: map[string]*balanceRow{}}
	ran := 0
	for i, j := range group {
		if err := j.ctx.Err(); err != nil {
			results[i] = err
			continue
		}
		if _, err := w.ExecContext(ctx, sqlSavepoint); err != nil {
			sqlTx.Rollback()
			finish(fmt.Errorf("ledger: savepoint: %w", err))
			return
		}
		saved := snapshot(w.shared)
		results[i] = runJob(j, w)
		var err error
		if results[i] != nil {
			_, err = w.ExecContext(ctx, sqlRollbackTo)
			// The job's balances are undone: the shared rows are back to
			// what they were before it (written or still pending).
			restore(w.shared, saved)
		} else {
			ran++
		}
		if err == nil {
			_, err = w.ExecContext(ctx, sqlRelease)
		}
		if err != nil {
			sqlTx.Rollback()
			finish(fmt.Errorf("ledger: end savepoint: %w", err))
			return
		}
	}
	if ran == 0 {
		sqlTx.Rollback()
		finish(nil)
		return
	}
	if err := flushShared(ctx, w); err != nil {
		sqlTx.Rollback()
		finish(err)
		return
	}
	if err := sqlTx.Commit(); err != nil {
		finish(fmt.Errorf("ledger: commit: %w", err))
		return
	}
	finish(nil)
}

// runJob runs one job; a panic fails the job, not the group.
func runJob(j *job, w writeTx) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("ledger: job panicked: %v\n%s", v, debug.Stack())
		}
	}()
	w.accounts = map[string]*balanceRow{}
	return j.fn(&Tx{ctx: context.WithoutCancel(j.ctx), w: w})
}

// snapshot copies the group's shared rows before a job.
func snapshot(shared map[string]*balanceRow) map[string]balanceRow {
	saved := make(map[string]balanceRow, len(shared))
	for k, r := range shared {
		saved[k] = *r
	}
	return saved
}

// restore puts the shared rows back as snapshot saved them (after a job
// rolled back to its savepoint).
func restore(shared map[string]*balanceRow, saved map[string]balanceRow) {
	clear(shared)
	for k, r := range saved {
		shared[k] = &r
	}
}

// flushShared writes the balances of the shared rows the group's posts
// changed, once each, before the group commits: their postings carry each
// balance after them, and the row ends on the last.
func flushShared(ctx context.Context, w writeTx) error {
	for _, r := range w.shared {
		if !r.dirty {
			continue
		}
		if _, err := w.ExecContext(ctx, sqlUpdateBalance, r.balance, r.id); err != nil {
			return fmt.Errorf("ledger: update balance: %w", err)
		}
		r.dirty = false
	}
	return nil
}
