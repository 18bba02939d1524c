package site

import (
	"bytes"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"

	"casino/shell"
)

// A guest's page is the same bytes for every guest apart from the CSP nonce,
// so it is rendered once per version of its inputs and kept with the nonce
// positions marked; each response fills in a fresh nonce. Logged-in players'
// pages, pages with the country-block notice and htmx fragments are rendered
// per request. Every response stays Cache-Control: no-store (the nonce is
// new each time).

// maxCachedPages bounds the cache. The key includes the path, and prefix
// routes (/casino/games/…) accept any path, so the map is emptied when full
// rather than grown without limit. Each entry is one page (~15–25 KB).
const maxCachedPages = 512

// pageKey is everything a shared page's bytes depend on. The layout pointer
// changes whenever the settings revision, the language, the translations or
// the footer licence change (Site.layout builds a new one); remotes is the
// front-end registry revision and variant the canary releases a visitor is
// served (one cached page per release, not per visitor); scripts is the operator-scripts entry, which
// keeps its pointer while the scripts are unchanged; info versions an info
// page's Markdown.
type pageKey struct {
	layout      *shell.Layout
	remotes     uint64
	variant     string
	scripts     *scriptsEntry
	info        int64
	kind        shell.Kind
	play        bool
	app, title  string
	heading     string
	path        string
	modal, name string
}

var hdrGzip = []string{"gzip"}

func keyOf(v *view, play bool) pageKey {
	return pageKey{
		layout: v.Layout, remotes: v.remotes, variant: v.variant, scripts: v.scripts, info: v.info,
		kind: v.Kind, play: play, app: v.App, title: v.Title, heading: v.Heading,
		path: v.Path, modal: v.Modal, name: v.ModalName,
	}
}

// renderedPage is a page split at every occurrence of the nonce.
type renderedPage struct {
	parts [][]byte
	size  int        // len of the parts together
	gz    *gzipParts // the same, gzip-compressed (gzip.go); nil if compression failed
}

func (p *renderedPage) length(nonce string) int {
	return p.size + (len(p.parts)-1)*len(nonce)
}

func (p *renderedPage) appendTo(b []byte, nonce string) []byte {
	for i, part := range p.parts {
		if i > 0 {
			b = append(b, nonce...)
		}
		b = append(b, part...)
	}
	return b
}

type renderCache struct {
	max int
	// marker stands in for the nonce while a shared page renders. It is
	// random per process and shaped like a nonce (base64url), so no escaping
	// changes it and no page content can guess it.
	marker []byte

	mu    sync.RWMutex
	pages map[pageKey]*renderedPage

	hits, misses atomic.Uint64
}

func newRenderCache(max int) *renderCache {
	return &renderCache{max: max, marker: []byte(newNonce()), pages: map[pageKey]*renderedPage{}}
}

func (c *renderCache) get(k pageKey) *renderedPage {
	c.mu.RLock()
	p := c.pages[k]
	c.mu.RUnlock()
	if p != nil {
		c.hits.Add(1)
	} else {
		c.misses.Add(1)
	}
	return p
}

func (c *renderCache) put(k pageKey, p *renderedPage) {
	c.mu.Lock()
	if len(c.pages) >= c.max {
		// Entries of old versions are never asked for again; starting over
		// drops them along with the rest (a page renders in ~50 µs).
		clear(c.pages)
	}
	c.pages[k] = p
	c.mu.Unlock()
}

// split cuts rendered bytes at every marker (copying: buf is reused).
func (c *renderCache) split(buf []byte) *renderedPage {
	p := &renderedPage{}
	for {
		i := bytes.Index(buf, c.marker)
		if i < 0 {
			break
		}
		p.parts = append(p.parts, bytes.Clone(buf[:i]))
		p.size += i
		buf = buf[i+len(c.marker):]
	}
	p.parts = append(p.parts, bytes.Clone(buf))
	p.size += len(buf)
	return p
}

// renderShared answers a shared page from the cache, rendering it on a miss.
func (s *Site) renderShared(w http.ResponseWriter, r *http.Request, v *view, play bool) {
	c := s.rendered
	k := keyOf(v, play)
	page := c.get(k)
	if page == nil {
		marker := string(c.marker)
		v.Nonce = marker
		if v.scripts != nil {
			v.Head, v.BodyStart, v.BodyEnd = v.scripts.withNonce(marker)
		}
		buf := bufPool.Get().(*bytes.Buffer)
		buf.Reset()
		err := s.component(r, v.Page, play).Render(r.Context(), buf)
		if err == nil {
			page = c.split(buf.Bytes())
			if page.gz, err = compressParts(page.parts); err != nil {
				slog.Error("site: compress page", "path", r.URL.Path, "err", err)
				page.gz, err = nil, nil
			}
		}
		putBuf(buf)
		if err != nil {
			slog.Error("site: render", "path", r.URL.Path, "err", err)
			http.Error(w, "Internal server error", http.StatusInternalServerError)
			return
		}
		c.put(k, page)
	}
	nonce := newNonce()
	h := w.Header()
	pageHeaders(h, nonce, play)
	h.Add("Vary", "Accept-Encoding")
	gz := page.gz != nil && acceptsGzip(r)
	if gz {
		h["Content-Encoding"] = hdrGzip
		h["Content-Length"] = []string{strconv.Itoa(page.gz.length(nonce))}
	} else {
		h["Content-Length"] = []string{strconv.Itoa(page.length(nonce))}
	}
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	buf := bufPool.Get().(*bytes.Buffer)
	var b []byte
	if gz {
		b = page.gz.appendTo(buf.Bytes()[:0], page, nonce)
	} else {
		b = page.appendTo(buf.Bytes()[:0], nonce)
	}
	w.Write(b)
	buf.Reset()
	if cap(b) > buf.Cap() {
		buf = bytes.NewBuffer(b[:0]) // keep the grown array
	}
	putBuf(buf)
}
