// Package cardsandbox is a payment processor for development and tests that
// behaves like a real one: it checks the card, answers by test card number
// (success, decline, pending, 3-D Secure), serves a hosted 3-D Secure
// challenge page (and an approval page for non-card methods), and reports
// every outcome to the casino with signed, timestamped webhooks, retried
// with backoff. It keeps its payments in its own table, so pending payments
// resolve after a restart too.
package cardsandbox

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"casino/bff/cashier/payment"
	"casino/bff/database"
	"casino/bff/ledger"
)

// Name is the processor's name: the ledger account provider:sandbox.
const Name = "sandbox"

// ChallengeCode is the one-time code the sandbox 3-D Secure page accepts.
const ChallengeCode = "1234"

// Scenarios, chosen by the card number.
const (
	scenarioSucceed     = "succeed"
	scenarioDecline     = "decline"
	scenarioFunds       = "insufficient_funds"
	scenario3DS         = "3ds"
	scenarioPendingOK   = "pending_succeed"
	scenarioPendingFail = "pending_fail"
	scenarioApproval    = "approval" // non-card methods: a hosted approval page
)

// TestCards are the numbers with a fixed outcome; any other Luhn-valid
// number succeeds.
var TestCards = map[string]string{
	"4242424242424242": scenarioSucceed,
	"5555555555554444": scenarioSucceed,
	"4000000000000002": scenarioDecline,
	"4000000000009995": scenarioFunds,
	"4000000000003220": scenario3DS,
	"4000000000000077": scenarioPendingOK,
	"4000000000000085": scenarioPendingFail,
}

// Deliver sends a signed webhook body to the casino.
type Deliver func(ctx context.Context, body []byte, signature string) error

// Options configure the sandbox.
type Options struct {
	// PendingDelay is how long pending test cards stay pending (default 5 s).
	PendingDelay time.Duration
	// Retries of a failed webhook delivery, with doubling backoff from
	// RetryBase (defaults 8 and 500 ms).
	Retries   int
	RetryBase time.Duration
	// ChallengePath is where the hosted 3-D Secure page is served
	// (default /sandbox/card/3ds/).
	ChallengePath string
}

// Processor is the sandbox card processor.
type Processor struct {
	db      *database.DB
	secret  []byte
	deliver Deliver
	opt     Options
	now     func() time.Time
	wg      sync.WaitGroup
}

// New returns the sandbox on db; webhooks are signed with secret and sent
// through deliver.
func New(db *database.DB, secret []byte, deliver Deliver, opt Options) *Processor {
	if opt.PendingDelay <= 0 {
		opt.PendingDelay = 5 * time.Second
	}
	if opt.Retries <= 0 {
		opt.Retries = 8
	}
	if opt.RetryBase <= 0 {
		opt.RetryBase = 500 * time.Millisecond
	}
	if opt.ChallengePath == "" {
		opt.ChallengePath = "/sandbox/card/3ds/"
	}
	return &Processor{db: db, secret: secret, deliver: deliver, opt: opt, now: time.Now}
}

// Name implements payment.Processor.
func (p *Processor) Name() string { return Name }

// Wait blocks until every webhook sent so far was delivered or given up.
func (p *Processor) Wait() { p.wg.Wait() }

const timeLayout = "2006-01-02T15:04:05.000Z"

type record struct {
	ID, Reference, Currency, Last4, Scenario, Status, ResolveAt string
	Amount                                                      int64
	Returns                                                     payment.Returns
}

func (p *Processor) load(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, id string) (record, error) {
	var r record
	var returns string
	err := q.QueryRowContext(ctx, `SELECT id, reference, amount, currency, card_last4, scenario, status, return_url, resolve_at
		FROM sandbox_card_payments WHERE id = ?`, id).
		Scan(&r.ID, &r.Reference, &r.Amount, &r.Currency, &r.Last4, &r.Scenario, &r.Status, &returns, &r.ResolveAt)
	if err != nil {
		return r, err
	}
	json.Unmarshal([]byte(returns), &r.Returns)
	return r, nil
}

// Charge implements payment.Processor.
func (p *Processor) Charge(ctx context.Context, r payment.Request) (payment.Result, error) {
	if r.Reference == "" || r.Amount.Sign() <= 0 {
		return payment.Result{}, fmt.Errorf("sandbox: charge without reference or amount: %w", payment.ErrProcessor)
	}
	scenario := scenarioApproval
	if r.Card.Number != "" {
		// A real processor checks the card again, whatever the merchant did.
		if f := r.Card.Validate(p.now()); len(f) > 0 {
			return p.create(ctx, r, scenarioDecline, payment.StatusDeclined, "incorrect_card_data")
		}
		scenario = scenarioSucceed
		if s, ok := TestCards[r.Card.Digits()]; ok {
			scenario = s
		}
	}
	switch scenario {
	case scenarioSucceed:
		return p.create(ctx, r, scenario, payment.StatusSucceeded, "")
	case scenarioDecline:
		return p.create(ctx, r, scenario, payment.StatusDeclined, "card_declined")
	case scenarioFunds:
		return p.create(ctx, r, scenario, payment.StatusDeclined, "insufficient_funds")
	case scenarioPendingOK, scenarioPendingFail:
		return p.create(ctx, r, scenario, payment.StatusPending, "")
	}
	return p.create(ctx, r, scenario, payment.StatusRequiresAction, "")
}

func (p *Processor) create(ctx context.Context, r payment.Request, scenario string, status payment.Status, code string) (payment.Result, error) {
	id := "pay_" + randomHex(12)
	returns, _ := json.Marshal(r.Returns)
	resolveAt := ""
	if status == payment.StatusPending {
		resolveAt = p.now().Add(p.opt.PendingDelay).UTC().Format(timeLayout)
	}
	_, err := p.db.Write.ExecContext(ctx, `INSERT INTO sandbox_card_payments(id, reference, amount, currency, card_last4, scenario, status, return_url, resolve_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, r.Reference, r.Amount.Minor(), r.Amount.Currency().Code, r.Card.Last4(), scenario, string(status), string(returns), resolveAt)
	if err != nil {
		return payment.Result{}, fmt.Errorf("sandbox: %v: %w", err, payment.ErrProcessor)
	}
	res := payment.Result{PaymentID: id, Status: status, DeclineCode: code}
	switch status {
	case payment.StatusRequiresAction:
		res.ActionURL = p.opt.ChallengePath + id
	case payment.StatusSucceeded:
		p.send(id, payment.EventSucceeded, "")
	case payment.StatusDeclined:
		p.send(id, payment.EventDeclined, code)
	}
	return res, nil
}

// Authenticate implements payment.Processor: the PaReq must be the one the
// challenge page issued for this payment after a passed challenge.
func (p *Processor) Authenticate(ctx context.Context, paymentID, paReq string) (payment.Result, error) {
	if !hmac.Equal([]byte(paReq), []byte(p.paReq(paymentID))) {
		return payment.Result{}, fmt.Errorf("sandbox: PaReq does not match payment %s: %w", paymentID, payment.ErrAuthentication)
	}
	res, err := p.db.Write.ExecContext(ctx, `UPDATE sandbox_card_payments SET status = 'succeeded' WHERE id = ? AND status = 'authenticated'`, paymentID)
	if err != nil {
		return payment.Result{}, fmt.Errorf("sandbox: %v: %w", err, payment.ErrProcessor)
	}
	rec, err := p.load(ctx, p.db.Write, paymentID)
	if err != nil {
		return payment.Result{}, fmt.Errorf("sandbox: payment %s: %v: %w", paymentID, err, payment.ErrAuthentication)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		p.send(paymentID, payment.EventSucceeded, "")
	}
	if rec.Status != string(payment.StatusSucceeded) {
		return payment.Result{}, fmt.Errorf("sandbox: payment %s is %s: %w", paymentID, rec.Status, payment.ErrAuthentication)
	}
	return payment.Result{PaymentID: paymentID, Status: payment.StatusSucceeded}, nil
}

// paReq is the authentication proof the challenge page hands back: the
// payment id with an HMAC under the processor's key.
func (p *Processor) paReq(paymentID string) string {
	m := hmac.New(sha256.New, p.secret)
	m.Write([]byte("pareq:" + paymentID))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// ResolveDue settles every pending payment whose time has come.
func (p *Processor) ResolveDue(ctx context.Context) error {
	rows, err := p.db.Read.QueryContext(ctx, `SELECT id, scenario FROM sandbox_card_payments WHERE status = 'pending' AND resolve_at <= ?`,
		p.now().UTC().Format(timeLayout))
	if err != nil {
		return err
	}
	type due struct{ id, scenario string }
	var list []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.id, &d.scenario); err != nil {
			rows.Close()
			return err
		}
		list = append(list, d)
	}
	rows.Close()
	for _, d := range list {
		status, event, code := "succeeded", payment.EventSucceeded, ""
		if d.scenario == scenarioPendingFail {
			status, event, code = "failed", payment.EventFailed, "processing_error"
		}
		res, err := p.db.Write.ExecContext(ctx, `UPDATE sandbox_card_payments SET status = ? WHERE id = ? AND status = 'pending'`, status, d.id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			p.send(d.id, event, code)
		}
	}
	return nil
}

// send delivers an event about a payment in the background, retrying with
// doubling backoff; each attempt is signed afresh (the timestamp is part of
// the signature), the event id stays the same.
func (p *Processor) send(paymentID, typ, code string) {
	ctx := context.Background()
	rec, err := p.load(ctx, p.db.Write, paymentID)
	if err != nil {
		slog.Error("sandbox: webhook for unknown payment", "payment", paymentID, "err", err)
		return
	}
	cur, err := ledger.LookupCurrency(rec.Currency)
	if err != nil {
		return
	}
	body, _ := json.Marshal(payment.Event{ID: "evt_" + randomHex(12), Type: typ, PaymentID: rec.ID, Reference: rec.Reference,
		Amount: ledger.FromMinor(rec.Amount, cur).Decimal(), Currency: cur.Code, DeclineCode: code, Created: p.now().Unix()})
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		wait := p.opt.RetryBase
		for attempt := 1; ; attempt++ {
			err := p.deliver(ctx, body, payment.Sign(p.secret, p.now(), body))
			if err == nil {
				return
			}
			if attempt >= p.opt.Retries {
				slog.Error("sandbox: webhook given up", "payment", paymentID, "type", typ, "attempts", attempt, "err", err)
				return
			}
			slog.Warn("sandbox: webhook failed, retrying", "payment", paymentID, "type", typ, "attempt", attempt, "err", err)
			time.Sleep(wait)
			wait *= 2
		}
	}()
}

// decide records the player's answer on the hosted page and returns where
// the browser goes back to.
func (p *Processor) decide(ctx context.Context, id, action, code string) (string, error) {
	rec, err := p.load(ctx, p.db.Write, id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", errNoPayment
	}
	if err != nil {
		return "", err
	}
	if rec.Status != "requires_action" {
		return "", errDecided
	}
	status, event, back := "cancelled", payment.EventCancelled, rec.Returns.Cancelled
	switch {
	case action == "return":
		back = rec.Returns.Returned
	case action == "authenticate" && (rec.Scenario == scenarioApproval || strings.TrimSpace(code) == ChallengeCode):
		status, event, back = "authenticated", "", rec.Returns.Authenticated
	case action == "authenticate":
		status, event, back = "failed", payment.EventFailed, rec.Returns.Failed
	}
	res, err := p.db.Write.ExecContext(ctx, `UPDATE sandbox_card_payments SET status = ? WHERE id = ? AND status = 'requires_action'`, status, id)
	if err != nil {
		return "", err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return "", errDecided
	}
	if event != "" {
		p.send(id, event, "authentication_failed")
	}
	if status == "authenticated" {
		sep := "?"
		if strings.Contains(back, "?") {
			sep = "&"
		}
		back += sep + "PaReq=" + p.paReq(id) + "&MD=" + rec.Reference
	}
	return back, nil
}

var (
	errNoPayment = errors.New("no such payment")
	errDecided   = errors.New("payment already decided")
)

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}
