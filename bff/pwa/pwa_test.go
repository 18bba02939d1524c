package pwa

import (
	"bytes"
	"encoding/json"
	"image/png"
	"regexp"
	"strings"
	"testing"
)

func TestManifestFields(t *testing.T) {
	c := Colours{Mark: "#f5b83d", Background: "#0f1220"}
	raw := Manifest(App{Name: "Aurum Casino", ShortName: "Aurum", StartURL: "/", ThemeColour: "#1a1f35", Background: "#0f1220", Icons: c})
	var m struct {
		Name, ShortName, StartURL, Scope, Display, ThemeColor, BackgroundColor, ID string
		Icons                                                                      []manifestIcon
	}
	// Field names of the manifest are snake_case.
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	m.Name, m.ShortName, m.StartURL = doc["name"].(string), doc["short_name"].(string), doc["start_url"].(string)
	m.Scope, m.Display, m.ID = doc["scope"].(string), doc["display"].(string), doc["id"].(string)
	m.ThemeColor, m.BackgroundColor = doc["theme_color"].(string), doc["background_color"].(string)
	if m.Name != "Aurum Casino" || m.ShortName != "Aurum" || m.StartURL != "/" || m.Scope != "/" || m.Display != "standalone" || m.ID != "/" {
		t.Errorf("manifest: %s", raw)
	}
	if m.ThemeColor != "#1a1f35" || m.BackgroundColor != "#0f1220" {
		t.Errorf("colours: %s", raw)
	}
	var icons struct{ Icons []manifestIcon }
	json.Unmarshal(raw, &icons)
	want := map[string]string{"192x192 any": "icon-192.png", "512x512 any": "icon-512.png", "512x512 maskable": "icon-maskable-512.png"}
	for _, ic := range icons.Icons {
		f, ok := want[ic.Sizes+" "+ic.Purpose]
		if !ok || ic.Src != IconURL(c, f) || ic.Type != "image/png" {
			t.Errorf("unexpected icon %+v", ic)
		}
		delete(want, ic.Sizes+" "+ic.Purpose)
	}
	if len(want) > 0 {
		t.Errorf("icons missing: %v", want)
	}
	// A start URL that is not a path falls back to the root.
	if raw := Manifest(App{Name: "X", StartURL: "https://evil.example/"}); !bytes.Contains(raw, []byte(`"start_url": "/"`)) {
		t.Errorf("start_url not a local path: %s", raw)
	}
}

func TestShortName(t *testing.T) {
	for _, tc := range []struct{ short, brand, want string }{
		{"Aurum", "Aurum Casino", "Aurum"},
		{"", "Aurum Casino", "Aurum"},
		{"", "Supercalifragilistic Casino", "Supercalifra"},
		{"", "", "Casino"},
		{"  Gold  ", "X", "Gold"},
	} {
		if got := ShortNameOf(tc.short, tc.brand); got != tc.want {
			t.Errorf("ShortNameOf(%q, %q) = %q, want %q", tc.short, tc.brand, got, tc.want)
		}
	}
}

func TestIcons(t *testing.T) {
	c := Colours{Mark: "#f5b83d", Background: "#0f1220"}
	for i, f := range IconFiles {
		body := DrawIcon(IconSizes[i], strings.Contains(f, "maskable"), c)
		img, err := png.Decode(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if b := img.Bounds(); b.Dx() != IconSizes[i] || b.Dy() != IconSizes[i] {
			t.Errorf("%s is %v", f, b)
		}
		// Corners are the opaque background (full bleed: iOS and maskable
		// icons must not be transparent), the centre of the star too, and
		// the coin between them the mark's colour.
		n := IconSizes[i]
		if r, g, b, a := img.At(1, 1).RGBA(); a != 0xffff || r>>8 != 0x0f || g>>8 != 0x12 || b>>8 != 0x20 {
			t.Errorf("%s corner %x %x %x %x", f, r>>8, g>>8, b>>8, a>>8)
		}
		if r, g, _, _ := img.At(n/2, n/2-n/20).RGBA(); r>>8 != 0x0f || g>>8 != 0x12 {
			t.Errorf("%s: the star's centre is not drawn", f)
		}
		scale := 0.82
		if strings.Contains(f, "maskable") {
			scale = 0.62
		}
		// 7.5 symbol units below the centre: between the star and the rim.
		if r, g, b, _ := img.At(n/2, n/2+int(float64(n)*scale*7.5/28)).RGBA(); r>>8 != 0xf5 || g>>8 != 0xb8 || b>>8 != 0x3d {
			t.Errorf("%s: the coin is %x %x %x", f, r>>8, g>>8, b>>8)
		}
	}
	if IconSize("nope.png") != 0 || IconSize("icon-512.png") != 512 {
		t.Error("IconSize")
	}
	if (Colours{Mark: "#fff", Background: "#000"}).Key() == c.Key() {
		t.Error("icon key ignores the colours")
	}
}

func testConfig(version string) WorkerConfig {
	return NewWorkerConfig([]string{"/shell/static/abc/shell.css"}, []ReleaseAssets{
		{Name: "root", Version: "r1", Files: []string{"/mf/root/r1/main.js"}},
		{Name: "lobby", Version: version, Files: []string{"/mf/lobby/" + version + "/remoteEntry.js", "/mf/lobby/" + version + "/463.js"}},
	}, "/cashier")
}

func configOf(t *testing.T, worker []byte) WorkerConfig {
	t.Helper()
	m := regexp.MustCompile(`const CONFIG = (\{.*\});`).FindSubmatch(worker)
	if m == nil {
		t.Fatalf("no CONFIG in the worker:\n%s", worker)
	}
	var c WorkerConfig
	if err := json.Unmarshal(m[1], &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestWorkerListsReleasesAndChangesWithThem(t *testing.T) {
	a, b := Worker(testConfig("v1")), Worker(testConfig("v2"))
	if bytes.Equal(a, b) {
		t.Fatal("a new release does not change the worker")
	}
	ca := configOf(t, a)
	if ca.Offline != OfflinePath || len(ca.Releases) != 2 || ca.Releases[1].Files[0] != "/mf/lobby/v1/remoteEntry.js" || ca.Version == "" {
		t.Errorf("config: %+v", ca)
	}
	if cb := configOf(t, b); cb.Version == ca.Version {
		t.Error("same version for two releases")
	}
	if !bytes.Equal(a, Worker(testConfig("v1"))) {
		t.Error("the worker is not stable for the same releases")
	}
}

func TestWorkerRoutingRules(t *testing.T) {
	c := configOf(t, Worker(testConfig("v1")))
	for _, tc := range []struct {
		path       string
		navigation bool
		want       string
	}{
		{"/api/user/get-user-details", false, "bypass"},
		{"/api/user/events", false, "bypass"},
		{"/api/core/casino/assets/logo.svg", false, "bypass"},
		{"/api/core/casino/settings2", true, "bypass"},
		{"/sandbox/card/3ds/pay_1", true, "bypass"},
		{"/chat/lobby/events", false, "bypass"},
		{"/races/1/events", false, "bypass"},
		{"/studio/tables/roulette/events", false, "bypass"},
		{"/logout", true, "bypass"},
		{"/backoffice/players", true, "bypass"},
		{"/sw.js", false, "bypass"},
		{"/mf/lobby/v1/remoteEntry.js", false, "static"},
		{"/shell/static/abc/shell.css", false, "static"},
		{"/pwa/icons/k/icon-192.png", false, "static"},
		{"/casino", true, "page"},
		{"/deposit", true, "page"},
		{"/cashier", true, "page"},
		{"/profile2/balance", true, "page"},
		{"/", true, "page"},
		{"/casino", false, "network"},
		{"/logouts", true, "page"},
	} {
		if got := c.Route(tc.path, tc.navigation); got != tc.want {
			t.Errorf("Route(%q, nav=%v) = %q, want %q", tc.path, tc.navigation, got, tc.want)
		}
	}
	// Nothing under /api/ or a money page is ever a cache-first prefix.
	for _, p := range c.Static {
		for _, never := range append([]string{"/api/", "/sandbox/", "/deposit", "/withdraw", "/cashier"}, c.MoneyPages...) {
			if strings.HasPrefix(never, p) || strings.HasPrefix(p, never) {
				t.Errorf("static prefix %q covers %q", p, never)
			}
		}
	}
	for _, want := range []string{"/deposit", "/withdraw", "/withdrawal", "/cashier", "/profile/transactions"} {
		found := false
		for _, p := range c.MoneyPages {
			found = found || p == want
		}
		if !found {
			t.Errorf("money page %s not listed: %v", want, c.MoneyPages)
		}
	}
	// The worker stores responses in one place only, behind storable()
	// (static paths, never HTML) and precache() (the configured lists).
	src := string(Worker(testConfig("v1")))
	if n := strings.Count(src, ".put("); n != 2 {
		t.Errorf("%d cache.put calls, want 2 (static and the offline page)", n)
	}
	if !strings.Contains(src, "if (storable(url, response)) await cache.put(") {
		t.Error("static responses are stored without the storable() check")
	}
}
