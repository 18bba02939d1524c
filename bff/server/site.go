package server

import "net/http"

// mountSite registers the server-rendered pages.
func (a *App) mountSite(mux *http.ServeMux) error {
	return nil
}
