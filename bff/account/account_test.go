package account

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"casino/bff/api"
	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/mail"
	"casino/bff/session"
	"casino/bff/settings"
)

type fixture struct {
	svc      *Service
	sessions *session.Manager
	mux      *http.ServeMux
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	db, err := database.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	sessions := session.NewManager(db)
	svc := NewService(db, sessions, settings.NewStore(db))
	svc.Mail = mail.NewSender(db, nil, "no-reply@aurum.example")
	mux := http.NewServeMux()
	svc.Routes(mux)
	return &fixture{svc: svc, sessions: sessions, mux: mux}
}

func (f *fixture) call(t testing.TB, method, path string, body any, token string) (int, map[string]any) {
	t.Helper()
	var buf bytes.Buffer
	if body != nil {
		json.NewEncoder(&buf).Encode(body)
	}
	r := httptest.NewRequest(method, path, &buf)
	r.Header.Set("Content-Type", "application/json")
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
		r.Header.Set("X-Access-Token", token)
	}
	rec := httptest.NewRecorder()
	f.mux.ServeHTTP(rec, r)
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("%s %s: %d not JSON: %s", method, path, rec.Code, rec.Body)
	}
	return rec.Code, out
}

var annSignUp = map[string]any{
	"email": "ann@example.com", "password": "secret1x", "confirmPassword": "secret1x", "firstName": "Ann", "lastName": "Lee",
	"dateOfBirth": "1990-05-01", "countryCode": "DE", "currencyCode": "EUR", "phoneCode": "+49", "phone": "15123456789",
	"address": "Hauptstr. 1", "city": "Berlin", "zipCode": "10115", "gender": "Female", "nickname": "ann",
	"isAdult": true, "acceptTerms": true, "cpnc": "summer", "mkt": "aff1",
}

// register signs up and logs in (sign-up alone leaves the player logged out).
func (f *fixture) register(t testing.TB, body map[string]any) (token string, userID int64) {
	t.Helper()
	status, res := f.call(t, "POST", "/api/user/sign-up", body, "")
	if status != 200 {
		t.Fatalf("sign-up %d: %v", status, res)
	}
	userID = int64(data(res)["createUser"].(map[string]any)["userId"].(float64))
	status, res = f.call(t, "POST", "/api/user/login", map[string]any{"email": body["email"], "password": body["password"]}, "")
	if status != 200 {
		t.Fatalf("login %d: %v", status, res)
	}
	return data(res)["accessToken"].(string), userID
}

func data(body map[string]any) map[string]any { d, _ := body["data"].(map[string]any); return d }

func TestSignUpLoginDetailsLogout(t *testing.T) {
	f := newFixture(t)
	status, body := f.call(t, "POST", "/api/user/sign-up", annSignUp, "")
	if status != 200 {
		t.Fatalf("sign-up %d: %v", status, body)
	}
	created := data(body)["createUser"].(map[string]any)
	if data(body)["accessToken"] != "" || created["email"] != "ann@example.com" {
		t.Fatalf("sign-up result %v", body)
	}
	if status, body := f.call(t, "POST", "/api/user/sign-up", annSignUp, ""); status != 409 || body["error"].(map[string]any)["code"] != "EMAIL_ALREADY_EXISTS" {
		t.Fatalf("duplicate sign-up: %d %v", status, body)
	}

	status, body = f.call(t, "POST", "/api/user/login", map[string]any{"email": "ann@example.com", "password": "secret1x"}, "")
	if status != 200 {
		t.Fatalf("login %d %v", status, body)
	}
	login := data(body)
	if login["lastLogin"] != nil || login["locale"] != "en" || login["cpnc"] != "summer" {
		t.Fatalf("first login = %v", login)
	}
	token := login["accessToken"].(string)
	_, body = f.call(t, "POST", "/api/user/login", map[string]any{"email": "ANN@example.com", "password": "secret1x"}, "")
	if last, _ := data(body)["lastLogin"].(map[string]any); last == nil || last["created_at"] == "" {
		t.Fatalf("second login lastLogin = %v", data(body))
	}

	status, body = f.call(t, "GET", "/api/user/get-user-details", nil, token)
	if status != 200 {
		t.Fatalf("details %d %v", status, body)
	}
	d := data(body)
	u := d["getUser"].(map[string]any)
	if u["email"] != "ann@example.com" || u["currencySymbol"] != "€" || u["kycStatus"] != "NOT_STARTED" || u["phone"] != "15123456789" {
		t.Fatalf("getUser = %v", u)
	}
	if lim := u["userLimit"].(map[string]any); lim["isSelfExcluded"] != false {
		t.Fatalf("userLimit = %v", lim)
	}
	for _, k := range []string{"userWallet", "depositCount", "totalDeposit", "totalSpend", "isCrypto", "userLoyaltyLevel", "referralData", "activeBonus", "currencySymbol", "userMonthlyLimit"} {
		if _, ok := d[k]; !ok {
			t.Errorf("get-user-details lacks %s", k)
		}
	}

	if status, _ := f.call(t, "GET", "/api/user/get-user-details", nil, ""); status != 403 {
		t.Fatalf("details without token: %d", status)
	}
	if status, _ := f.call(t, "POST", "/api/user/logout", nil, token); status != 200 {
		t.Fatalf("logout: %d", status)
	}
	if status, _ := f.call(t, "GET", "/api/user/get-user-details", nil, token); status != 403 {
		t.Fatalf("details after logout: %d", status)
	}
}

func TestLoginErrorsDoNotEnumerate(t *testing.T) {
	f := newFixture(t)
	f.call(t, "POST", "/api/user/sign-up", annSignUp, "")
	_, wrongPw := f.call(t, "POST", "/api/user/login", map[string]any{"email": "ann@example.com", "password": "nope12"}, "")
	_, unknown := f.call(t, "POST", "/api/user/login", map[string]any{"email": "bob@example.com", "password": "nope12"}, "")
	a, _ := json.Marshal(wrongPw)
	b, _ := json.Marshal(unknown)
	if string(a) != string(b) {
		t.Fatalf("wrong password %s differs from unknown account %s", a, b)
	}
	status, body := f.call(t, "POST", "/api/user/login", map[string]any{"email": "", "password": ""}, "")
	if status != 400 || body["error"].(map[string]any)["fields"].(map[string]any)["email"] != "Required" {
		t.Fatalf("empty login: %d %v", status, body)
	}
}

func TestOneClickSignUp(t *testing.T) {
	f := newFixture(t)
	status, body := f.call(t, "POST", "/api/user/sign-up", map[string]any{"oneClick": true, "countryCode": "DE", "currencyCode": "EUR", "isAdult": true, "acceptTerms": true}, "")
	if status != 200 {
		t.Fatalf("one-click: %d %v", status, body)
	}
	creds := data(body)["credentials"].(map[string]any)
	if status, _ := f.call(t, "POST", "/api/user/login", map[string]any{"email": creds["email"], "password": creds["password"]}, ""); status != 200 {
		t.Fatalf("login with generated credentials: %d", status)
	}
}

func TestUpdateLocksAndPasswordChange(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	token, uid := f.register(t, annSignUp)
	other, _ := f.sessions.Create(ctx, uid, "", "")

	status, body := f.call(t, "PUT", "/api/user/update-user-details", map[string]any{"firstName": "Anna", "updateFrom": "Profile Page"}, token)
	if status != 400 || body["error"].(map[string]any)["fields"].(map[string]any)["firstName"] == nil {
		t.Fatalf("changing a filled field: %d %v", status, body)
	}
	status, body = f.call(t, "PUT", "/api/user/update-user-details", map[string]any{"firstName": "Anna", "updateFrom": "Profile Page", "onChangeResetKyc": true}, token)
	if status != 200 || data(body)["getUser"].(map[string]any)["firstName"] != "Anna" {
		t.Fatalf("change with onChangeResetKyc: %d %v", status, body)
	}
	status, body = f.call(t, "PUT", "/api/user/update-user-details", map[string]any{"currentPassword": "wrong1", "newPassword": "better2x", "confirmPassword": "better2x"}, token)
	if status != 400 || body["error"].(map[string]any)["code"] != "WRONG_PASSWORD" {
		t.Fatalf("wrong current password: %d %v", status, body)
	}
	status, _ = f.call(t, "PUT", "/api/user/update-user-details", map[string]any{"currentPassword": "secret1x", "newPassword": "better2x", "confirmPassword": "better2x"}, token)
	if status != 200 {
		t.Fatalf("password change: %d", status)
	}
	if _, err := f.sessions.Resolve(ctx, other); !errors.Is(err, api.ErrForbidden) {
		t.Fatal("other session survived a password change")
	}
	if status, _ := f.call(t, "POST", "/api/user/login", map[string]any{"email": "ann@example.com", "password": "better2x"}, ""); status != 200 {
		t.Fatal("new password does not log in")
	}
}

// Two players' calls never touch each other's data: details come from the
// token's player only.
func TestDetailsAreTheCallersOwn(t *testing.T) {
	f := newFixture(t)
	annToken, _ := f.register(t, annSignUp)
	bob := map[string]any{}
	for k, v := range annSignUp {
		bob[k] = v
	}
	bob["email"], bob["nickname"] = "bob@example.com", "bob"
	bobToken, _ := f.register(t, bob)
	for _, tt := range []struct{ token, email string }{{annToken, "ann@example.com"}, {bobToken, "bob@example.com"}} {
		_, d := f.call(t, "GET", "/api/user/get-user-details?userId=1", nil, tt.token)
		if got := data(d)["getUser"].(map[string]any)["email"]; got != tt.email {
			t.Errorf("details = %v, want %s", got, tt.email)
		}
	}
}

func TestConcurrentSignUpsSameEmail(t *testing.T) {
	f := newFixture(t)
	var wg sync.WaitGroup
	codes := make(chan int, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, _ := f.call(t, "POST", "/api/user/sign-up", annSignUp, "")
			codes <- status
		}()
	}
	wg.Wait()
	close(codes)
	ok := 0
	for c := range codes {
		switch c {
		case 200:
			ok++
		case 409:
		default:
			t.Errorf("status %d", c)
		}
	}
	if ok != 1 {
		t.Fatalf("%d sign-ups succeeded, want exactly 1", ok)
	}
}

func TestReference(t *testing.T) {
	f := newFixture(t)
	_, body := f.call(t, "GET", "/api/admin/get-all-country", nil, "")
	d := data(body)
	rows := d["countries"].(map[string]any)["rows"].([]any)
	if len(rows) < 240 || len(d["allCountries"].([]any)) != len(rows) {
		t.Fatalf("%d countries", len(rows))
	}
	found := false
	for _, r := range rows {
		c := r.(map[string]any)
		if c["code"] == "BR" {
			found = c["phoneCode"] == "+55" && c["countryId"].(float64) == 76 && c["flag"] == "🇧🇷" && c["name"] == "Brazil"
		}
	}
	if !found {
		t.Error("Brazil missing or wrong")
	}
	_, body = f.call(t, "GET", "/api/admin/get-currencies", nil, "")
	codes := map[string]bool{}
	for _, c := range data(body)["currencies"].([]any) {
		codes[c.(map[string]any)["code"].(string)] = true
	}
	for _, c := range []string{"EUR", "USD", "TRY", "BRL", "BTC", "USDT"} {
		if !codes[c] {
			t.Errorf("currency %s missing", c)
		}
	}
	_, body = f.call(t, "GET", "/api/admin/get-registration-fields", nil, "")
	if data(body)["phone"].(float64) != 1 {
		t.Errorf("registration fields = %v", data(body))
	}
}

func TestMirrorDomainSignUp(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.svc.PutMirror(ctx, "https://mirror.example", MirrorSettings{LoginOff: true})
	f.svc.PutMirror(ctx, "https://closed.example", MirrorSettings{RegistrationConfigs: []RegistrationWindow{{Country: "DE", From: "00:00", To: "00:01"}}})
	signUp := func(host, email string) (int, map[string]any) {
		body := map[string]any{}
		for k, v := range annSignUp {
			body[k] = v
		}
		body["email"], body["nickname"] = email, ""
		var buf bytes.Buffer
		json.NewEncoder(&buf).Encode(body)
		r := httptest.NewRequest("POST", "/api/user/sign-up", &buf)
		r.Host = host
		r.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		f.mux.ServeHTTP(rec, r)
		var out map[string]any
		json.Unmarshal(rec.Body.Bytes(), &out)
		return rec.Code, out
	}
	status, body := signUp("mirror.example", "m1@example.com")
	if status != 200 || data(body)["accessToken"] == "" {
		t.Fatalf("loginOff mirror: %d %v", status, body)
	}
	if status, body := f.call(t, "GET", "/api/user/get-user-details", nil, data(body)["accessToken"].(string)); status != 200 {
		t.Fatalf("token from loginOff sign-up: %d %v", status, body)
	}
	status, body = signUp("closed.example:8080", "m2@example.com")
	if status != 403 || body["error"].(map[string]any)["code"] != "REGISTRATION_CLOSED" {
		t.Fatalf("closed window: %d %v", status, body)
	}
}

func TestRegistrationWindows(t *testing.T) {
	at := func(hhmm string) time.Time {
		tm, _ := time.Parse("15:04", hhmm)
		return time.Date(2026, 11, 23, tm.Hour(), tm.Minute(), 0, 0, time.UTC)
	}
	m := MirrorSettings{RegistrationConfigs: []RegistrationWindow{
		{Country: "DE", From: "08:00", To: "20:00", DeviceType: "desktop"},
		{Country: "DE", From: "22:00", To: "02:00", DeviceType: "mobile"},
	}}
	tests := []struct {
		country, device, at string
		open                bool
	}{
		{"DE", "desktop", "09:00", true},
		{"DE", "desktop", "21:00", false},
		{"DE", "mobile", "23:30", true},
		{"DE", "mobile", "01:59", true},
		{"DE", "mobile", "12:00", false},
		{"FR", "mobile", "12:00", true}, // no window for FR: open
	}
	for _, tt := range tests {
		if got := m.RegistrationOpen(tt.country, tt.device, at(tt.at)); got != tt.open {
			t.Errorf("%s %s %s: open=%v, want %v", tt.country, tt.device, tt.at, got, tt.open)
		}
	}
}

func TestDetailsReportLedgerBalances(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	token, uid := f.register(t, annSignUp)
	eur := ledger.MustCurrency("EUR")
	if _, err := f.svc.ledger.Deposit(ctx, "dep-1", uid, "sandbox-card", ledger.MustParse("100.50", eur), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.ledger.Bet(ctx, "bet-1", uid, ledger.MustParse("10.25", eur), ledger.FromMinor(0, eur), nil); err != nil {
		t.Fatal(err)
	}
	_, body := f.call(t, "GET", "/api/user/get-user-details", nil, token)
	d := data(body)
	w := d["userWallet"].(map[string]any)
	if w["balance"] != "90.25" || w["withdrawable"] != "90.25" || w["bonusBalance"] != "0.00" {
		t.Errorf("userWallet = %v", w)
	}
	if d["depositCount"].(float64) != 1 || d["totalDeposit"] != "100.50" || d["totalSpend"] != "10.25" {
		t.Errorf("totals: depositCount %v totalDeposit %v totalSpend %v", d["depositCount"], d["totalDeposit"], d["totalSpend"])
	}
}
