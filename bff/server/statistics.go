package server

import (
	"net/http"

	"casino/bff/statistics"
)

// statisticsRoutes serves the profile statistics page's totals.
func (a *App) statisticsRoutes(mux *http.ServeMux) {
	web := &statistics.Web{Service: statistics.New(a.DB, nil), Sessions: a.Sessions}
	web.Routes(mux)
}
