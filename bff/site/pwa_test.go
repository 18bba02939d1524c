package site

import (
	"encoding/json"
	"image/png"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"casino/bff/pwa"
	"casino/shell"
)

func TestManifestFromSettings(t *testing.T) {
	f := newFixture(t)
	res := f.get(pwa.ManifestPath)
	if res.status != 200 || res.header.Get("Content-Type") != "application/manifest+json" {
		t.Fatalf("manifest: %d %s", res.status, res.header.Get("Content-Type"))
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(res.body), &m); err != nil {
		t.Fatal(err)
	}
	if m["name"] != "Aurum Casino" || m["short_name"] != "Aurum" || m["display"] != "standalone" || m["start_url"] != "/" ||
		m["theme_color"] != "#1a1f35" || m["background_color"] != "#0f1220" {
		t.Errorf("manifest: %s", res.body)
	}
	// The operator's brand, short name, root page and theme.
	if _, err := f.deps.Settings.Update(t.Context(), []byte(`{"brandName":"Lucky Star","shortName":"Lucky","pageUrls":{"root":"/casino"},
		"theme":{"surfaceColor":"#102030","backgroundColor":"#000000","primaryColor":"#ff0000"},"features":{"addToHomeScreen":false}}`)); err != nil {
		t.Fatal(err)
	}
	res = f.get(pwa.ManifestPath) // served with the flag off: installability is harmless
	json.Unmarshal([]byte(res.body), &m)
	if m["name"] != "Lucky Star" || m["short_name"] != "Lucky" || m["start_url"] != "/casino" || m["theme_color"] != "#102030" || m["background_color"] != "#000000" {
		t.Errorf("manifest after settings: %s", res.body)
	}
	// A colour that is not a plain CSS colour never reaches the manifest.
	f.deps.Settings.Update(t.Context(), []byte(`{"theme":{"surfaceColor":"red;}</style>"}}`))
	if res = f.get(pwa.ManifestPath); !strings.Contains(res.body, `"theme_color": "#1a1f35"`) {
		t.Errorf("unsafe colour: %s", res.body)
	}
	// Every icon it names is a PNG of the size it says.
	var doc struct {
		Icons []struct{ Src, Sizes string }
	}
	json.Unmarshal([]byte(res.body), &doc)
	if len(doc.Icons) != 3 {
		t.Fatalf("icons: %s", res.body)
	}
	for _, ic := range doc.Icons {
		r := f.get(ic.Src)
		img, err := png.Decode(strings.NewReader(r.body))
		if err != nil || r.header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Fatalf("%s: %v %s", ic.Src, err, r.header.Get("Cache-Control"))
		}
		if got := img.Bounds().Dx(); ic.Sizes != strings.Repeat(itoa(got)+"x", 2)[:len(ic.Sizes)] {
			t.Errorf("%s is %d px, says %s", ic.Src, got, ic.Sizes)
		}
	}
	if r := f.get("/apple-touch-icon.png"); r.status != 200 || r.header.Get("Content-Type") != "image/png" {
		t.Errorf("apple-touch-icon: %d", r.status)
	}
	if r := f.get(pwa.IconPrefix + "x/unknown.png"); r.status != 404 {
		t.Errorf("unknown icon: %d", r.status)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestShellHeadLinksTheApp(t *testing.T) {
	f := newFixture(t)
	res := f.get("/casino")
	res.has(t, `<link rel="manifest" href="/manifest.webmanifest">`, `<link rel="apple-touch-icon" href="/pwa/icons/`,
		`<meta name="theme-color" content="#1a1f35">`, `<meta name="apple-mobile-web-app-title" content="Aurum">`,
		`<meta name="apple-mobile-web-app-capable" content="yes">`, `src="`+shell.StaticURL("pwa.js")+`"`,
		`id="a2hs-btn"`, `id="a2hs-ios"`)
	// The button is hidden until the browser offers installation.
	if !regexp.MustCompile(`<button[^>]*id="a2hs-btn"[^>]*hidden`).MatchString(res.body) {
		t.Error("install button not hidden by default")
	}
	if !strings.Contains(res.header.Get("Content-Security-Policy"), "worker-src 'self'") || !strings.Contains(res.header.Get("Content-Security-Policy"), "manifest-src 'self'") {
		t.Errorf("CSP: %s", res.header.Get("Content-Security-Policy"))
	}
	// The flag off: no button, no sheet; the manifest is still linked.
	f.deps.Settings.Update(t.Context(), []byte(`{"features":{"addToHomeScreen":false}}`))
	res = f.get("/casino")
	res.lacks(t, `a2hs-btn`, `a2hs-ios`)
	res.has(t, `<link rel="manifest"`)
	// The back office is not the player's app.
	f.get("/backoffice").lacks(t, `rel="manifest"`, "pwa.js")
}

func workerConfig(t *testing.T, body string) pwa.WorkerConfig {
	t.Helper()
	m := regexp.MustCompile(`const CONFIG = (\{.*\});`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no CONFIG:\n%s", body)
	}
	var c pwa.WorkerConfig
	if err := json.Unmarshal([]byte(m[1]), &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestWorkerListsCurrentReleasesAndChangesOnPublish(t *testing.T) {
	f := newFixture(t)
	res := f.get(pwa.WorkerPath)
	if res.status != 200 || res.header.Get("Service-Worker-Allowed") != "/" || !strings.Contains(res.header.Get("Cache-Control"), "no-cache") ||
		!strings.HasPrefix(res.header.Get("Content-Type"), "text/javascript") {
		t.Fatalf("worker: %d %v", res.status, res.header)
	}
	c := workerConfig(t, res.body)
	files := map[string]bool{}
	for _, r := range c.Releases {
		if r.Name == "backoffice" {
			t.Error("the staff back office is precached for players")
		}
		if r.Version != f.releases[r.Name].Version {
			t.Errorf("%s: version %s, current %s", r.Name, r.Version, f.releases[r.Name].Version)
		}
		for _, file := range r.Files {
			files[file] = true
		}
	}
	if !files[f.releases["lobby"].Entry] || !files[f.releases["root"].Entry] || len(c.Releases) != 6 {
		t.Errorf("releases: %+v", c.Releases)
	}
	if c.Offline != pwa.OfflinePath || !contains(c.Shell, shell.CSSURL()) {
		t.Errorf("shell precache: %+v", c)
	}

	// A new lobby with a manifest: its start-up chunks are listed, lazy ones not.
	rel, err := f.deps.Frontends.Publish(t.Context(), "lobby", fstest.MapFS{
		"remoteEntry.js": {Data: []byte("/* lobby 2 */")},
		"mf-manifest.json": {Data: []byte(`{"exposes":[{"name":"./app","assets":{"js":{"sync":["expose_app.1.js"]}}}],
			"shared":[{"name":"react","assets":{"js":{"sync":["react.2.js"]}}}]}`)},
		"expose_app.1.js": {Data: []byte("1")},
		"react.2.js":      {Data: []byte("2")},
		"lazy.3.js":       {Data: []byte("3")},
	})
	if err != nil {
		t.Fatal(err)
	}
	after := f.get(pwa.WorkerPath)
	if after.body == res.body {
		t.Fatal("publishing a release does not change the worker")
	}
	c2 := workerConfig(t, after.body)
	if c2.Version == c.Version {
		t.Error("same worker version after a publish")
	}
	base := "/mf/lobby/" + rel.Version + "/"
	for _, r := range c2.Releases {
		if r.Name == "lobby" {
			want := []string{base + "expose_app.1.js", base + "react.2.js", base + "remoteEntry.js"}
			if strings.Join(r.Files, " ") != strings.Join(want, " ") {
				t.Errorf("lobby files %v, want %v", r.Files, want)
			}
		}
	}
	// The same releases: the same bytes (browsers keep the installed worker).
	if again := f.get(pwa.WorkerPath); again.body != after.body {
		t.Error("the worker changes without a release")
	}
	// The operator's cashier address is a money page.
	f.deps.Settings.Update(t.Context(), []byte(`{"pageUrls":{"deposit":"/cashier"}}`))
	c3 := workerConfig(t, f.get(pwa.WorkerPath).body)
	if !contains(c3.MoneyPages, "/cashier") || c3.Route("/cashier", true) != "page" || c3.Route("/api/user/deposit", false) != "bypass" {
		t.Errorf("money pages: %v", c3.MoneyPages)
	}
	for _, p := range c3.Static {
		if strings.HasPrefix("/api/", p) || strings.HasPrefix(p, "/api") {
			t.Errorf("static prefix %q covers the API", p)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestOfflinePage(t *testing.T) {
	f := newFixture(t)
	res := f.get(pwa.OfflinePath)
	if res.status != 200 || res.header.Get("Content-Language") != "en" || res.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("offline: %d %v", res.status, res.header)
	}
	res.has(t, "You are offline", `data-testid="offline-page"`, shell.CSSURL(), `addEventListener('online'`)
	res.lacks(t, "mf-remotes", "casino-settings", "op-everyone") // nothing personal, no scripts of the operator
	// The nonce of its one script is the one of its CSP (the worker keeps both).
	nonce := regexp.MustCompile(`'nonce-([^']+)'`).FindStringSubmatch(res.header.Get("Content-Security-Policy"))
	if nonce == nil || !strings.Contains(res.body, `<script nonce="`+nonce[1]+`">`) {
		t.Error("offline script nonce differs from the CSP")
	}
	// ?lang= picks the language without setting the language cookie; an
	// unknown one falls back to the visitor's.
	de := f.get(pwa.OfflinePath+"?lang=de", withHeader("Accept-Language", "fr"))
	if de.header.Get("Content-Language") != "de" || de.header.Get("Set-Cookie") != "" {
		t.Errorf("offline ?lang=de: %v", de.header)
	}
	if fr := f.get(pwa.OfflinePath+"?lang=xx&lng=de", withHeader("Accept-Language", "fr")); fr.header.Get("Content-Language") != "fr" || fr.header.Get("Set-Cookie") != "" {
		t.Errorf("offline fallback: %v", fr.header)
	}
}
