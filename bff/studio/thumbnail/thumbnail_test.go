package thumbnail

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestSrcset(t *testing.T) {
	for _, c := range []struct{ url, want string }{
		{"/studio/thumbnails/fruit-fiesta.svg", "/studio/thumbnails/fruit-fiesta-160.webp 160w, /studio/thumbnails/fruit-fiesta-240.webp 240w, /studio/thumbnails/fruit-fiesta-320.webp 320w"},
		{"https://cdn.example.com/thumbs/fruit-fiesta.svg", ""}, // an operator's own image
		{"/studio/thumbnails/fruit-fiesta.png", ""},
		{"/studio/thumbnails/sub/x.svg", ""},
		{"/studio/thumbnails/x.svg?v=2", ""},
		{"", ""},
	} {
		if got := Srcset(c.url); got != c.want {
			t.Errorf("Srcset(%q) = %q, want %q", c.url, got, c.want)
		}
	}
}

// Every SVG the studio ships has its WebP sizes beside it, or a lobby tile
// would offer a srcset that is not found (node scripts/studio-thumbs.mjs).
func TestEveryThumbnailHasItsRasters(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "content", "games", "thumbnails")
	svgs, _ := filepath.Glob(filepath.Join(dir, "*.svg"))
	if len(svgs) < 10 {
		t.Fatalf("%d thumbnails in %s", len(svgs), dir)
	}
	for _, svg := range svgs {
		base := strings.TrimSuffix(svg, ".svg")
		for _, w := range Widths {
			b, err := os.ReadFile(base + "-" + strconv.Itoa(w) + ".webp")
			if err != nil || len(b) < 12 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WEBP" {
				t.Errorf("%s at %d px: %v", filepath.Base(svg), w, err)
			}
		}
	}
}

func TestHandler(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.svg"), []byte("<svg/>"), 0o644)
	os.WriteFile(filepath.Join(dir, "a-160.webp"), []byte("RIFF0000WEBP"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.png"), []byte("png"), 0o644)
	os.WriteFile(filepath.Join(dir, ".hidden.svg"), []byte("<svg/>"), 0o644)
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+PathPrefix+"{file}", Handler(dir))
	for _, c := range []struct {
		path, ctype string
		code        int
	}{
		{"/studio/thumbnails/a.svg", "image/svg+xml", 200},
		{"/studio/thumbnails/a-160.webp", "image/webp", 200},
		{"/studio/thumbnails/a.png", "", 404},
		{"/studio/thumbnails/.hidden.svg", "", 404},
		{"/studio/thumbnails/b.svg", "", 404},
		{"/studio/thumbnails/..%2fa.svg", "", 404},
	} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", c.path, nil))
		if rec.Code != c.code || (c.code == 200 && rec.Header().Get("Content-Type") != c.ctype) {
			t.Errorf("%s: %d %q", c.path, rec.Code, rec.Header().Get("Content-Type"))
		}
		if c.code == 200 && rec.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", c.path)
		}
	}
}
