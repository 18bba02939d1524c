package server

import (
	"net/http"

	"casino/bff/api"
	"casino/bff/captcha"
)

// accountsRoutes wires the sign-up and login challenge (bff/captcha) into the
// account calls and serves the challenges. The signing key is drawn per
// process: a challenge lives minutes, so a restart only costs a retry.
func (a *App) accountsRoutes(mux *http.ServeMux) {
	c, err := captcha.New(nil)
	if err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	a.Accounts.Captcha = c
	mux.Handle("GET /api/user/captcha-challenge", api.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		ch, err := c.NewChallenge()
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", "no-store")
		return api.WriteData(w, ch)
	}))
}
