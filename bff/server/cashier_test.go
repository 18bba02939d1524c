package server

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"casino/bff/realtime"
)

// cashierPlayer seeds the payment methods and returns a verified player's
// id and access token.
func cashierPlayer(t *testing.T, s *testServer) (int64, string) {
	t.Helper()
	ctx := context.Background()
	raw, err := os.ReadFile("../../data/seed/payments.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Cashier.LoadSeed(ctx, raw); err != nil {
		t.Fatal(err)
	}
	res, err := s.DB.Write.Exec(`INSERT INTO users(email, currency_code, country_code, is_email_verified) VALUES ('ada@example.com', 'EUR', 'DE', 1)`)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := res.LastInsertId()
	token, err := s.Sessions.Create(ctx, id, "127.0.0.1", "test")
	if err != nil {
		t.Fatal(err)
	}
	return id, token
}

func TestCashierWiring(t *testing.T) {
	s := start(t, Config{SystemToken: "sys"})
	id, token := cashierPlayer(t, s)
	auth := map[string]string{"Authorization": "Bearer " + token, "X-System-Token": "sys"}
	events, cancel := s.Realtime.Subscribe(id)
	defer cancel()

	// A declined card: the decline modal and a realtime failedDeposit.
	code, body := s.do(t, "POST", "/api/user/deposit", `{"amount":"25","paymentMethod":"visa","card":{"number":"4000000000000002","holder":"Ada","expiry":"12/35","cvc":"123"}}`, auth)
	data, _ := body["data"].(map[string]any)
	if code != 200 || data["redirectUrl"] != "/?modal=deposit-decline&met=visa" {
		t.Fatalf("decline: %d %v", code, body)
	}
	select {
	case e := <-events:
		if e.Name != realtime.FailedDeposit || e.Data.(map[string]string)["method"] != "visa" {
			t.Fatalf("event %+v", e)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no failedDeposit event")
	}

	// 3-D Secure: the hosted page is served, refuses a cross-site post and
	// sends a same-site answer back to the casino.
	code, body = s.do(t, "POST", "/api/user/deposit", `{"amount":"25","paymentMethod":"visa","card":{"number":"4000000000003220","holder":"Ada","expiry":"12/35","cvc":"123"}}`, auth)
	data, _ = body["data"].(map[string]any)
	challenge, _ := data["redirectUrl"].(string)
	if code != 200 || !strings.HasPrefix(challenge, "/sandbox/card/3ds/") {
		t.Fatalf("3ds: %d %v", code, body)
	}
	res, err := http.Get(s.URL + challenge)
	if err != nil || res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("challenge page: %v %v", res, err)
	}
	res.Body.Close()
	form := url.Values{"action": {"authenticate"}, "code": {"1234"}}.Encode()
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for site, want := range map[string]int{"cross-site": 403, "same-origin": 303} {
		req, _ := http.NewRequest("POST", s.URL+challenge, strings.NewReader(form))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", site)
		res, err := noRedirect.Do(req)
		if err != nil || res.StatusCode != want {
			t.Fatalf("%s post: %v %v", site, res.StatusCode, err)
		}
		res.Body.Close()
		if want == 303 {
			back, _ := url.Parse(res.Header.Get("Location"))
			code, body = s.do(t, "POST", "/api/user/3ds-webhook", `{"PaReq":"`+back.Query().Get("PaReq")+`","MD":"`+back.Query().Get("MD")+`"}`, auth)
			if data, _ := body["data"].(map[string]any); code != 200 || data["status"] != "confirmed" {
				t.Fatalf("3ds-webhook: %d %v", code, body)
			}
		}
	}

	// Processor webhooks live outside /api/: no system token, the signature decides.
	if code, body := s.do(t, "POST", "/webhooks/cashier/sandbox", `{"id":"evt_1"}`, nil); code != 400 || errorCode(body) != "WEBHOOK_SIGNATURE" {
		t.Fatalf("webhook: %d %v", code, body)
	}
	// The sandbox chain, and get-user-details from the ledger.
	if code, body := s.do(t, "POST", "/sandbox/chain/send", `{"network":"BTC","address":"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4","amount":"0.1"}`, nil); code != 200 {
		t.Fatalf("chain: %d %v", code, body)
	}
	code, body = s.do(t, "GET", "/api/user/get-user-details", "", auth)
	if data, _ := body["data"].(map[string]any); code != 200 || data["depositCount"] != float64(1) || data["totalDeposit"] != "25.00" {
		t.Fatalf("details: %d %v", code, body)
	}
	// Admin calls are off without CASINO_ADMIN_TOKEN.
	if code, _ := s.do(t, "GET", "/api/admin/withdrawals", "", map[string]string{"X-System-Token": "sys", "X-Admin-Token": ""}); code != 403 {
		t.Fatalf("admin without a token: %d", code)
	}
}

func TestCashierSandboxOff(t *testing.T) {
	s := start(t, Config{SandboxOff: true})
	for _, path := range []string{"/sandbox/card/3ds/pay_x", "/sandbox/chain/tx/x"} {
		res, err := http.Get(s.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 404 {
			t.Errorf("%s with the sandbox off: %d", path, res.StatusCode)
		}
	}
	_, token := cashierPlayer(t, s)
	code, body := s.do(t, "POST", "/api/user/deposit", `{"amount":"25","paymentMethod":"visa","card":{"number":"4242424242424242","holder":"Ada","expiry":"12/35","cvc":"123"}}`,
		map[string]string{"Authorization": "Bearer " + token})
	if code != 502 || errorCode(body) != "PROVIDER_ERROR" {
		t.Fatalf("deposit without a processor: %d %v", code, body)
	}
}
