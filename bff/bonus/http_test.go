package bonus

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"casino/bff/session"
)

func TestHTTP(t *testing.T) {
	f := newFixture(t, 2)
	ctx := context.Background()
	sessions := session.NewManager(f.db)
	mux := http.NewServeMux()
	(&Web{Service: f.svc, Sessions: sessions, Locate: func(*http.Request) string { return "GB" }}).Routes(mux)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	token, err := sessions.Create(ctx, 1, "127.0.0.1", "test")
	if err != nil {
		t.Fatal(err)
	}
	other, _ := sessions.Create(ctx, 2, "127.0.0.1", "test")
	call := func(method, path, tok string) (int, map[string]any) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader("{}"))
		if tok != "" {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		var doc map[string]any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s %s: %s", method, path, b)
		}
		return res.StatusCode, doc
	}

	// The catalogue: data.bonus.{count, rows[].banner.bannerTitle}, token optional.
	code, doc := call("GET", "/api/admin/get-all-bonus?isDeposit=true&currencyCode=EUR", "")
	bonus := doc["data"].(map[string]any)["bonus"].(map[string]any)
	rows := bonus["rows"].([]any)
	first := rows[0].(map[string]any)
	if code != 200 || bonus["count"].(float64) != 2 || first["banner"].(map[string]any)["bannerTitle"] != "100% welcome bonus" || first["minDeposit"] != "20.00" {
		t.Fatalf("get-all-bonus %d %v", code, doc)
	}
	code, doc = call("GET", "/api/admin/get-all-bonus?limit=0", "")
	if code != 400 {
		t.Fatalf("bad limit: %d %v", code, doc)
	}
	code, doc = call("GET", "/api/admin/get-all-bonus?countryCheck=true", "")
	if n := doc["data"].(map[string]any)["bonus"].(map[string]any)["count"].(float64); code != 200 || n != 2 { // gift restricted in GB (located)
		t.Fatalf("country check: %d %v", code, doc)
	}

	// Player calls need a token and fail at once without one (SPEC section 6).
	for _, c := range []struct{ method, path string }{{"GET", "/api/user/get-user-bonuses"}, {"POST", "/api/user/bonuses/1/cancel"}} {
		if code, doc := call(c.method, c.path, ""); code != 403 || doc["error"].(map[string]any)["code"] != "FORBIDDEN" {
			t.Fatalf("%s without a token: %d %v", c.path, code, doc)
		}
	}
	u, err := f.deposit(t, 1, "30.00", "welcome")
	if err != nil {
		t.Fatal(err)
	}
	code, doc = call("GET", "/api/user/get-user-bonuses", token)
	list := doc["data"].(map[string]any)
	row := list["rows"].([]any)[0].(map[string]any)
	if code != 200 || list["count"].(float64) != 1 || row["status"] != "active" || row["bonusAmount"] != "30.00" || row["wagerLeft"] != "60.00" || row["cancellable"] != true {
		t.Fatalf("get-user-bonuses %d %v", code, doc)
	}
	if code, doc := call("GET", "/api/user/get-user-bonuses?status=bogus", token); code != 400 {
		t.Fatalf("bad status %d %v", code, doc)
	}
	if code, doc := call("GET", "/api/user/get-user-bonuses", other); code != 200 || doc["data"].(map[string]any)["count"].(float64) != 0 {
		t.Fatalf("another player's list %d %v", code, doc)
	}
	path := fmt.Sprintf("/api/user/bonuses/%d/cancel", u.ID)
	if code, doc := call("POST", path, other); code != 404 {
		t.Fatalf("another player's cancel %d %v", code, doc)
	}
	code, doc = call("POST", path, token)
	if code != 200 || doc["data"].(map[string]any)["status"] != "cancelled" {
		t.Fatalf("cancel %d %v", code, doc)
	}
	if code, doc := call("POST", path, token); code != 409 || doc["error"].(map[string]any)["code"] != "BONUS_NOT_ACTIVE" {
		t.Fatalf("second cancel %d %v", code, doc)
	}

	// A no-deposit claim: BONUS_ACTIVATED with the user bonus; a second
	// claim answers the same grant; a refusal is the error shape.
	claim := func(body, tok string) (int, map[string]any) {
		req, _ := http.NewRequest("POST", srv.URL+"/api/user/claim-bonus", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var doc map[string]any
		json.NewDecoder(res.Body).Decode(&doc)
		return res.StatusCode, doc
	}
	body := fmt.Sprintf(`{"bonusId": %d}`, f.ids["gift"])
	code, doc = claim(body, other)
	data, _ := doc["data"].(map[string]any)
	if code != 200 || data["code"] != "BONUS_ACTIVATED" || data["userBonus"].(map[string]any)["wagerLeft"] != "50.00" {
		t.Fatalf("claim %d %v", code, doc)
	}
	if code, again := claim(body, other); code != 200 || again["data"].(map[string]any)["userBonus"].(map[string]any)["id"] != data["userBonus"].(map[string]any)["id"] {
		t.Fatalf("claim again %d %v", code, again)
	}
	if code, doc := claim(`{"bonusId": "welcome"}`, other); code != 422 || doc["error"].(map[string]any)["code"] != "BONUS_NOT_AVAILABLE" {
		t.Fatalf("a deposit bonus claimed %d %v", code, doc)
	}
	if code, doc := claim(`{}`, other); code != 400 {
		t.Fatalf("no bonusId %d %v", code, doc)
	}
}
