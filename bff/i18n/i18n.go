// Package i18n serves the interface translations: flat react-intl message
// catalogues in content/locales/{lng}.json, English complete and every other
// language falling back to English message by message.
package i18n

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"casino/bff/api"
)

// Fallback is the language every catalogue falls back to.
const Fallback = "en"

// CacheFor is how long clients may keep a catalogue (SPEC: 1 hour).
const CacheFor = time.Hour

// Catalog loads and caches the catalogues of a directory.
type Catalog struct {
	dir string

	mu    sync.Mutex
	cache map[string]*entry
}

type entry struct {
	modTime  time.Time
	messages map[string]string
	body     []byte
	etag     string
	version  string

	scoped map[string]*scopedBody // by scope, made on first ask (guarded by Catalog.mu)
}

type scopedBody struct {
	body []byte
	etag string
}

// SharedPrefixes are the ids every micro-frontend's scope includes: the UI
// kit's and the platform module's own texts.
var SharedPrefixes = []string{"ui.", "platform."}

// inScope reports whether id belongs to a micro-frontend's catalogue: its
// own ids (scope.…) and the shared ones.
func inScope(id, scope string) bool {
	if strings.HasPrefix(id, scope) && strings.HasPrefix(id[len(scope):], ".") {
		return true
	}
	for _, p := range SharedPrefixes {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

// forScope returns e's body with only scope's ids ("" : every id).
func (c *Catalog) forScope(e *entry, scope string) (*scopedBody, error) {
	if scope == "" {
		return &scopedBody{body: e.body, etag: e.etag}, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if b, ok := e.scoped[scope]; ok {
		return b, nil
	}
	part := map[string]string{}
	for id, m := range e.messages {
		if inScope(id, scope) {
			part[id] = m
		}
	}
	body, err := json.Marshal(part)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	b := &scopedBody{body: body, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
	if e.scoped == nil {
		e.scoped = map[string]*scopedBody{}
	}
	e.scoped[scope] = b
	return b, nil
}

// NewCatalog reads catalogues from dir.
func NewCatalog(dir string) *Catalog {
	return &Catalog{dir: dir, cache: map[string]*entry{}}
}

// Messages returns lng's messages merged over English.
func (c *Catalog) Messages(lng string) (map[string]string, error) {
	e, err := c.load(lng)
	if err != nil {
		return nil, err
	}
	return e.messages, nil
}

// Message returns one message, or its id when no catalogue has it.
func (c *Catalog) Message(lng, id string) string {
	msgs, err := c.Messages(lng)
	if err == nil {
		if m, ok := msgs[id]; ok {
			return m
		}
	}
	return id
}

// Version is the date-based version of lng's catalogue (YYYY-MM-DD.hash), used
// by clients to bust their one-hour cache when translations change.
func (c *Catalog) Version(lng string) string {
	e, err := c.load(lng)
	if err != nil {
		return ""
	}
	return e.version
}

func (c *Catalog) file(lng string) string { return filepath.Join(c.dir, lng+".json") }

// load returns the merged catalogue, re-reading it when either file changed on
// disk, so an operator's edit shows without a restart.
func (c *Catalog) load(lng string) (*entry, error) {
	base, err := os.Stat(c.file(Fallback))
	if err != nil {
		return nil, fmt.Errorf("english catalogue: %w", err)
	}
	modTime := base.ModTime()
	own, ownErr := os.Stat(c.file(lng))
	if ownErr == nil && own.ModTime().After(modTime) {
		modTime = own.ModTime()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.cache[lng]; ok && e.modTime.Equal(modTime) {
		return e, nil
	}
	messages, err := readCatalogue(c.file(Fallback))
	if err != nil {
		return nil, err
	}
	if lng != Fallback && ownErr == nil {
		own, err := readCatalogue(c.file(lng))
		if err != nil {
			return nil, err
		}
		for k, v := range own {
			if v != "" {
				messages[k] = v
			}
		}
	}
	body, err := json.Marshal(messages)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	e := &entry{
		modTime:  modTime,
		messages: messages,
		body:     body,
		etag:     `"` + hex.EncodeToString(sum[:8]) + `"`,
		version:  modTime.UTC().Format("2006-01-02") + "." + hex.EncodeToString(sum[:4]),
	}
	c.cache[lng] = e
	return e, nil
}

func readCatalogue(path string) (map[string]string, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read catalogue: %w", err)
	}
	var m map[string]string
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("catalogue %s: %w", filepath.Base(path), err)
	}
	return m, nil
}

// Handler serves GET /api/core/casino/locales/{lng}.json. supported lists the
// operator's languages; others answer 404.
func (c *Catalog) Handler(supported func(r *http.Request) ([]string, error)) api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		name := r.PathValue("file")
		lng, ok := strings.CutSuffix(name, ".json")
		if !ok || !validCode(lng) {
			return fmt.Errorf("locale %q: %w", name, api.ErrUnknownLanguage)
		}
		langs, err := supported(r)
		if err != nil {
			return err
		}
		if !contains(langs, lng) {
			return fmt.Errorf("locale %q not offered: %w", lng, api.ErrUnknownLanguage)
		}
		// scope: one micro-frontend's ids (its id prefix, "lobby") and the
		// shared ones, so an app downloads only its own texts.
		scope := r.URL.Query().Get("scope")
		if scope != "" && !validScope(scope) {
			return api.ErrValidation.WithField("scope", "Invalid format")
		}
		e, err := c.load(lng)
		if err != nil {
			return err
		}
		b, err := c.forScope(e, scope)
		if err != nil {
			return err
		}
		h := w.Header()
		h.Set("Content-Type", "application/json; charset=utf-8")
		h.Set("Cache-Control", fmt.Sprintf("public, max-age=%d", int(CacheFor.Seconds())))
		h.Set("ETag", b.etag)
		h.Set("X-Translations-Version", e.version)
		h.Set("Last-Modified", e.modTime.UTC().Format(http.TimeFormat))
		if match := r.Header.Get("If-None-Match"); match == b.etag {
			w.WriteHeader(http.StatusNotModified)
			return nil
		}
		_, err = w.Write(b.body)
		return err
	}
}

func validScope(s string) bool {
	if len(s) > 32 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

func validCode(s string) bool {
	if len(s) < 2 || len(s) > 10 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-') {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
