package studio

import (
	"casino/bff/studio/roulette"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"casino/bff/api"
	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/session"
	"casino/bff/wallet"
)

var eur = ledger.MustCurrency("EUR")

// contentDir is the repository's content directory.
func contentDir(tb testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "content")
}

var (
	catOnce sync.Once
	cat     *Catalog
	catErr  error
)

func testCatalog(tb testing.TB) *Catalog {
	tb.Helper()
	catOnce.Do(func() { cat, catErr = Open(contentDir(tb)) })
	if catErr != nil {
		tb.Fatal(catErr)
	}
	return cat
}

type fixture struct {
	db     *database.DB
	ledger *ledger.Ledger
	wallet *wallet.Service
	svc    *Service
	events []string
	mu     sync.Mutex
}

// newFixture: a fresh database, player 1 with 100.00 EUR, the wallet with
// the studio as provider, and the studio calling it through its signed
// client.
func newFixture(tb testing.TB) *fixture {
	tb.Helper()
	ctx := context.Background()
	db, err := database.Open(ctx, tb.TempDir())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	f := &fixture{db: db, ledger: ledger.New(db)}
	if _, err := db.Write.ExecContext(ctx, `INSERT INTO users(id, email, currency_code) VALUES (1, 'p1@example.com', 'EUR')`); err != nil {
		tb.Fatal(err)
	}
	if _, err := f.ledger.Deposit(ctx, "seed-1", 1, "sandbox", ledger.MustParse("100.00", eur), nil); err != nil {
		tb.Fatal(err)
	}
	c := testCatalog(tb)
	f.wallet = wallet.NewService(db, f.ledger, c.WalletGame)
	f.wallet.Publish = func(user int64, name string, data any) {
		f.mu.Lock()
		f.events = append(f.events, fmt.Sprintf("%d %s", user, name))
		f.mu.Unlock()
	}
	if _, err := f.wallet.EnsureProvider(ctx, ProviderID, ProviderName); err != nil {
		tb.Fatal(err)
	}
	client, err := f.wallet.LocalClient(ctx, ProviderID)
	if err != nil {
		tb.Fatal(err)
	}
	f.svc = NewService(db, c, client)
	return f
}

// demoSpin plays one 1.00 spin of game on fun money as a visitor.
func (f *fixture) demoSpin(tb testing.TB, game string) *SpinResult {
	tb.Helper()
	ctx := context.Background()
	l, err := f.svc.Launch(ctx, nil, game, ModeDemo)
	if err != nil {
		tb.Fatal(err)
	}
	sess, _ := f.svc.Session(ctx, l.ID)
	res, err := f.svc.Spin(ctx, sess, "1.00", false)
	if err != nil {
		tb.Fatal(err)
	}
	return res
}

func (f *fixture) real(tb testing.TB) string {
	tb.Helper()
	b, err := f.ledger.PlayerBalances(context.Background(), 1, eur)
	if err != nil {
		tb.Fatal(err)
	}
	return b.Real.Decimal()
}

var player1 = &session.Player{ID: 1, Currency: "EUR"}

func TestCatalogTitles(t *testing.T) {
	c := testCatalog(t)
	titles := c.Titles()
	slots := 0
	for _, ti := range titles {
		if ti.Kind == KindSlot {
			slots++
			if _, err := os.Stat(filepath.Join(contentDir(t), "games", "thumbnails", ti.ID+".svg")); err != nil {
				t.Errorf("%s: thumbnail: %v", ti.ID, err)
			}
		}
		if ti.RTP == "" || ti.MaxMultiplier == "" || ti.MinBet == "" || ti.Name == "" {
			t.Errorf("incomplete title %+v", ti)
		}
	}
	if slots < 12 {
		t.Errorf("%d slot titles, want at least 12", slots)
	}
	if rt, err := c.Title(RouletteID); err != nil || rt.RTP != "97.30" || rt.MaxMultiplier != "36.00" {
		t.Errorf("roulette %+v %v", rt, err)
	}
}

func TestDemoSpinAndVerify(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	l, err := f.svc.Launch(ctx, nil, "fruit-fiesta", "")
	if err != nil {
		t.Fatal(err)
	}
	if l.Mode != ModeDemo || l.Balance != "1000.00" || l.Currency != DemoCurrency {
		t.Fatalf("launch %+v", l.Session)
	}
	sess, _ := f.svc.Session(ctx, l.ID)
	commit := l.Seeds.ServerSeedHash
	var ids []string
	bal := int64(DemoBalance)
	for i := 0; i < 20; i++ {
		res, err := f.svc.Spin(ctx, sess, "0.50", false)
		if err != nil {
			t.Fatal(err)
		}
		bal += res.Round.Win - res.Round.Cost
		if want := minorText(bal); res.Balance != want {
			t.Fatalf("spin %d: balance %s, want %s", i, res.Balance, want)
		}
		if res.Seed.Nonce != uint64(i+1) || res.Seed.ServerSeedHash != commit {
			t.Fatalf("spin %d: seed %+v", i, res.Seed)
		}
		ids = append(ids, res.RoundID)
	}
	// Before the reveal the round cannot be verified.
	if _, err := f.svc.Verify(ctx, VerifyQuery{Round: ids[3]}); !errors.Is(err, api.ErrValidation) {
		t.Fatalf("verify before reveal: %v", err)
	}
	st, err := f.svc.RotateSeeds(ctx, sess, "my-lucky-seed")
	if err != nil {
		t.Fatal(err)
	}
	if st.Previous == nil || st.Previous.ServerSeedHash != commit || st.Nonce != 0 || st.ClientSeed != "my-lucky-seed" || st.ServerSeedHash != l.Seeds.NextServerSeedHash {
		t.Fatalf("rotation %+v", st)
	}
	for _, id := range ids {
		v, err := f.svc.Verify(ctx, VerifyQuery{Round: id})
		if err != nil {
			t.Fatal(err)
		}
		if !v.CommitmentOK || v.Matches == nil || !*v.Matches {
			t.Fatalf("round %s does not verify: %+v", id, v)
		}
	}
	// A tampered seed breaks the commitment (its last digit changed: the
	// seed is random, so a fixed replacement digit could be the same one).
	tampered := st.Previous.ServerSeed[:63] + "0"
	if tampered == st.Previous.ServerSeed {
		tampered = st.Previous.ServerSeed[:63] + "1"
	}
	v, err := f.svc.Verify(ctx, VerifyQuery{Game: "fruit-fiesta", Bet: "0.50", ServerSeed: tampered, ServerSeedHash: commit, ClientSeed: st.Previous.ClientSeed, Nonce: "1"})
	if err != nil || v.CommitmentOK {
		t.Fatalf("tampered seed: %+v %v", v, err)
	}
	if _, err := f.svc.RotateSeeds(ctx, sess, "bad:seed"); !errors.Is(err, api.ErrValidation) {
		t.Fatalf("bad client seed: %v", err)
	}
}

func TestRealSpinMovesMoneyThroughTheWallet(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	l, err := f.svc.Launch(ctx, player1, "aztec-sun", ModeReal)
	if err != nil {
		t.Fatal(err)
	}
	if l.Balance != "100.00" || l.Currency != "EUR" {
		t.Fatalf("launch %+v balance %s", l.Session, l.Balance)
	}
	sess, _ := f.svc.Session(ctx, l.ID)
	want := int64(10000)
	for i := 0; i < 10; i++ {
		res, err := f.svc.Spin(ctx, sess, "1.00", false)
		if err != nil {
			t.Fatal(err)
		}
		want += res.Round.Win - res.Round.Cost
		if res.Balance != minorText(want) || f.real(t) != minorText(want) {
			t.Fatalf("spin %d: answered %s, ledger %s, want %s", i, res.Balance, f.real(t), minorText(want))
		}
		rd, err := f.svc.Round(ctx, res.RoundID)
		if err != nil || rd.Status != "settled" || rd.BalanceAfter != minorText(want) {
			t.Fatalf("stored round %+v %v", rd, err)
		}
	}
	debits := 0
	for _, e := range f.events {
		if e == "1 debit" {
			debits++
		}
	}
	if debits != 10 {
		t.Errorf("events %v", f.events)
	}
	// A bonus buy the wallet refuses (over the balance or the game's max
	// bet) answers the wallet's error; nothing moves.
	var apiErr *api.Error
	if _, err := f.svc.Spin(ctx, sess, "100.00", true); !errors.As(err, &apiErr) || apiErr.Status != 403 && apiErr.Status != 422 && apiErr.Status != 409 {
		t.Fatalf("refused bonus buy: %v", err)
	}
	if f.real(t) != minorText(want) {
		t.Fatalf("balance moved on a refusal: %s", f.real(t))
	}
	for _, bad := range []string{"", "1.234", "-1", "abc", "0.01", "100000.00"} {
		if _, err := f.svc.Spin(ctx, sess, bad, false); !errors.Is(err, api.ErrValidation) {
			t.Errorf("bet %q: %v", bad, err)
		}
	}
	if err := f.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestRecoverPaysADebitedRound(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	l, _ := f.svc.Launch(ctx, player1, "fruit-fiesta", ModeReal)
	sess, _ := f.svc.Session(ctx, l.ID)
	// Find a winning round, then pretend the process died after the debit.
	for i := 0; ; i++ {
		res, err := f.svc.Spin(ctx, sess, "1.00", false)
		if err != nil {
			t.Fatal(err)
		}
		if res.Round.Win == 0 {
			continue
		}
		before := f.real(t)
		// Undo the credit and mark the round debited, as a crash would leave it.
		var walletTx int64
		if err := f.db.Read.QueryRowContext(ctx, `SELECT COUNT(*) FROM wallet_transactions`).Scan(&walletTx); err != nil {
			t.Fatal(err)
		}
		if _, err := f.db.Write.ExecContext(ctx, `UPDATE studio_rounds SET status = 'debited' WHERE id = ?`, res.RoundID); err != nil {
			t.Fatal(err)
		}
		n, err := f.svc.Recover(ctx)
		if err != nil || n != 1 {
			t.Fatalf("recover %d %v", n, err)
		}
		// The credit is replayed by the wallet (same transaction id): no
		// money moves twice.
		if f.real(t) != before {
			t.Fatalf("balance %s after recovery, was %s", f.real(t), before)
		}
		rd, _ := f.svc.Round(ctx, res.RoundID)
		if rd.Status != "settled" {
			t.Fatalf("status %s", rd.Status)
		}
		var out struct{ Win int64 }
		json.Unmarshal(rd.Outcome, &out)
		return
	}
}

func TestTableBetsThroughTheWallet(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	f.svc.Now = func() time.Time { return now }
	var phases []string
	table := f.svc.OpenTable(roulette.DefaultConfig, func(e roulette.Event) { phases = append(phases, e.Data.Phase) })
	l, err := f.svc.Launch(ctx, player1, RouletteID, ModeReal)
	if err != nil {
		t.Fatal(err)
	}
	sess, _ := f.svc.Session(ctx, l.ID)
	round := table.State(now).Round
	placed, err := f.svc.PlaceTableBets(ctx, sess, round, []tableBetJSON{{Kind: "red", Amount: "2.00"}, {Kind: "straight", Number: 7, Amount: "0.50"}})
	if err != nil || placed.Balance != "97.50" || f.real(t) != "97.50" {
		t.Fatalf("placed %+v %v, ledger %s", placed, err, f.real(t))
	}
	if _, err := f.svc.PlaceTableBets(ctx, sess, round, []tableBetJSON{{Kind: "red", Amount: "1.234"}}); !errors.Is(err, api.ErrValidation) {
		t.Fatalf("bad amount: %v", err)
	}
	now = now.Add(roulette.DefaultConfig.Betting)
	table.Step(now)
	if _, err := f.svc.PlaceTableBets(ctx, sess, round, []tableBetJSON{{Kind: "red", Amount: "1.00"}}); !errors.Is(err, ErrBettingClosed) {
		t.Fatalf("late bet: %v", err)
	}
	now = now.Add(roulette.DefaultConfig.Spin)
	table.Step(now)
	table.Wait()
	st := table.State(now)
	n := *st.Number
	win := roulette.Bet{Kind: roulette.Red, Amount: 200}.Payout(n) + roulette.Bet{Kind: roulette.Straight, Number: 7, Amount: 50}.Payout(n)
	if want := minorText(9750 + win); f.real(t) != want {
		t.Fatalf("number %d: ledger %s, want %s", n, f.real(t), want)
	}
	// The seed is revealed for the verifier, and it produced the number.
	seed, err := f.svc.RevealedSeed(ctx, st.ServerSeedHash)
	if err != nil || seed == "" || roulette.Spin(seed, round) != n {
		t.Fatalf("revealed %q %v", seed, err)
	}
	// The wallet round is closed with the outcome.
	var status, outcome string
	if err := f.db.Read.QueryRowContext(ctx, `SELECT status, outcome FROM wallet_rounds WHERE round_id = ?`, fmt.Sprintf("rl-%d-%s", round, sess.ID)).Scan(&status, &outcome); err != nil || status != "closed" {
		t.Fatalf("wallet round %s %v", status, err)
	}
	if err := f.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
	if len(phases) != 3 {
		t.Fatalf("phases %v", phases)
	}
}

// The lobby reserves 300 × 400 for a thumbnail: every one declares that
// size, and a slot's is drawn from its art (scripts/studio-thumbs.mjs), not
// a monogram, and stays light.
func TestThumbnailsAreDrawnArtOfAFixedSize(t *testing.T) {
	for _, ti := range testCatalog(t).Titles() {
		b, err := os.ReadFile(filepath.Join(contentDir(t), "games", "thumbnails", ti.ID+".svg"))
		if err != nil {
			t.Fatal(err)
		}
		head, _, _ := strings.Cut(string(b), ">")
		if !strings.Contains(head, `width="300" height="400"`) || !strings.Contains(head, `viewBox="0 0 300 400"`) {
			t.Errorf("%s: root element %s", ti.ID, head)
		}
		shapes := 0
		for _, s := range []string{"<path", "<circle", "<ellipse", "<rect"} {
			shapes += strings.Count(string(b), s)
		}
		if shapes < 20 || len(b) > 16<<10 {
			t.Errorf("%s: %d bytes, %d shapes: want drawn art under 16 KiB", ti.ID, len(b), shapes)
		}
	}
}

func TestTableUndoAndClearGiveStakesBackThroughTheWallet(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	f.svc.Now = func() time.Time { return now }
	table := f.svc.OpenTable(roulette.DefaultConfig, nil)
	l, err := f.svc.Launch(ctx, player1, RouletteID, ModeReal)
	if err != nil {
		t.Fatal(err)
	}
	sess, _ := f.svc.Session(ctx, l.ID)
	round := table.State(now).Round
	if _, err := f.svc.WithdrawTableBets(ctx, sess, round, false); !errors.Is(err, ErrNoTableBets) {
		t.Fatalf("nothing to undo: %v", err)
	}
	for _, b := range []tableBetJSON{{Kind: "red", Amount: "2.00"}, {Kind: "straight", Number: 7, Amount: "0.50"}, {Kind: "dozen", Number: 1, Amount: "1.00"}} {
		if _, err := f.svc.PlaceTableBets(ctx, sess, round, []tableBetJSON{b}); err != nil {
			t.Fatal(err)
		}
	}
	if f.real(t) != "96.50" {
		t.Fatalf("staked: ledger %s", f.real(t))
	}
	p, err := f.svc.WithdrawTableBets(ctx, sess, round, false)
	if err != nil || p.Balance != "97.50" || f.real(t) != "97.50" || len(p.Bets) != 2 || p.Staked != 250 {
		t.Fatalf("undo %+v %v, ledger %s", p, err, f.real(t))
	}
	p, err = f.svc.WithdrawTableBets(ctx, sess, round, true)
	if err != nil || p.Balance != "100.00" || f.real(t) != "100.00" || len(p.Bets) != 0 {
		t.Fatalf("clear %+v %v, ledger %s", p, err, f.real(t))
	}
	if _, err := f.svc.PlaceTableBets(ctx, sess, round, []tableBetJSON{{Kind: "black", Amount: "1.00"}}); err != nil {
		t.Fatal(err)
	}
	now = now.Add(roulette.DefaultConfig.Betting)
	table.Step(now)
	if _, err := f.svc.WithdrawTableBets(ctx, sess, round, true); !errors.Is(err, ErrBettingClosed) {
		t.Fatalf("late undo: %v", err)
	}
	now = now.Add(roulette.DefaultConfig.Spin)
	table.Step(now)
	table.Wait()
	n := *table.State(now).Number
	if want := minorText(9900 + roulette.Bet{Kind: roulette.Black, Amount: 100}.Payout(n)); f.real(t) != want {
		t.Fatalf("number %d: ledger %s, want %s", n, f.real(t), want)
	}
	// The withdrawn stakes are refunded on record, the standing one settled: a
	// restart has nothing left to give back.
	var open int
	f.db.Read.QueryRowContext(ctx, `SELECT count(*) FROM studio_table_stakes WHERE status IN ('pending', 'staked')`).Scan(&open)
	if n, err := f.svc.RefundTableStakes(ctx); err != nil || n != 0 || open != 0 {
		t.Fatalf("refund after: %d %v, open %d", n, err, open)
	}
	if err := f.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
}
