package site

import (
	"cmp"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

	"casino/bff/bonus"
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

// GameScreenFunc answers the game page's first screen (games.HTTP.GameScreen):
// nil, nil when there is none. The same pointer for the same inputs.
type GameScreenFunc func(r *http.Request, p *session.Player, slug string) (*games.GameScreen, error)

// PromotionsFunc answers the first screen of /promotions (bonus.Web.Screen).
// The same pointer for the same document.
type PromotionsFunc func(r *http.Request, p *session.Player, lang string) (*bonus.Screen, error)

// SetGameScreen sets Deps.GameScreen (before Routes).
func (s *Site) SetGameScreen(f GameScreenFunc) { s.deps.GameScreen = f }

// SetPromotions sets Deps.Promotions (before Routes).
func (s *Site) SetPromotions(f PromotionsFunc) { s.deps.Promotions = f }

// gameSlug says whether path is a game page (/casino/games/{slug}) and which game.
func gameSlug(path string) (string, bool) {
	rest, ok := strings.CutPrefix(path, "/casino/games/")
	if !ok || rest == "" || strings.Contains(rest, "/") {
		return "", false
	}
	slug, err := url.PathUnescape(rest)
	if err != nil || slug == "" {
		return "", false
	}
	return slug, true
}

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
	if v.App != shell.AppLobby || fragment(r) == "header" {
		return
	}
	if slug, ok := gameSlug(r.URL.Path); ok {
		s.gameScreen(r, q, v, slug)
		return
	}
	if r.URL.Path == "/promotions" {
		s.promotionsScreen(r, q, v)
		return
	}
	if s.deps.FirstScreen == nil {
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

// gameScreen adds the game page's first screen; failures are logged and
// the page keeps its skeleton.
func (s *Site) gameScreen(r *http.Request, q *request, v *view, slug string) {
	if s.deps.GameScreen == nil {
		return
	}
	gs, err := s.deps.GameScreen(r, q.player, slug)
	if err != nil {
		slog.Error("site: game page first screen", "path", r.URL.Path, "err", err)
		return
	}
	if gs == nil {
		return
	}
	v.first, v.loggedIn = gs, q.player != nil
}

// gameView is the shell's view of a game page: the same texts and links
// as the lobby's GamePage.tsx.
func gameView(l *shell.Layout, g *games.Game, loggedIn bool) *shell.GameView {
	t := l.Labels.LobbyTexts
	gv := &shell.GameView{
		Name: g.Name, Thumb: g.ThumbnailURL, Srcset: g.ThumbnailSrcset, Back: t["lobby.game.back"], FrameTitle: t["lobby.game.frame"],
		StatsLabel: t["lobby.game.stats"], Pulse: loggedIn,
	}
	num := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
	if g.Provider != "" {
		gv.Facts = append(gv.Facts, shell.Fact{Label: t["lobby.game.provider"], Value: g.Provider})
	}
	gv.Facts = append(gv.Facts,
		shell.Fact{Label: t["lobby.game.rtp"], Value: strings.ReplaceAll(t["lobby.game.rtp.value"], "{value}", num(g.ReturnToPlayer))},
		shell.Fact{Label: t["lobby.game.maxMultiplier"], Value: strings.ReplaceAll(t["lobby.game.multiplier.value"], "{value}", num(g.MaxMultiplier))})
	if g.MinBet != "" {
		gv.Facts = append(gv.Facts, shell.Fact{Label: t["lobby.game.minBet"], Value: moneyText(g.MinBet, g.CurrencyCode, l.Lang)})
	}
	play := func(mode string) string {
		sep := "?"
		if strings.Contains(g.PlayURL, "?") {
			sep = "&"
		}
		// The page's language, as the lobby's launch sends it (get-game-url lang=).
		return g.PlayURL + sep + "mode=" + mode + "&lang=" + url.QueryEscape(l.Lang)
	}
	switch {
	case !loggedIn:
		gv.PlayHref, gv.PlayLabel = "?modal=login", t["lobby.game.loginToPlay"]
	case g.PlayURL != "":
		gv.PlayHref, gv.PlayLabel = play("real"), t["lobby.game.play"]
	}
	if g.Demo && g.PlayURL != "" {
		gv.DemoHref, gv.DemoLabel = play("demo"), t["lobby.game.demo"]
	}
	if g.RulesURL != "" {
		gv.RulesHref, gv.RulesLabel = g.RulesURL, t["lobby.game.rules"]
	}
	return gv
}

// promotionsScreen adds the first screen of /promotions; failures are
// logged and the page keeps its skeleton.
func (s *Site) promotionsScreen(r *http.Request, q *request, v *view) {
	if s.deps.Promotions == nil {
		return
	}
	ps, err := s.deps.Promotions(r, q.player, q.lang)
	if err != nil {
		slog.Error("site: promotions first screen", "path", r.URL.Path, "err", err)
		return
	}
	if ps == nil {
		return
	}
	v.first, v.loggedIn = ps, q.player != nil
}

// claimable are the bonus types a player takes from the promotions page
// (the lobby's CLAIMABLE_TYPES).
var claimable = map[string]bool{bonus.TypeNoDeposit: true, bonus.TypeFreeSpins: true}

// promotionsView is the shell's view of /promotions: the same texts and
// links as the lobby's PromotionsPage.tsx.
func promotionsView(l *shell.Layout, ps *bonus.Screen, loggedIn bool) *shell.PromotionsView {
	t := l.Labels.LobbyTexts
	pv := &shell.PromotionsView{Title: t["lobby.promotions.title"], EmptyTitle: t["lobby.promotions.empty.title"], EmptyText: t["lobby.promotions.empty.text"]}
	for _, o := range ps.Offers {
		b := o.Banner
		ref := o.Code
		if ref == "" {
			ref = strconv.FormatInt(o.ID, 10)
		}
		pb := shell.PromoBanner{
			Ref: ref, Background: colourOr(b.BannerBackgroundColor, ""), Image: b.BannerImageURL,
			Title: cmp.Or(b.BannerTitle, o.Name), Secondary: b.BannerTitleSecondary, Description: b.BannerDescription,
			DetailsHref: "/promotion?id=" + url.QueryEscape(ref), DetailsLabel: t["lobby.promotions.details"],
		}
		if o.DaysValid == 1 {
			pb.Label24h, pb.Label24hHint = t["lobby.promotions.label24h"], t["lobby.promotions.label24hHint"]
		}
		switch {
		case claimable[o.Type] && !loggedIn:
			pb.Login = t["lobby.promotions.loginToClaim"]
		case claimable[o.Type]:
			pb.Claim = cmp.Or(b.BannerCtaText, t["lobby.promotions.claim"])
		case b.Link != "":
			pb.LinkHref, pb.LinkLabel = b.Link, cmp.Or(b.BannerCtaText, t["lobby.promotions.more"])
		}
		pv.Banners = append(pv.Banners, pb)
	}
	return pv
}

// moneySymbols are the currencies whose symbol the lobby's formatMoney
// writes (Intl); the others are written by their code.
var moneySymbols = map[string]string{"EUR": "€", "USD": "$", "GBP": "£"}

// moneyText writes a decimal amount with its currency close to the lobby's
// formatMoney (Intl.NumberFormat): "€0.10" in English, "0,10 €" in the
// languages that write the symbol after a decimal comma. A difference in
// another language is a text, not a size: nothing moves when the lobby's
// page replaces the server's.
func moneyText(amount, currency, lang string) string {
	sym, ok := moneySymbols[currency]
	base, _, _ := strings.Cut(lang, "-")
	switch base {
	case "de", "fr", "es", "it", "pt", "nl", "pl", "cs", "sk", "fi", "sv", "nb", "da", "ro", "hu", "el", "hr", "sl", "bg", "lt", "lv", "et", "ru", "uk":
		a := strings.Replace(amount, ".", ",", 1)
		if !ok {
			sym = currency
		}
		return a + "\u00a0" + sym
	}
	if !ok {
		return currency + "\u00a0" + amount
	}
	return sym + amount
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
		lb.Tiles = append(lb.Tiles, shell.LobbyTile{Href: "/casino/games/" + url.PathEscape(g.Slug), Name: g.Name, Provider: g.Provider, Thumb: g.ThumbnailURL, Srcset: g.ThumbnailSrcset})
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

// loginView is a visitor's first screen of a page only players see: the
// page's heading and the log-in prompt, the same as the app's (ui
// LoginRequired), with the log-in as a link that works without script.
func loginView(l *shell.Layout) *shell.LoginView {
	return &shell.LoginView{Title: l.Labels.LoginRequiredTitle, Text: l.Labels.LoginRequiredText, Button: l.Labels.LogIn, Href: "?modal=login"}
}
