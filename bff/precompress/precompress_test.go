package precompress

import (
	"bytes"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestCodings(t *testing.T) {
	for _, tc := range []struct {
		ae   string
		want []string
	}{
		{"", nil},
		{"gzip, deflate, br, zstd", []string{"br", "gzip"}}, // Chromium over HTTPS
		{"gzip, deflate", []string{"gzip"}},                 // Chromium over HTTP
		{"br;q=0, gzip", []string{"gzip"}},
		{"br; q=0.0, gzip", []string{"gzip"}},
		{"br;q=0.5, gzip", []string{"gzip", "br"}},
		{"br, gzip;q=0", []string{"br"}},
		{"x-gzip", []string{"gzip"}},
		{"*", []string{"br", "gzip"}},
		{"*;q=0", nil},
		{"*, br;q=0", []string{"gzip"}},
		{"identity", nil},
		{"BR", []string{"br"}},
		{"br;q=nonsense, gzip", []string{"gzip"}},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		if tc.ae != "" {
			r.Header.Set("Accept-Encoding", tc.ae)
		}
		if got := Codings(r); !slices.Equal(got, tc.want) {
			t.Errorf("%q: %v, want %v", tc.ae, got, tc.want)
		}
	}
}

func TestWriteFiles(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "app.js")
	plain := []byte(strings.Repeat("function spin(){return Math.random()}\n", 200))
	os.WriteFile(p, plain, 0o644)
	// A stale .br from the build (another file's) is replaced.
	os.WriteFile(p+".br", Encode(Brotli, []byte("old")), 0o644)
	if err := WriteFiles(p); err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{Brotli, Gzip} {
		b, err := os.ReadFile(p + Ext(c))
		if err != nil {
			t.Fatal(err)
		}
		got, err := Decode(c, b)
		if err != nil || !bytes.Equal(got, plain) {
			t.Errorf("%s: does not decode to the file (%v)", c, err)
		}
		if len(b) >= len(plain) {
			t.Errorf("%s: %d bytes for %d", c, len(b), len(plain))
		}
	}
	// A valid .br from the build is kept as it is.
	mark := Encode(Brotli, plain)
	os.WriteFile(p+".br", mark, 0o644)
	before, _ := os.Stat(p + ".br")
	if err := WriteFiles(p); err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(p + ".br")
	if !after.ModTime().Equal(before.ModTime()) {
		t.Error("a valid shipped .br was rewritten")
	}
}
