package referral

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"casino/bff/database"
	"casino/bff/ledger"
)

var eur = ledger.MustCurrency("EUR")

type fixture struct {
	t      *testing.T
	db     *database.DB
	ledger *ledger.Ledger
	svc    *Service
	seq    int
}

func newFixture(t *testing.T) *fixture {
	db, err := database.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	f := &fixture{t: t, db: db, ledger: ledger.New(db)}
	f.svc = New(db, f.ledger, nil)
	f.svc.Percent = func(context.Context) (int, error) { return 10, nil }
	return f
}

// user makes account id at address, signed up from device with the ref cookie (if any).
func (f *fixture) user(id int64, address, device, ref string) {
	f.t.Helper()
	if _, err := f.db.Write.Exec(`INSERT INTO users(id, email, country_code, address, zip_code) VALUES (?, ?, 'DE', ?, '10115')`, id, fmt.Sprintf("u%d@example.com", id), address); err != nil {
		f.t.Fatal(err)
	}
	r := httptest.NewRequest(http.MethodPost, "/api/user/sign-up", nil)
	if device != "" {
		r.AddCookie(&http.Cookie{Name: DeviceCookie, Value: device})
	}
	if ref != "" {
		r.AddCookie(&http.Cookie{Name: RefCookie, Value: ref})
	}
	if err := f.svc.SignedUp(context.Background(), r, id); err != nil {
		f.t.Fatal(err)
	}
	f.post(ledger.KindDeposit, ledger.Posting{Account: ledger.Provider("card"), Amount: ledger.FromMinor(-100_000, eur)},
		ledger.Posting{Account: ledger.PlayerReal(id), Amount: ledger.FromMinor(100_000, eur)})
}

func (f *fixture) post(kind ledger.Kind, ps ...ledger.Posting) {
	f.t.Helper()
	f.seq++
	if _, err := f.ledger.Post(context.Background(), ledger.Transfer{IdempotencyKey: fmt.Sprintf("t%d", f.seq), Kind: kind, Postings: ps}); err != nil {
		f.t.Fatal(err)
	}
}

// play: a bet of stake and a win of win cents.
func (f *fixture) play(id, stake, win int64) {
	f.post(ledger.KindBet, ledger.Posting{Account: ledger.PlayerReal(id), Amount: ledger.FromMinor(-stake, eur)}, ledger.Posting{Account: ledger.Game("studio"), Amount: ledger.FromMinor(stake, eur)})
	if win > 0 {
		f.post(ledger.KindWin, ledger.Posting{Account: ledger.Game("studio"), Amount: ledger.FromMinor(-win, eur)}, ledger.Posting{Account: ledger.PlayerReal(id), Amount: ledger.FromMinor(win, eur)})
	}
}

func (f *fixture) data(id int64) Data {
	f.t.Helper()
	d, err := f.svc.DataOf(context.Background(), id, "EUR")
	if err != nil {
		f.t.Fatal(err)
	}
	return d
}

func (f *fixture) settle() int {
	f.t.Helper()
	n, err := f.svc.Settle(context.Background())
	if err != nil {
		f.t.Fatal(err)
	}
	return n
}

func TestReferralEarningsAgainstTheLedger(t *testing.T) {
	f := newFixture(t)
	f.user(1, "Hauptstr. 1", "dev-a", "")
	f.play(1, 500, 0)                            // the referrer's own play earns them nothing
	f.user(2, "Ringstr. 9", "dev-b", "R000001")  // genuine
	f.user(3, "Hauptstr. 1", "dev-c", "r000001") // same address: self-referral
	f.user(4, "Elsewhere 3", "dev-a", "R000001") // same device: self-referral
	f.user(5, "Parkweg 2", "dev-e", "R999999")   // unknown referrer: not recorded
	var self []string
	rows, _ := f.db.Read.Query(`SELECT self_referral FROM referrals ORDER BY referred_id`)
	for rows.Next() {
		var s string
		rows.Scan(&s)
		self = append(self, s)
	}
	rows.Close()
	if fmt.Sprint(self) != "[ address device]" {
		t.Fatalf("referrals %q", self)
	}
	if d := f.data(1); d.ReferredCount != 3 || d.ReferralCode != "R000001" || d.ReferralLink != "/?ref=R000001" || d.Earnings != "0.00" || d.Percent != 10 {
		t.Fatalf("data %+v", d)
	}
	before, _ := f.ledger.Balance(context.Background(), ledger.PlayerReal(1), eur)
	f.play(2, 10_000, 2_000) // NGR 80.00 → 8.00
	f.play(3, 10_000, 0)     // self-referrals earn nothing
	f.play(4, 10_000, 0)
	if n := f.settle(); n != 1 {
		t.Fatalf("settled %d", n)
	}
	if n := f.settle(); n != 0 { // nothing new: nothing paid twice
		t.Fatalf("settled again %d", n)
	}
	f.play(2, 1_000, 6_000) // NGR −50.00: carried over, nothing paid
	if n := f.settle(); n != 0 {
		t.Fatalf("a loss paid %d", n)
	}
	f.play(2, 7_000, 0) // −50 + 70 = 20.00 → 2.00
	if n := f.settle(); n != 1 {
		t.Fatalf("settled %d", n)
	}
	after, _ := f.ledger.Balance(context.Background(), ledger.PlayerReal(1), eur)
	if got := after.Minor() - before.Minor(); got != 1_000 {
		t.Fatalf("commissions %d, want 1000 (8.00 + 2.00)", got)
	}
	if d := f.data(1); d.Earnings != "10.00" {
		t.Fatalf("earnings %s", d.Earnings)
	}
	if err := ledger.New(f.db).Check(context.Background()); err != nil {
		t.Fatalf("ledger check: %v", err)
	}
}

// A card is known only after sign-up: a referred player who pays with the
// referrer's card (same fingerprint, bff/cashier) makes the referral a
// self-referral at the next settlement, before anything is paid; another
// card changes nothing.
func TestSharedCardMakesASelfReferral(t *testing.T) {
	for _, tc := range []struct {
		name           string
		referredCard   string
		wantPaid       int
		wantSelf       string
		wantEarnedCent int64
	}{
		{"the referrer's card", "fp-shared", 0, "card", 0},
		{"a card of their own", "fp-own", 1, "", 800},
		{"no card (crypto)", "", 1, "", 800},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.user(1, "Hauptstr. 1", "dev-a", "")
			f.user(2, "Ringstr. 9", "dev-b", "R000001")
			deposit := func(id int64, fingerprint string) {
				if _, err := f.db.Write.Exec(`INSERT INTO cashier_deposits(public_id, user_id, method, processor, currency, amount, status, card_fingerprint)
					VALUES (?, ?, 'card', 'sandbox', 'EUR', 1000, 'failed', ?)`, fmt.Sprintf("d%d-%s", id, fingerprint), id, fingerprint); err != nil {
					t.Fatal(err)
				}
			}
			deposit(1, "fp-shared")
			deposit(2, tc.referredCard)
			f.play(2, 10_000, 2_000) // NGR 80.00 → 8.00 at 10 %
			if n := f.settle(); n != tc.wantPaid {
				t.Fatalf("settled %d, want %d", n, tc.wantPaid)
			}
			var self string
			var earned int64
			if err := f.db.Read.QueryRow(`SELECT self_referral, earned FROM referrals WHERE referred_id = 2`).Scan(&self, &earned); err != nil {
				t.Fatal(err)
			}
			if self != tc.wantSelf || earned != tc.wantEarnedCent {
				t.Fatalf("self_referral %q earned %d, want %q %d", self, earned, tc.wantSelf, tc.wantEarnedCent)
			}
		})
	}
}
