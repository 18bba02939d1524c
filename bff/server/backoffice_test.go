package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"casino/bff/cashier"
	"casino/bff/cashier/payment"
	"casino/bff/clock"
	"casino/bff/ledger"
	"casino/bff/staff"
)

// requestTokens maps a staff cookie to its session's request token.
var requestTokens sync.Map

// staffHeaders are the cookie and the request token of a staff session.
func staffHeaders(ck *http.Cookie) map[string]string {
	tok, _ := requestTokens.Load(ck.Value)
	return map[string]string{"Cookie": ck.Name + "=" + ck.Value, staff.RequestHeader: fmt.Sprint(tok)}
}

// staffLogin creates a member of role and logs in through the API; the
// staff clock moves a step on so each log-in has a fresh code.
func staffLogin(t *testing.T, ts *testServer, c *clock.Manual, email, role string) *http.Cookie {
	t.Helper()
	m, err := ts.Staff.Create(context.Background(), email, role, "a long staff password", "cli:test", "")
	if err != nil {
		t.Fatal(err)
	}
	c.Advance(30 * time.Second)
	code, err := totp.GenerateCodeCustom(m.Secret, c.Now(), totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		t.Fatal(err)
	}
	body := `{"email":"` + email + `","password":"a long staff password","code":"` + code + `"}`
	res, err := http.Post(ts.URL+"/api/backoffice/login", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var answer struct {
		Data struct {
			RequestToken string `json:"requestToken"`
		} `json:"data"`
	}
	json.NewDecoder(res.Body).Decode(&answer)
	res.Body.Close()
	for _, ck := range res.Cookies() {
		if (ck.Name == staff.CookieName || ck.Name == staff.SecureCookieName) && ck.Value != "" {
			if !ck.HttpOnly || ck.SameSite != http.SameSiteStrictMode || answer.Data.RequestToken == "" {
				t.Fatalf("staff cookie %+v, request token %q", ck, answer.Data.RequestToken)
			}
			requestTokens.Store(ck.Value, answer.Data.RequestToken)
			return ck
		}
	}
	t.Fatalf("log-in of %s: %d, no staff cookie", email, res.StatusCode)
	return nil
}

// TestBackofficePermissionMatrix calls every back-office route with no
// session, with a player's session, and as every role: no staff session is
// 401, a role without the route's permission is 403, and a role with it
// gets past both checks (whatever the call then answers for a made-up id).
func TestBackofficePermissionMatrix(t *testing.T) {
	ts := start(t, Config{})
	c := clock.NewManual(time.Now().UTC())
	ts.Staff.Clock = c
	cookies := map[string]*http.Cookie{}
	for _, role := range staff.Roles {
		cookies[role] = staffLogin(t, ts, c, role+"@staff.example", role)
	}
	routes := ts.Staff.Routes()
	if len(routes) < 20 {
		t.Fatalf("only %d back-office routes", len(routes))
	}
	// Log-out ends the session: it goes last.
	slices.SortStableFunc(routes, func(a, b staff.Route) int {
		return map[bool]int{true: 1, false: 0}[strings.HasSuffix(a.Pattern, "/logout")] - map[bool]int{true: 1, false: 0}[strings.HasSuffix(b.Pattern, "/logout")]
	})
	call := func(rt staff.Route, header map[string]string, ck *http.Cookie) int {
		method, path, _ := strings.Cut(rt.Pattern, " ")
		path = wildcard.ReplaceAllString(path, "0")
		var body io.Reader
		if method != http.MethodGet {
			body = strings.NewReader(`{}`)
		}
		req, _ := http.NewRequest(method, ts.URL+path, body)
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		for k, v := range header {
			req.Header.Set(k, v)
		}
		if ck != nil {
			req.AddCookie(ck)
			if tok, ok := requestTokens.Load(ck.Value); ok && header["no-token"] == "" {
				req.Header.Set(staff.RequestHeader, tok.(string))
			}
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	// A player's token or cookie is no staff session.
	_, player := cashierPlayer(t, ts)
	for _, rt := range routes {
		if got := call(rt, nil, nil); got != http.StatusUnauthorized {
			t.Errorf("%s without a session: %d, want 401", rt.Pattern, got)
		}
		if got := call(rt, map[string]string{"Authorization": "Bearer " + player}, &http.Cookie{Name: "casino_session", Value: player}); got != http.StatusUnauthorized {
			t.Errorf("%s with a player's session: %d, want 401", rt.Pattern, got)
		}
		if got := call(rt, nil, &http.Cookie{Name: staff.CookieName, Value: "forged"}); got != http.StatusUnauthorized {
			t.Errorf("%s with a made-up staff cookie: %d, want 401", rt.Pattern, got)
		}
		// The cookie alone (a script on a player page of the same origin)
		// is no session; nor is another session's request token.
		if got := call(rt, map[string]string{"no-token": "1"}, cookies[staff.RoleAdmin]); got != http.StatusUnauthorized {
			t.Errorf("%s with the admin's cookie but no request token: %d, want 401", rt.Pattern, got)
		}
		other, _ := requestTokens.Load(cookies[staff.RoleSupport].Value)
		if got := call(rt, map[string]string{"no-token": "1", staff.RequestHeader: other.(string)}, cookies[staff.RoleAdmin]); got != http.StatusUnauthorized {
			t.Errorf("%s with the admin's cookie and support's request token: %d, want 401", rt.Pattern, got)
		}
		for _, role := range staff.Roles {
			got := call(rt, nil, cookies[role])
			allowed := rt.Permission == "" || staff.Can(role, rt.Permission)
			switch {
			case !allowed && got != http.StatusForbidden:
				t.Errorf("%s as %s: %d, want 403", rt.Pattern, role, got)
			case allowed && (got == http.StatusForbidden || got == http.StatusUnauthorized):
				t.Errorf("%s as %s: %d, want past the permission check", rt.Pattern, role, got)
			}
		}
	}
}

// Production names the staff cookie __Host-casino_staff and marks it Secure,
// as it does the players' session cookie.
func TestBackofficeCookieInProduction(t *testing.T) {
	ts := start(t, Config{Mode: ModeProduction, PublicURL: "https://casino.example"})
	c := clock.NewManual(time.Now().UTC())
	ts.Staff.Clock = c
	ck := staffLogin(t, ts, c, "boss@staff.example", staff.RoleAdmin)
	if ck.Name != staff.SecureCookieName || !ck.Secure || ck.Path != "/" || ck.Domain != "" {
		t.Fatalf("production staff cookie %+v", ck)
	}
}

// pendingWithdrawal funds the player (a card deposit wagered once) and asks
// for a bank withdrawal of amount.
func pendingWithdrawal(t *testing.T, ts *testServer, userID int64, amount string) string {
	t.Helper()
	ctx := context.Background()
	c := cashier.Caller{UserID: userID}
	if _, err := ts.Cashier.Deposit(ctx, c, cashier.DepositRequest{Amount: "500", PaymentMethod: "visa",
		Card: &payment.Card{Number: "4242 4242 4242 4242", Holder: "Ada Lovelace", Expiry: "12/35", CVC: "123"}}); err != nil {
		t.Fatal(err)
	}
	eur := ledger.MustCurrency("EUR")
	key := fmt.Sprintf("test:%d:%s", userID, amount)
	if _, err := ts.Ledger.Bet(ctx, "bet:"+key, userID, ledger.MustParse("500", eur), ledger.FromMinor(0, eur), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := ts.Ledger.Win(ctx, "win:"+key, userID, ledger.MustParse("500", eur), ledger.FromMinor(0, eur), nil); err != nil {
		t.Fatal(err)
	}
	w, err := ts.Cashier.Withdraw(ctx, c, cashier.WithdrawRequest{Amount: amount, PaymentMethod: "banktransfer", BeneficiaryName: "Ada Lovelace",
		AccountNumber: "DE89370400440532013000", Email: "ada@example.com", BankCode: "COBADEFFXXX"})
	if err != nil {
		t.Fatal(err)
	}
	return w.WithdrawalID
}

func staffDo(t *testing.T, ts *testServer, ck *http.Cookie, method, path, body string) (int, map[string]any) {
	t.Helper()
	return ts.do(t, method, path, body, staffHeaders(ck))
}

func auditActions(t *testing.T, ts *testServer, target string) []string {
	t.Helper()
	list, err := ts.Staff.Audit(context.Background(), staff.Filter{Target: target})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range list {
		out = append(out, e.Actor+" "+e.Action+" "+e.Reason)
	}
	return out
}

// The withdrawals queue: approval and rejection audited, a reason needed to
// reject, and above the four-eyes amount two different members.
func TestBackofficeWithdrawals(t *testing.T) {
	ts := start(t, Config{})
	c := clock.NewManual(time.Now().UTC())
	ts.Staff.Clock = c
	fin := staffLogin(t, ts, c, "fin@staff.example", staff.RoleFinance)
	boss := staffLogin(t, ts, c, "boss@staff.example", staff.RoleAdmin)
	support := staffLogin(t, ts, c, "help@staff.example", staff.RoleSupport)
	player, _ := cashierPlayer(t, ts)
	if err := ts.Cashier.SaveSettings(context.Background(), []byte(`{"fourEyesWithdrawalAbove":{"EUR":"100.00"}}`)); err != nil {
		t.Fatal(err)
	}
	small := pendingWithdrawal(t, ts, player, "20")

	code, body := staffDo(t, ts, support, "GET", "/api/backoffice/withdrawals", "")
	rows := body["data"].(map[string]any)["rows"].([]any)
	if code != 200 || len(rows) != 1 || rows[0].(map[string]any)["withdrawalId"] != small || rows[0].(map[string]any)["fourEyes"] != false {
		t.Fatalf("queue as support: %d %v", code, body)
	}
	if code, _ := staffDo(t, ts, support, "POST", "/api/backoffice/withdrawals/"+small+"/approve", `{}`); code != 403 {
		t.Fatalf("support approved: %d", code)
	}
	if code, body := staffDo(t, ts, fin, "POST", "/api/backoffice/withdrawals/"+small+"/reject", `{}`); code != 400 || errorCode(body) != "VALIDATION_ERROR" {
		t.Fatalf("reject without a reason: %d %v", code, body)
	}
	code, body = staffDo(t, ts, fin, "POST", "/api/backoffice/withdrawals/"+small+"/approve", `{"reason":"documents fine"}`)
	if w := body["data"].(map[string]any)["withdrawal"].(map[string]any); code != 200 || w["status"] != "completed" || w["decidedBy"] != "fin@staff.example" {
		t.Fatalf("approve: %d %v", code, body)
	}
	if got := auditActions(t, ts, "withdrawal:"+small); len(got) != 1 || got[0] != "fin@staff.example withdrawal.approve documents fine" {
		t.Fatalf("audit of the approval: %v", got)
	}
	if code, body := staffDo(t, ts, fin, "POST", "/api/backoffice/withdrawals/"+small+"/reject", `{"reason":"late"}`); code != 409 {
		t.Fatalf("reject after approval: %d %v", code, body)
	}

	big := pendingWithdrawal(t, ts, player, "150")
	code, body = staffDo(t, ts, fin, "POST", "/api/backoffice/withdrawals/"+big+"/approve", `{"reason":"first look"}`)
	if d := body["data"].(map[string]any); code != 200 || d["awaitingSecondApproval"] != true || d["withdrawal"].(map[string]any)["status"] != "pending" {
		t.Fatalf("first approval: %d %v", code, body)
	}
	if code, body := staffDo(t, ts, fin, "POST", "/api/backoffice/withdrawals/"+big+"/approve", `{}`); code != 409 || errorCode(body) != "FOUR_EYES_SAME_STAFF" {
		t.Fatalf("second approval by the same member: %d %v", code, body)
	}
	_, body = staffDo(t, ts, boss, "GET", "/api/backoffice/withdrawals", "")
	if r := body["data"].(map[string]any)["rows"].([]any)[0].(map[string]any); r["fourEyes"] != true || fmt.Sprint(r["approvedBy"]) != "[fin@staff.example]" {
		t.Fatalf("queue row: %v", r)
	}
	code, body = staffDo(t, ts, boss, "POST", "/api/backoffice/withdrawals/"+big+"/approve", `{"reason":"second look"}`)
	if w := body["data"].(map[string]any)["withdrawal"].(map[string]any); code != 200 || w["status"] != "completed" {
		t.Fatalf("second approval: %d %v", code, body)
	}
	if got := auditActions(t, ts, "withdrawal:"+big); fmt.Sprint(got) != "[boss@staff.example withdrawal.approve second look fin@staff.example withdrawal.approve.first first look]" {
		t.Fatalf("audit of four eyes: %v", got)
	}

	third := pendingWithdrawal(t, ts, player, "30")
	if code, body := staffDo(t, ts, fin, "POST", "/api/backoffice/withdrawals/"+third+"/reject", `{"reason":"name does not match"}`); code != 200 ||
		body["data"].(map[string]any)["withdrawal"].(map[string]any)["status"] != "rejected" {
		t.Fatalf("reject: %d %v", code, body)
	}
	req, _ := http.NewRequest("GET", ts.URL+"/api/backoffice/withdrawals.csv?status=all", nil)
	for k, v := range staffHeaders(fin) {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	csv, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(string(csv), "id,created,player_id") || strings.Count(string(csv), "\n") != 4 || !strings.Contains(string(csv), "name does not match") {
		t.Fatalf("csv: %d %s", res.StatusCode, csv)
	}
	// The audit log through the API, filtered.
	code, body = staffDo(t, ts, boss, "GET", "/api/backoffice/audit?action=withdrawal.reject", "")
	if list := body["data"].([]any); code != 200 || len(list) != 1 || list[0].(map[string]any)["reason"] != "name does not match" {
		t.Fatalf("audit filtered: %d %v", code, body)
	}
	if code, _ := staffDo(t, ts, fin, "GET", "/api/backoffice/audit", ""); code != 403 {
		t.Fatalf("finance read the audit log: %d", code)
	}

	// The dashboard: three deposits of 500, 170 paid out, a lost stake of 10
	// (GGR and NGR), a bonus of 4 converted to real money (NGR only).
	ctx := context.Background()
	eur := ledger.MustCurrency("EUR")
	if _, err := ts.Ledger.Bet(ctx, "bet:dash", player, ledger.MustParse("10", eur), ledger.FromMinor(0, eur), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := ts.Ledger.BonusGrant(ctx, "grant:dash", player, ledger.MustParse("4", eur), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := ts.Ledger.BonusConvert(ctx, "convert:dash", player, ledger.MustParse("4", eur), nil); err != nil {
		t.Fatal(err)
	}
	pendingWithdrawal(t, ts, player, "25")
	code, body = staffDo(t, ts, fin, "GET", "/api/backoffice/dashboard", "")
	d := body["data"].(map[string]any)
	if code != 200 || d["activePlayers"] != float64(1) || d["pendingDocuments"] != float64(0) {
		t.Fatalf("dashboard: %d %v", code, body)
	}
	want := "map[currency:EUR depositCount:4 deposits:2000.00 ggr:10.00 ngr:6.00 pendingCount:1 pendingWithdrawals:25.00 withdrawalCount:2 withdrawals:170.00]"
	if got := fmt.Sprint(d["currencies"].([]any)[0]); got != want {
		t.Fatalf("dashboard figures:\n got %s\nwant %s", got, want)
	}
	if code, _ := staffDo(t, ts, support, "GET", "/api/backoffice/dashboard", ""); code != 403 {
		t.Fatalf("support read the dashboard: %d", code)
	}

	// Players: found by part of the e-mail (a LIKE wildcard is a plain
	// character) or the id; the page from the ledger and the cashier.
	for q, n := range map[string]int{"ada@": 1, fmt.Sprint(player): 1, "%": 0, "_": 0, "": 0} {
		code, body := staffDo(t, ts, support, "GET", "/api/backoffice/players?q="+url.QueryEscape(q), "")
		if list := body["data"].([]any); code != 200 || len(list) != n {
			t.Fatalf("players %q: %d %v", q, code, body)
		}
	}
	code, body = staffDo(t, ts, support, "GET", fmt.Sprintf("/api/backoffice/players/%d", player), "")
	p := body["data"].(map[string]any)
	if code != 200 || p["email"] != "ada@example.com" || fmt.Sprint(p["balances"]) != "map[bonus:0.00 onHold:25.00 real:1799.00]" ||
		len(p["withdrawals"].([]any)) != 4 || len(p["statement"].([]any)) == 0 {
		t.Fatalf("player page: %d %v", code, p["balances"])
	}
	if code, _ := staffDo(t, ts, support, "GET", "/api/backoffice/players/999999", ""); code != 404 {
		t.Fatalf("unknown player: %d", code)
	}
	// Notes: appended, audited, shown on the page; empty ones refused.
	if code, _ := staffDo(t, ts, support, "POST", fmt.Sprintf("/api/backoffice/players/%d/notes", player), `{"body":"  "}`); code != 400 {
		t.Fatalf("empty note: %d", code)
	}
	if code, body := staffDo(t, ts, support, "POST", fmt.Sprintf("/api/backoffice/players/%d/notes", player), `{"body":"called about the delay"}`); code != 200 {
		t.Fatalf("note: %d %v", code, body)
	}
	_, body = staffDo(t, ts, fin, "GET", fmt.Sprintf("/api/backoffice/players/%d", player), "")
	if notes := body["data"].(map[string]any)["notes"].([]any); len(notes) != 1 || notes[0].(map[string]any)["author"] != "help@staff.example" {
		t.Fatalf("notes: %v", notes)
	}
	if got := auditActions(t, ts, fmt.Sprintf("player:%d", player)); len(got) != 1 || got[0] != "help@staff.example player.note " {
		t.Fatalf("audit of the note: %q", got)
	}
	if _, err := ts.DB.Write.Exec(`UPDATE staff_player_notes SET body = 'x'`); err == nil || !strings.Contains(err.Error(), "append-only") {
		t.Fatalf("note edited: %v", err)
	}
}

// Document review and release rollback, audited.
func TestBackofficeDocumentsAndReleases(t *testing.T) {
	ts := start(t, Config{})
	c := clock.NewManual(time.Now().UTC())
	ts.Staff.Clock = c
	comp := staffLogin(t, ts, c, "kyc@staff.example", staff.RoleCompliance)
	boss := staffLogin(t, ts, c, "boss@staff.example", staff.RoleAdmin)
	player, _ := cashierPlayer(t, ts)
	ctx := context.Background()
	png := append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 64)...)
	id1, err := ts.KYC.Upload(ctx, player, "IDENTITY_PROOF", "id.png", bytes.NewReader(png))
	if err != nil {
		t.Fatal(err)
	}
	id2, err := ts.KYC.Upload(ctx, player, "PROOF_OF_ADDRESS", "bill.png", bytes.NewReader(append(png, 1)))
	if err != nil {
		t.Fatal(err)
	}
	code, body := staffDo(t, ts, comp, "GET", "/api/backoffice/documents", "")
	if rows := body["data"].(map[string]any)["rows"].([]any); code != 200 || len(rows) != 2 || rows[0].(map[string]any)["email"] != "ada@example.com" {
		t.Fatalf("documents: %d %v", code, body)
	}
	req, _ := http.NewRequest("GET", fmt.Sprintf("%s/api/backoffice/documents/%d/file", ts.URL, id1.ID), nil)
	for k, v := range staffHeaders(comp) {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" || !strings.Contains(res.Header.Get("Content-Security-Policy"), "sandbox") {
		t.Fatalf("file: %v %v", res, err)
	}
	res.Body.Close()
	if code, _ := staffDo(t, ts, comp, "POST", fmt.Sprintf("/api/backoffice/documents/%d/reject", id1.ID), `{}`); code != 400 {
		t.Fatalf("reject without a reason: %d", code)
	}
	for _, id := range []int64{id1.ID, id2.ID} {
		if code, body := staffDo(t, ts, comp, "POST", fmt.Sprintf("/api/backoffice/documents/%d/approve", id), `{"reason":"clear"}`); code != 200 {
			t.Fatalf("approve %d: %d %v", id, code, body)
		}
	}
	var kycStatus string
	ts.DB.Read.QueryRow(`SELECT kyc_status FROM users WHERE id = ?`, player).Scan(&kycStatus)
	if kycStatus != "APPROVED" {
		t.Fatalf("player's KYC: %s", kycStatus)
	}
	list, _ := ts.Staff.Audit(ctx, staff.Filter{Target: fmt.Sprintf("kyc-document:%d", id2.ID)})
	if len(list) != 1 || list[0].Action != "kyc.document.approve" || !strings.Contains(fmt.Sprintf("%s", list[0].After), `"playerKyc":"APPROVED"`) {
		t.Fatalf("audit of the review: %+v", list)
	}

	// Two builds of the lobby, then a rollback from the back office.
	for _, v := range []string{"one", "two"} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "remoteEntry.js"), []byte("// "+v), 0o644)
		if _, err := ts.Frontends.Publish(ctx, "lobby", os.DirFS(dir)); err != nil {
			t.Fatal(err)
		}
	}
	code, body = staffDo(t, ts, boss, "GET", "/api/backoffice/releases", "")
	if code != 200 || !strings.Contains(fmt.Sprint(body), "lobby") || !strings.Contains(fmt.Sprint(body), "canRollBack:true") {
		t.Fatalf("releases: %d %v", code, body)
	}
	if code, _ := staffDo(t, ts, comp, "POST", "/api/backoffice/releases/lobby/rollback", `{"reason":"x"}`); code != 403 {
		t.Fatalf("compliance rolled back: %d", code)
	}
	if code, _ := staffDo(t, ts, boss, "POST", "/api/backoffice/releases/lobby/rollback", `{}`); code != 400 {
		t.Fatalf("rollback without a reason: %d", code)
	}
	before, _ := ts.Frontends.Current(ctx)
	code, body = staffDo(t, ts, boss, "POST", "/api/backoffice/releases/lobby/rollback", `{"reason":"lobby errors"}`)
	after, _ := ts.Frontends.Current(ctx)
	if code != 200 || after["lobby"].Version == before["lobby"].Version {
		t.Fatalf("rollback: %d %v", code, body)
	}
	list, _ = ts.Staff.Audit(ctx, staff.Filter{Target: "frontend:lobby"})
	if len(list) != 1 || list[0].Reason != "lobby errors" || !strings.Contains(fmt.Sprintf("%s", list[0].Before), before["lobby"].Version) || !strings.Contains(fmt.Sprintf("%s", list[0].After), after["lobby"].Version) {
		t.Fatalf("audit of the rollback: %+v", list)
	}
	code, _ = staffDo(t, ts, boss, "POST", "/api/backoffice/releases/lobby/activate", `{"version":"`+before["lobby"].Version+`","reason":"fixed"}`)
	if now, _ := ts.Frontends.Current(ctx); code != 200 || now["lobby"].Version != before["lobby"].Version {
		t.Fatalf("activate: %d", code)
	}

	// Feature flags: known ones only, a reason, applied at once, audited.
	if code, _ := staffDo(t, ts, comp, "PUT", "/api/backoffice/features/chat", `{"enabled":false,"reason":"x"}`); code != 403 {
		t.Fatalf("compliance set a flag: %d", code)
	}
	for body, want := range map[string]int{`{"enabled":false}`: 400, `{"reason":"why"}`: 400} {
		if code, _ := staffDo(t, ts, boss, "PUT", "/api/backoffice/features/chat", body); code != want {
			t.Fatalf("%s: %d, want %d", body, code, want)
		}
	}
	if code, _ := staffDo(t, ts, boss, "PUT", "/api/backoffice/features/madeUp", `{"enabled":true,"reason":"why"}`); code != 404 {
		t.Fatalf("unknown flag: %d", code)
	}
	if code, body := staffDo(t, ts, boss, "PUT", "/api/backoffice/features/chat", `{"enabled":false,"reason":"moderators away"}`); code != 200 {
		t.Fatalf("flag: %d %v", code, body)
	}
	if st, _ := ts.Settings.Current(ctx); st.Features["chat"] {
		t.Fatal("chat still on")
	}
	list, _ = ts.Staff.Audit(ctx, staff.Filter{Target: "feature:chat"})
	if len(list) != 1 || fmt.Sprintf("%s %s", list[0].Before, list[0].After) != `{"enabled":true} {"enabled":false}` || list[0].Reason != "moderators away" {
		t.Fatalf("audit of the flag: %+v", list)
	}
	_, body = staffDo(t, ts, boss, "GET", "/api/backoffice/features", "")
	if !strings.Contains(fmt.Sprint(body["data"]), "map[enabled:false name:chat]") {
		t.Fatalf("features: %v", body)
	}
}
