package site

import (
	"bytes"
	"fmt"
	"html"
	"io/fs"
	"strings"
	"sync"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
)

// brandPlaceholder in a page's Markdown is replaced by the brand name of the
// settings at render time.
const brandPlaceholder = "{{brand}}"

// pageCache renders content/pages/<slug>.md once and re-renders a page when
// its file changes (checked at most every checkEvery), so an operator's edit
// shows without a restart.
type pageCache struct {
	fsys       fs.FS
	md         goldmark.Markdown
	checkEvery time.Duration
	now        func() time.Time

	mu      sync.Mutex
	entries map[string]*pageEntry
}

type pageEntry struct {
	modTime   time.Time
	size      int64
	checkedAt time.Time
	title     string // with the placeholder
	html      string // with the placeholder
	missing   bool
	version   int64 // changes whenever the rendered page changes

	// per brand, the substituted title and HTML
	brand              string
	brandTitle, brandH string
}

func newPageCache(fsys fs.FS) *pageCache {
	return &pageCache{
		fsys: fsys,
		md: goldmark.New(
			goldmark.WithExtensions(extension.GFM, extension.Typographer),
			goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		),
		checkEvery: time.Second,
		now:        time.Now,
		entries:    map[string]*pageEntry{},
	}
}

var versionCounter struct {
	sync.Mutex
	n int64
}

func nextVersion() int64 {
	versionCounter.Lock()
	defer versionCounter.Unlock()
	versionCounter.n++
	return versionCounter.n
}

// get returns the title and HTML of slug for brand; ok is false when the page
// does not exist. version changes whenever the page is re-rendered.
func (c *pageCache) get(slug, brand string) (title, body string, version int64, ok bool, err error) {
	if c.fsys == nil {
		return "", "", 0, false, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	e := c.entries[slug]
	if e == nil || now.Sub(e.checkedAt) >= c.checkEvery {
		fresh, err := c.refresh(slug, e)
		if err != nil {
			return "", "", 0, false, err
		}
		fresh.checkedAt = now
		e = fresh
		c.entries[slug] = e
	}
	if e.missing {
		return "", "", e.version, false, nil
	}
	if e.brand != brand || e.brandH == "" {
		esc := html.EscapeString(brand)
		e.brand = brand
		e.brandTitle = strings.ReplaceAll(e.title, brandPlaceholder, brand)
		e.brandH = strings.ReplaceAll(e.html, brandPlaceholder, esc)
	}
	return e.brandTitle, e.brandH, e.version, true, nil
}

// refresh re-reads slug when its file changed since old.
func (c *pageCache) refresh(slug string, old *pageEntry) (*pageEntry, error) {
	name := slug + ".md"
	info, err := fs.Stat(c.fsys, name)
	if err != nil {
		if old != nil && old.missing {
			return old, nil
		}
		return &pageEntry{missing: true, version: nextVersion()}, nil
	}
	if old != nil && !old.missing && info.ModTime().Equal(old.modTime) && info.Size() == old.size {
		return old, nil
	}
	src, err := fs.ReadFile(c.fsys, name)
	if err != nil {
		return nil, fmt.Errorf("read page %s: %w", name, err)
	}
	var buf bytes.Buffer
	if err := c.md.Convert(src, &buf); err != nil {
		return nil, fmt.Errorf("render page %s: %w", name, err)
	}
	return &pageEntry{
		modTime: info.ModTime(),
		size:    info.Size(),
		title:   markdownTitle(src),
		html:    buf.String(),
		version: nextVersion(),
	}, nil
}

// markdownTitle is the text of the first "# Title" line.
func markdownTitle(src []byte) string {
	for line := range strings.Lines(string(src)) {
		line = strings.TrimSpace(line)
		if t, ok := strings.CutPrefix(line, "# "); ok {
			t = strings.TrimSpace(strings.TrimRight(t, "#"))
			return strings.NewReplacer("**", "", "__", "", "`", "").Replace(t)
		}
	}
	return ""
}
