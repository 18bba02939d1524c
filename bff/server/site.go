package server

import (
	"net/http"
	"os"
	"path/filepath"

	"casino/bff/bonus"
	"casino/bff/games"
	"casino/bff/onboarding"
	"casino/bff/settings"
	"casino/bff/site"
	"casino/shell"
)

// mountSite registers the server-rendered pages.
func (a *App) mountSite(mux *http.ServeMux) error {
	s, err := site.New(site.Deps{
		Settings:     a.Settings,
		Sessions:     a.Sessions,
		Scripts:      a.Scripts,
		Frontends:    a.Frontends,
		Catalog:      a.Catalog,
		Pages:        os.DirFS(filepath.Join(a.Config.ContentDir, "pages")),
		CountryBlock: a.countryBlock,

		RememberLanguage: a.Accounts.SetLocale,
		TourSeen:         onboarding.New(a.DB, nil).Seen,
	})
	if err != nil {
		return err
	}
	if a.Games != nil {
		// The lobby's first screen comes from the same queries as get-games
		// and get-full-category-list (bff/games/firstscreen.go).
		lobby := &games.HTTP{Catalogue: a.Games.Catalogue, Sessions: a.Sessions, Settings: a.Settings, Country: a.callerCountry, BetScale: a.betScale}
		s.SetFirstScreen(lobby.FirstScreen)
		s.SetGameScreen(lobby.GameScreen)
	}
	if a.Bonus != nil {
		// /promotions: the same query as the lobby's get-all-bonus (bff/bonus/screen.go).
		web := &bonus.Web{Service: a.Bonus, Sessions: a.Sessions, Locate: a.Accounts.Locate}
		s.SetPromotions(web.Screen)
	}
	s.Routes(mux)
	return nil
}

// countryBlock asks geo whether the page request gets the full-screen
// notice. w carries the whitelist cookie when the URL has whitelisted=1.
func (a *App) countryBlock(w http.ResponseWriter, r *http.Request, st *settings.Settings, loggedIn bool) (*shell.CountryBlock, error) {
	if len(st.ExcludedCountries) == 0 {
		return nil, nil
	}
	d, err := a.Geo.Decide(w, r, loggedIn, st.ExcludedCountries)
	if err != nil || d == nil || !d.Blocked {
		return nil, err
	}
	return &shell.CountryBlock{
		Country: d.Country.Code, CountryName: d.Country.Name, IP: d.IP.String(), Date: d.Date, SupportEmail: st.SupportEmail,
	}, nil
}
