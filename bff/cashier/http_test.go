package cashier

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"casino/bff/session"
)

type apiAnswer struct {
	status int
	Data   json.RawMessage
	Error  struct {
		Code    string
		Message string
		Fields  map[string]string
	}
}

func call(t *testing.T, h http.Handler, method, path, token, body string, headers ...string) apiAnswer {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var a apiAnswer
	json.Unmarshal(rec.Body.Bytes(), &a)
	a.status = rec.Code
	return a
}

func TestHTTP(t *testing.T) {
	s, _ := newTestService(t)
	sb := withSandbox(t, s)
	ctx := context.Background()
	sessions := session.NewManager(s.db)
	mux := http.NewServeMux()
	web := &Web{Service: s, Sessions: sessions, AdminToken: "admin-secret"}
	web.Routes(mux)
	mux.Handle("/sandbox/card/3ds/", sb.Handler())
	ada := fundedPlayer(t, s, testPlayer{email: "ada@example.com"}, "100", "100")
	token, err := sessions.Create(ctx, ada, "127.0.0.1", "test")
	if err != nil {
		t.Fatal(err)
	}

	// get-payments: a visitor in EUR, and the player (currency from the profile).
	var methods []MethodView
	a := call(t, mux, "GET", "/api/admin/get-payments?currencyCode=EUR&countryCode=DE", "", "")
	json.Unmarshal(a.Data, &methods)
	if a.status != 200 || names(methods) != "visa,mastercard,carouseller,skrill,mobilepay,banktransfer,interac" || !methods[0].IsCardForm || methods[0].MinAmount != "10.00" {
		t.Fatalf("get-payments: %d %s", a.status, a.Data)
	}
	a = call(t, mux, "GET", "/api/admin/get-payments?type=withdrawal", token, "")
	json.Unmarshal(a.Data, &methods)
	if names(methods) != "banktransfer,interac" || methods[0].CurrencyCode != "EUR" {
		t.Fatalf("withdrawal methods: %s", a.Data)
	}

	for _, path := range []string{"/api/user/deposit", "/api/user/3ds-webhook", "/api/user/withdraw"} {
		if a := call(t, mux, "POST", path, "", `{}`); a.status != 403 || a.Error.Code != "FORBIDDEN" {
			t.Errorf("%s without a token: %d %s", path, a.status, a.Error.Code)
		}
	}
	a = call(t, mux, "POST", "/api/user/deposit", token, `{"amount":"5","paymentMethod":"visa","card":{"number":"4242424242424242","holder":"A","expiry":"12/35","cvc":"123"}}`)
	if a.status != 400 || a.Error.Code != "PAYMENT_PROVIDER_LIMIT_THRESHOLD" || a.Error.Message != "Keep the amount between 10.00 and 5000.00." || a.Error.Fields["min"] != "10.00" {
		t.Fatalf("limit: %+v", a)
	}
	a = call(t, mux, "POST", "/api/user/deposit", token, `{"amount":"25.00","paymentMethod":"visa","currencyCode":"EUR","card":{"number":"4000 0000 0000 3220","holder":"Ada","expiry":"12/35","cvc":"123"}}`)
	var d Deposit
	json.Unmarshal(a.Data, &d)
	if a.status != 200 || d.Status != "processing" || !strings.HasPrefix(d.RedirectURL, "/sandbox/card/3ds/") {
		t.Fatalf("3ds deposit: %d %s", a.status, a.Data)
	}
	back := hostedPage(t, sb, d.RedirectURL, url.Values{"action": {"authenticate"}, "code": {"1234"}})
	body, _ := json.Marshal(map[string]string{"PaReq": back.Query().Get("PaReq"), "MD": back.Query().Get("MD")})
	a = call(t, mux, "POST", "/api/user/3ds-webhook", token, string(body))
	json.Unmarshal(a.Data, &d)
	if a.status != 200 || d.Status != "confirmed" {
		t.Fatalf("3ds-webhook: %d %s %+v", a.status, a.Data, a.Error)
	}
	if a := call(t, mux, "GET", "/api/user/deposits/"+d.DepositID, token, ""); a.status != 200 {
		t.Fatalf("deposit status: %d", a.status)
	}
	// Only the caller's own deposits: another player's (or an unknown id) is 404, never 403.
	bob := addPlayer(t, s, testPlayer{email: "bob@example.com", verified: true})
	bobToken, err := sessions.Create(ctx, bob, "127.0.0.1", "test")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		token, id string
		status    int
		code      string
	}{
		{bobToken, d.DepositID, 404, "NOT_FOUND"},
		{token, "dep_unknown", 404, "NOT_FOUND"},
		{"", d.DepositID, 403, "FORBIDDEN"},
	} {
		if a := call(t, mux, "GET", "/api/user/deposits/"+c.id, c.token, ""); a.status != c.status || a.Error.Code != c.code {
			t.Errorf("GET deposit %s: %d %s, want %d %s", c.id, a.status, a.Error.Code, c.status, c.code)
		}
	}
	if a := call(t, mux, "POST", "/webhooks/cashier/sandbox", "", `{"id":"evt_x"}`); a.status != 400 || a.Error.Code != "WEBHOOK_SIGNATURE" {
		t.Fatalf("unsigned webhook: %d %+v", a.status, a.Error)
	}

	setSetting(t, s, `{"depositWageringMultiplier": "0"}`)
	a = call(t, mux, "POST", "/api/user/withdraw", token, `{"amount":"20","paymentMethod":"banktransfer","beneficiaryName":"Ada","accountNumber":"12345678","email":"ada@example.com","bankCode":"SBIN0001"}`)
	var w Withdrawal
	json.Unmarshal(a.Data, &w)
	if a.status != 200 || w.Status != "pending" || w.Message != "Withdrawal success" {
		t.Fatalf("withdraw: %d %s %+v", a.status, a.Data, a.Error)
	}
	a = call(t, mux, "POST", "/api/user/withdraw", token, `{"amount":"20","paymentMethod":"banktransfer","bankCode":"SBIN"}`)
	if a.status != 400 || a.Error.Fields["bankCode"] != MsgBankCode || a.Error.Message != "Please check fields with errors" {
		t.Fatalf("bank form: %+v", a)
	}
	var list WithdrawalPage
	json.Unmarshal(call(t, mux, "GET", "/api/user/withdrawals?status=pending", token, "").Data, &list)
	if list.Count != 1 || !list.Rows[0].Cancellable {
		t.Fatalf("pending: %+v", list)
	}
	for _, h := range [][]string{nil, {"X-Admin-Token", "wrong"}} {
		if a := call(t, mux, "POST", "/api/admin/withdrawals/"+w.WithdrawalID+"/approve", token, "", h...); a.status != 403 {
			t.Fatalf("approve without the admin token %v: %d", h, a.status)
		}
	}
	a = call(t, mux, "POST", "/api/admin/withdrawals/"+w.WithdrawalID+"/approve", "", "", "X-Admin-Token", "admin-secret")
	json.Unmarshal(a.Data, &w)
	if a.status != 200 || w.Status != "completed" {
		t.Fatalf("approve: %d %s", a.status, a.Data)
	}
	if a := call(t, mux, "POST", "/api/user/withdrawals/"+w.WithdrawalID+"/cancel", token, ""); a.Error.Code != "WITHDRAWAL_CANCEL_FORBIDDEN" {
		t.Fatalf("cancel a completed withdrawal: %+v", a)
	}
	a = call(t, mux, "PUT", "/api/admin/cashier/settings", "", `{"playerCanCancelWithdrawal": false}`, "X-Admin-Token", "admin-secret")
	if a.status != 200 || !strings.Contains(string(a.Data), `"playerCanCancelWithdrawal":false`) {
		t.Fatalf("settings: %d %s", a.status, a.Data)
	}

	var hist HistoryPage
	a = call(t, mux, "GET", "/api/user/get-transactions?type=deposit&pageNo=1&limit=20", token, "")
	json.Unmarshal(a.Data, &hist)
	if a.status != 200 || hist.Count != 2 || hist.Rows[0].Status != "confirmed" {
		t.Fatalf("history: %d %s", a.status, a.Data)
	}
	if a := call(t, mux, "GET", "/api/user/get-transactions?type=games", token, ""); a.status != 404 {
		t.Fatalf("games without the wallet: %d", a.status)
	}
	web.GameHistory = func(ctx context.Context, userID int64, pageNo, limit int) (any, error) {
		return map[string]any{"count": 0, "rows": []any{}, "user": userID, "page": pageNo, "limit": limit}, nil
	}
	if a := call(t, mux, "GET", "/api/user/get-transactions?type=games&pageNo=2", token, ""); !strings.Contains(string(a.Data), `"limit":20,"page":2`) {
		t.Fatalf("games: %s", a.Data)
	}
}
