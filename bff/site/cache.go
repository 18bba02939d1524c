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
// positions marked; each response fills in a fresh nonce. A logged-in
// player's page is the same but for the header: it is cached per audience
// (player or depositor) with the header's place marked too, and each response
// splices in the player's header (header.go). Pages with the country-block
// notice and htmx fragments are rendered per request. Every response stays Cache-Control: no-store (the nonce is
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
	audience    audience
	first       any // the first screen's data (a pointer per version of it)
}

// audience is who a shared page is for: a guest, or a logged-in player
// (depositor or not: the operator scripts differ), whose header is spliced in.
type audience uint8

const (
	audienceGuest audience = iota
	audiencePlayer
	audienceDepositor
)

var hdrGzip = []string{"gzip"}

// noHeader is the header of a guest's page: none.
var noHeader headerFrag

func keyOf(v *view, play bool) pageKey {
	return pageKey{
		layout: v.Layout, remotes: v.remotes, variant: v.variant, scripts: v.scripts, info: v.info,
		kind: v.Kind, play: play, app: v.App, title: v.Title, heading: v.Heading,
		path: v.Path, modal: v.Modal, name: v.ModalName, audience: v.audience, first: v.first,
	}
}

// renderedPage is a page split at every occurrence of the nonce and at the
// personal header's place.
type renderedPage struct {
	parts [][]byte
	// header[i] says the slot between parts[i] and parts[i+1] is the
	// player's header; every other slot is the nonce.
	header   []bool
	personal bool       // has a header slot
	size     int        // len of the parts together
	gz       *gzipParts // the same, gzip-compressed (gzip.go); nil if compression failed
}

func (p *renderedPage) length(nonce string, header []byte) int {
	n := p.size
	for _, h := range p.header {
		if h {
			n += len(header)
		} else {
			n += len(nonce)
		}
	}
	return n
}

func (p *renderedPage) appendTo(b []byte, nonce string, header []byte) []byte {
	for i, part := range p.parts {
		if i > 0 {
			if p.header[i-1] {
				b = append(b, header...)
			} else {
				b = append(b, nonce...)
			}
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
	// headerMarker stands where a logged-in page's header goes.
	headerMarker []byte

	mu    sync.RWMutex
	pages map[pageKey]*renderedPage

	hits, misses atomic.Uint64
}

func newRenderCache(max int) *renderCache {
	return &renderCache{max: max, marker: []byte(newNonce()), headerMarker: []byte("\x00header-" + newNonce() + "\x00"), pages: map[pageKey]*renderedPage{}}
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
		i, m, isHeader := bytes.Index(buf, c.marker), c.marker, false
		if j := bytes.Index(buf, c.headerMarker); j >= 0 && (i < 0 || j < i) {
			i, m, isHeader = j, c.headerMarker, true
		}
		if i < 0 {
			break
		}
		p.parts = append(p.parts, bytes.Clone(buf[:i]))
		p.header = append(p.header, isHeader)
		p.personal = p.personal || isHeader
		p.size += i
		buf = buf[i+len(m):]
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
		v.lobby()
		p := *v.Page // the view keeps its own nonce and header for this response
		p.Nonce = marker
		if v.scripts != nil {
			p.Head, p.BodyStart, p.BodyEnd = v.scripts.withNonce(marker)
		}
		if p.Viewer != nil {
			p.HeaderSlot = string(c.headerMarker)
		}
		buf := bufPool.Get().(*bytes.Buffer)
		buf.Reset()
		err := s.component(r, &p, play).Render(r.Context(), buf)
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
	var hdr *headerFrag
	if page.personal {
		var err error
		if hdr, err = s.header(r, v); err != nil {
			slog.Error("site: render header", "path", r.URL.Path, "err", err)
			http.Error(w, "Internal server error", http.StatusInternalServerError)
			return
		}
	} else {
		hdr = &noHeader
	}
	nonce := newNonce()
	h := w.Header()
	pageHeaders(h, nonce, play)
	h.Add("Vary", "Accept-Encoding")
	gz := page.gz != nil && (!page.personal || hdr.deflated != nil) && acceptsGzip(r)
	if gz {
		h["Content-Encoding"] = hdrGzip
		h["Content-Length"] = []string{strconv.Itoa(page.gz.length(page, nonce, hdr.deflated))}
	} else {
		h["Content-Length"] = []string{strconv.Itoa(page.length(nonce, hdr.plain))}
	}
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	buf := bufPool.Get().(*bytes.Buffer)
	var b []byte
	if gz {
		b = page.gz.appendTo(buf.Bytes()[:0], page, nonce, hdr)
	} else {
		b = page.appendTo(buf.Bytes()[:0], nonce, hdr.plain)
	}
	w.Write(b)
	buf.Reset()
	if cap(b) > buf.Cap() {
		buf = bytes.NewBuffer(b[:0]) // keep the grown array
	}
	putBuf(buf)
}
