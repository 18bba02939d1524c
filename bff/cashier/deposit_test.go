package cashier

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"casino/bff/api"
	"casino/bff/cashier/cardsandbox"
	"casino/bff/cashier/payment"
	"casino/bff/ledger"
	"casino/bff/realtime"
)

// withSandbox registers the sandbox card processor, delivering its webhooks
// to the service in process.
func withSandbox(tb testing.TB, s *Service) *cardsandbox.Processor {
	tb.Helper()
	ctx := context.Background()
	secret, err := s.db.Secret(ctx, "sandbox-webhook", 32)
	if err != nil {
		tb.Fatal(err)
	}
	sb := cardsandbox.New(s.db, secret, func(ctx context.Context, body []byte, sig string) error {
		return s.HandleWebhook(ctx, cardsandbox.Name, sig, body)
	}, cardsandbox.Options{PendingDelay: time.Millisecond, RetryBase: time.Millisecond})
	s.AddProcessor(sb, secret)
	tb.Cleanup(sb.Wait)
	return sb
}

var goodCard = payment.Card{Number: "4242 4242 4242 4242", Holder: "Ada Lovelace", Expiry: "12/35", CVC: "123"}

func card(number string) *payment.Card {
	c := goodCard
	c.Number = number
	return &c
}

func codeOf(err error) string {
	var e *api.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func TestDepositRefusals(t *testing.T) {
	s, _ := newTestService(t)
	withSandbox(t, s)
	s.ExcludedCountries = func(context.Context) ([]string, error) { return []string{"FR"}, nil }
	ctx := context.Background()
	ada := addPlayer(t, s, testPlayer{email: "ada@example.com", verified: true})
	unverified := addPlayer(t, s, testPlayer{email: "u@example.com"})
	excluded := addPlayer(t, s, testPlayer{email: "x@example.com", verified: true})
	s.db.Write.Exec(`UPDATE users SET self_exclusion_permanent = 1 WHERE id = ?`, excluded)
	american := addPlayer(t, s, testPlayer{email: "us@example.com", verified: true, currency: "USD", country: "US"})
	turk := addPlayer(t, s, testPlayer{email: "tr@example.com", verified: true, currency: "TRY", country: "TR"})
	noPhone := addPlayer(t, s, testPlayer{email: "np@example.com", verified: true, phone: "123"})
	cases := []struct {
		name    string
		user    int64
		country string
		req     DepositRequest
		code    string
		message string
		fields  map[string]string
	}{
		{"e-mail not verified", unverified, "", DepositRequest{Amount: "25", PaymentMethod: "visa", Card: &goodCard}, "REQUIRED_EMAIL_VERIFICATION", "Please verify your email address first.", nil},
		{"self-excluded", excluded, "", DepositRequest{Amount: "25", PaymentMethod: "visa", Card: &goodCard}, "GLOBAL_ERROR", "", nil},
		{"located in an excluded country", ada, "FR", DepositRequest{Amount: "25", PaymentMethod: "visa", Card: &goodCard}, "DEPOSIT_COUNTRY_BLOCK", "", nil},
		{"method restricted in the country", american, "", DepositRequest{Amount: "25", PaymentMethod: "skrill"}, "DEPOSIT_COUNTRY_BLOCK", "", nil},
		{"method closed in the located country", ada, "IN", DepositRequest{Amount: "1000", PaymentMethod: "upi", CurrencyCode: "EUR"}, "PAYMENT_SERVICE_ERROR", "The service does not support this currency", nil},
		{"another currency than the wallet's", ada, "", DepositRequest{Amount: "25", PaymentMethod: "visa", CurrencyCode: "USD", Card: &goodCard}, "PAYMENT_SERVICE_ERROR", "", nil},
		{"zero", ada, "", DepositRequest{Amount: "0", PaymentMethod: "visa", Card: &goodCard}, "AMOUNT_BELOW_ZERO", "The amount must be greater than 0", nil},
		{"negative", ada, "", DepositRequest{Amount: "-5", PaymentMethod: "visa", Card: &goodCard}, "AMOUNT_BELOW_ZERO", "", nil},
		{"missing", ada, "", DepositRequest{PaymentMethod: "visa", Card: &goodCard}, "AMOUNT_BELOW_ZERO", "", map[string]string{"amount": "Required"}},
		{"malformed", ada, "", DepositRequest{Amount: "1e3", PaymentMethod: "visa", Card: &goodCard}, "DEPOSIT_ERROR", "Deposit error", map[string]string{"amount": "Invalid format"}},
		{"below the provider minimum", ada, "", DepositRequest{Amount: "9.99", PaymentMethod: "visa", Card: &goodCard}, "PAYMENT_PROVIDER_LIMIT_THRESHOLD", "Keep the amount between 10.00 and 5000.00.", map[string]string{"min": "10.00", "max": "5000.00"}},
		{"above the provider maximum", ada, "", DepositRequest{Amount: "5000.01", PaymentMethod: "visa", Card: &goodCard}, "PAYMENT_PROVIDER_LIMIT_THRESHOLD", "", nil},
		{"TRY below 5", turk, "", DepositRequest{Amount: "4.99", PaymentMethod: "skrill"}, "PAYMENT_PROVIDER_LIMIT_THRESHOLD", "Keep the amount between 5.00 and 100000.00.", nil},
		{"TRY above 100000", turk, "", DepositRequest{Amount: "100000.01", PaymentMethod: "visa", Card: &goodCard}, "PAYMENT_PROVIDER_LIMIT_THRESHOLD", "", nil},
		{"method's own TRY limit", turk, "", DepositRequest{Amount: "19", PaymentMethod: "papara"}, "PAYMENT_PROVIDER_LIMIT_THRESHOLD", "Keep the amount between 20.00 and 50000.00.", nil},
		{"phone too short", noPhone, "", DepositRequest{Amount: "25", PaymentMethod: "mobilepay"}, "PHONE_ERROR", "Phone number is too short. It must be at least 6 characters long.", nil},
		{"unknown method", ada, "", DepositRequest{Amount: "25", PaymentMethod: "teleport"}, "DEPOSIT_ERROR", "", nil},
		{"inactive method", ada, "", DepositRequest{Amount: "25", PaymentMethod: "neteller"}, "DEPOSIT_ERROR", "", nil},
		{"hidden (withdrawal-only) method", ada, "", DepositRequest{Amount: "25", PaymentMethod: "banktransfer"}, "DEPOSIT_ERROR", "Deposit error", map[string]string{"paymentMethod": "This method is not available"}},
		{"no method", ada, "", DepositRequest{Amount: "25"}, "DEPOSIT_ERROR", "", map[string]string{"paymentMethod": "Required"}},
		{"crypto through the card call", ada, "", DepositRequest{Amount: "25", PaymentMethod: "crypto"}, "PAYMENT_SERVICE_ERROR", "", nil},
		{"card fields", ada, "", DepositRequest{Amount: "25", PaymentMethod: "visa", Card: &payment.Card{Number: "4242 4242 4242 4241", Expiry: "13/30", CVC: "12"}},
			"VALIDATION_ERROR", "Please check fields with errors",
			map[string]string{"card.number": "Invalid card number", "card.holder": "Required", "card.expiry": "Invalid month", "card.cvc": "CVC must be exactly 3 digits"}},
		{"overlong bonus id", ada, "", DepositRequest{Amount: "25", PaymentMethod: "visa", Card: &goodCard, BonusID: strings.Repeat("7", 65)}, "VALIDATION_ERROR", "", nil},
		{"card missing", ada, "", DepositRequest{Amount: "25", PaymentMethod: "mastercard"}, "VALIDATION_ERROR", "", map[string]string{"card.number": "Required", "card.holder": "Required", "card.expiry": "Required", "card.cvc": "Required"}},
	}
	for _, c := range cases {
		_, err := s.Deposit(ctx, Caller{UserID: c.user, Country: c.country}, c.req)
		var e *api.Error
		if !errors.As(err, &e) || e.Code != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
			continue
		}
		if c.message != "" && e.Message != c.message {
			t.Errorf("%s: message %q, want %q", c.name, e.Message, c.message)
		}
		for k, v := range c.fields {
			if e.Fields[k] != v {
				t.Errorf("%s: field %s = %q, want %q (%v)", c.name, k, e.Fields[k], v, e.Fields)
			}
		}
	}
	var n int
	s.db.Read.QueryRow(`SELECT COUNT(*) FROM cashier_deposits`).Scan(&n)
	if n != 0 {
		t.Errorf("%d deposits stored by refused requests", n)
	}
	if err := s.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestDailyDepositLimit(t *testing.T) {
	s, _ := newTestService(t)
	sb := withSandbox(t, s)
	ctx := context.Background()
	ada := addPlayer(t, s, testPlayer{email: "ada@example.com", verified: true})
	if err := s.SetDepositLimit(ctx, ada, "daily", ledger.MustParse("60", ledger.MustCurrency("EUR"))); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		amount, number, code string
	}{
		{"25", "4242424242424242", ""},
		{"25", "4000000000000077", ""},                           // pending deposits count too
		{"10.01", "4242424242424242", "PAYMENT_LIMIT_THRESHOLD"}, // 50 + 10.01 > 60
		{"10", "4000000000000002", ""},                           // declined: does not count afterwards
		{"10", "4242424242424242", ""},                           // exactly 60
		{"10", "4242424242424242", "PAYMENT_LIMIT_THRESHOLD"},
	}
	for i, st := range steps {
		_, err := s.Deposit(ctx, Caller{UserID: ada}, DepositRequest{Amount: st.amount, PaymentMethod: "visa", Card: card(st.number)})
		if codeOf(err) != st.code {
			t.Fatalf("step %d (%s): %v, want %q", i, st.amount, err, st.code)
		}
	}
	sb.Wait()
	if err := s.SetDepositLimit(ctx, ada, "daily", ledger.FromMinor(0, ledger.MustCurrency("EUR"))); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Deposit(ctx, Caller{UserID: ada}, DepositRequest{Amount: "100", PaymentMethod: "visa", Card: &goodCard}); err != nil {
		t.Fatalf("after removing the limit: %v", err)
	}
	if err := s.SetDepositLimit(ctx, ada, "hourly", ledger.MustParse("1", ledger.MustCurrency("EUR"))); err == nil {
		t.Error("unknown period accepted")
	}
}

func TestCardOutcomes(t *testing.T) {
	s, ev := newTestService(t)
	sb := withSandbox(t, s)
	ctx := context.Background()
	cases := []struct {
		number, status, redirect, final string
		credited                        string
		failedEvent                     bool
	}{
		{"4242424242424242", DepositConfirmed, "/?modal=deposit-success&met=visa", DepositConfirmed, "25.00", false},
		{"5555555555554444", DepositConfirmed, "/?modal=deposit-success&met=visa", DepositConfirmed, "25.00", false},
		{"4111111111111111", DepositConfirmed, "/?modal=deposit-success&met=visa", DepositConfirmed, "25.00", false},
		{"4000000000000002", DepositRejected, "/?modal=deposit-decline&met=visa", DepositRejected, "0.00", true},
		{"4000000000009995", DepositRejected, "/?modal=deposit-decline&met=visa", DepositRejected, "0.00", true},
		{"4000000000000077", DepositPending, "/?modal=deposit-pending&met=visa", DepositConfirmed, "25.00", false},
		{"4000000000000085", DepositPending, "/?modal=deposit-pending&met=visa", DepositFailed, "0.00", true},
		{"4000000000003220", DepositProcessing, "/sandbox/card/3ds/pay_", DepositProcessing, "0.00", false},
	}
	for i, c := range cases {
		user := addPlayer(t, s, testPlayer{email: c.number + "@example.com", verified: true})
		d, err := s.Deposit(ctx, Caller{UserID: user}, DepositRequest{Amount: "25", PaymentMethod: "visa", Card: card(c.number), CurrencyCode: "eur"})
		if err != nil {
			t.Fatalf("%s: %v", c.number, err)
		}
		if d.Status != c.status || !strings.HasPrefix(d.RedirectURL, c.redirect) || d.Amount != "25.00" || d.CurrencyCode != "EUR" {
			t.Errorf("%s: %+v", c.number, d)
		}
		if c.status == DepositPending && !strings.HasSuffix(d.RedirectURL, "&depositId="+d.DepositID) {
			t.Errorf("%s: the pending modal needs the deposit id to poll: %s", c.number, d.RedirectURL)
		}
		time.Sleep(2 * time.Millisecond)
		if err := sb.ResolveDue(ctx); err != nil {
			t.Fatal(err)
		}
		sb.Wait()
		got, _ := s.PlayerDeposit(ctx, user, d.DepositID)
		if got.Status != c.final {
			t.Errorf("%s: final status %s, want %s", c.number, got.Status, c.final)
		}
		if b := balances(t, s, user, "EUR"); b.Real.Decimal() != c.credited {
			t.Errorf("%s: real balance %s, want %s", c.number, b.Real.Decimal(), c.credited)
		}
		var count int
		s.db.Read.QueryRow(`SELECT deposit_count FROM users WHERE id = ?`, user).Scan(&count)
		if want := map[bool]int{true: 1, false: 0}[c.credited != "0.00"]; count != want {
			t.Errorf("%s: deposit_count %d, want %d", c.number, count, want)
		}
		events := ev.of(user)
		if c.failedEvent != (len(events) == 1) || (c.failedEvent && (events[0].Name != realtime.FailedDeposit || events[0].Data.(map[string]string)["method"] != "visa")) {
			t.Errorf("%s: events %+v", c.number, events)
		}
		_ = i
	}
	if err := s.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
	house, _ := s.ledger.Balance(ctx, ledger.Provider("sandbox"), ledger.MustCurrency("EUR"))
	if house.Decimal() != "-100.00" {
		t.Errorf("provider:sandbox %s, want -100.00 (four confirmed deposits)", house.Decimal())
	}
}

// hostedPage posts the player's answer on the sandbox page and returns the
// redirect.
func hostedPage(t *testing.T, sb *cardsandbox.Processor, redirect string, form url.Values) *url.URL {
	t.Helper()
	h := sb.Handler()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, redirect, nil))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "<form") {
		t.Fatalf("GET %s: %d %s", redirect, rec.Code, rec.Body.String())
	}
	req := httptest.NewRequest(http.MethodPost, redirect, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("POST %s: %d %s", redirect, rec.Code, rec.Body.String())
	}
	u, err := url.Parse(rec.Header().Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	// A second answer is refused.
	rec = httptest.NewRecorder()
	req = httptest.NewRequest(http.MethodPost, redirect, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusConflict {
		t.Fatalf("second POST: %d", rec.Code)
	}
	return u
}

func TestThreeDSecure(t *testing.T) {
	s, ev := newTestService(t)
	sb := withSandbox(t, s)
	ctx := context.Background()
	ada := addPlayer(t, s, testPlayer{email: "ada@example.com", verified: true})
	eve := addPlayer(t, s, testPlayer{email: "eve@example.com", verified: true})
	start := func() Deposit {
		d, err := s.Deposit(ctx, Caller{UserID: ada}, DepositRequest{Amount: "40", PaymentMethod: "visa", Card: card("4000 0000 0000 3220")})
		if err != nil || d.Status != DepositProcessing {
			t.Fatalf("%+v %v", d, err)
		}
		return d
	}

	d := start()
	if _, err := s.Complete3DS(ctx, ada, "forged", d.DepositID); codeOf(err) != "TRANSACTION_FAILED" {
		t.Fatalf("PaReq before the challenge: %v", err)
	}
	back := hostedPage(t, sb, d.RedirectURL, url.Values{"action": {"authenticate"}, "code": {"1234"}})
	q := back.Query()
	if back.Path != "/" || q.Get("modal") != "deposit-3ds-success" || q.Get("met") != "visa" || q.Get("MD") != d.DepositID || q.Get("PaReq") == "" {
		t.Fatalf("redirect %s", back)
	}
	if _, err := s.Complete3DS(ctx, eve, q.Get("PaReq"), q.Get("MD")); codeOf(err) != "NOT_FOUND" {
		t.Fatalf("another player's deposit: %v", err)
	}
	if _, err := s.Complete3DS(ctx, ada, q.Get("PaReq")+"x", q.Get("MD")); codeOf(err) != "TRANSACTION_FAILED" {
		t.Fatalf("tampered PaReq: %v", err)
	}
	for range 2 { // the modal may call twice (reload): same answer, one credit
		got, err := s.Complete3DS(ctx, ada, q.Get("PaReq"), q.Get("MD"))
		if err != nil || got.Status != DepositConfirmed || got.Amount != "40.00" {
			t.Fatalf("3ds-webhook: %+v %v", got, err)
		}
	}
	sb.Wait()
	if b := balances(t, s, ada, "EUR"); b.Real.Decimal() != "40.00" {
		t.Fatalf("balance %s", b.Real.Decimal())
	}

	outcomes := []struct {
		form   url.Values
		modal  string
		status string
		event  bool
	}{
		{url.Values{"action": {"authenticate"}, "code": {"0000"}}, "deposit-failed", DepositFailed, true},
		{url.Values{"action": {"cancel"}}, "deposit-cancel", DepositCancelled, false},
		{url.Values{"action": {"return"}}, "deposit-return", DepositCancelled, false},
	}
	for _, o := range outcomes {
		before := len(ev.of(ada))
		d := start()
		back := hostedPage(t, sb, d.RedirectURL, o.form)
		if back.Query().Get("modal") != o.modal || back.Query().Get("met") != "visa" {
			t.Errorf("%v: redirect %s", o.form, back)
		}
		sb.Wait()
		got, _ := s.PlayerDeposit(ctx, ada, d.DepositID)
		if got.Status != o.status {
			t.Errorf("%v: status %s, want %s", o.form, got.Status, o.status)
		}
		if (len(ev.of(ada)) > before) != o.event {
			t.Errorf("%v: failedDeposit published %v", o.form, !o.event)
		}
	}
	if b := balances(t, s, ada, "EUR"); b.Real.Decimal() != "40.00" {
		t.Fatalf("balance %s", b.Real.Decimal())
	}
	if err := s.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestHostedApprovalForWallets(t *testing.T) {
	s, _ := newTestService(t)
	sb := withSandbox(t, s)
	ctx := context.Background()
	ada := addPlayer(t, s, testPlayer{email: "ada@example.com", verified: true})
	d, err := s.Deposit(ctx, Caller{UserID: ada}, DepositRequest{Amount: "30", PaymentMethod: "skrill"})
	if err != nil || !strings.HasPrefix(d.RedirectURL, "/sandbox/card/3ds/") {
		t.Fatalf("%+v %v", d, err)
	}
	back := hostedPage(t, sb, d.RedirectURL, url.Values{"action": {"authenticate"}})
	if back.Query().Get("met") != "skrill" {
		t.Fatal(back)
	}
	if got, err := s.Complete3DS(ctx, ada, back.Query().Get("PaReq"), back.Query().Get("MD")); err != nil || got.Status != DepositConfirmed {
		t.Fatalf("%+v %v", got, err)
	}
}

func TestWebhookSecurity(t *testing.T) {
	s, _ := newTestService(t)
	sb := withSandbox(t, s)
	ctx := context.Background()
	ada := addPlayer(t, s, testPlayer{email: "ada@example.com", verified: true})
	d, err := s.Deposit(ctx, Caller{UserID: ada}, DepositRequest{Amount: "25", PaymentMethod: "visa", Card: card("4000000000003220")})
	if err != nil {
		t.Fatal(err)
	}
	sb.Wait()
	secret, _ := s.db.Secret(ctx, "sandbox-webhook", 32)
	body := []byte(`{"id":"evt_1","type":"payment.succeeded","paymentId":"pay_x","reference":"` + d.DepositID + `","amount":"25.00","currencyCode":"EUR"}`)
	now := time.Now()
	cases := []struct {
		name string
		sig  string
		body []byte
		code string
	}{
		{"unsigned", "", body, "WEBHOOK_SIGNATURE"},
		{"other key", payment.Sign([]byte("nope"), now, body), body, "WEBHOOK_SIGNATURE"},
		{"stale (replayed after 10 minutes)", payment.Sign(secret, now.Add(-10*time.Minute), body), body, "WEBHOOK_SIGNATURE"},
		{"another amount", "", []byte(strings.Replace(string(body), "25.00", "2500.00", 1)), "INVALID_FORMAT"},
		{"unknown deposit", "", []byte(strings.Replace(string(body), d.DepositID, "dep_nope", 1)), "NOT_FOUND"},
	}
	for _, c := range cases {
		sig := c.sig
		if sig == "" && c.name != "unsigned" {
			sig = payment.Sign(secret, now, c.body)
		}
		if err := s.HandleWebhook(ctx, "sandbox", sig, c.body); codeOf(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	if err := s.HandleWebhook(ctx, "stripe", payment.Sign(secret, now, body), body); codeOf(err) != "NOT_FOUND" {
		t.Errorf("unknown processor: %v", err)
	}
	if b := balances(t, s, ada, "EUR"); !b.Real.IsZero() {
		t.Fatalf("refused webhooks moved money: %s", b.Real.Decimal())
	}
	// A valid event credits once; the same event again, and a second event
	// about the same payment, move nothing more.
	for i, b := range [][]byte{body, body, []byte(strings.Replace(string(body), "evt_1", "evt_2", 1))} {
		if err := s.HandleWebhook(ctx, "sandbox", payment.Sign(secret, time.Now(), b), b); err != nil {
			t.Fatalf("delivery %d: %v", i, err)
		}
	}
	if b := balances(t, s, ada, "EUR"); b.Real.Decimal() != "25.00" {
		t.Fatalf("balance %s, want 25.00 once", b.Real.Decimal())
	}
	if err := s.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

// fixedProcessor answers every charge with the same payment id: a second
// deposit's credit then collides in the ledger, the way a failing credit
// after a capture looks.
type fixedProcessor struct{}

func (fixedProcessor) Name() string { return "fixed" }
func (fixedProcessor) Charge(context.Context, payment.Request) (payment.Result, error) {
	return payment.Result{PaymentID: "pay_fixed", Status: payment.StatusSucceeded}, nil
}
func (fixedProcessor) Authenticate(context.Context, string, string) (payment.Result, error) {
	return payment.Result{}, payment.ErrAuthentication
}

func TestCapturedButNotCredited(t *testing.T) {
	s, _ := newTestService(t)
	ctx := context.Background()
	s.AddProcessor(fixedProcessor{}, []byte("k"))
	s.db.Write.Exec(`UPDATE payment_methods SET processor = 'fixed' WHERE name = 'visa'`)
	ada := addPlayer(t, s, testPlayer{email: "ada@example.com", verified: true})
	if _, err := s.Deposit(ctx, Caller{UserID: ada}, DepositRequest{Amount: "25", PaymentMethod: "visa", Card: &goodCard}); err != nil {
		t.Fatal(err)
	}
	_, err := s.Deposit(ctx, Caller{UserID: ada}, DepositRequest{Amount: "30", PaymentMethod: "visa", Card: &goodCard})
	e := asAPI(err)
	if e.Code != "UNIFIED_ERROR" || !strings.HasPrefix(e.Message, "Deposit error (reference dep_") {
		t.Fatalf("%v", err)
	}
	if b := balances(t, s, ada, "EUR"); b.Real.Decimal() != "25.00" {
		t.Fatalf("balance %s", b.Real.Decimal())
	}
}

func TestProviderError(t *testing.T) {
	s, ev := newTestService(t)
	ctx := context.Background()
	ada := addPlayer(t, s, testPlayer{email: "ada@example.com", verified: true})
	// No processor behind the method: PROVIDER_ERROR, nothing stored.
	if _, err := s.Deposit(ctx, Caller{UserID: ada}, DepositRequest{Amount: "25", PaymentMethod: "visa", Card: &goodCard}); codeOf(err) != "PROVIDER_ERROR" {
		t.Fatalf("%v", err)
	}
	if len(ev.of(ada)) != 0 {
		t.Fatal("event published")
	}
}

func TestExpireAbandoned(t *testing.T) {
	s, _ := newTestService(t)
	withSandbox(t, s)
	ctx := context.Background()
	ada := addPlayer(t, s, testPlayer{email: "ada@example.com", verified: true})
	d, err := s.Deposit(ctx, Caller{UserID: ada}, DepositRequest{Amount: "25", PaymentMethod: "visa", Card: card("4000000000003220")})
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := s.ExpireAbandoned(ctx, time.Hour); n != 0 {
		t.Fatalf("expired a fresh deposit")
	}
	s.now = func() time.Time { return time.Now().Add(2 * time.Hour) }
	if n, err := s.ExpireAbandoned(ctx, time.Hour); n != 1 || err != nil {
		t.Fatalf("expired %d, %v", n, err)
	}
	if got, _ := s.PlayerDeposit(ctx, ada, d.DepositID); got.Status != DepositCancelled {
		t.Fatalf("status %s", got.Status)
	}
}

func TestDepositAttemptsPerHour(t *testing.T) {
	s, _ := newTestService(t)
	withSandbox(t, s)
	ctx := context.Background()
	setSetting(t, s, `{"depositAttemptsPerHour": 3}`)
	ada := addPlayer(t, s, testPlayer{email: "ada@example.com", verified: true})
	eve := addPlayer(t, s, testPlayer{email: "eve@example.com", verified: true})
	for i, number := range []string{"4000000000000002", "4000000000000002", "4242424242424242", "4242424242424242"} {
		_, err := s.Deposit(ctx, Caller{UserID: ada}, DepositRequest{Amount: "10", PaymentMethod: "visa", Card: card(number)})
		if want := map[bool]string{true: "TOO_MANY_REQUESTS", false: ""}[i == 3]; codeOf(err) != want {
			t.Fatalf("attempt %d: %v, want %q", i+1, err, want)
		}
	}
	if _, err := s.Deposit(ctx, Caller{UserID: eve}, DepositRequest{Amount: "10", PaymentMethod: "visa", Card: &goodCard}); err != nil {
		t.Fatalf("another player: %v", err)
	}
	s.now = func() time.Time { return time.Now().Add(61 * time.Minute) }
	if _, err := s.Deposit(ctx, Caller{UserID: ada}, DepositRequest{Amount: "10", PaymentMethod: "visa", Card: &goodCard}); err != nil {
		t.Fatalf("an hour later: %v", err)
	}
}

// A card deposit keeps a keyed hash of the number (the same for the same
// card, whoever pays with it; never the number): the bonus core's
// duplicate-account check (docs/bonus.md "Duplicate accounts").
func TestCardFingerprint(t *testing.T) {
	s, _ := newTestService(t)
	withSandbox(t, s)
	ctx := context.Background()
	var prints []string
	for i, number := range []string{"4242 4242 4242 4242", "4242424242424242", "5555555555554444"} {
		user := addPlayer(t, s, testPlayer{email: fmt.Sprintf("fp%d@example.com", i), verified: true})
		d, err := s.Deposit(ctx, Caller{UserID: user}, DepositRequest{Amount: "25", PaymentMethod: "visa", Card: card(number), CurrencyCode: "eur"})
		if err != nil {
			t.Fatal(err)
		}
		var fp string
		s.db.Read.QueryRow(`SELECT card_fingerprint FROM cashier_deposits WHERE public_id = ?`, d.DepositID).Scan(&fp)
		// A hex digest may hold "4242" by chance (about 1 in 1,000 keys did,
		// and failed CI); the card number itself never.
		if len(fp) != 64 || strings.Contains(fp, strings.ReplaceAll(number, " ", "")) {
			t.Fatalf("fingerprint %q", fp)
		}
		prints = append(prints, fp)
	}
	if prints[0] != prints[1] || prints[0] == prints[2] {
		t.Fatalf("fingerprints %v", prints)
	}
}
