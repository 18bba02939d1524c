package frontends

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"casino/bff/api"
)

// bomb is a tar.gz of one file of size zero bytes: tiny compressed.
func bomb(t *testing.T, size int64) *bytes.Buffer {
	t.Helper()
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	tw := tar.NewWriter(zw)
	if err := tw.WriteHeader(&tar.Header{Name: "remoteEntry.js", Mode: 0o644, Size: size, Typeflag: tar.TypeReg}); err != nil {
		t.Fatal(err)
	}
	if _, err := io.CopyN(tw, zeros{}, size); err != nil {
		t.Fatal(err)
	}
	tw.Close()
	zw.Close()
	return &buf
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// Issue 18, item 17: uploads capped only the compressed size, so a gzip bomb
// (128 MB of zeros is ~130 KB compressed) or a million tiny files filled the
// disk. Both are refused with 400 now, and nothing is left behind.
func TestUploadCapsExtractedBytesAndEntries(t *testing.T) {
	reg := newRegistry(t)
	a := API{Registry: reg, DeployToken: "s3cret"}
	mux := http.NewServeMux()
	mux.Handle("POST /api/core/casino/frontends/{name}", api.HandlerFunc(a.Upload))
	many := map[string]string{}
	for i := range MaxUploadEntries + 1 {
		many[fmt.Sprintf("f%d.js", i)] = "x"
	}
	for name, body := range map[string]io.Reader{
		"bomb":         bomb(t, MaxExtractedBytes+1),
		"many entries": tarGz(t, many),
	} {
		r := httptest.NewRequest("POST", "/api/core/casino/frontends/lobby", body)
		r.Header.Set("Authorization", "Bearer s3cret")
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, r)
		if rec.Code != 400 {
			t.Errorf("%s: status %d, want 400: %.200s", name, rec.Code, rec.Body)
		}
	}
}

func TestExtractStopsAtTheByteBudget(t *testing.T) {
	dir := t.TempDir()
	if err := extractTarGzLimited(bomb(t, 1<<20), dir, 1<<20, 10); err != nil {
		t.Fatalf("exactly the budget: %v", err)
	}
	dir = t.TempDir()
	if err := extractTarGzLimited(bomb(t, 1<<20+1), dir, 1<<20, 10); err == nil {
		t.Fatal("one byte over the budget was extracted")
	}
	if fi, err := os.Stat(filepath.Join(dir, "remoteEntry.js")); err == nil && fi.Size() > 1<<20 {
		t.Fatalf("wrote %d bytes", fi.Size())
	}
}
