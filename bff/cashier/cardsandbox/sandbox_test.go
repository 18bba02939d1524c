package cardsandbox

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"casino/bff/cashier/payment"
	"casino/bff/database"
	"casino/bff/ledger"
)

type inbox struct {
	mu     sync.Mutex
	events []payment.Event
	fail   int // fail this many deliveries first
	tries  int
	skew   time.Duration // the sandbox's clock runs ahead by this much
}

func (in *inbox) deliver(secret []byte) Deliver {
	return func(_ context.Context, body []byte, sig string) error {
		in.mu.Lock()
		defer in.mu.Unlock()
		in.tries++
		if in.fail > 0 {
			in.fail--
			return errors.New("casino down")
		}
		if err := payment.Verify(secret, sig, body, time.Now().Add(in.skew)); err != nil {
			return err
		}
		var e payment.Event
		json.Unmarshal(body, &e)
		in.events = append(in.events, e)
		return nil
	}
}

func newSandbox(t *testing.T, in *inbox, opt Options) *Processor {
	t.Helper()
	db, err := database.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	secret := []byte("whsec")
	if opt.RetryBase == 0 {
		opt.RetryBase = time.Millisecond
	}
	if opt.PendingDelay == 0 {
		opt.PendingDelay = time.Millisecond
	}
	return New(db, secret, in.deliver(secret), opt)
}

var eur = ledger.MustCurrency("EUR")

func request(ref, number string) payment.Request {
	r := payment.Request{Reference: ref, Amount: ledger.MustParse("25", eur), Method: "visa",
		Returns: payment.Returns{Authenticated: "/?modal=deposit-3ds-success&met=visa", Failed: "/f", Cancelled: "/c", Returned: "/r"}}
	if number != "" {
		r.Card = payment.Card{Number: number, Holder: "Ada", Expiry: "12/35", CVC: "123"}
	}
	return r
}

func TestChargeByTestCard(t *testing.T) {
	in := &inbox{}
	p := newSandbox(t, in, Options{})
	ctx := context.Background()
	cases := []struct {
		number string
		status payment.Status
		code   string
		event  string
	}{
		{"4242 4242 4242 4242", payment.StatusSucceeded, "", payment.EventSucceeded},
		{"5555555555554444", payment.StatusSucceeded, "", payment.EventSucceeded},
		{"378282246310005", payment.StatusSucceeded, "", payment.EventSucceeded}, // any other valid number
		{"4000000000000002", payment.StatusDeclined, "card_declined", payment.EventDeclined},
		{"4000000000009995", payment.StatusDeclined, "insufficient_funds", payment.EventDeclined},
		{"4242424242424241", payment.StatusDeclined, "incorrect_card_data", payment.EventDeclined}, // a real processor checks again
		{"4000000000003220", payment.StatusRequiresAction, "", ""},
		{"4000000000000077", payment.StatusPending, "", ""},
		{"", payment.StatusRequiresAction, "", ""}, // a wallet: hosted approval
	}
	for i, c := range cases {
		ref := "dep_" + string(rune('a'+i))
		res, err := p.Charge(ctx, request(ref, c.number))
		if err != nil || res.Status != c.status || res.DeclineCode != c.code || res.PaymentID == "" {
			t.Errorf("%s: %+v %v", c.number, res, err)
		}
		if (c.status == payment.StatusRequiresAction) != strings.HasPrefix(res.ActionURL, "/sandbox/card/3ds/pay_") {
			t.Errorf("%s: action %q", c.number, res.ActionURL)
		}
		p.Wait()
		in.mu.Lock()
		got := ""
		for _, e := range in.events {
			if e.Reference == ref {
				got = e.Type
				if e.PaymentID != res.PaymentID || e.Amount != "25.00" || e.Currency != "EUR" || e.ID == "" {
					t.Errorf("%s: event %+v", c.number, e)
				}
			}
		}
		in.mu.Unlock()
		if got != c.event {
			t.Errorf("%s: event %q, want %q", c.number, got, c.event)
		}
	}
	if _, err := p.Charge(ctx, payment.Request{}); !errors.Is(err, payment.ErrProcessor) {
		t.Errorf("empty request: %v", err)
	}
}

func TestWebhookRetries(t *testing.T) {
	in := &inbox{fail: 2}
	p := newSandbox(t, in, Options{Retries: 5})
	if _, err := p.Charge(context.Background(), request("dep_1", "4242424242424242")); err != nil {
		t.Fatal(err)
	}
	p.Wait()
	if in.tries != 3 || len(in.events) != 1 {
		t.Fatalf("tries %d, delivered %d", in.tries, len(in.events))
	}
	given := &inbox{fail: 10}
	q := newSandbox(t, given, Options{Retries: 3})
	q.Charge(context.Background(), request("dep_2", "4242424242424242"))
	q.Wait()
	if given.tries != 3 || len(given.events) != 0 {
		t.Fatalf("give up: tries %d, delivered %d", given.tries, len(given.events))
	}
}

func TestPendingResolution(t *testing.T) {
	in := &inbox{}
	p := newSandbox(t, in, Options{PendingDelay: time.Hour})
	ctx := context.Background()
	ok, _ := p.Charge(ctx, request("dep_ok", "4000000000000077"))
	bad, _ := p.Charge(ctx, request("dep_bad", "4000000000000085"))
	if err := p.ResolveDue(ctx); err != nil {
		t.Fatal(err)
	}
	p.Wait()
	if len(in.events) != 0 {
		t.Fatalf("resolved before the delay: %+v", in.events)
	}
	in.mu.Lock()
	in.skew = 2 * time.Hour
	in.mu.Unlock()
	p.now = func() time.Time { return time.Now().Add(2 * time.Hour) }
	p.ResolveDue(ctx)
	p.ResolveDue(ctx) // twice: each payment resolves once
	p.Wait()
	types := map[string]string{}
	for _, e := range in.events {
		types[e.PaymentID] += e.Type
	}
	if len(in.events) != 2 || types[ok.PaymentID] != payment.EventSucceeded || types[bad.PaymentID] != payment.EventFailed {
		t.Fatalf("events %+v", in.events)
	}
}

func post(h http.Handler, path string, form url.Values) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestChallengeAndAuthenticate(t *testing.T) {
	in := &inbox{}
	p := newSandbox(t, in, Options{})
	ctx := context.Background()
	h := p.Handler()
	res, _ := p.Charge(ctx, request("dep_3ds", "4000000000003220"))
	if _, err := p.Authenticate(ctx, res.PaymentID, p.paReq(res.PaymentID)); !errors.Is(err, payment.ErrAuthentication) {
		t.Fatalf("authenticate before the challenge: %v", err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, res.ActionURL, nil))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "25.00 EUR") || !strings.Contains(rec.Body.String(), "•••• 3220") ||
		!strings.Contains(rec.Header().Get("Content-Security-Policy"), "default-src 'none'") {
		t.Fatalf("page: %d %s", rec.Code, rec.Body.String())
	}
	rec = post(h, res.ActionURL, url.Values{"action": {"authenticate"}, "code": {"1234"}})
	back, _ := url.Parse(rec.Header().Get("Location"))
	if rec.Code != http.StatusSeeOther || back.Query().Get("modal") != "deposit-3ds-success" || back.Query().Get("MD") != "dep_3ds" {
		t.Fatalf("redirect %d %s", rec.Code, back)
	}
	paReq := back.Query().Get("PaReq")
	other, _ := p.Charge(ctx, request("dep_other", "4000000000003220"))
	if _, err := p.Authenticate(ctx, other.PaymentID, paReq); !errors.Is(err, payment.ErrAuthentication) {
		t.Fatalf("PaReq of another payment: %v", err)
	}
	for range 2 {
		r, err := p.Authenticate(ctx, res.PaymentID, paReq)
		if err != nil || r.Status != payment.StatusSucceeded {
			t.Fatalf("authenticate: %+v %v", r, err)
		}
	}
	p.Wait()
	if len(in.events) != 1 || in.events[0].Type != payment.EventSucceeded {
		t.Fatalf("events %+v", in.events)
	}
	cases := []struct {
		form url.Values
		back string
		code int
	}{
		{url.Values{"action": {"authenticate"}, "code": {"9999"}}, "/f", http.StatusSeeOther},
		{url.Values{"action": {"cancel"}}, "/c", http.StatusSeeOther},
		{url.Values{"action": {"return"}}, "/r", http.StatusSeeOther},
	}
	for i, c := range cases {
		r, _ := p.Charge(ctx, request("dep_"+string(rune('x'+i)), "4000000000003220"))
		rec := post(h, r.ActionURL, c.form)
		if rec.Code != c.code || rec.Header().Get("Location") != c.back {
			t.Errorf("%v: %d %s", c.form, rec.Code, rec.Header().Get("Location"))
		}
	}
	for path, code := range map[string]int{"/sandbox/card/3ds/pay_nope": 404} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != code {
			t.Errorf("%s: %d", path, rec.Code)
		}
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPut, res.ActionURL, nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("PUT: %d", rec.Code)
	}
}
