package site

import (
	"strings"

	"casino/shell"
)

// appRoute says which micro-frontend a path mounts. Exact routes match the
// path itself; prefix routes (Prefix true) match Path and everything below it
// ("/casino" → "/casino/slots"). The longest match wins.
type appRoute struct {
	Path   string
	Prefix bool
	App    string
	Title  string // English document title ("" = brand only)
	// LoginPrompt: a visitor gets the app's log-in prompt instead of the
	// page, and the server renders that prompt as the first screen.
	LoginPrompt bool
}

// appRoutes is THE route → app table (docs/architecture.md). Routes registers
// a GET pattern for each entry; pageFor resolves a path with it.
var appRoutes = []appRoute{
	{Path: "/", App: shell.AppLobby, Title: ""},
	{Path: "/casino", App: shell.AppLobby, Title: "Casino"},
	{Path: "/casino", Prefix: true, App: shell.AppLobby, Title: "Casino"},
	{Path: "/casino/slots", App: shell.AppLobby, Title: "Slots"},
	{Path: "/casino/live-casino", App: shell.AppLobby, Title: "Live Casino"},
	{Path: "/casino/popular", App: shell.AppLobby, Title: "Popular Games"},
	{Path: "/casino/games", Prefix: true, App: shell.AppLobby, Title: "Game"},
	{Path: "/promotions", App: shell.AppLobby, Title: "Promotions"},
	{Path: "/promotion", App: shell.AppLobby, Title: "Promotion"},
	{Path: "/freemoney", App: shell.AppLobby, Title: "Free Money"},
	{Path: "/providers", App: shell.AppLobby, Title: "Providers"},
	{Path: "/tournaments", App: shell.AppLobby, Title: "Tournaments"},
	{Path: "/profile/favorites", App: shell.AppLobby, Title: "Favorites"},

	{Path: "/deposit", App: shell.AppCashier, Title: "Deposit", LoginPrompt: true},
	{Path: "/withdraw", App: shell.AppCashier, Title: "Withdraw", LoginPrompt: true},
	{Path: "/profile/transactions", App: shell.AppCashier, Title: "Transactions", LoginPrompt: true},
	{Path: "/profile2/balance", App: shell.AppCashier, Title: "Balance"},
	{Path: "/profile2/my-history", App: shell.AppCashier, Title: "My History"},

	{Path: "/profile", App: shell.AppProfile, Title: "Profile"},
	{Path: "/profile", Prefix: true, App: shell.AppProfile, Title: "Profile"},
	{Path: "/profile/edit-profile", App: shell.AppProfile, Title: "Edit Profile"},
	{Path: "/profile/verify", App: shell.AppProfile, Title: "Verification"},
	{Path: "/profile2/my-profile", App: shell.AppProfile, Title: "My Profile"},
	{Path: "/profile2/verification", App: shell.AppProfile, Title: "Verification"},
	{Path: "/profile2/my-bonuses", App: shell.AppProfile, Title: "My Bonuses"},
	{Path: "/profile2/vip-club", App: shell.AppProfile, Title: "VIP Club"},
	{Path: "/profile2/statistics", App: shell.AppProfile, Title: "Statistics"},
	{Path: "/profile2/freeze-account", App: shell.AppProfile, Title: "Freeze Account"},
	{Path: "/profile2/limits", App: shell.AppProfile, Title: "Limits"},
	{Path: "/vip-club", App: shell.AppProfile, Title: "VIP Club"},
	{Path: "/account", App: shell.AppProfile, Title: "Account"},
	{Path: "/account", Prefix: true, App: shell.AppProfile, Title: "Account"},
	{Path: "/bonuses", App: shell.AppProfile, Title: "Bonus History"},

	{Path: "/cashback", App: shell.AppCalendar, Title: "Cashback Calendar"},
}

// modalApps is THE ?modal= → app table (SPEC section 2). "signup" is the
// guest header's Sign up button (registration lives in the profile app);
// "deposit-success" is the plain success result modal SPEC lists beside the
// others.
var modalApps = map[string]string{
	"login":                shell.AppProfile,
	"signup":               shell.AppProfile,
	"linked-signup":        shell.AppProfile,
	"verify-email-expired": shell.AppProfile,
	"session-ended":        shell.AppProfile, // session time limit, self-exclusion (bff/protection)
	"reality-check":        shell.AppProfile,
	"deposit-3ds-success":  shell.AppCashier,
	"deposit-success":      shell.AppCashier,
	"deposit-failed":       shell.AppCashier,
	"deposit-return":       shell.AppCashier,
	"deposit-decline":      shell.AppCashier,
	"deposit-cancel":       shell.AppCashier,
	"deposit-pending":      shell.AppCashier,
	"calendar":             shell.AppCalendar,
	"rakeback":             shell.AppCalendar,
}

// pageKeyApps maps the configurable page addresses (settings pageUrls) to
// apps, so an operator who moves a page (say deposit → /cashier) still gets
// the right app at the new address.
var pageKeyApps = map[string]string{
	"root": shell.AppLobby, "casino": shell.AppLobby, "promotions": shell.AppLobby,
	"favorites": shell.AppLobby, "providers": shell.AppLobby, "tournaments": shell.AppLobby,
	"deposit": shell.AppCashier, "withdraw": shell.AppCashier, "transactions": shell.AppCashier,
	"profile": shell.AppProfile, "account": shell.AppProfile, "edit-profile": shell.AppProfile,
	"verification": shell.AppProfile, "verification2": shell.AppProfile, "bonus_history": shell.AppProfile,
	"cashback": shell.AppCalendar,
}

// AppFor returns the app a path mounts and its title; ok is false when no
// route matches.
func AppFor(path string) (app, title string, ok bool) {
	r, ok := routeFor(path)
	return r.App, r.Title, ok
}

// routeFor is the route table's entry for path: the exact one, else the
// longest prefix.
func routeFor(path string) (appRoute, bool) {
	best := -1
	for i, r := range appRoutes {
		if r.Path == path || r.Prefix && (r.Path == "/" || strings.HasPrefix(path, r.Path+"/")) {
			if best < 0 || len(r.Path) > len(appRoutes[best].Path) || len(r.Path) == len(appRoutes[best].Path) && !r.Prefix {
				best = i
			}
		}
	}
	if best < 0 {
		return appRoute{}, false
	}
	return appRoutes[best], true
}

// ModalApp returns the app owning a ?modal= value, "" for unknown modals.
func ModalApp(modal string) string { return modalApps[modal] }

// patterns returns the GET patterns of the route table, each once.
func patterns() []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range appRoutes {
		p := "GET " + r.Path
		switch {
		case r.Path == "/":
			p = "GET /{$}"
		case r.Prefix:
			p = "GET " + r.Path + "/{rest...}"
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// infoPages are the server-rendered Markdown pages (content/pages/<slug>.md),
// in footer order, with their footer labels.
var infoPages = []struct{ Slug, Label string }{
	{"terms-and-conditions", "Terms and Conditions"},
	{"privacy-policy", "Privacy Policy"},
	{"aml-policy", "AML Policy"},
	{"responsible-gambling", "Responsible Gambling"},
	{"kyc-refund-policy", "KYC & Refund Policy"},
	{"bonus-terms", "Bonus Terms"},
	{"legal-use-of-website", "Legal Use of Website"},
	{"contacts", "Contacts"},
}

// aliases are addresses seen in the demo navigation (SPEC section 2: "/vip,
// /contacts, /responsibility and /Wallet") that name a page which has its own
// canonical address. They answer a permanent redirect there, so bookmarks and
// old links work with or without JavaScript and search engines index one page.
var aliases = map[string]string{
	"/vip":            "/vip-club",
	"/responsibility": "/responsible-gambling",
	"/Wallet":         "/profile2/balance",
}
