package site

import (
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

	"casino/bff/games"
	"casino/bff/session"
	"casino/shell"
)

// FirstScreenFunc answers the lobby's first screen for a page request
// (games.HTTP.FirstScreen): nil, nil when there is none for that category.
// A visitor's answer must be the same pointer for the same inputs: it is
// part of the rendered-page cache key.
type FirstScreenFunc func(r *http.Request, p *session.Player, locale, category string) (*games.FirstScreen, error)

// SetFirstScreen sets Deps.FirstScreen (before Routes).
func (s *Site) SetFirstScreen(f FirstScreenFunc) { s.deps.FirstScreen = f }

// lobbyCategory says whether path is a lobby page the server renders the
// first screen of (/, /casino, /casino/{category}) and which category.
func lobbyCategory(path, root string) (string, bool) {
	switch {
	case path == "/" || path == "/casino" || (root != "" && path == root):
		return "", true
	case strings.HasPrefix(path, "/casino/"):
		rest := strings.TrimPrefix(path, "/casino/")
		if rest == "" || rest == "games" || strings.Contains(rest, "/") {
			return "", false
		}
		slug, err := url.PathUnescape(rest)
		if err != nil || slug == "" {
			return "", false
		}
		return slug, true
	}
	return "", false
}

// firstScreen adds the lobby's first screen to a lobby page. Failures are
// logged and the page keeps its skeleton (the lobby then fetches as before).
func (s *Site) firstScreen(r *http.Request, q *request, v *view) {
	if s.deps.FirstScreen == nil || v.App != shell.AppLobby || fragment(r) == "header" {
		return
	}
	category, ok := lobbyCategory(r.URL.Path, q.settings.PageURL("root"))
	if !ok {
		return
	}
	fs, err := s.deps.FirstScreen(r, q.player, q.lang, category)
	if err != nil {
		slog.Error("site: lobby first screen", "path", r.URL.Path, "err", err)
		return
	}
	if fs == nil {
		return
	}
	v.first, v.loggedIn = fs, q.player != nil
}

// lobbyView is the shell's view of a first screen.
func lobbyView(l *shell.Layout, fs *games.FirstScreen, loggedIn bool) *shell.Lobby {
	lb := &shell.Lobby{
		Title:           l.Labels.LobbyTitle,
		CategoriesLabel: l.Labels.LobbyCategories,
		AllLabel:        l.Labels.LobbyAll,
		Active:          fs.Category,
		EmptyTitle:      l.Labels.LobbyEmptyTitle,
		EmptyText:       l.Labels.LobbyEmptyText,
		Pulse:           loggedIn,
		JSON:            fs.JSON,
		Categories:      make([]shell.LobbyCategory, 0, len(fs.Categories)),
		Tiles:           make([]shell.LobbyTile, 0, len(fs.Games.Rows)),
	}
	for _, c := range fs.Categories {
		lb.Categories = append(lb.Categories, shell.LobbyCategory{Slug: c.Slug, Name: c.Name, Href: "/casino/" + url.PathEscape(c.Slug)})
		if c.Slug == fs.Category {
			lb.Title = c.Name
		}
	}
	for _, g := range fs.Games.Rows {
		lb.Tiles = append(lb.Tiles, shell.LobbyTile{Href: "/casino/games/" + url.PathEscape(g.Slug), Name: g.Name, Provider: g.Provider, Thumb: g.ThumbnailURL})
	}
	if n := len(fs.Games.Rows); n > 0 {
		lb.Count = pluralText(l.Labels.LobbyCount, l.Lang, fs.Games.Count)
		// The same rule as the lobby's "Load more" (CasinoPage.tsx).
		if n < fs.Games.Count && n == games.FirstScreenLimit {
			lb.LoadMore = l.Labels.LobbyLoadMore
		}
	}
	return lb
}

// pluralText formats a message of the form "{count, plural, one {# game}
// other {# games}}" (text around the argument allowed) for n in lang: an
// exact "=n" branch, else the language's CLDR category, else "other".
func pluralText(msg, lang string, n int) string {
	start := strings.Index(msg, "{")
	if start < 0 || !strings.Contains(msg, "plural") {
		return msg
	}
	end := matchBrace(msg, start)
	if end < 0 {
		return msg
	}
	inner := msg[start+1 : end]
	parts := strings.SplitN(inner, ",", 3)
	if len(parts) != 3 || strings.TrimSpace(parts[1]) != "plural" {
		return msg
	}
	branches := map[string]string{}
	rest := parts[2]
	for {
		rest = strings.TrimLeft(rest, " \t\n")
		open := strings.Index(rest, "{")
		if open < 0 {
			break
		}
		key := strings.TrimSpace(rest[:open])
		close := matchBrace(rest, open)
		if close < 0 {
			return msg
		}
		branches[key] = rest[open+1 : close]
		rest = rest[close+1:]
	}
	text, ok := branches["="+strconv.Itoa(n)]
	if !ok {
		text, ok = branches[pluralCategory(lang, n)]
	}
	if !ok {
		text = branches["other"]
	}
	return msg[:start] + strings.ReplaceAll(text, "#", strconv.Itoa(n)) + msg[end+1:]
}

func matchBrace(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

func pluralCategory(lang string, n int) string {
	tag, err := language.Parse(lang)
	if err != nil {
		tag = language.English
	}
	switch plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0) {
	case plural.Zero:
		return "zero"
	case plural.One:
		return "one"
	case plural.Two:
		return "two"
	case plural.Few:
		return "few"
	case plural.Many:
		return "many"
	}
	return "other"
}
