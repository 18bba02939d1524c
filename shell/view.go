// Package shell renders the server side of the casino's page: the document
// around the micro-frontends (head, operator scripts, header, navigation,
// footer, mount points and the inline registry/settings blocks), skeletons of
// each app, info pages, the 404 page, the country-block notice and the
// service-unavailable page.
//
// Everything that only depends on settings and language is precomputed once in
// a Layout; a Page adds what differs per request (path, player, nonce, app,
// modal, scripts). Components never do I/O.
package shell

import (
	"encoding/json"
	"time"
)

// Micro-frontends a page or modal can mount (the data-app / data-modal values).
const (
	AppNone         = ""
	AppLobby        = "lobby"
	AppCashier      = "cashier"
	AppProfile      = "profile"
	AppCalendar     = "calendar"
	AppCountryBlock = "country-block"
	AppBackoffice   = "backoffice"
)

// Link is one navigation entry with its label already translated.
type Link struct {
	ID    string
	Label string
	Href  string
	Icon  string // symbol id in icons.svg, without the "i-" prefix; empty = none
}

// Language is one entry of the footer's language list.
type Language struct {
	Code string
	Name string // endonym
	Flag string // URL of the flag image shown beside it, "" for none
}

// Labels are the shell's own interface texts (already translated).
type Labels struct {
	Menu, CloseMenu, Login, Signup, Deposit, Account, Navigation, Languages,
	SkipToContent, Loading, NoScript, InfoPages, ResponsibleGambling, AgeNotice,
	NotFoundTitle, NotFoundText, GoHome string
	// A micro-frontend that fails to load (shell/root-config/src/fault.ts).
	AppFailedTitle, AppFailedText, Retry, Close string
	// A self-excluded player's restricted session ({until} is replaced).
	Restricted, RestrictedPermanent string
	// The onboarding tour (tour.go).
	Tour TourLabels
	// An info page shown in English because it has no version in the
	// page's language.
	NotTranslated string
	// The installable app: the footer's install button, the iOS
	// instructions sheet (three steps) and the offline page.
	Install, InstallIOSTitle, InstallIOSStep1, InstallIOSStep2, InstallIOSStep3 string
	OfflineTitle, OfflineText                                                   string
	// The lobby's first screen (lobby.* ids; LobbyCount is the ICU plural).
	LobbyTitle, LobbyCategories, LobbyAll, LobbyCount, LobbyLoadMore, LobbyEmptyTitle, LobbyEmptyText string
	// LobbyTexts are the lobby's texts of the game page's and the
	// promotions' first screens, by message id (bff/site firstscreen.go).
	LobbyTexts map[string]string
	// A visitor's log-in prompt on a players' page (ui.* ids).
	LoginRequiredTitle, LoginRequiredText, LogIn string
}

// Layout is what every page of one language shares while the settings stay the
// same. Build it once (see the site package) and reuse it for every request.
type Layout struct {
	Lang          string
	LocaleVersion string
	Dir           string // "ltr" or "rtl"
	Brand         string
	HomeURL       string
	Description   string
	ThemeColor    string
	ThemeStyle    string // ":root{--…}" built from validated theme colours
	CSSURL        string
	IconsURL      string
	SupportEmail  string
	SettingsJSON  string // the settings document, JSON-escaped for a script block

	// The installable app (bff/pwa, bff/site/pwa.go): the manifest, the
	// home-screen icon and label for iOS, and the script that registers the
	// service worker and drives the install button. Install: the
	// addToHomeScreen flag (the footer's button and iOS sheet).
	ManifestURL, AppleIconURL, AppTitle, PWAScriptURL string
	Install                                           bool

	NavGuest, NavUser   []Link // side navigation by scope
	MenuGuest, MenuUser []Link // header menu by scope
	InfoLinks           []Link // footer: info pages
	Languages           []Language
	LicenceHTML         string // footer licence text (rendered from content)
	FooterHTML          string // Footer(layout), rendered once
	Labels              Labels
	// Titles are the route table's English document titles in this
	// language (missing: the English title stays).
	Titles     map[string]string
	TitlesJSON string // {"brand","routes":[{"path","prefix","title"}]} for the root config
}

// Nav is the side navigation for a guest or a logged-in player.
func (l *Layout) Nav(loggedIn bool) []Link {
	if loggedIn {
		return l.NavUser
	}
	return l.NavGuest
}

// Menu is the header menu for a guest or a logged-in player.
func (l *Layout) Menu(loggedIn bool) []Link {
	if loggedIn {
		return l.MenuUser
	}
	return l.MenuGuest
}

// Viewer is the logged-in player as the header shows them.
type Viewer struct {
	Name string
	// Restricted: a self-excluded player's withdrawal-only session
	// (bff/protection): the header offers withdrawal, not deposit, and says
	// why. Until is the end as shown ("27 Nov 2026 10:00 UTC"); empty when
	// the exclusion is permanent.
	Restricted bool
	Until      string
}

// Kind says what the main element holds.
type Kind int

const (
	KindApp      Kind = iota // a micro-frontend mounts into the skeleton
	KindInfo                 // a server-rendered info page
	KindNotFound             // the 404 page
)

// Info is a rendered info page.
type Info struct {
	Slug  string
	Title string
	HTML  string // trusted: rendered by the server from the operator's Markdown
	// Lang is the content's language when it differs from the page's (the
	// English page served as the fallback of a language without its own
	// version); Note then says so in the page's language.
	Lang, Note string
}

// Page is one request's view.
type Page struct {
	*Layout
	Kind      Kind
	Title     string // document title without the brand
	Heading   string // visually hidden h1 of an app page
	Path      string
	Nonce     string
	Viewer    *Viewer // nil for guests
	App       string  // data-app of <main id="mf-page">
	Modal     string  // app that owns the ?modal= overlay, "" for none
	ModalName string  // the ?modal= value when Modal is set
	Info      *Info

	RemotesJSON string // {"lobby":"/mf/lobby/<v>/remoteEntry.js",…}
	RootEntry   string // URL of the single-spa root config, "" when unpublished

	// Operator scripts, raw, with the nonce already on every <script> tag.
	Head, BodyStart, BodyEnd string

	CountryBlock *CountryBlock

	// Tour is the onboarding tour's JSON (TourJSON) for a player who has not
	// seen it yet; "" for none.
	Tour string

	// HeaderSlot, when set, is written in place of the header (bff/site
	// renders a logged-in page once with a marker there and splices each
	// player's header in).
	HeaderSlot string
	// Lobby is the lobby's server-rendered first screen (nil: the skeleton).
	Lobby *Lobby
	// Game and Promotions are the first screens of the game page and of
	// /promotions (nil: the skeleton).
	Game       *GameView
	Promotions *PromotionsView
	// Login is a visitor's first screen of a page only players see.
	Login *LoginView
}

// LoginView is the log-in prompt of a players' page, as the app's.
type LoginView struct {
	Title, Text, Button, Href string
}

// ServerFirstScreen reports whether the server rendered the page's first
// screen (the lobby, a game, promotions, a log-in prompt). The root config boots after
// that screen is painted, so it is not preloaded either.
func (p *Page) ServerFirstScreen() bool {
	return p.Lobby != nil || p.Game != nil || p.Promotions != nil || p.Login != nil
}

// LoggedIn reports whether a player is logged in.
func (p *Page) LoggedIn() bool { return p.Viewer != nil }

// DocumentTitle is the <title> text.
func (p *Page) DocumentTitle() string {
	if p.Title == "" {
		return p.Brand
	}
	return p.Title + " · " + p.Brand
}

// CountryBlock is the full-screen notice for a visitor from an excluded
// country. The server renders it; the country-block micro-frontend takes over
// (Reverify Location) from the JSON block.
type CountryBlock struct {
	Country      string    // ISO 3166-1 alpha-2, e.g. "US"
	CountryName  string    // e.g. "United States"
	IP           string    // detected client IP
	Date         time.Time // when the block was detected
	SupportEmail string    // optional; the layout's support address otherwise
}

// JSON is the document of <script id="country-block-data">.
func (c *CountryBlock) JSON() string {
	b, _ := json.Marshal(struct {
		Country     string `json:"country"`
		CountryName string `json:"countryName"`
		IP          string `json:"ip"`
		Date        string `json:"date"`
	}{c.Country, c.CountryName, c.IP, c.Date.UTC().Format(time.RFC3339)})
	return string(b)
}

// DisplayDate is the date as the notice shows it.
func (c *CountryBlock) DisplayDate() string {
	return c.Date.UTC().Format("2 January 2006, 15:04 UTC")
}

// DisplayCountry is "United States (US)" or the code alone.
func (c *CountryBlock) DisplayCountry() string {
	switch {
	case c.CountryName != "" && c.Country != "":
		return c.CountryName + " (" + c.Country + ")"
	case c.CountryName != "":
		return c.CountryName
	case c.Country != "":
		return c.Country
	default:
		return "Unknown"
	}
}

func (p *Page) supportEmail() string {
	if p.CountryBlock != nil && p.CountryBlock.SupportEmail != "" {
		return p.CountryBlock.SupportEmail
	}
	return p.SupportEmail
}

// Lobby is the server-rendered first screen of the lobby on /, /casino and
// /casino/{category} (issue 19): the same markup and classes the lobby's
// React page renders (frontends/lobby/src/pages/CasinoPage.tsx), so the
// swap moves nothing. JSON is the data it was rendered from, embedded once
// as <script id="lobby-first-screen">; the lobby adopts it instead of
// fetching the categories and the first page of games.
type Lobby struct {
	Title           string
	CategoriesLabel string // aria-label of the category bar
	AllLabel        string
	Active          string // slug of the current category, "" = all games
	Categories      []LobbyCategory
	Tiles           []LobbyTile
	Count           string // "24 games", "" when there are none
	LoadMore        string // label of the Load more button, "" when everything is shown
	EmptyTitle      string
	EmptyText       string
	Pulse           bool // a logged-in player: the Game Pulse's reserved place
	JSON            string
}

// LobbyCategory is one chip of the category bar.
type LobbyCategory struct {
	Slug, Name, Href string
}

// LobbyTile is one game tile.
type LobbyTile struct {
	Href, Name, Provider, Thumb string
	Srcset                      string // the thumbnail's raster sizes, "" for one image
}

// Tile sizes: the thumbnails are 3:4; the attributes give the browser the
// ratio before the image arrives (the CSS sets the displayed size).
const (
	TileWidth  = "300"
	TileHeight = "400"
	// TileSizes and CoverSizes are the widths shell.css shows a lobby tile
	// at (.lobby-grid: two columns under 400 px, three under 768 px, ~160 px
	// above) and the game page's cover (.gpage-thumb), for the browser to
	// pick from a srcset. The lobby's GameCard and GamePage say the same.
	TileSizes  = "(max-width: 399px) 45vw, (max-width: 767px) 30vw, 160px"
	CoverSizes = "(max-width: 767px) 150px, 180px"
	// EagerTiles is how many tiles load at once (the first row at desktop
	// width); the rest are loading="lazy".
	EagerTiles = 6
)

// GameView is the server-rendered first screen of the game page
// /casino/games/{slug} (issue 19): the same markup and classes the lobby's
// React page renders (frontends/lobby/src/pages/GamePage.tsx). JSON is
// embedded once as <script id="lobby-game">.
type GameView struct {
	Name, Thumb                  string
	Srcset                       string // the cover's raster sizes, "" for one image
	Back, FrameTitle, StatsLabel string
	Facts                        []Fact
	// The play buttons are links: Play (a player: the game's play address
	// with mode=real) or Log in to play (a visitor: ?modal=login), and Demo
	// when the game offers it. "" = none.
	PlayHref, PlayLabel   string
	DemoHref, DemoLabel   string
	RulesHref, RulesLabel string
	Pulse                 bool // a logged-in player: the Game Pulse's reserved place
	JSON                  string
}

// Fact is one line of the game's facts (RTP, max multiplier, min bet).
type Fact struct {
	Label, Value string
}

// PromotionsView is the server-rendered first screen of /promotions (issue
// 19): the banners as the lobby's React page renders them
// (frontends/lobby/src/pages/PromotionsPage.tsx). JSON is embedded once as
// <script id="lobby-promotions">.
type PromotionsView struct {
	Title                 string
	EmptyTitle, EmptyText string
	Banners               []PromoBanner
	JSON                  string
}

// PromoBanner is one promotion's banner.
type PromoBanner struct {
	Ref        string // code, else id (data-bonus, the details link)
	Background string // a validated CSS colour, "" = the card's
	Image      string
	// Label24h: the 24h label and its hint, "" = none.
	Label24h, Label24hHint        string
	Title, Secondary, Description string
	// Exactly one of: Claim (a player's claim button), Login (a visitor's
	// "Log in to claim" link), LinkHref (a link to the promotion's page).
	Claim, Login              string
	LinkHref, LinkLabel       string
	DetailsHref, DetailsLabel string
}

// Promotion banner images are 16:7 (the CSS sets the displayed size).
const (
	PromoWidth  = "640"
	PromoHeight = "280"
)

// EagerPromos is how many promotion banners load at once (the first row at
// desktop width); the rest are loading="lazy".
const EagerPromos = 2
