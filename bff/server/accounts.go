package server

import (
	"context"
	"log/slog"
	"net/http"

	"casino/bff/captcha"
)

// captchaKeyName names the challenge's HMAC key among the stored secrets.
const captchaKeyName = "captcha-hmac"

// accountsRoutes wires the sign-up and login challenge (bff/captcha) into the
// account calls and serves the challenges. The signing key is stored like
// the server's other own secrets (drawn once, kept in the database), so a
// challenge issued before a restart still verifies after it.
func (a *App) accountsRoutes(mux *http.ServeMux) {
	key, err := a.DB.Secret(context.Background(), captchaKeyName, 32)
	if err != nil {
		// A per-process key only costs players a retry after a restart.
		slog.Error("captcha key not stored; using one for this process", "err", err)
	}
	c, err := captcha.New(key)
	if err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	a.Accounts.Captcha = c
	mux.Handle("GET /api/user/captcha-challenge", c.Handler(a.Accounts.ClientIP))
}
