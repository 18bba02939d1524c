package site

import (
	"bytes"
	"compress/flate"
	"log/slog"
	"net/http"
	"sync"

	"casino/shell"
)

// A logged-in player's page differs from every other logged-in page of the
// same audience only in the header (name, deposit or withdrawal, the
// self-exclusion notice, the onboarding tour's data): the rest is rendered once, like a guest's page,
// with a marker where the header goes (shell.Page.HeaderSlot), and each
// response splices in the player's header. Headers are cached too, per
// layout, path and what the header shows of the player, plain and as a
// DEFLATE run ending on a byte boundary for the gzip variant (gzip.go).

// maxCachedHeaders bounds the header cache (~3 KB plain + ~1 KB compressed
// each); a full map is emptied.
const maxCachedHeaders = 4096

type headerKey struct {
	layout     *shell.Layout
	path       string
	name       string
	restricted bool
	until      string
	tour       string // the onboarding tour's JSON, while the player has not seen it
}

type headerFrag struct {
	plain    []byte
	deflated []byte // nil if compression failed: such responses go uncompressed
}

type headerCache struct {
	mu      sync.RWMutex
	entries map[headerKey]*headerFrag
}

// header returns the personal header of v's viewer.
func (s *Site) header(r *http.Request, v *view) (*headerFrag, error) {
	k := headerKey{layout: v.Layout, path: v.Path, name: v.Viewer.Name, restricted: v.Viewer.Restricted, until: v.Viewer.Until, tour: v.Tour}
	c := &s.headers
	c.mu.RLock()
	f := c.entries[k]
	c.mu.RUnlock()
	if f != nil {
		return f, nil
	}
	var buf bytes.Buffer
	if err := shell.Header(v.Page).Render(r.Context(), &buf); err != nil {
		return nil, err
	}
	f = &headerFrag{plain: buf.Bytes()}
	var z bytes.Buffer
	zw, err := flate.NewWriter(&z, flate.DefaultCompression)
	if err == nil {
		if _, err = zw.Write(f.plain); err == nil {
			err = zw.Flush() // sync flush: byte-aligned, not final
		}
	}
	if err != nil {
		slog.Error("site: compress header", "err", err)
	} else {
		f.deflated = z.Bytes()
	}
	c.mu.Lock()
	if c.entries == nil || len(c.entries) >= maxCachedHeaders {
		c.entries = make(map[headerKey]*headerFrag, 256)
	}
	c.entries[k] = f
	c.mu.Unlock()
	return f, nil
}
