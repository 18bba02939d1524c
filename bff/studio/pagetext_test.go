package studio

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"casino/bff/session"
)

// A page asked with lang= is in that language (<html lang>, its texts, the
// script's messages), remembers it for the pages linked from it, and falls
// back to Accept-Language, then English; Arabic is right to left.
func TestPagesSpeakThePlayersLanguage(t *testing.T) {
	c := testCatalog(t)
	svc := &Service{Catalog: c}
	mux := http.NewServeMux()
	svc.PageRoutes(mux, session.NewManager(nil), contentDir(t))
	get := func(path string, h ...string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", path, nil)
		for i := 0; i+1 < len(h); i += 2 {
			req.Header.Set(h[i], h[i+1])
		}
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		return rec
	}
	rec := get("/play/studio/ocean-treasures?mode=demo&lang=de")
	body := rec.Body.String()
	for _, want := range []string{`<html lang="de" dir="ltr">`, "Kontostand", "Spielgeld", `id="studio-messages"`} {
		if !strings.Contains(body, want) {
			t.Errorf("lang=de: no %q", want)
		}
	}
	if strings.Contains(body, ">Balance<") {
		t.Error("lang=de: English left")
	}
	m := regexp.MustCompile(`(?s)<script type="application/json" id="studio-messages">(.*?)</script>`).FindStringSubmatch(body)
	var msgs struct {
		Lang     string            `json:"lang"`
		Messages map[string]string `json:"messages"`
	}
	if m == nil || json.Unmarshal([]byte(m[1]), &msgs) != nil || msgs.Lang != "de" || msgs.Messages["js.spin"] == "" || msgs.Messages["js.spin"] == "Spin" {
		t.Fatalf("messages block: %v %+v", m != nil, msgs)
	}
	cookie := rec.Result().Cookies()
	if len(cookie) != 1 || cookie[0].Name != langCookie || cookie[0].Value != "de" {
		t.Fatalf("cookie %v", cookie)
	}
	// The rules page linked from the game keeps German (the cookie).
	if body := get("/studio/games/ocean-treasures/rules", "Cookie", "studio_lang=de").Body.String(); !strings.Contains(body, `<html lang="de"`) || !strings.Contains(body, "Auszahlungstabelle") {
		t.Error("rules: not German")
	}
	// Arabic: right to left, translated.
	body = get("/play/studio/european-roulette?mode=demo&lang=ar").Body.String()
	if !strings.Contains(body, `<html lang="ar" dir="rtl">`) || !strings.Contains(body, "الرصيد") {
		t.Error("lang=ar: not Arabic, right to left")
	}
	// No lang=: the browser's language, then English.
	if body := get("/provably-fair", "Accept-Language", "fr-CH, fr;q=0.9, en;q=0.8").Body.String(); !strings.Contains(body, `<html lang="fr"`) {
		t.Error("Accept-Language fr: not French")
	}
	if body := get("/provably-fair").Body.String(); !strings.Contains(body, `<html lang="en" dir="ltr">`) || !strings.Contains(body, "Provably fair verifier") {
		t.Error("default: not English")
	}
}
