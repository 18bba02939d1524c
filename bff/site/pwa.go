package site

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"sync"

	"casino/bff/pwa"
	"casino/bff/settings"
	"casino/shell"
)

// The installable app (docs/site.md, "Installable app"): the manifest, the
// icons, the service worker and the offline page. The pure parts are in
// bff/pwa.

// pwaState caches what the app's files are built from.
type pwaState struct {
	mu     sync.Mutex
	icons  map[string][]byte // Colours.Key()+"/"+file → PNG
	worker struct {
		settings, releases uint64
		body               []byte
		config             pwa.WorkerConfig
	}
}

// iconColours are the colours the icons are drawn in: the theme's primary
// (the coin) on its background.
func iconColours(st *settings.Settings) pwa.Colours {
	d := settings.Defaults().Theme
	return pwa.Colours{Mark: colourOr(st.Theme.PrimaryColor, d.PrimaryColor), Background: colourOr(st.Theme.BackgroundColor, d.BackgroundColor)}
}

// appOf is what the manifest says, from the settings.
func appOf(st *settings.Settings) pwa.App {
	d := settings.Defaults().Theme
	brand := st.BrandName
	if brand == "" {
		brand = "Casino"
	}
	return pwa.App{
		Name:        brand,
		ShortName:   pwa.ShortNameOf(st.ShortName, brand),
		Description: brand + ": online casino with slots, live casino, promotions, a VIP club and a daily rewards calendar. 18+. Play responsibly.",
		StartURL:    st.PageURL("root"),
		ThemeColour: colourOr(st.Theme.SurfaceColor, d.SurfaceColor),
		Background:  colourOr(st.Theme.BackgroundColor, d.BackgroundColor),
		Icons:       iconColours(st),
	}
}

// serveManifest answers GET /manifest.webmanifest. It is served whatever
// the addToHomeScreen flag says: the flag only hides the install button
// (browsers may still offer installation from their own menu, which is
// harmless).
func (s *Site) serveManifest(w http.ResponseWriter, r *http.Request) {
	st, err := s.deps.Settings.Current(r.Context())
	if err != nil {
		s.unavailable(w, r)
		return
	}
	body := pwa.Manifest(appOf(&st))
	h := w.Header()
	h.Set("Content-Type", "application/manifest+json")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// serveIcon answers GET /pwa/icons/{key}/{file}: drawn once per theme and
// kept. The current key is immutable; an old key (a page from before a theme
// change) gets the current drawing for a minute.
func (s *Site) serveIcon(w http.ResponseWriter, r *http.Request) {
	file := r.PathValue("file")
	if file == "" {
		file = "apple-touch-icon.png"
	}
	size := pwa.IconSize(file)
	if size == 0 {
		plainNotFound(w)
		return
	}
	st, err := s.deps.Settings.Current(r.Context())
	if err != nil {
		s.unavailable(w, r)
		return
	}
	c := iconColours(&st)
	body := s.icon(c, file, size)
	h := w.Header()
	h.Set("Content-Type", "image/png")
	h.Set("X-Content-Type-Options", "nosniff")
	if r.PathValue("key") == c.Key() {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "public, max-age=60")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

func (s *Site) icon(c pwa.Colours, file string, size int) []byte {
	key := c.Key() + "/" + file
	s.pwa.mu.Lock()
	body, ok := s.pwa.icons[key]
	s.pwa.mu.Unlock()
	if ok {
		return body
	}
	body = pwa.DrawIcon(size, file == "icon-maskable-512.png", c)
	s.pwa.mu.Lock()
	if len(s.pwa.icons) > 64 { // themes edited many times: start over
		s.pwa.icons = map[string][]byte{}
	}
	s.pwa.icons[key] = body
	s.pwa.mu.Unlock()
	return body
}

// precachedApps are the releases whose start-up files the worker precaches:
// the player's pages and modals (not the staff back office). The lobby's
// shared modules (React, the platform…) are precached too: the first page
// of a visit is usually the lobby's, and one copy is enough.
var precachedApps = []string{"root", "lobby", "cashier", "profile", "calendar", "country-block"}

// WorkerConfig is the service worker's configuration for the current
// releases and settings.
func (s *Site) WorkerConfig(ctx context.Context) (pwa.WorkerConfig, []byte, error) {
	st, err := s.deps.Settings.Current(ctx)
	if err != nil {
		return pwa.WorkerConfig{}, nil, err
	}
	cur, rev, err := s.deps.Frontends.Snapshot(ctx)
	if err != nil {
		return pwa.WorkerConfig{}, nil, err
	}
	s.pwa.mu.Lock()
	if s.pwa.worker.body != nil && s.pwa.worker.settings == st.Revision && s.pwa.worker.releases == rev {
		c, b := s.pwa.worker.config, s.pwa.worker.body
		s.pwa.mu.Unlock()
		return c, b, nil
	}
	s.pwa.mu.Unlock()
	var releases []pwa.ReleaseAssets
	for _, name := range precachedApps {
		rel, ok := cur[name]
		if !ok {
			continue
		}
		releases = append(releases, pwa.ReleaseAssets{Name: name, Version: rel.Version, Files: s.deps.Frontends.StartupFiles(rel, name == "lobby")})
	}
	c := iconColours(&st)
	shellFiles := []string{shell.CSSURL(), shell.StaticURL("icons.svg"), shell.StaticURL("pwa.js"), pwa.IconURL(c, "icon-192.png")}
	cfg := pwa.NewWorkerConfig(shellFiles, releases, st.PageURL("deposit"), st.PageURL("withdraw"), st.PageURL("transactions"))
	body := pwa.Worker(cfg)
	s.pwa.mu.Lock()
	s.pwa.worker.settings, s.pwa.worker.releases, s.pwa.worker.body, s.pwa.worker.config = st.Revision, rev, body, cfg
	s.pwa.mu.Unlock()
	return cfg, body, nil
}

// serveWorker answers GET /sw.js: revalidated on every check (no-cache), so
// a published release reaches installed workers at the next navigation.
func (s *Site) serveWorker(w http.ResponseWriter, r *http.Request) {
	_, body, err := s.WorkerConfig(r.Context())
	if err != nil {
		slog.Error("site: service worker", "err", err)
		http.Error(w, "Service unavailable", http.StatusServiceUnavailable)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/javascript; charset=utf-8")
	h.Set("Cache-Control", "no-cache, max-age=0")
	h.Set("Service-Worker-Allowed", "/")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'self'")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// serveOffline answers GET /offline: the page the worker shows when a
// navigation fails. Nothing personal is on it (the worker keeps it), and its
// language is ?lang= (the worker asks for the page's language) or the
// visitor's as usual.
func (s *Site) serveOffline(w http.ResponseWriter, r *http.Request) {
	st, err := s.deps.Settings.Current(r.Context())
	if err != nil {
		s.unavailable(w, r)
		return
	}
	lang := r.URL.Query().Get("lang")
	if !supportedLanguage(&st, lang) {
		q := r.URL.Query()
		q.Del("lng") // the offline page never sets the language cookie
		r2 := r.Clone(r.Context())
		r2.URL.RawQuery = q.Encode()
		lang = s.language(w, r2, &st, nil)
	}
	layout, err := s.layout(r.Context(), &st, lang)
	if err != nil {
		slog.Error("site: layout", "err", err)
		s.unavailable(w, r)
		return
	}
	p := &shell.Page{Layout: layout, Kind: shell.KindApp, Title: layout.Labels.OfflineTitle, Path: r.URL.Path, Nonce: newNonce()}
	var buf bytes.Buffer
	if err := shell.OfflineDocument(p).Render(r.Context(), &buf); err != nil {
		slog.Error("site: render offline", "err", err)
		http.Error(w, "Internal server error", http.StatusInternalServerError)
		return
	}
	pageHeaders(w.Header(), p.Nonce, false)
	w.Header().Set("Content-Language", lang)
	w.Header().Set("X-Robots-Tag", "noindex")
	if r.Method != http.MethodHead {
		w.Write(buf.Bytes())
	}
}

func supportedLanguage(st *settings.Settings, lang string) bool {
	if lang == "" {
		return false
	}
	for _, l := range st.Languages {
		if l == lang {
			return true
		}
	}
	return false
}
