package ledger

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"casino/bff/api"
)

// model is the ledger rebuilt from the requests alone, TigerBeetle-simulator
// style: every answer of the real ledger is checked against it.
type model struct {
	balances map[string]int64
	byKey    map[string]modelTx
	txs      []modelTx // committed, not rollbacks: candidates to reverse
	reversed map[int64]bool
}

type modelTx struct {
	key      string
	id       int64
	status   Status
	code     string
	postings []Posting
	call     func() (Transaction, error) // the request, to replay it
}

// apply returns the code the ledger must answer with ("" for committed) and
// applies the postings when they commit.
func (m *model) apply(postings []Posting) string {
	next := map[string]int64{}
	for _, p := range postings {
		b, ok := next[p.Account]
		if !ok {
			b = m.balances[p.Account]
		}
		b += p.Amount.Minor()
		if b < 0 && strings.HasPrefix(p.Account, "player:") {
			return ErrInsufficientFunds.Code
		}
		next[p.Account] = b
	}
	for a, b := range next {
		m.balances[a] = b
	}
	return ""
}

func TestPropertyAgainstModel(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			t.Parallel()
			runModel(t, seed, 300)
		})
	}
}

func runModel(t *testing.T, seed uint64, steps int) {
	ctx := context.Background()
	const players = 3
	l, _ := newTestLedger(t, players)
	rng := rand.New(rand.NewPCG(seed, 42))
	m := &model{balances: map[string]int64{}, byKey: map[string]modelTx{}, reversed: map[int64]bool{}}
	providers := []string{"sandbox", "crypto"}
	amount := func(maxMinor int64) Money { return FromMinor(1+rng.Int64N(max(maxMinor, 1)), eur) }
	pair := func(from, to string, a Money) []Posting {
		return []Posting{{Account: from, Amount: a.Neg()}, {Account: to, Amount: a}}
	}

	outcomes := map[string]int{}
	for step := range steps {
		p := int64(1 + rng.IntN(players))
		prov := providers[rng.IntN(len(providers))]
		key := fmt.Sprintf("k%d", step)
		real := m.balances[PlayerReal(p)]
		hold := m.balances[PlayerHold(p)]
		bonus := m.balances[PlayerBonus(p)]
		var (
			call     func() (Transaction, error)
			postings []Posting
			reverses int64
		)
		switch op := rng.IntN(100); {
		case op < 20:
			a := amount(20000)
			call = func() (Transaction, error) { return l.Deposit(ctx, key, p, prov, a, nil) }
			postings = pair(Provider(prov), PlayerReal(p), a)
		case op < 32:
			a := amount(real * 6 / 5)
			call = func() (Transaction, error) { return l.WithdrawRequest(ctx, key, p, a, nil) }
			postings = pair(PlayerReal(p), PlayerHold(p), a)
		case op < 40:
			a := amount(hold * 6 / 5)
			call = func() (Transaction, error) { return l.WithdrawSettle(ctx, key, p, prov, a, nil) }
			postings = pair(PlayerHold(p), Provider(prov), a)
		case op < 48:
			a := amount(hold * 6 / 5)
			call = func() (Transaction, error) { return l.WithdrawCancel(ctx, key, p, a, nil) }
			postings = pair(PlayerHold(p), PlayerReal(p), a)
		case op < 53:
			a := amount(5000)
			call = func() (Transaction, error) { return l.BonusGrant(ctx, key, p, a, nil) }
			postings = pair(House, PlayerBonus(p), a)
		case op < 68:
			r, b := FromMinor(rng.Int64N(max(real/3, 1)+1), eur), FromMinor(rng.Int64N(max(bonus/2, 1)+1), eur)
			if r.IsZero() && b.IsZero() {
				r = FromMinor(1, eur)
			}
			call = func() (Transaction, error) { return l.Bet(ctx, key, p, r, b, nil) }
			if !r.IsZero() {
				postings = append(postings, Posting{Account: PlayerReal(p), Amount: r.Neg()})
			}
			if !b.IsZero() {
				postings = append(postings, Posting{Account: PlayerBonus(p), Amount: b.Neg()})
			}
			postings = append(postings, Posting{Account: House, Amount: FromMinor(r.Minor()+b.Minor(), eur)})
		case op < 78:
			a := amount(10000)
			call = func() (Transaction, error) { return l.Win(ctx, key, p, a, FromMinor(0, eur), nil) }
			postings = []Posting{{Account: PlayerReal(p), Amount: a}, {Account: House, Amount: a.Neg()}}
		case op < 88 && len(m.txs) > 0:
			orig := m.txs[rng.IntN(len(m.txs))]
			reverses = orig.id
			call = func() (Transaction, error) { return l.Reverse(ctx, key, orig.id, nil) }
			for _, q := range orig.postings {
				postings = append(postings, Posting{Account: q.Account, Amount: q.Amount.Neg()})
			}
		case op < 95 && len(m.byKey) > 0:
			// Retry an earlier request: the same answer, nothing moves.
			prev := m.byKey[fmt.Sprintf("k%d", rng.IntN(step))]
			if prev.call == nil {
				continue
			}
			tx, err := prev.call()
			if !tx.Replayed || tx.ID != prev.id || tx.Status != prev.status || codeOfErr(err) != prev.code {
				t.Fatalf("step %d: retry of %s = %+v, %v; want id %d %s %q", step, prev.key, tx, err, prev.id, prev.status, prev.code)
			}
			continue
		default:
			// Reuse an earlier key with other parameters: a conflict.
			if step == 0 {
				continue
			}
			prevKey := fmt.Sprintf("k%d", rng.IntN(step))
			if _, ok := m.byKey[prevKey]; !ok {
				continue
			}
			_, err := l.Deposit(ctx, prevKey, p, prov, FromMinor(1_000_000_007, eur), nil)
			if !errors.Is(err, ErrIdempotencyConflict) {
				t.Fatalf("step %d: reuse of %s: %v, want conflict", step, prevKey, err)
			}
			continue
		}

		want := ""
		if reverses != 0 && m.reversed[reverses] {
			want = ErrAlreadyReversed.Code
		} else {
			want = m.apply(postings)
		}
		tx, err := call()
		outcomes[want]++
		if got := codeOfErr(err); got != want {
			t.Fatalf("step %d: %s answered %q (%v), model says %q", step, key, got, err, want)
		}
		if tx.ID == 0 || tx.Replayed {
			t.Fatalf("step %d: %+v", step, tx)
		}
		mt := modelTx{key: key, id: tx.ID, status: tx.Status, code: want, postings: postings, call: call}
		m.byKey[key] = mt
		if want == "" {
			if fmt.Sprint(tx.Postings) != fmt.Sprint(postings) {
				t.Fatalf("step %d: postings %v, model %v", step, tx.Postings, postings)
			}
			if reverses != 0 {
				m.reversed[reverses] = true
			} else {
				m.txs = append(m.txs, mt)
			}
		}
		for account, want := range m.balances {
			got, err := l.Balance(ctx, account, eur)
			if err != nil || got.Minor() != want {
				t.Fatalf("step %d: %s balance %d (%v), model %d", step, account, got.Minor(), err, want)
			}
		}
		if step%50 == 0 {
			mustCheck(t, l)
		}
	}
	mustCheck(t, l)
	t.Logf("outcomes: %v", outcomes)
	for _, code := range []string{"", ErrInsufficientFunds.Code, ErrAlreadyReversed.Code} {
		if outcomes[code] == 0 {
			t.Errorf("no step ended with %q: the model test does not cover it", code)
		}
	}
}

// codeOfErr returns the *api.Error code an error carries, or "".
func codeOfErr(err error) string {
	var apiErr *api.Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &apiErr):
		return apiErr.Code
	}
	return "unexpected: " + err.Error()
}
