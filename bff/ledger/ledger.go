// Package ledger is the casino's double-entry ledger: money as integer minor
// units bound to a currency (Money), accounts per player and currency, and
// transactions of postings that sum to zero per currency, stored in SQLite
// with each account's balance updated in the same write transaction.
//
// Every transaction carries a client-chosen idempotency key. A retry with the
// same key and the same request returns the first result and moves nothing;
// the same key with another request is ErrIdempotencyConflict. Business
// refusals (ErrInsufficientFunds, ErrAlreadyReversed) are stored as failed
// transactions, so a retry fails the same way.
//
// Writes go through the database's single writer connection in BEGIN
// IMMEDIATE transactions, so the check-and-act of a transfer is atomic and no
// row locks (or lock ordering) are needed. Reads use the reader pool.
//
// See docs/ledger.md.
package ledger

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"casino/bff/database"
)

// Kind names what a transaction does. The ledger treats kinds as labels
// (statements and totals group by them); KindRollback is the only one with a
// meaning of its own.
type Kind string

// Transaction kinds used by the helpers of shapes.go. Other code may add its
// own (lower-case letters, digits and '_', up to 64).
const (
	KindDeposit         Kind = "deposit"          // provider clearing → player real
	KindWithdrawRequest Kind = "withdraw_request" // player real → player hold
	KindWithdrawSettle  Kind = "withdraw_settle"  // player hold → provider clearing
	KindWithdrawCancel  Kind = "withdraw_cancel"  // player hold → player real
	KindBet             Kind = "bet"              // player real/bonus → house
	KindWin             Kind = "win"              // house → player real/bonus
	KindBonusGrant      Kind = "bonus_grant"      // house → player bonus
	KindBonusConvert    Kind = "bonus_convert"    // player bonus → player real (wagering done)
	KindBonusForfeit    Kind = "bonus_forfeit"    // player bonus → house (cancelled, expired)
	KindRollback        Kind = "rollback"         // the exact reverse of an earlier transaction
)

// Status of a stored transaction.
type Status string

const (
	StatusCommitted Status = "committed" // the postings were applied
	StatusFailed    Status = "failed"    // refused by a business rule; nothing moved
)

// Limits of a request.
const (
	MaxKeyLength      = 255 // characters
	MaxPostings       = 100
	MaxMetadataLength = 8 << 10 // bytes of JSON
)

// Posting is one signed movement on one account: positive adds to the
// account's balance, negative takes from it.
type Posting struct {
	Account string // account name, see PlayerReal, House, Provider, Game
	Amount  Money
}

// Transfer is a request to move money.
type Transfer struct {
	// IdempotencyKey identifies the request (1–255 characters), for
	// example "deposit:stripe:pi_123" or "bet:hub88:tx-9": a retry must use
	// the same key.
	IdempotencyKey string
	Kind           Kind
	// Postings must sum to zero per currency. Empty when Reverses is set.
	Postings []Posting
	// Reverses is the id of a transaction to roll back: the postings are its
	// postings negated. Kind must be KindRollback (or empty).
	Reverses int64
	// Metadata describes the transaction (method, game, round, provider
	// reference …). It is stored with the first request and is not part of
	// the idempotency comparison.
	Metadata map[string]string
}

// Transaction is a stored transfer.
type Transaction struct {
	ID             int64
	IdempotencyKey string
	Kind           Kind
	Status         Status
	ErrorCode      string // the *api.Error code when Status is failed
	Reverses       int64
	Postings       []Posting // none when failed
	Metadata       map[string]string
	CreatedAt      time.Time
	// Replayed is true when this answer is the stored result of an earlier
	// request with the same key.
	Replayed bool
}

// Ledger posts and reads transactions.
type Ledger struct {
	db *database.DB

	mu    sync.Mutex
	stmts atomic.Pointer[map[string]*sql.Stmt] // writer statements by SQL text

	gmu     sync.Mutex // group commit (batch.go)
	pending []*job
	leading bool
	groups  atomic.Int64
	jobs    atomic.Int64
}

// The write path's queries, prepared once on the writer connection.
const (
	selectTransaction    = `SELECT id, idempotency_key, kind, status, error_code, request_hash, reverses_id, metadata, created_at FROM ledger_transactions WHERE `
	sqlTransactionByKey  = selectTransaction + `idempotency_key = ?`
	sqlTransactionByID   = selectTransaction + `id = ?`
	sqlPostingsOf        = `SELECT a.name, p.currency, p.amount FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.transaction_id = ? ORDER BY p.id`
	sqlReversedBy        = `SELECT id FROM ledger_transactions WHERE reverses_id = ? AND status = 'committed'`
	sqlAccountByName     = `SELECT id, balance FROM ledger_accounts WHERE name = ? AND currency = ?`
	sqlInsertAccount     = `INSERT INTO ledger_accounts(name, currency, kind, player_id) VALUES (?, ?, ?, ?) RETURNING id, balance`
	sqlInsertTransaction = `INSERT INTO ledger_transactions(idempotency_key, kind, status, error_code, request_hash, reverses_id, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
	sqlInsertPostings    = `INSERT INTO ledger_postings(transaction_id, account_id, currency, amount, balance_after) VALUES `
	sqlUpdateBalance     = `UPDATE ledger_accounts SET balance = ? WHERE id = ?`
)

// Savepoints of the group commit (batch.go).
const (
	sqlSavepoint  = `SAVEPOINT job`
	sqlRelease    = `RELEASE job`
	sqlRollbackTo = `ROLLBACK TO job`
)

var writeQueries = []string{sqlTransactionByKey, sqlTransactionByID, sqlPostingsOf, sqlReversedBy, sqlAccountByName,
	sqlInsertAccount, sqlInsertTransaction, insertPostings(2), insertPostings(3), sqlUpdateBalance,
	sqlSavepoint, sqlRelease, sqlRollbackTo}

// insertPostings is the statement that inserts n postings at once.
func insertPostings(n int) string {
	return sqlInsertPostings + strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?), ", n), ", ")
}

// prepared returns the write statements, preparing them on first use. It
// must run outside a write transaction: the writer has one connection.
func (l *Ledger) prepared(ctx context.Context) (map[string]*sql.Stmt, error) {
	if m := l.stmts.Load(); m != nil {
		return *m, nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if m := l.stmts.Load(); m != nil {
		return *m, nil
	}
	// Group commit runs each job in a savepoint, and SQLite copies every
	// page a savepoint changes to a sub-journal: keep it in memory, not in a
	// temporary file (a third of the write path's time went to its system
	// calls). The writer is one long-lived connection, so this sticks.
	if _, err := l.db.Write.ExecContext(ctx, `PRAGMA temp_store = MEMORY`); err != nil {
		return nil, fmt.Errorf("ledger: temp_store: %w", err)
	}
	m := map[string]*sql.Stmt{}
	for _, q := range writeQueries {
		st, err := l.db.Write.PrepareContext(ctx, q)
		if err != nil {
			for _, st := range m {
				st.Close()
			}
			return nil, fmt.Errorf("ledger: prepare: %w", err)
		}
		m[q] = st
	}
	l.stmts.Store(&m)
	return m, nil
}

// writeTx runs the ledger's queries inside a write transaction, through the
// prepared statements when the query is one of writeQueries.
type writeTx struct {
	tx    *sql.Tx
	stmts map[string]*sql.Stmt
	// accounts caches the rows one job has read (by name + "\x00" +
	// currency), so a caller that read balances before posting does not
	// read them twice. Per job: a rolled-back job takes its cache with it.
	accounts map[string]*balanceRow
	// shared caches the house, game and provider rows for the whole group:
	// every bet of a group posts to the same game account, which is then
	// read once per group instead of once per bet. Rows are replaced only
	// after a post's statements all succeeded, and the map is emptied when
	// a job rolls back, so it always equals what the transaction holds.
	shared map[string]*balanceRow
	// bound caches the statements bound to this transaction (one per
	// prepared statement for the whole group, not one per call).
	bound map[*sql.Stmt]*sql.Stmt
}

// stmt returns st bound to the transaction.
func (w writeTx) stmt(ctx context.Context, st *sql.Stmt) *sql.Stmt {
	if w.bound == nil {
		return w.tx.StmtContext(ctx, st)
	}
	b, ok := w.bound[st]
	if !ok {
		b = w.tx.StmtContext(ctx, st)
		w.bound[st] = b
	}
	return b
}

func (w writeTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st, ok := w.stmts[query]; ok {
		return w.stmt(ctx, st).QueryRowContext(ctx, args...)
	}
	return w.tx.QueryRowContext(ctx, query, args...)
}

func (w writeTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st, ok := w.stmts[query]; ok {
		return w.stmt(ctx, st).QueryContext(ctx, args...)
	}
	return w.tx.QueryContext(ctx, query, args...)
}

func (w writeTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st, ok := w.stmts[query]; ok {
		return w.stmt(ctx, st).ExecContext(ctx, args...)
	}
	return w.tx.ExecContext(ctx, query, args...)
}

// New returns a ledger over db (migrated with 0004_ledger.sql).
func New(db *database.DB) *Ledger { return &Ledger{db: db} }

// request is a validated transfer.
type request struct {
	Transfer
	accounts []account // parsed Postings[i].Account
	hash     []byte
	metadata string
}

// validate checks a transfer without touching the database.
func validate(t Transfer) (request, error) {
	r := request{Transfer: t}
	invalid := func(format string, args ...any) (request, error) {
		return request{}, fmt.Errorf("ledger: "+format+": %w", append(args, ErrInvalidTransfer)...)
	}
	if !utf8.ValidString(t.IdempotencyKey) || t.IdempotencyKey == "" || utf8.RuneCountInString(t.IdempotencyKey) > MaxKeyLength {
		return invalid("idempotency key must be 1 to %d characters of UTF-8", MaxKeyLength)
	}
	if t.Reverses != 0 && r.Kind == "" {
		r.Kind = KindRollback
	}
	if !validKind(r.Kind) {
		return invalid("kind %q", truncate(string(r.Kind), 80))
	}
	if (r.Kind == KindRollback) != (t.Reverses != 0) {
		return invalid("a rollback (and only a rollback) names the transaction it reverses")
	}
	if t.Reverses < 0 {
		return invalid("reverses %d", t.Reverses)
	}
	if t.Reverses != 0 && len(t.Postings) > 0 {
		return invalid("a rollback takes its postings from the transaction it reverses")
	}
	if t.Reverses == 0 && len(t.Postings) == 0 {
		return invalid("no postings")
	}
	if len(t.Postings) > MaxPostings {
		return invalid("%d postings (at most %d)", len(t.Postings), MaxPostings)
	}
	sums := map[Currency]int64{}
	for _, p := range t.Postings {
		a, err := parseAccount(p.Account)
		if err != nil {
			return request{}, fmt.Errorf("ledger: %w", err)
		}
		c := p.Amount.Currency()
		if known, err := LookupCurrency(c.Code); err != nil || known != c {
			return invalid("posting to %s: currency %+v is not %+v", p.Account, c, known)
		}
		if p.Amount.IsZero() {
			return invalid("posting to %s: zero amount", p.Account)
		}
		sum, ok := addInt64(sums[c], p.Amount.Minor())
		if !ok {
			return request{}, fmt.Errorf("ledger: postings in %s: %w", c.Code, ErrAmountOverflow)
		}
		sums[c] = sum
		r.accounts = append(r.accounts, a)
	}
	for c, sum := range sums {
		if sum != 0 {
			return invalid("postings in %s sum to %s, not zero", c.Code, FormatMinor(sum, c.Decimals))
		}
	}
	meta := t.Metadata
	if meta == nil {
		meta = map[string]string{}
	}
	b, err := json.Marshal(meta) // keys sorted
	if err != nil {
		return invalid("metadata: %v", err)
	}
	if len(b) > MaxMetadataLength {
		return invalid("metadata is %d bytes (at most %d)", len(b), MaxMetadataLength)
	}
	r.metadata = string(b)
	r.hash = requestHash(r.Kind, t.Reverses, t.Postings)
	return r, nil
}

func validKind(k Kind) bool {
	if k == "" || len(k) > 64 {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// requestHash identifies what a request moves: its kind, the reversed
// transaction and its postings in a canonical order (a retry may list them
// in another order). Metadata is left out on purpose.
func requestHash(kind Kind, reverses int64, postings []Posting) []byte {
	lines := make([]string, 0, len(postings))
	for _, p := range postings {
		lines = append(lines, p.Account+"\t"+p.Amount.Currency().Code+"\t"+strconv.FormatInt(p.Amount.Minor(), 10))
	}
	slices.Sort(lines)
	h := sha256.New()
	fmt.Fprintf(h, "ledger-request-v1\n%s\n%d\n", kind, reverses)
	for _, l := range lines {
		h.Write([]byte(l + "\n"))
	}
	return h.Sum(nil)
}

// Post applies a transfer once.
//
// It returns the stored transaction and nil when the postings were applied
// (now or by an earlier request with the same key: then Replayed is true). It
// returns the stored failed transaction and an error matching
// ErrInsufficientFunds or ErrAlreadyReversed when a business rule refused it
// (now or earlier). Other errors (ErrInvalidTransfer, ErrIdempotencyConflict,
// ErrTransactionNotFound, ErrNotReversible, database errors) store nothing
// and return a zero Transaction.
func (l *Ledger) Post(ctx context.Context, t Transfer) (Transaction, error) {
	r, err := validate(t)
	if err != nil {
		return Transaction{}, err
	}
	var (
		out     Transaction
		refusal error // a stored business failure
	)
	err = l.Do(ctx, func(tx *Tx) error {
		out, refusal = tx.post(r)
		if refusal != nil && out.ID == 0 {
			return refusal // not stored: roll the job back
		}
		return nil
	})
	if err != nil {
		return Transaction{}, err
	}
	return out, refusal
}

func replayedFailure(t Transaction) error {
	apiErr, ok := storedErrors[t.ErrorCode]
	if !ok {
		apiErr = newError(422, t.ErrorCode, "Transaction failed")
	}
	return fmt.Errorf("ledger: transaction %d (key %q) failed: %w", t.ID, t.IdempotencyKey, apiErr)
}

// balanceRow is an account as the write transaction sees it.
type balanceRow struct {
	id      int64
	kind    AccountKind
	balance int64
	// dirty: a shared row (house, game, provider) whose balance is not
	// written yet; the group writes it once before its COMMIT (batch.go).
	dirty bool
}

// result is what apply stored: a committed transaction, or a failed one
// and the business rule that refused it.
type result struct {
	tx      Transaction
	refusal error
}

// apply runs inside the write transaction: it resolves accounts, checks
// balances and stores the transaction, committed or failed.
func apply(ctx context.Context, tx writeTx, r request) (result, error) {
	postings, accounts := r.Postings, r.accounts
	var refusal error
	if r.Reverses != 0 {
		rev, err := reversalPostings(ctx, tx, r.Reverses)
		if err != nil {
			return result{}, err
		}
		postings, accounts, refusal = rev.postings, rev.accounts, rev.refusal
	}

	// Resolve accounts and compute every posting's balance after it, on
	// copies of the cached rows: the caches take the new balances only once
	// every statement below succeeded.
	rows := map[string]*balanceRow{} // by name + "\x00" + currency
	after := make([]int64, len(postings))
	ids := make([]int64, len(postings))
	for i, p := range postings {
		if refusal != nil {
			break
		}
		cur := p.Amount.Currency().Code
		key := p.Account + "\x00" + cur
		row, ok := rows[key]
		if !ok {
			cached, ok := tx.accounts[key]
			if !ok || cached.id == 0 {
				cached, ok = tx.shared[key]
			}
			if ok && cached.id != 0 {
				c := *cached
				row = &c
			} else {
				var err error
				if row, err = getOrCreateAccount(ctx, tx, accounts[i], cur); err != nil {
					return result{}, err
				}
			}
			rows[key] = row
		}
		next, ok := addInt64(row.balance, p.Amount.Minor())
		if !ok {
			return result{}, fmt.Errorf("ledger: balance of %s in %s: %w", p.Account, cur, ErrAmountOverflow)
		}
		if next < 0 && row.kind.PlayerOnly() {
			refusal = fmt.Errorf("ledger: %s would have %s %s: %w", p.Account, FormatMinor(next, p.Amount.Currency().Decimals), cur, ErrInsufficientFunds)
			break
		}
		row.balance, after[i], ids[i] = next, next, row.id
	}

	status, code := StatusCommitted, ""
	if refusal != nil {
		status, code = StatusFailed, codeOf(refusal)
	}
	var reverses any
	if r.Reverses != 0 {
		reverses = r.Reverses
	}
	out := Transaction{IdempotencyKey: r.IdempotencyKey, Kind: r.Kind, Status: status, ErrorCode: code, Reverses: r.Reverses}
	// The time comes from Go, in the column default's format: SQLite's
	// 'now' costs a clock system call and a strftime per row here.
	created := time.Now().UTC().Truncate(time.Millisecond)
	// Exec and the rowid, not RETURNING id: RETURNING buffers its rows in
	// an ephemeral table (a B-tree made and dropped per statement).
	ins, err := tx.ExecContext(ctx, sqlInsertTransaction,
		r.IdempotencyKey, string(r.Kind), string(status), code, r.hash, reverses, r.metadata,
		created.Format(timeFormat))
	if err == nil {
		out.ID, err = ins.LastInsertId()
	}
	if err != nil {
		return result{}, fmt.Errorf("ledger: store transaction: %w", err)
	}
	out.CreatedAt = created
	out.Metadata = make(map[string]string, len(r.Metadata))
	for k, v := range r.Metadata {
		out.Metadata[k] = v
	}
	if refusal != nil {
		return result{tx: out, refusal: refusal}, nil
	}

	args := make([]any, 0, 5*len(postings))
	for i, p := range postings {
		args = append(args, out.ID, ids[i], p.Amount.Currency().Code, p.Amount.Minor(), after[i])
	}
	if _, err := tx.ExecContext(ctx, insertPostings(len(postings)), args...); err != nil {
		return result{}, fmt.Errorf("ledger: store postings: %w", err)
	}
	for _, row := range rows {
		if !row.kind.PlayerOnly() && tx.shared != nil {
			// The house, game and provider rows take part in nearly every
			// post of a group: their balance is written once per group,
			// before the COMMIT (flushShared), not once per post.
			row.dirty = true
			continue
		}
		if _, err := tx.ExecContext(ctx, sqlUpdateBalance, row.balance, row.id); err != nil {
			return result{}, fmt.Errorf("ledger: update balance: %w", err)
		}
	}
	for key, row := range rows {
		if row.kind.PlayerOnly() {
			if tx.accounts != nil {
				tx.accounts[key] = row
			}
		} else if tx.shared != nil {
			tx.shared[key] = row
		}
	}
	out.Postings = postings
	return result{tx: out}, nil
}

// codeOf returns the code of the stored error err wraps.
func codeOf(err error) string {
	for code, e := range storedErrors {
		if errors.Is(err, e) {
			return code
		}
	}
	return ErrInsufficientFunds.Code
}

func getOrCreateAccount(ctx context.Context, tx writeTx, a account, currency string) (*balanceRow, error) {
	row := &balanceRow{kind: a.kind}
	err := tx.QueryRowContext(ctx, sqlAccountByName, a.name, currency).Scan(&row.id, &row.balance)
	if errors.Is(err, sql.ErrNoRows) {
		var player any
		if a.playerID != 0 {
			player = a.playerID
		}
		err = tx.QueryRowContext(ctx, sqlInsertAccount,
			a.name, currency, string(a.kind), player).Scan(&row.id, &row.balance)
		if err != nil && strings.Contains(err.Error(), "FOREIGN KEY") {
			return nil, fmt.Errorf("ledger: account %s: no such player: %w", a.name, ErrInvalidTransfer)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("ledger: account %s %s: %w", a.name, currency, err)
	}
	return row, nil
}

// reversalPostings returns the negated postings of transaction id, or a
// refusal when it was reversed already.
func reversalPostings(ctx context.Context, tx writeTx, id int64) (reversal, error) {
	orig, _, err := loadTransaction(ctx, tx, sqlTransactionByID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return reversal{}, fmt.Errorf("ledger: reverse transaction %d: %w", id, ErrTransactionNotFound)
	}
	if err != nil {
		return reversal{}, err
	}
	if orig.Status != StatusCommitted || orig.Reverses != 0 {
		return reversal{}, fmt.Errorf("ledger: reverse transaction %d (%s, %s): %w", id, orig.Kind, orig.Status, ErrNotReversible)
	}
	var by int64
	err = tx.QueryRowContext(ctx, sqlReversedBy, id).Scan(&by)
	if err == nil {
		return reversal{refusal: fmt.Errorf("ledger: transaction %d was reversed by %d: %w", id, by, ErrAlreadyReversed)}, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return reversal{}, err
	}
	rev := reversal{postings: make([]Posting, len(orig.Postings)), accounts: make([]account, len(orig.Postings))}
	for i, p := range orig.Postings {
		rev.postings[i] = Posting{Account: p.Account, Amount: p.Amount.Neg()}
		if rev.accounts[i], err = parseAccount(p.Account); err != nil {
			return reversal{}, err
		}
	}
	return rev, nil
}

// reversal is the postings of a rollback, or the refusal to make one.
type reversal struct {
	postings []Posting
	accounts []account
	refusal  error
}

// queryer is what loadTransaction needs: a *sql.Tx or a *sql.DB.
type queryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// loadTransaction reads one transaction and its postings; query is
// sqlTransactionByKey or sqlTransactionByID.
func loadTransaction(ctx context.Context, q queryer, query string, arg any) (Transaction, []byte, error) {
	var (
		t        Transaction
		hash     []byte
		reverses sql.NullInt64
		meta     string
		created  string
	)
	err := q.QueryRowContext(ctx, query, arg).Scan(&t.ID, &t.IdempotencyKey, &t.Kind, &t.Status, &t.ErrorCode, &hash, &reverses, &meta, &created)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Transaction{}, nil, err
		}
		return Transaction{}, nil, fmt.Errorf("ledger: load transaction: %w", err)
	}
	t.Reverses = reverses.Int64
	t.CreatedAt = parseTime(created)
	if err := json.Unmarshal([]byte(meta), &t.Metadata); err != nil {
		return Transaction{}, nil, fmt.Errorf("ledger: transaction %d metadata: %w", t.ID, err)
	}
	rows, err := q.QueryContext(ctx, sqlPostingsOf, t.ID)
	if err != nil {
		return Transaction{}, nil, fmt.Errorf("ledger: load postings: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			name, code string
			minor      int64
		)
		if err := rows.Scan(&name, &code, &minor); err != nil {
			return Transaction{}, nil, err
		}
		c, err := LookupCurrency(code)
		if err != nil {
			return Transaction{}, nil, err
		}
		t.Postings = append(t.Postings, Posting{Account: name, Amount: FromMinor(minor, c)})
	}
	return t, hash, rows.Err()
}

// Get returns the transaction with the given id, from the reader pool.
func (l *Ledger) Get(ctx context.Context, id int64) (Transaction, error) {
	return l.get(ctx, sqlTransactionByID, id)
}

// GetByKey returns the transaction stored under an idempotency key.
func (l *Ledger) GetByKey(ctx context.Context, key string) (Transaction, error) {
	return l.get(ctx, sqlTransactionByKey, key)
}

func (l *Ledger) get(ctx context.Context, query string, arg any) (Transaction, error) {
	tx, err := l.db.Read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return Transaction{}, err
	}
	defer tx.Rollback()
	t, _, err := loadTransaction(ctx, tx, query, arg)
	if errors.Is(err, sql.ErrNoRows) {
		return Transaction{}, fmt.Errorf("ledger: transaction %v: %w", arg, ErrTransactionNotFound)
	}
	return t, err
}

// timeFormat is strftime('%Y-%m-%dT%H:%M:%fZ'), the created_at default.
const timeFormat = "2006-01-02T15:04:05.000Z"

func parseTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t
}
