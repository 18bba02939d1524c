package settings

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"casino/bff/database"
)

func TestDefaultsMatchSpec(t *testing.T) {
	d := Defaults()
	want := map[string]string{
		"root": "/", "profile": "/profile", "account": "/account", "edit-profile": "/profile/edit-profile",
		"transactions": "/profile/transactions", "verification": "/profile/verify", "verification2": "/account/verification",
		"favorites": "/profile/favorites", "promotions": "/promotions", "bonus_history": "/bonuses", "deposit": "/deposit",
		"withdraw": "/withdraw", "casino": "/casino", "providers": "/providers", "tournaments": "/tournaments", "cashback": "/cashback",
	}
	for k, v := range want {
		if d.PageURLs[k] != v {
			t.Errorf("page %q = %q, want %q", k, d.PageURLs[k], v)
		}
	}
	if d.ReferAFriendPercent != 0 || d.APIVersion != "1.0" || d.DefaultCurrency != "EUR" || d.DefaultLanguage != "en" {
		t.Errorf("constants: %+v", d)
	}
	if n := len(d.Languages); n < 30 || n > 40 {
		t.Errorf("%d languages, want about 35", n)
	}
	labels := map[string]Scope{}
	for _, item := range d.HeaderMenu {
		labels[item.ID] = item.Scope
	}
	for _, id := range []string{"profile", "deposit", "withdrawal", "transactions", "logout"} {
		if labels[id] != ScopeUser {
			t.Errorf("header menu %q scope %q, want user", id, labels[id])
		}
	}
}

func TestScope(t *testing.T) {
	tests := []struct {
		scope         Scope
		guest, player bool
	}{
		{ScopeGuest, true, false},
		{ScopeUser, false, true},
		{ScopeAny, true, true},
	}
	for _, tt := range tests {
		item := NavItem{Scope: tt.scope}
		if item.VisibleTo(false) != tt.guest || item.VisibleTo(true) != tt.player {
			t.Errorf("scope %s: guest=%v player=%v", tt.scope, item.VisibleTo(false), item.VisibleTo(true))
		}
	}
}

func TestUpdateMergesOverDefaults(t *testing.T) {
	ctx := context.Background()
	db, err := database.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s := NewStore(db)
	if _, err := s.Update(ctx, json.RawMessage(`{"brandName":"Test","pageUrls":{"deposit":"/cashier"},"features":{"ghostMode":true}}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, json.RawMessage(`{"excludedCountries":["US"]}`)); err != nil {
		t.Fatal(err)
	}
	fresh := NewStore(db) // no cache: read back from the database
	got, err := fresh.Current(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got.BrandName != "Test" || got.PageURL("deposit") != "/cashier" || got.PageURL("withdraw") != "/withdraw" {
		t.Errorf("merge lost data: brand %q deposit %q withdraw %q", got.BrandName, got.PageURL("deposit"), got.PageURL("withdraw"))
	}
	if !got.Feature("ghostMode") || !got.Feature("demoPlay") {
		t.Errorf("features not merged key by key: %v", got.Features)
	}
	if len(got.ExcludedCountries) != 1 || got.ExcludedCountries[0] != "US" {
		t.Errorf("excluded = %v", got.ExcludedCountries)
	}
	if _, err := s.Update(ctx, json.RawMessage(`{"brandName":`)); err == nil {
		t.Error("malformed patch accepted")
	}
	if _, err := s.Update(ctx, json.RawMessage(`{"referAFriendPercent":"many"}`)); err == nil {
		t.Error("ill-typed patch accepted")
	}
}

// Every language the site offers by default has its catalogue (issue 17;
// scripts/i18n.test.mjs checks each is complete).
func TestEveryDefaultLanguageHasACatalogue(t *testing.T) {
	for _, code := range Defaults().Languages {
		if _, err := os.Stat(filepath.Join("..", "..", "content", "locales", code+".json")); err != nil {
			t.Errorf("language %s: %v", code, err)
		}
	}
}

func TestCheckPatch(t *testing.T) {
	for _, tc := range []struct{ patch, err string }{
		{`{"brandName":"X","features":{"anything":true}}`, ""},
		{`{"whitelistedIps":["10.0.0.1"],"shortName":"X"}`, ""},
		{`{"brandname":"X"}`, "unknown key brandname"},
		{`{"Revision":3,"zzz":1}`, "unknown key Revision, zzz"},
		{`{}`, "no key"},
		{`null`, "not a JSON object"},
		{`["brandName"]`, "not a JSON object"},
		{`{"brandName":`, "not a JSON object"},
	} {
		err := CheckPatch(json.RawMessage(tc.patch))
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s: %v, want %q", tc.patch, err, tc.err)
		}
	}
}

func TestChangesKeepThePatchedKeys(t *testing.T) {
	before := Defaults()
	after := Defaults()
	after.Features = map[string]bool{"chat": false, "races": true, "captcha": true}
	after.ExcludedCountries = []string{"US"}
	was, now := Changes(before, after, json.RawMessage(`{"features":{"chat":false,"captcha":true},"excludedCountries":["US"],"theme":"dark"}`))
	b, _ := json.Marshal(was)
	a, _ := json.Marshal(now)
	wantB := `{"excludedCountries":` + string(must(json.Marshal(before.ExcludedCountries))) + `,"features":{"captcha":null,"chat":true},"theme":` + string(must(json.Marshal(before.Theme))) + `}`
	wantA := `{"excludedCountries":["US"],"features":{"captcha":true,"chat":false},"theme":` + string(must(json.Marshal(after.Theme))) + `}`
	if string(b) != wantB || string(a) != wantA {
		t.Errorf("changes\n%s\n%s\nwant\n%s\n%s", b, a, wantB, wantA)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// What only the server needs stays out of the document visitors get.
func TestPublicLeavesOutServerLists(t *testing.T) {
	st := Defaults()
	st.WhitelistedIPs = []string{"10.0.0.1"}
	b := must(json.Marshal(st.Public()))
	for _, key := range []string{"whitelistedIps", "chatBlockedWords"} {
		if strings.Contains(string(b), key) {
			t.Errorf("public settings carry %s", key)
		}
	}
	if len(Defaults().ChatBlockedWords) == 0 || !strings.Contains(string(must(json.Marshal(st))), "chatBlockedWords") {
		t.Error("the stored settings lost the chat's word list")
	}
}
