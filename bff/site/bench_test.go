package site

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkShellPage measures the server time of one full shell page (a
// guest on /casino with operator scripts and every front end published),
// through the mux, as a request would be served.
func BenchmarkShellPage(b *testing.B) {
	f := newFixture(b)
	f.site.scriptsTTL = defaultScriptsTTL
	for _, tc := range []struct {
		name string
		opts []func(*http.Request)
	}{
		{"guest", nil},
		{"guest-gzip", []func(*http.Request){withHeader("Accept-Encoding", "gzip, deflate, br")}},
		{"player", []func(*http.Request){withCookie(f.login("bench@example.com", true))}},
		{"fragment-header", []func(*http.Request){withHeader("HX-Request", "true"), withHeader("HX-Target", "header")}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, "/casino/slots", nil)
			for _, o := range tc.opts {
				o(req)
			}
			b.ReportAllocs()
			var size int
			w := &discard{h: http.Header{}}
			for b.Loop() {
				clear(w.h)
				w.n, w.code = 0, 0
				f.mux.ServeHTTP(w, req)
				if w.code != http.StatusOK {
					b.Fatalf("status %d", w.code)
				}
				size = w.n
			}
			b.ReportMetric(float64(size), "bytes/page")
		})
	}
}

func BenchmarkInfoPage(b *testing.B) {
	f := newFixture(b)
	f.site.scriptsTTL = defaultScriptsTTL
	req := httptest.NewRequest(http.MethodGet, "/responsible-gambling", nil)
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		f.mux.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d", rec.Code)
		}
	}
}

// discard is a ResponseWriter that only counts, so the benchmark measures the
// server's work rather than a recorder's buffer growth.
type discard struct {
	h       http.Header
	code, n int
}

func (d *discard) Header() http.Header  { return d.h }
func (d *discard) WriteHeader(code int) { d.code = code }
func (d *discard) Write(p []byte) (int, error) {
	if d.code == 0 {
		d.code = http.StatusOK
	}
	d.n += len(p)
	return len(p), nil
}
