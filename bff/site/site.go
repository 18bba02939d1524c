// Package site serves the server-rendered pages: every app route answers the
// shell with the right micro-frontend mount point, info pages are rendered
// from content/pages/*.md, unknown paths get the 404 page, and HX-Request
// fragment requests get only the header or the main element.
package site

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/a-h/templ"

	"casino/bff/bonus"
	"casino/bff/frontends"
	"casino/bff/games"
	"casino/bff/i18n"
	"casino/bff/pwa"
	"casino/bff/scripts"
	"casino/bff/session"
	"casino/bff/settings"
	"casino/shell"
)

// defaultScriptsTTL is how long operator scripts are cached: an edit shows on
// the next page loads within this time.
const defaultScriptsTTL = 2 * time.Second

// Deps are the services the site reads.
type Deps struct {
	Settings  *settings.Store
	Sessions  *session.Manager
	Scripts   *scripts.Store
	Frontends *frontends.Registry
	Catalog   *i18n.Catalog
	Pages     fs.FS // content/pages
	// CountryBlock decides whether the request gets the country-block notice;
	// nil means never.
	CountryBlock CountryBlockFunc
	// RememberLanguage, when set, keeps the language a logged-in player
	// chose (?lng=) as their preferred one (account.Service.SetLocale).
	RememberLanguage func(ctx context.Context, playerID int64, lng string) error
	// TourSeen, when set, says whether a player has finished or skipped the
	// onboarding tour (bff/onboarding); while not, and the onboardingTour
	// flag is on, the header carries the tour.
	TourSeen func(ctx context.Context, playerID int64) (bool, error)
	// FirstScreen, when set, gives the lobby pages (/, /casino,
	// /casino/{category}) their server-rendered first screen
	// (firstscreen.go); nil keeps the skeleton.
	FirstScreen FirstScreenFunc
	// GameScreen and Promotions, when set, give the game page
	// (/casino/games/{slug}) and /promotions their server-rendered first
	// screen (firstscreen.go); nil keeps the skeleton.
	GameScreen GameScreenFunc
	Promotions PromotionsFunc
}

// CountryBlockFunc decides whether a page request gets the full-screen
// country-block notice (nil: no notice). st are the settings the page is
// rendered with (the excluded countries); w is the page's response, on which
// the decision may set cookies (the whitelist flag of ?whitelisted=1) before
// the page is written.
type CountryBlockFunc func(w http.ResponseWriter, r *http.Request, st *settings.Settings, loggedIn bool) (*shell.CountryBlock, error)

// Site renders and serves the pages.
type Site struct {
	deps  Deps
	pages *pageCache
	now   func() time.Time

	// catalogCheckEvery bounds how often a cached layout asks the catalogue
	// whether the translations changed; scriptsTTL how long operator scripts
	// are cached.
	catalogCheckEvery time.Duration
	scriptsTTL        time.Duration

	mu          sync.Mutex
	layouts     map[string]*layoutEntry // by language
	remoteCache map[string]remotesEntry // per variant key (releases.go)
	scripts     map[scripts.Filter]*scriptsEntry

	rendered *renderCache // guest pages, rendered once per version of their inputs
	headers  headerCache  // logged-in players' headers (header.go)

	pwa pwaState // the installable app's icons and worker (pwa.go)

	seenMu sync.RWMutex
	seen   map[int64]bool // players known to have seen the onboarding tour
}

// maxSeen bounds the players remembered as having seen the tour.
const maxSeen = 1 << 18

// tourSeen asks TourSeen once per player who has seen the tour: a seen tour
// stays seen (bff/onboarding only inserts), so only "not yet" is asked again.
func (s *Site) tourSeen(ctx context.Context, playerID int64) (bool, error) {
	s.seenMu.RLock()
	known := s.seen[playerID]
	s.seenMu.RUnlock()
	if known {
		return true, nil
	}
	seen, err := s.deps.TourSeen(ctx, playerID)
	if err == nil && seen {
		s.seenMu.Lock()
		if s.seen == nil || len(s.seen) >= maxSeen {
			s.seen = make(map[int64]bool, 1024)
		}
		s.seen[playerID] = true
		s.seenMu.Unlock()
	}
	return seen, err
}

type layoutEntry struct {
	settings       uint64 // settings.Revision
	catalogVersion string
	licence        int64
	checkedAt      time.Time
	layout         *shell.Layout
}

type remotesEntry struct {
	rev     uint64
	variant string // canary names this visitor is served, "" for none
	json    string
	entry   string
	// backoffice is the registry of the back office's page: its own
	// remote only (site.go serveBackoffice).
	backoffice string
	versions   map[string]string // name → version served
}

type scriptsEntry struct {
	at                       time.Time
	head, bodyStart, bodyEnd string // nonce placeholders in every <script
}

// New returns a Site on deps.
func New(deps Deps) (*Site, error) {
	if deps.Settings == nil || deps.Sessions == nil || deps.Scripts == nil || deps.Frontends == nil || deps.Catalog == nil {
		return nil, errors.New("site: Settings, Sessions, Scripts, Frontends and Catalog are required")
	}
	return &Site{
		deps:              deps,
		pages:             newPageCache(deps.Pages),
		now:               time.Now,
		catalogCheckEvery: time.Second,
		scriptsTTL:        defaultScriptsTTL,
		layouts:           map[string]*layoutEntry{},
		scripts:           map[scripts.Filter]*scriptsEntry{},
		rendered:          newRenderCache(maxCachedPages),
		pwa:               pwaState{icons: map[string][]byte{}},
	}, nil
}

// Routes registers the page routes on mux. The catch-all is "/" (any method),
// so it never conflicts with the API's "/api/" prefix; unknown paths answer
// the 404 page.
func (s *Site) Routes(mux *http.ServeMux) {
	for _, p := range patterns() {
		mux.HandleFunc(p, s.serveApp)
	}
	for _, p := range infoPages {
		mux.HandleFunc("GET /"+p.Slug, s.serveInfo)
	}
	for from, to := range aliases {
		mux.HandleFunc("GET "+from, redirectTo(to))
	}
	mux.HandleFunc("GET /play/{rest...}", s.servePlay)
	mux.HandleFunc("GET /logout", s.serveLogout)
	mux.HandleFunc("GET /backoffice", s.serveBackoffice)
	mux.HandleFunc("GET /backoffice/{rest...}", s.serveBackoffice)
	mux.HandleFunc("GET "+shell.StaticPrefix+"{hash}/{file}", shell.ServeStatic)
	mux.HandleFunc("GET "+pwa.ManifestPath, s.serveManifest)
	mux.HandleFunc("GET "+pwa.WorkerPath, s.serveWorker)
	mux.HandleFunc("GET "+pwa.IconPrefix+"{key}/{file}", s.serveIcon)
	mux.HandleFunc("GET /apple-touch-icon.png", s.serveIcon)
	mux.HandleFunc("GET "+pwa.OfflinePath, s.serveOffline)
	mux.HandleFunc("/", s.serveFallback)
}

// redirectTo answers a permanent redirect to path, keeping the query string
// (a ?modal= or marketing parameters survive the hop).
func redirectTo(path string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		target := path
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		http.Redirect(w, r, target, http.StatusMovedPermanently)
	}
}

// request is what every page handler resolves first.
type request struct {
	settings settings.Settings
	player   *session.Player
	lang     string
	layout   *shell.Layout
}

// begin loads settings, the player and the layout. It writes the 503 page
// and returns false when settings cannot be loaded.
func (s *Site) begin(w http.ResponseWriter, r *http.Request) (*request, bool) {
	st, err := s.deps.Settings.Current(r.Context())
	if err != nil {
		slog.Error("site: settings unavailable", "path", r.URL.Path, "err", err)
		s.unavailable(w, r)
		return nil, false
	}
	// Through the session cache: a page only shows who is logged in
	// (session/cache.go: revocation elsewhere shows within a second).
	player, err := s.deps.Sessions.FromRequestCached(r)
	if err != nil {
		// Degrade to a guest page rather than fail the page.
		slog.Error("site: resolve session", "path", r.URL.Path, "err", err)
		player = nil
	}
	lang := s.language(w, r, &st, player)
	layout, err := s.layout(r.Context(), &st, lang)
	if err != nil {
		slog.Error("site: layout", "err", err)
		s.unavailable(w, r)
		return nil, false
	}
	return &request{settings: st, player: player, lang: lang, layout: layout}, true
}

// limitsPath is the responsible-gaming limits page the tour links to.
const limitsPath = "/profile2/limits"

// langCookie remembers a language chosen in the footer (?lng=xx).
const langCookie = "casino_lng"

func (s *Site) language(w http.ResponseWriter, r *http.Request, st *settings.Settings, p *session.Player) string {
	supported := func(code string) bool {
		for _, l := range st.Languages {
			if l == code {
				return true
			}
		}
		return false
	}
	if q := r.URL.Query().Get("lng"); q != "" && supported(q) {
		http.SetCookie(w, &http.Cookie{Name: langCookie, Value: q, Path: "/", MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil})
		if p != nil && p.Locale != q && s.deps.RememberLanguage != nil {
			if err := s.deps.RememberLanguage(r.Context(), p.ID, q); err != nil {
				slog.Error("site: remember language", "err", err) // the page still follows the choice
			}
		}
		return q
	}
	if c, err := r.Cookie(langCookie); err == nil && supported(c.Value) {
		return c.Value
	}
	if p != nil && p.Locale != "" && supported(p.Locale) {
		return p.Locale
	}
	// A first visit: the browser's languages, when the site offers one.
	if lng := i18n.Preferred(r.Header.Get("Accept-Language"), st.Languages); lng != "" {
		return lng
	}
	if st.DefaultLanguage != "" {
		return st.DefaultLanguage
	}
	return i18n.Fallback
}

// layout returns the cached layout of lang, rebuilding it when the settings,
// the translations or the footer licence text changed.
func (s *Site) layout(ctx context.Context, st *settings.Settings, lang string) (*shell.Layout, error) {
	id := st.Revision
	now := s.now()
	_, licenceHTML, licenceVersion, _, err := s.pages.get("_licence", st.BrandName)
	if err != nil {
		slog.Error("site: footer licence", "err", err)
	}
	s.mu.Lock()
	e := s.layouts[lang]
	if e != nil && e.settings == id && e.licence == licenceVersion {
		if now.Sub(e.checkedAt) < s.catalogCheckEvery {
			s.mu.Unlock()
			return e.layout, nil
		}
	}
	s.mu.Unlock()

	version := s.deps.Catalog.Version(lang)
	if e != nil && e.settings == id && e.licence == licenceVersion && e.catalogVersion == version {
		s.mu.Lock()
		e.checkedAt = now
		s.mu.Unlock()
		return e.layout, nil
	}
	msgs, err := s.deps.Catalog.Messages(lang)
	if err != nil {
		slog.Warn("site: translations unavailable, using the shell's English labels", "lang", lang, "err", err)
		msgs = nil
	}
	l, err := buildLayout(st, lang, version, msgs, licenceHTML)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.layouts[lang] = &layoutEntry{settings: id, catalogVersion: version, licence: licenceVersion, checkedAt: now, layout: l}
	s.mu.Unlock()
	return l, nil
}

// noncePlaceholder marks where the per-request nonce goes in cached operator
// scripts. The attribute is unquoted (a nonce is base64url) so a "<script"
// inside a JavaScript string literal stays valid.
const noncePlaceholder = "\x00nonce\x00"

var scriptTag = regexp.MustCompile(`(?i)<script\b`)

// operatorScripts returns the operator's head, body-start and body-end parts
// for the audience f, every <script> carrying noncePlaceholder. The entry
// stays the same pointer while the scripts don't change, so it versions the
// rendered-page cache. Failures are logged and the page renders without them
// (SPEC section 8).
func (s *Site) operatorScripts(ctx context.Context, f scripts.Filter) *scriptsEntry {
	now := s.now()
	s.mu.Lock()
	e := s.scripts[f]
	s.mu.Unlock()
	if e != nil && now.Sub(e.at) < s.scriptsTTL {
		return e
	}
	list, err := s.deps.Scripts.List(ctx, f)
	if err != nil {
		slog.Error("site: operator scripts", "err", err)
		return nil
	}
	var h, bs, be strings.Builder
	mark := func(sn string) string {
		return scriptTag.ReplaceAllString(sn, "<script nonce="+noncePlaceholder)
	}
	for _, sc := range list {
		if sc.Head != "" {
			h.WriteString(mark(sc.Head) + "\n")
		}
		if sc.BodyStart != "" {
			bs.WriteString(mark(sc.BodyStart) + "\n")
		}
		if sc.BodyEnd != "" {
			be.WriteString(mark(sc.BodyEnd) + "\n")
		}
	}
	fresh := &scriptsEntry{at: now, head: h.String(), bodyStart: bs.String(), bodyEnd: be.String()}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old := s.scripts[f]; old != nil && old.head == fresh.head && old.bodyStart == fresh.bodyStart && old.bodyEnd == fresh.bodyEnd {
		old.at = now // unchanged: keep the pointer, and the pages rendered with it
		return old
	}
	s.scripts[f] = fresh
	return fresh
}

// withNonce returns the three parts with nonce in place of the placeholder.
func (e *scriptsEntry) withNonce(nonce string) (head, start, end string) {
	fill := func(sn string) string {
		if sn == "" || !strings.Contains(sn, noncePlaceholder) {
			return sn
		}
		return strings.ReplaceAll(sn, noncePlaceholder, nonce)
	}
	return fill(e.head), fill(e.bodyStart), fill(e.bodyEnd)
}

// newNonce returns 128 random bits, base64url.
func newNonce() string {
	var b [16]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// view is a page being answered: the shell's view model plus what versions
// it, for the rendered-page cache.
type view struct {
	*shell.Page
	// shared: the bytes depend only on the cache key (no country-block
	// notice, a full document), so they may be reused; a player's page but
	// for the header, which is spliced in per response.
	shared   bool
	audience audience // a shared player's page gets their header spliced in (cache.go)
	remotes  uint64
	variant  string        // canary releases served (releases.go)
	scripts  *scriptsEntry // nil without operator scripts
	info     int64         // version of an info page's content
	first    any           // the first screen's data (*games.FirstScreen, *games.GameScreen, *bonus.Screen): a pointer per version
	// loggedIn: the first screen is a player's (its view is built from
	// first only when the page renders: a cached page needs none).
	loggedIn bool
}

// lobby builds the shell's view of the first screen, if there is one and it
// is not built yet. Everything it reads is part of the page's cache key
// (layout, first, audience), so a cache hit skips it.
func (v *view) lobby() {
	if v.Lobby != nil || v.Game != nil || v.Promotions != nil {
		return
	}
	switch fs := v.first.(type) {
	case *games.FirstScreen:
		v.Lobby = lobbyView(v.Layout, fs, v.loggedIn)
	case *games.GameScreen:
		v.Game = gameView(v.Layout, fs.Game, v.loggedIn)
		v.Game.JSON = fs.JSON
	case *bonus.Screen:
		v.Promotions = promotionsView(v.Layout, fs, v.loggedIn)
		v.Promotions.JSON = fs.JSON
	}
}

// page builds the view of one request. Its nonce is fresh, except for a
// shared page, whose nonce is filled in when it is written.
func (s *Site) page(w http.ResponseWriter, r *http.Request, q *request, kind shell.Kind, app, title string, withScripts bool) *view {
	if t, ok := q.layout.Titles[title]; ok && kind == shell.KindApp {
		title = t
	}
	p := &shell.Page{
		Layout: q.layout,
		Kind:   kind,
		Title:  title,
		Path:   r.URL.Path,
		App:    app,
	}
	v := &view{Page: p}
	if kind == shell.KindApp {
		p.Heading = title
		if p.Heading == "" {
			p.Heading = q.layout.Brand
		}
	}
	if q.player != nil {
		p.Viewer = &shell.Viewer{Name: q.player.DisplayName, Restricted: q.player.Restricted}
		if q.player.Restricted && !q.player.SelfExclusionPermanent {
			if until, err := time.Parse(time.RFC3339, q.player.SelfExclusionUntil); err == nil {
				p.Viewer.Until = until.UTC().Format("2 Jan 2006 15:04 UTC")
			} else {
				p.Viewer.Until = q.player.SelfExclusionUntil
			}
		}
	}
	if q.player != nil && !q.player.Restricted && s.deps.TourSeen != nil && q.settings.Feature("onboardingTour") {
		if seen, err := s.tourSeen(r.Context(), q.player.ID); err != nil {
			slog.Error("site: onboarding tour state", "err", err) // the page goes without the tour
		} else if !seen {
			p.Tour = p.TourJSON(limitsPath)
		}
	}
	if m := r.URL.Query().Get("modal"); m != "" {
		if a := ModalApp(m); a != "" {
			p.Modal, p.ModalName = a, m
		}
	}
	if fragment(r) != "" {
		p.Nonce = newNonce()
		return v // a fragment has no head, scripts or mount points
	}
	rem := s.remotes(w, r)
	p.RemotesJSON, p.RootEntry, v.remotes, v.variant = rem.json, rem.entry, rem.rev, rem.variant
	s.countViews(rem, app, p.Modal)
	if withScripts {
		f := scripts.Filter{AuthUsers: q.player != nil, Depositors: q.player != nil && q.player.Depositor}
		v.scripts = s.operatorScripts(r.Context(), f)
	}
	if s.deps.CountryBlock != nil {
		cb, err := s.deps.CountryBlock(w, r, &q.settings, q.player != nil)
		if err != nil {
			slog.Error("site: country block", "path", r.URL.Path, "err", err)
		} else if cb != nil {
			p.CountryBlock = cb
		}
	}
	v.shared = p.CountryBlock == nil
	if q.player != nil {
		v.audience = audiencePlayer
		if q.player.Depositor {
			v.audience = audienceDepositor
		}
	}
	if !v.shared {
		v.ownNonce()
	}
	return v
}

// ownNonce gives a page rendered for this response alone its fresh nonce.
func (v *view) ownNonce() {
	v.Nonce = newNonce()
	if v.scripts != nil {
		v.Head, v.BodyStart, v.BodyEnd = v.scripts.withNonce(v.Nonce)
	}
}

// bufPool recycles render buffers: a page is ~20 KB.
var bufPool = sync.Pool{New: func() any { b := new(bytes.Buffer); b.Grow(32 << 10); return b }}

// render writes the page (or the fragment HX-Target names) with the page
// headers. A shared page is rendered once per version of its inputs and
// served from the cache with a fresh nonce (cache.go).
func (s *Site) render(w http.ResponseWriter, r *http.Request, v *view, status int, play bool) {
	if v.shared {
		if status == http.StatusOK {
			s.renderShared(w, r, v, play)
			return
		}
		v.ownNonce() // error pages are not cached: the path is anything
	}
	v.lobby()
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer putBuf(buf)
	if err := s.component(r, v.Page, play).Render(r.Context(), buf); err != nil {
		slog.Error("site: render", "path", r.URL.Path, "err", err)
		http.Error(w, "Internal server error", http.StatusInternalServerError)
		return
	}
	pageHeaders(w.Header(), v.Nonce, play)
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(buf.Bytes())
	}
}

// component is the templ component of the page or of the fragment asked for.
func (s *Site) component(r *http.Request, p *shell.Page, play bool) templ.Component {
	switch fragment(r) {
	case "header":
		return shell.Header(p)
	case "main":
		return shell.Main(p)
	}
	if play {
		return shell.PlayDocument(p)
	}
	return shell.Document(p)
}

func putBuf(buf *bytes.Buffer) {
	if buf.Cap() <= 256<<10 {
		bufPool.Put(buf)
	}
}

// fragment names the fragment an htmx request asks for: "header", "main" or
// "" for the full page.
func fragment(r *http.Request) string {
	if r.Header.Get("HX-Request") != "true" {
		return ""
	}
	switch r.Header.Get("HX-Target") {
	case "header", "site-header":
		return "header"
	case "main", "mf-page":
		return "main"
	}
	return ""
}

// CSP returns the Content-Security-Policy of a page with nonce. Scripts run
// only with the nonce: the shell's own, the root config, and the operator's
// snippets (the site adds the nonce to every <script> tag in them).
// 'strict-dynamic' lets those load further scripts (Module Federation chunks,
// tag managers); 'self' is the fallback for browsers without CSP level 3.
func CSP(nonce string, frameable bool) string {
	ancestors := "'none'"
	if frameable {
		ancestors = "'self'"
	}
	return "default-src 'self'; script-src 'self' 'nonce-" + nonce + "' 'strict-dynamic'; " +
		"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self' data: https:; " +
		"connect-src 'self' https:; media-src 'self' blob: https:; frame-src 'self' https:; worker-src 'self' blob:; " +
		"manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors " + ancestors
}

// Header values shared by every page response (net/http only reads them).
var (
	hdrHTML     = []string{"text/html; charset=utf-8"}
	hdrNoStore  = []string{"no-store"}
	hdrNosniff  = []string{"nosniff"}
	hdrReferrer = []string{"strict-origin-when-cross-origin"}
	hdrDeny     = []string{"DENY"}
	hdrSameOrig = []string{"SAMEORIGIN"}
	hdrVary     = "HX-Request, HX-Target"
)

func pageHeaders(h http.Header, nonce string, frameable bool) {
	h["Content-Type"] = hdrHTML
	h["Cache-Control"] = hdrNoStore
	h["Content-Security-Policy"] = []string{CSP(nonce, frameable)}
	h["X-Content-Type-Options"] = hdrNosniff
	h["Referrer-Policy"] = hdrReferrer
	if frameable {
		h["X-Frame-Options"] = hdrSameOrig
	} else {
		h["X-Frame-Options"] = hdrDeny
	}
	h.Add("Vary", hdrVary)
}

// serveApp answers an app route of the route table.
func (s *Site) serveApp(w http.ResponseWriter, r *http.Request) {
	if hasFileExtension(r.URL.Path) {
		plainNotFound(w)
		return
	}
	route, ok := routeFor(r.URL.Path)
	if !ok {
		s.serveFallback(w, r)
		return
	}
	q, ok := s.begin(w, r)
	if !ok {
		return
	}
	p := s.page(w, r, q, shell.KindApp, route.App, route.Title, true)
	if route.LoginPrompt && q.player == nil {
		p.Login = loginView(p.Layout)
	}
	s.firstScreen(r, q, p)
	s.render(w, r, p, http.StatusOK, false)
}

// serveInfo answers an info page from content/pages/<slug>.md.
func (s *Site) serveInfo(w http.ResponseWriter, r *http.Request) {
	q, ok := s.begin(w, r)
	if !ok {
		return
	}
	slug := strings.TrimPrefix(r.URL.Path, "/")
	info, version, found := s.infoPage(q, slug)
	if !found {
		s.notFound(w, r, q)
		return
	}
	p := s.page(w, r, q, shell.KindInfo, shell.AppNone, info.Title, true)
	p.Info = info
	p.info = version
	s.render(w, r, p, http.StatusOK, false)
}

// infoPage is slug in the page's language: content/pages/<lang>/<slug>.md
// when the operator wrote one, else the English content/pages/<slug>.md
// with a note, in the page's language, that it is not translated yet.
func (s *Site) infoPage(q *request, slug string) (*shell.Info, int64, bool) {
	if q.lang != i18n.Fallback && !strings.ContainsAny(q.lang, "/.") {
		title, body, version, found, err := s.pages.get(q.lang+"/"+slug, q.layout.Brand)
		if err != nil {
			slog.Error("site: info page", "slug", slug, "lang", q.lang, "err", err)
		}
		if found {
			return &shell.Info{Slug: slug, Title: title, HTML: body}, version, true
		}
	}
	title, body, version, found, err := s.pages.get(slug, q.layout.Brand)
	if err != nil {
		slog.Error("site: info page", "slug", slug, "err", err)
	}
	if !found {
		return nil, version, false
	}
	info := &shell.Info{Slug: slug, Title: title, HTML: body}
	if q.lang != i18n.Fallback {
		info.Lang, info.Note = i18n.Fallback, q.layout.Labels.NotTranslated
	}
	return info, version, true
}

// servePlay answers the external play page: no operator scripts (SPEC: script
// loading is skipped), frameable by the site itself.
func (s *Site) servePlay(w http.ResponseWriter, r *http.Request) {
	if hasFileExtension(r.URL.Path) {
		plainNotFound(w)
		return
	}
	q, ok := s.begin(w, r)
	if !ok {
		return
	}
	p := s.page(w, r, q, shell.KindApp, shell.AppLobby, "Play", false)
	p.Heading = ""
	s.render(w, r, p, http.StatusOK, true)
}

// serveBackoffice answers the operator's back office (docs/backoffice.md):
// its own document without the player's header, operator scripts or the
// country block, never cached, never framed, not indexed. The page itself
// holds nothing secret: every back-office call checks the staff session.
func (s *Site) serveBackoffice(w http.ResponseWriter, r *http.Request) {
	if hasFileExtension(r.URL.Path) {
		plainNotFound(w)
		return
	}
	st, err := s.deps.Settings.Current(r.Context())
	if err != nil {
		slog.Error("site: settings unavailable", "path", r.URL.Path, "err", err)
		s.unavailable(w, r)
		return
	}
	layout, err := s.layout(r.Context(), &st, i18n.Fallback)
	if err != nil {
		slog.Error("site: layout", "err", err)
		s.unavailable(w, r)
		return
	}
	p := &shell.Page{Layout: layout, Kind: shell.KindApp, Title: "Back office", Path: r.URL.Path, App: shell.AppBackoffice, Nonce: newNonce()}
	rem := s.remotes(w, r)
	p.RemotesJSON, p.RootEntry = rem.backoffice, rem.entry
	s.countViews(rem, shell.AppBackoffice, "")
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer putBuf(buf)
	if err := shell.BackofficeDocument(p).Render(r.Context(), buf); err != nil {
		slog.Error("site: render", "path", r.URL.Path, "err", err)
		http.Error(w, "Internal server error", http.StatusInternalServerError)
		return
	}
	pageHeaders(w.Header(), p.Nonce, false)
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	if r.Method != http.MethodHead {
		w.Write(buf.Bytes())
	}
}

// serveLogout ends the session behind the header's Log out link. A
// cross-site request (a link or image on another site) does not log the
// player out.
func (s *Site) serveLogout(w http.ResponseWriter, r *http.Request) {
	home := "/"
	if st, err := s.deps.Settings.Current(r.Context()); err == nil && st.PageURL("root") != "" {
		home = st.PageURL("root")
	}
	if r.Header.Get("Sec-Fetch-Site") != "cross-site" {
		if tok := s.deps.Sessions.TokenFromRequest(r); tok != "" {
			if err := s.deps.Sessions.Revoke(r.Context(), tok); err != nil {
				slog.Error("site: logout", "err", err)
			}
		}
		s.deps.Sessions.ClearCookie(w, r)
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, home, http.StatusSeeOther)
}

// serveFallback answers every path no other route took: a moved page address
// from the settings, else 404 (a plain one for file-like paths, so a missing
// script never gets HTML).
func (s *Site) serveFallback(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if _, _, ok := AppFor(r.URL.Path); ok {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
			return
		}
		plainNotFound(w)
		return
	}
	if hasFileExtension(r.URL.Path) || strings.HasPrefix(r.URL.Path, "/mf/") || strings.HasPrefix(r.URL.Path, shell.StaticPrefix) {
		plainNotFound(w)
		return
	}
	q, ok := s.begin(w, r)
	if !ok {
		return
	}
	for key, u := range q.settings.PageURLs {
		if u == r.URL.Path {
			if app, ok := pageKeyApps[key]; ok {
				p := s.page(w, r, q, shell.KindApp, app, "", true)
				s.render(w, r, p, http.StatusOK, false)
				return
			}
		}
	}
	s.notFound(w, r, q)
}

func (s *Site) notFound(w http.ResponseWriter, r *http.Request, q *request) {
	p := s.page(w, r, q, shell.KindNotFound, shell.AppNone, q.layout.Labels.NotFoundTitle, true)
	s.render(w, r, p, http.StatusNotFound, false)
}

func (s *Site) unavailable(w http.ResponseWriter, r *http.Request) {
	var buf bytes.Buffer
	shell.Unavailable().Render(r.Context(), &buf)
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Retry-After", "30")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
	w.WriteHeader(http.StatusServiceUnavailable)
	w.Write(buf.Bytes())
}

func plainNotFound(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	http.Error(w, "404 page not found", http.StatusNotFound)
}

// hasFileExtension reports whether the last path segment looks like a file
// name (foo.js, chunk.8f3a.css): such paths are assets, never pages.
func hasFileExtension(p string) bool {
	ext := path.Ext(p)
	if len(ext) < 2 || len(ext) > 9 {
		return false
	}
	letter := false
	for _, c := range ext[1:] {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			letter = true
		case c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return letter
}
