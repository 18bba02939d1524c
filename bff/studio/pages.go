package studio

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"

	"casino/bff/api"
	"casino/bff/session"
	"casino/bff/studio/i18n"
	"casino/bff/studio/slot"
	"casino/bff/studio/thumbnail"
)

//go:embed web/*.html web/static
var webFS embed.FS

var pageTmpl = template.Must(template.New("").Funcs(template.FuncMap{
	"minor":  minorText,
	"amount": amountText,
	"inc":    func(i int) int { return i + 1 },
	"deref":  func(b *bool) bool { return b != nil && *b },
	// The pages' language (pagetext.go).
	"layout": layoutText, "tag": tagText, "betName": betTypeName, "betLabel": betLabel,
	"spinLabel": spinLabel, "spinText": spinText,
	"spinOf": func(l *i18n.Loc, s any, names ...map[string]string) spinView {
		v := spinView{L: l, S: s}
		if len(names) > 0 {
			v.Names = names[0]
		}
		return v
	},
	"roundStatus": roundStatus,
	"played":      playedText,
	// rows turns a reel-major window into display rows.
	"rows": func(w [][]string) [][]string {
		if len(w) == 0 {
			return nil
		}
		out := make([][]string, len(w[0]))
		for j := range out {
			for r := range w {
				out[j] = append(out[j], w[r][j])
			}
		}
		return out
	},
}).ParseFS(webFS, "web/*.html"))

// staticVersion busts caches when the embedded assets change.
var staticVersion = func() string {
	h := sha256.New()
	fs.WalkDir(webFS, "web/static", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := webFS.ReadFile(p)
			h.Write(b)
		}
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))[:12]
}()

// pageCSP: the studio's pages load only their own script and styles.
const pageCSP = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; " +
	"frame-ancestors 'self'; base-uri 'none'; object-src 'none'; form-action 'self'"

func pageHeaders(h http.Header) {
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", pageCSP)
	h.Set("X-Frame-Options", "SAMEORIGIN")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("Cache-Control", "no-store")
}

func render(w http.ResponseWriter, status int, name string, data any) {
	var buf bytes.Buffer
	if err := pageTmpl.ExecuteTemplate(&buf, name, data); err != nil {
		slog.Error("studio: page", "template", name, "err", err)
		http.Error(w, "Internal server error", http.StatusInternalServerError)
		return
	}
	pageHeaders(w.Header())
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// PageRoutes registers the server-rendered pages: the game client under the
// external play path /play/studio/{game} (no operator scripts), the verifier
// at /provably-fair, the thumbnails and the client's static files.
// contentDir holds games/thumbnails.
func (s *Service) PageRoutes(mux *http.ServeMux, sessions *session.Manager, contentDir string) {
	static, _ := fs.Sub(webFS, "web/static")
	files := http.FileServerFS(static)
	mux.HandleFunc("GET /studio/static/{file}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		r2 := r.Clone(r.Context())
		r2.URL.Path = "/" + r.PathValue("file")
		files.ServeHTTP(w, r2)
	})
	mux.HandleFunc("GET "+thumbnail.PathPrefix+"{file}", thumbnail.Handler(filepath.Join(contentDir, "games", "thumbnails")))
	mux.HandleFunc("GET /play/studio/{game}", func(w http.ResponseWriter, r *http.Request) {
		s.servePlay(w, r, sessions)
	})
	mux.HandleFunc("GET /provably-fair", func(w http.ResponseWriter, r *http.Request) {
		s.serveVerifier(w, r, sessions)
	})
	mux.HandleFunc("GET /studio/games/{id}/rules", s.serveRules)
	mux.HandleFunc("GET /studio/rounds/{id}", func(w http.ResponseWriter, r *http.Request) {
		s.serveRecall(w, r, sessions)
	})
}

type playPage struct {
	L       *i18n.Loc
	Title   Title
	Mode    string
	Note    string
	Version string
	Config  template.JS
	RTS14   bool // UKGC RTS 14 pacing and session display (Service.RTS14)
	// Cols × Rows of a slot's window: the page sizes the reels before the
	// script runs (no shift).
	Cols, Rows int
}

// MinSpinMillis is the shortest slot game cycle under RTS 14: from the
// press of Spin to the result on screen.
const MinSpinMillis = 2500

func (s *Service) servePlay(w http.ResponseWriter, r *http.Request, sessions *session.Manager) {
	l := pageLang(w, r)
	t, err := s.Catalog.Title(r.PathValue("game"))
	if err != nil {
		render(w, http.StatusNotFound, "verify", verifyPage{L: l, Version: staticVersion, Games: s.slotTitles(), Error: l.T("page.gameNotFound")})
		return
	}
	p, _ := sessions.FromRequest(r)
	mode := r.URL.Query().Get("mode")
	page := playPage{L: l, Title: t, Version: staticVersion}
	switch {
	case mode == ModeDemo || (mode == "" && p == nil):
		page.Mode = ModeDemo
	case p == nil:
		page.Mode, page.Note = ModeDemo, l.T("page.loginNote")
	default:
		page.Mode = ModeReal
	}
	page.RTS14 = s.RTS14 != nil && s.RTS14(r.Context())
	if g, err := s.Catalog.Slot(t.ID); err == nil {
		page.Cols, page.Rows = len(g.Definition().Reels), g.Definition().Rows
	}
	launch := map[string]any{"gameId": t.ID, "mode": page.Mode, "loggedIn": p != nil, "rts14": page.RTS14}
	if page.RTS14 {
		launch["minSpinMs"] = MinSpinMillis
	}
	cfg, _ := json.Marshal(launch)
	page.Config = template.JS(cfg)
	name := "slot"
	if t.Kind == KindLive {
		name = "roulette"
	}
	render(w, http.StatusOK, name, page)
}

type verifyPage struct {
	L       *i18n.Loc
	Version string
	Games   []Title
	Q       VerifyQuery
	Result  *Verified
	Error   string
	Names   map[string]string // the verified game's symbol names
}

func (s *Service) slotTitles() []Title {
	var out []Title
	for _, t := range s.Catalog.Titles() {
		if t.Kind == KindSlot {
			out = append(out, t)
		}
	}
	return out
}

func (s *Service) serveVerifier(w http.ResponseWriter, r *http.Request, sessions *session.Manager) {
	q, err := verifyQueryOf(r, sessions)
	page := verifyPage{L: pageLang(w, r), Version: staticVersion, Games: s.slotTitles(), Q: q}
	if r.URL.RawQuery != "" {
		v, verr := s.Verify(r.Context(), page.Q)
		if err == nil {
			err = verr
		}
		var apiErr *api.Error
		switch {
		case err == nil:
			page.Result, page.Q = v, v.Query
			if g, err := s.Catalog.Slot(v.Game); err == nil {
				page.Names = symbolNames(g)
			}
		case errors.As(err, &apiErr):
			page.Error = apiErr.Message
			for k, m := range apiErr.Fields {
				page.Error += " — " + k + ": " + m
			}
		default:
			slog.Error("studio: verify", "err", err)
			page.Error = page.L.T("page.error")
		}
	}
	render(w, http.StatusOK, "verify", page)
}

type recallPage struct {
	L       *i18n.Loc
	Version string
	Name    string
	R       *StoredRound
	Round   *slot.Round
	Spins   []RecallSpin
	Names   map[string]string // symbol id → the name the rules page shows
}

// serveRecall replays a stored round as it was shown (game recall): a
// real-money round only for its player, a demo round for whoever holds its
// id.
func (s *Service) serveRecall(w http.ResponseWriter, r *http.Request, sessions *session.Manager) {
	l := pageLang(w, r)
	notFound := verifyPage{L: l, Version: staticVersion, Games: s.slotTitles(), Error: l.T("page.notFound")}
	p, _ := sessions.FromRequest(r)
	staff := s.StaffRecall != nil && s.StaffRecall(r)
	if id := r.PathValue("id"); strings.HasPrefix(id, "rl-") {
		tr, err := s.TableRoundOf(r.Context(), id)
		if err != nil || tr.Mode == ModeReal && (p == nil || p.ID != tr.UserID) && !staff {
			render(w, http.StatusNotFound, "verify", notFound)
			return
		}
		page := tableRecall(tr)
		page.L = l
		render(w, http.StatusOK, "recall-table", page)
		return
	}
	rd, err := s.Round(r.Context(), r.PathValue("id"))
	if err != nil || rd.Mode == ModeReal && (p == nil || p.ID != rd.UserID) && !staff {
		render(w, http.StatusNotFound, "verify", notFound)
		return
	}
	page := recallPage{L: l, Version: staticVersion, Name: rd.GameID, R: rd}
	if t, err := s.Catalog.Title(rd.GameID); err == nil {
		page.Name = t.Name
	}
	var round slot.Round
	if json.Unmarshal(rd.Outcome, &round) == nil {
		page.Round = &round
		if g, err := s.Catalog.Slot(rd.GameID); err == nil {
			page.Spins = recallSpins(g, &round)
			page.Names = symbolNames(g)
		}
	}
	render(w, http.StatusOK, "recall", page)
}
