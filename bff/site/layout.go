package site

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"casino/bff/pwa"
	"casino/bff/settings"
	"casino/shell"
)

// fallbackLabels are the English texts of the message ids the shell renders,
// used while content/locales/en.json lacks an id (the catalogue then answers
// the id itself).
var fallbackLabels = map[string]string{
	"nav.casino":                "Casino",
	"nav.slots":                 "Slots",
	"nav.liveCasino":            "Live Casino",
	"nav.popular":               "Popular",
	"nav.promotions":            "Promotions",
	"nav.cashback":              "Cashback",
	"nav.vipClub":               "VIP Club",
	"nav.freeMoney":             "Free Money",
	"nav.favorites":             "Favorites",
	"nav.responsibleGambling":   "Responsible Gambling",
	"header.login":              "Log in",
	"header.signup":             "Sign up",
	"header.profile":            "Profile",
	"header.deposit":            "Deposit",
	"header.withdrawal":         "Withdrawal",
	"header.transactions":       "Transactions",
	"header.logout":             "Log out",
	"shell.menu":                "Open menu",
	"shell.closeMenu":           "Close menu",
	"shell.account":             "Account",
	"shell.navigation":          "Main navigation",
	"shell.languages":           "Language",
	"shell.skipToContent":       "Skip to content",
	"shell.loading":             "Loading…",
	"shell.noscript":            "This part of the site needs JavaScript. Our information pages work without it.",
	"shell.infoPages":           "Information",
	"shell.responsibleGambling": "Responsible gambling",
	"shell.ageNotice":           "Only players over 18 may play. Gambling can be addictive: play responsibly, set limits and take breaks.",
	"shell.appFailed.title":     "This part of the site could not be loaded",
	"shell.appFailed.text":      "Everything else still works. Try again in a moment, or go to another part of the site.",
	"shell.retry":               "Try again",
	"shell.close":               "Close",
	"shell.restricted":          "Your account is self-excluded until {until}. Games, deposits and bonuses are closed; you can still withdraw your balance.",
	"shell.restrictedPermanent": "Your account is permanently self-excluded. Games, deposits and bonuses are closed; you can still withdraw your balance.",
	"shell.tour.dialog":         "Welcome tour",
	"shell.tour.progress":       "Step {step} of {total}",
	"shell.tour.next":           "Next",
	"shell.tour.back":           "Back",
	"shell.tour.skip":           "Skip tour",
	"shell.tour.finish":         "Finish",
	"shell.tour.inMenu":         "You find it in the menu.",
	"shell.tour.lobby.title":    "The lobby",
	"shell.tour.lobby.text":     "All our games in one place: slots, live casino and the most popular titles.",
	"shell.tour.deposit.text":   "Top up your balance here, by card or crypto.",
	"shell.tour.limits.title":   "Responsible gaming",
	"shell.tour.limits.text":    "Set deposit, loss and session limits or take a break in your account, whenever you want.",
	"shell.tour.limits.link":    "Set my limits",
	"shell.tour.calendar.title": "Rewards calendar",
	"shell.tour.calendar.text":  "Claim your daily rewards and cashback in the calendar.",
	"shell.pageNotTranslated":   "This page is not yet available in your language. It is shown in English.",
	"shell.install.button":      "Install the app",
	"shell.install.iosTitle":    "Add the app to your Home Screen",
	"shell.install.iosStep1":    "Tap the Share button in Safari's toolbar.",
	"shell.install.iosStep2":    "Scroll down and choose “Add to Home Screen”.",
	"shell.install.iosStep3":    "Tap “Add”: the casino opens full screen from its own icon.",
	"shell.offline.title":       "You are offline",
	"shell.offline.text":        "This page needs an internet connection. Check your connection and try again: the page reloads by itself when you are back online.",
	"notFound.title":            "Page not found",
	"notFound.text":             "The page you are looking for does not exist or has moved.",
	"notFound.goHome":           "Go Home",
	"page.terms-and-conditions": "Terms and Conditions",
	"page.privacy-policy":       "Privacy Policy",
	"page.aml-policy":           "AML Policy",
	"page.responsible-gambling": "Responsible Gambling",
	"page.kyc-refund-policy":    "KYC & Refund Policy",
	"page.bonus-terms":          "Bonus Terms",
	"page.legal-use-of-website": "Legal Use of Website",
	"page.contacts":             "Contacts",
	"lobby.casino.title":        "Casino",
	"lobby.categories":          "Game categories",
	"lobby.category.all":        "All games",
	"lobby.games.count":         "{count, plural, one {# game} other {# games}}",
	"lobby.games.loadMore":      "Load more",
	"lobby.games.empty.title":   "No games found",
	"lobby.games.empty.text":    "Try another category or search term.",
	// The game page's and the promotions' first screens (lobbyTextIDs).
	"lobby.game.back":               "Back to casino",
	"lobby.game.frame":              "Game window",
	"lobby.game.stats":              "Game stats",
	"lobby.game.provider":           "Provider",
	"lobby.game.rtp":                "RTP",
	"lobby.game.rtp.value":          "{value}%",
	"lobby.game.maxMultiplier":      "Max multiplier",
	"lobby.game.multiplier.value":   "{value}x",
	"lobby.game.minBet":             "Min bet",
	"lobby.game.play":               "Play",
	"lobby.game.demo":               "Demo",
	"lobby.game.loginToPlay":        "Log in to play for real money",
	"lobby.game.rules":              "Rules and paytable",
	"lobby.promotions.title":        "Promotions",
	"lobby.promotions.empty.title":  "No promotions right now",
	"lobby.promotions.empty.text":   "Check back soon for new offers.",
	"lobby.promotions.more":         "More",
	"lobby.promotions.claim":        "Claim",
	"lobby.promotions.loginToClaim": "Log in to claim",
	"lobby.promotions.label24h":     "24h",
	"lobby.promotions.label24hHint": "Valid for 24 hours once taken",
	"lobby.promotions.details":      "Details",
	"ui.loginRequired.title":        "Log in to continue",
	"ui.loginRequired.text":         "This page is available to registered players.",
	"ui.logIn":                      "Log in",
}

// lobbyTextIDs are the lobby's texts the server's first screens of the game
// page and /promotions use (the ids of frontends/lobby/src/pages/messages.ts).
var lobbyTextIDs = []string{
	"lobby.game.back", "lobby.game.frame", "lobby.game.stats", "lobby.game.provider", "lobby.game.rtp",
	"lobby.game.rtp.value", "lobby.game.maxMultiplier", "lobby.game.multiplier.value", "lobby.game.minBet",
	"lobby.game.play", "lobby.game.demo", "lobby.game.loginToPlay", "lobby.game.rules",
	"lobby.promotions.title", "lobby.promotions.empty.title", "lobby.promotions.empty.text", "lobby.promotions.more",
	"lobby.promotions.claim", "lobby.promotions.loginToClaim", "lobby.promotions.label24h",
	"lobby.promotions.label24hHint", "lobby.promotions.details",
}

func lobbyTexts(t labeler) map[string]string {
	out := make(map[string]string, len(lobbyTextIDs))
	for _, id := range lobbyTextIDs {
		out[id] = t.get(id)
	}
	return out
}

// titleIDs translate the English document titles of the route table
// (routes.go) with ids the catalogues already have: "Einzahlung · Aurum
// Casino" on a German page. A title without an id stays English.
var titleIDs = map[string]string{
	"Casino": "nav.casino", "Slots": "nav.slots", "Live Casino": "nav.liveCasino", "Popular Games": "nav.popular",
	"Game": "nav.casino", "Promotions": "nav.promotions", "Promotion": "nav.promotions", "Free Money": "nav.freeMoney",
	"Providers": "lobby.providers.title", "Tournaments": "lobby.tournaments.title", "Favorites": "nav.favorites",
	"Deposit": "header.deposit", "Withdraw": "header.withdrawal", "Transactions": "header.transactions",
	"Balance": "ui.profileMenu.balance", "My History": "ui.profileMenu.myHistory", "Profile": "header.profile",
	"Edit Profile": "profile.overview.editProfile", "Verification": "ui.profileMenu.verification",
	"My Profile": "ui.profileMenu.myProfile", "My Bonuses": "ui.profileMenu.myBonuses", "VIP Club": "nav.vipClub",
	"Statistics": "ui.profileMenu.statistics", "Freeze Account": "ui.profileMenu.freezeAccount",
	"Limits": "ui.profileMenu.limits", "Account": "shell.account", "Bonus History": "ui.profileMenu.myBonuses",
	"Cashback Calendar": "nav.cashback",
}

// languageNames are endonyms for the footer's language list.
var languageNames = map[string]string{
	"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español", "it": "Italiano",
	"pt": "Português", "pt-BR": "Português (Brasil)", "nl": "Nederlands", "pl": "Polski",
	"cs": "Čeština", "sk": "Slovenčina", "hu": "Magyar", "ro": "Română", "bg": "Български",
	"el": "Ελληνικά", "tr": "Türkçe", "ru": "Русский", "uk": "Українська", "fi": "Suomi",
	"sv": "Svenska", "no": "Norsk", "nb": "Norsk bokmål", "da": "Dansk", "et": "Eesti",
	"lv": "Latviešu", "lt": "Lietuvių", "sl": "Slovenščina", "hr": "Hrvatski", "ja": "日本語",
	"ko": "한국어", "zh": "中文", "th": "ไทย", "vi": "Tiếng Việt", "id": "Bahasa Indonesia",
	"hi": "हिन्दी", "ar": "العربية", "he": "עברית", "fa": "فارسی", "ms": "Bahasa Melayu",
}

// languageFlags are the countries whose flags the language menu shows beside
// each language (content/assets/flags, scripts/flags.mjs). A flag stands for
// a language only loosely (English: the United Kingdom, Arabic: Saudi Arabia);
// the endonym beside it is what names the language.
var languageFlags = map[string]string{
	"en": "gb", "de": "de", "fr": "fr", "es": "es", "it": "it", "pt": "pt", "pt-BR": "br", "nl": "nl", "pl": "pl",
	"cs": "cz", "sk": "sk", "hu": "hu", "ro": "ro", "bg": "bg", "el": "gr", "tr": "tr", "ru": "ru", "uk": "ua",
	"fi": "fi", "sv": "se", "no": "no", "nb": "no", "da": "dk", "et": "ee", "lv": "lv", "lt": "lt", "sl": "si",
	"hr": "hr", "ja": "jp", "ko": "kr", "zh": "cn", "th": "th", "vi": "vn", "id": "id", "hi": "in", "ar": "sa",
	"he": "il", "fa": "ir", "ms": "my",
}

// flagURL is where the BFF serves a country's flag image.
func flagURL(country string) string {
	if country == "" {
		return ""
	}
	return "/api/core/casino/assets/flags/" + country + ".svg"
}

var rtlLanguages = map[string]bool{"ar": true, "he": true, "fa": true, "ur": true}

// labeler translates message ids with one language's messages, falling back
// to English texts known to the shell, then to the id itself (an operator may
// also put plain text in a label).
type labeler map[string]string

func (m labeler) get(id string) string {
	if v, ok := m[id]; ok && v != "" && v != id {
		return v
	}
	if v, ok := fallbackLabels[id]; ok {
		return v
	}
	return id
}

// buildLayout precomputes everything a page of lang shares under s.
func buildLayout(s *settings.Settings, lang, localeVersion string, msgs map[string]string, licence string) (*shell.Layout, error) {
	doc, err := json.Marshal(s.Public())
	if err != nil {
		return nil, fmt.Errorf("settings document: %w", err)
	}
	t := labeler(msgs)
	l := &shell.Layout{
		Lang:          lang,
		LocaleVersion: localeVersion,
		Dir:           "ltr",
		Brand:         s.BrandName,
		HomeURL:       s.PageURL("root"),
		Description:   s.BrandName + ": online casino with slots, live casino, promotions, a VIP club and a daily rewards calendar. 18+. Play responsibly.",
		ThemeColor:    colourOr(s.Theme.SurfaceColor, "#1a1f35"),
		ThemeStyle:    themeStyle(s.Theme),
		CSSURL:        shell.CSSURL(),
		SupportEmail:  s.SupportEmail,
		SettingsJSON:  string(doc),
		LicenceHTML:   licence,
		Labels: shell.Labels{
			Menu: t.get("shell.menu"), CloseMenu: t.get("shell.closeMenu"),
			Login: t.get("header.login"), Signup: t.get("header.signup"), Deposit: t.get("header.deposit"),
			Account: t.get("shell.account"), Navigation: t.get("shell.navigation"), Languages: t.get("shell.languages"),
			SkipToContent: t.get("shell.skipToContent"), Loading: t.get("shell.loading"), NoScript: t.get("shell.noscript"),
			InfoPages: t.get("shell.infoPages"), ResponsibleGambling: t.get("shell.responsibleGambling"),
			AgeNotice: t.get("shell.ageNotice"), NotFoundTitle: t.get("notFound.title"),
			NotFoundText: t.get("notFound.text"), GoHome: t.get("notFound.goHome"),
			AppFailedTitle: t.get("shell.appFailed.title"), AppFailedText: t.get("shell.appFailed.text"),
			Retry: t.get("shell.retry"), Close: t.get("shell.close"),
			Restricted: t.get("shell.restricted"), RestrictedPermanent: t.get("shell.restrictedPermanent"),
			NotTranslated: t.get("shell.pageNotTranslated"),
			Tour: shell.TourLabels{
				Dialog: t.get("shell.tour.dialog"), Progress: t.get("shell.tour.progress"),
				Next: t.get("shell.tour.next"), Back: t.get("shell.tour.back"), Skip: t.get("shell.tour.skip"),
				Finish: t.get("shell.tour.finish"), InMenu: t.get("shell.tour.inMenu"),
				LobbyTitle: t.get("shell.tour.lobby.title"), LobbyText: t.get("shell.tour.lobby.text"),
				DepositTitle: t.get("header.deposit"), DepositText: t.get("shell.tour.deposit.text"),
				LimitsTitle: t.get("shell.tour.limits.title"), LimitsText: t.get("shell.tour.limits.text"),
				LimitsLink:    t.get("shell.tour.limits.link"),
				CalendarTitle: t.get("shell.tour.calendar.title"), CalendarText: t.get("shell.tour.calendar.text"),
			},
			Install: t.get("shell.install.button"), InstallIOSTitle: t.get("shell.install.iosTitle"),
			InstallIOSStep1: t.get("shell.install.iosStep1"), InstallIOSStep2: t.get("shell.install.iosStep2"),
			InstallIOSStep3: t.get("shell.install.iosStep3"),
			OfflineTitle:    t.get("shell.offline.title"), OfflineText: t.get("shell.offline.text"),
			LobbyTitle: t.get("lobby.casino.title"), LobbyCategories: t.get("lobby.categories"), LobbyAll: t.get("lobby.category.all"),
			LobbyCount: t.get("lobby.games.count"), LobbyLoadMore: t.get("lobby.games.loadMore"),
			LobbyEmptyTitle: t.get("lobby.games.empty.title"), LobbyEmptyText: t.get("lobby.games.empty.text"),
			LobbyTexts:         lobbyTexts(t),
			LoginRequiredTitle: t.get("ui.loginRequired.title"), LoginRequiredText: t.get("ui.loginRequired.text"), LogIn: t.get("ui.logIn"),
		},
	}
	app := appOf(s)
	l.ManifestURL, l.AppleIconURL, l.AppTitle = pwa.ManifestPath, pwa.IconURL(app.Icons, "apple-touch-icon.png"), app.ShortName
	l.PWAScriptURL = shell.StaticURL("pwa.js")
	l.Install = s.Feature("addToHomeScreen")
	if l.Brand == "" {
		l.Brand = "Casino"
	}
	l.Titles = make(map[string]string, len(titleIDs))
	for en, id := range titleIDs {
		if v, ok := msgs[id]; ok && v != "" && v != id {
			l.Titles[en] = v
		}
	}
	// The same titles for the root config, which sets document.title after
	// a client-side route change (shell/root-config/src/titles.ts).
	type titled struct {
		Path   string `json:"path"`
		Prefix bool   `json:"prefix,omitempty"`
		Title  string `json:"title"`
	}
	titles := struct {
		Brand  string   `json:"brand"`
		Routes []titled `json:"routes"`
	}{Brand: l.Brand}
	for _, r := range appRoutes {
		t := r.Title
		if v, ok := l.Titles[t]; ok {
			t = v
		}
		titles.Routes = append(titles.Routes, titled{Path: r.Path, Prefix: r.Prefix, Title: t})
	}
	tj, err := json.Marshal(titles)
	if err != nil {
		return nil, fmt.Errorf("titles: %w", err)
	}
	l.TitlesJSON = string(tj)
	if l.HomeURL == "" {
		l.HomeURL = "/"
	}
	if rtlLanguages[baseLang(lang)] {
		l.Dir = "rtl"
	}
	links := func(items []settings.NavItem, loggedIn bool) []shell.Link {
		out := make([]shell.Link, 0, len(items))
		for _, it := range items {
			if it.VisibleTo(loggedIn) {
				out = append(out, shell.Link{ID: it.ID, Label: t.get(it.Label), Href: it.Href, Icon: it.Icon})
			}
		}
		return out
	}
	l.NavGuest, l.NavUser = links(s.Navigation, false), links(s.Navigation, true)
	l.MenuGuest, l.MenuUser = links(s.HeaderMenu, false), links(s.HeaderMenu, true)
	if !hasLink(l.MenuGuest, "signup") {
		l.MenuGuest = append(l.MenuGuest, shell.Link{ID: "signup", Label: t.get("header.signup"), Href: "?modal=signup"})
	}
	for _, p := range infoPages {
		l.InfoLinks = append(l.InfoLinks, shell.Link{ID: p.Slug, Label: t.get("page." + p.Slug), Href: "/" + p.Slug})
	}
	for _, code := range s.Languages {
		name := languageNames[code]
		if name == "" {
			name = code
		}
		l.Languages = append(l.Languages, shell.Language{Code: code, Name: name, Flag: flagURL(languageFlags[code])})
	}
	if l.FooterHTML, err = shell.RenderFooter(l); err != nil {
		return nil, fmt.Errorf("footer: %w", err)
	}
	return l, nil
}

func hasLink(links []shell.Link, id string) bool {
	for _, l := range links {
		if l.ID == id {
			return true
		}
	}
	return false
}

func baseLang(code string) string {
	b, _, _ := strings.Cut(code, "-")
	return b
}

var colourPattern = regexp.MustCompile(`^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/a-z-]{1,60}\)|[a-zA-Z]{3,20})$`)

// colourOr returns c when it is a plain CSS colour (so an operator's setting
// can never break out of the style element), otherwise def.
func colourOr(c, def string) string {
	c = strings.TrimSpace(c)
	if colourPattern.MatchString(c) {
		return c
	}
	return def
}

// themeStyle maps the settings theme onto the stylesheet's custom properties.
func themeStyle(t settings.Theme) string {
	d := settings.Defaults().Theme
	primary := colourOr(t.PrimaryColor, d.PrimaryColor)
	var b strings.Builder
	b.WriteString(":root{")
	for _, kv := range [][2]string{
		{"--c-primary", primary},
		{"--c-accent", colourOr(t.AccentColor, d.AccentColor)},
		{"--c-bg", colourOr(t.BackgroundColor, d.BackgroundColor)},
		{"--c-surface", colourOr(t.SurfaceColor, d.SurfaceColor)},
		{"--c-text", colourOr(t.TextColor, d.TextColor)},
		{"--c-on-primary", onColour(primary)},
	} {
		b.WriteString(kv[0] + ":" + kv[1] + ";")
	}
	b.WriteString("}")
	return b.String()
}

// onColour picks dark or light text for a background colour given as hex.
func onColour(bg string) string {
	h := strings.TrimPrefix(bg, "#")
	if len(h) == 3 || len(h) == 4 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	if len(h) < 6 || bg[0] != '#' {
		return "#16120a"
	}
	r, _ := strconv.ParseUint(h[0:2], 16, 8)
	g, _ := strconv.ParseUint(h[2:4], 16, 8)
	bl, _ := strconv.ParseUint(h[4:6], 16, 8)
	if 0.299*float64(r)+0.587*float64(g)+0.114*float64(bl) > 150 {
		return "#16120a"
	}
	return "#ffffff"
}
