// Package precompress holds the content codings of static files: Brotli
// (quality 11) and gzip (best compression) written once, when a file is
// published or first needed, and the choice between them from a request's
// Accept-Encoding. Pages compressed per request keep gzip (bff/site/gzip.go):
// Brotli at quality 11 is far too slow to run per response.
package precompress

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"
)

// Content codings, as Content-Encoding names them.
const (
	Brotli = "br"
	Gzip   = "gzip"
)

// Ext is the suffix of a coding's file beside the plain one ("app.js.br").
func Ext(coding string) string {
	if coding == Brotli {
		return ".br"
	}
	return ".gz"
}

// Suffixed reports whether name is itself a precompressed file (.br or .gz):
// such files are never served by their own names.
func Suffixed(name string) bool {
	return strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz")
}

// Codings returns the codings r accepts, best first: Brotli and gzip by
// their q-values ("*" stands for any coding not listed; q=0 refuses), Brotli
// first when both are equally wanted. Empty: send the identity.
func Codings(r *http.Request) []string {
	qBr, qGz := quality(r, Brotli), quality(r, Gzip)
	var out []string
	switch {
	case qBr > 0 && qBr >= qGz:
		out = append(out, Brotli)
		if qGz > 0 {
			out = append(out, Gzip)
		}
	case qGz > 0:
		out = append(out, Gzip)
		if qBr > 0 {
			out = append(out, Brotli)
		}
	}
	return out
}

// Accepts reports whether r's Accept-Encoding allows coding.
func Accepts(r *http.Request, coding string) bool {
	return quality(r, coding) > 0
}

// quality is coding's q-value in r's Accept-Encoding: its own entry (gzip
// also as x-gzip), else that of "*", else 0.
func quality(r *http.Request, coding string) float64 {
	own, star := -1.0, -1.0
	for _, v := range r.Header.Values("Accept-Encoding") {
		for part := range strings.SplitSeq(v, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			name = strings.ToLower(strings.TrimSpace(name))
			q := 1.0
			for p := range strings.SplitSeq(params, ";") {
				if k, val, ok := strings.Cut(p, "="); ok && strings.TrimSpace(k) == "q" {
					if f, err := strconv.ParseFloat(strings.TrimSpace(val), 64); err == nil {
						q = f
					} else {
						q = 0
					}
				}
			}
			switch {
			case name == coding || coding == Gzip && name == "x-gzip":
				own = max(own, q)
			case name == "*":
				star = max(star, q)
			}
		}
	}
	if own >= 0 {
		return own
	}
	return max(star, 0)
}

// Encode compresses b with coding at its best setting (Brotli quality 11,
// gzip level 9).
func Encode(coding string, b []byte) []byte {
	var buf bytes.Buffer
	var w io.WriteCloser
	if coding == Brotli {
		w = brotli.NewWriterLevel(&buf, brotli.BestCompression)
	} else {
		w, _ = gzip.NewWriterLevel(&buf, gzip.BestCompression)
	}
	w.Write(b) // a bytes.Buffer does not fail
	w.Close()
	return buf.Bytes()
}

// Decode is the inverse of Encode.
func Decode(coding string, b []byte) ([]byte, error) {
	var rd io.Reader
	if coding == Brotli {
		rd = brotli.NewReader(bytes.NewReader(b))
	} else {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, err
		}
		rd = zr
	}
	return io.ReadAll(rd)
}

// WriteFiles writes p.br and p.gz beside the file p. A p.br already there
// (one the build shipped: scripts/build-frontends.mjs writes them with
// Node's Brotli at quality 11) is kept when it decodes to p's bytes, so a
// build is compressed at quality 11 once, not on every publish; otherwise it
// is replaced.
func WriteFiles(p string) error {
	plain, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	if err := writeFile(p+".gz", Encode(Gzip, plain)); err != nil {
		return err
	}
	if old, err := os.ReadFile(p + ".br"); err == nil {
		if got, err := Decode(Brotli, old); err == nil && bytes.Equal(got, plain) {
			return nil
		}
	}
	return writeFile(p+".br", Encode(Brotli, plain))
}

func writeFile(p string, b []byte) error {
	return os.WriteFile(p, b, 0o644)
}
