package server

import (
	"net/http"

	"casino/bff/backoffice"
	"casino/bff/staff"
)

// openStaff builds the back office's staff accounts, sessions and audit log
// (bff/staff, docs/backoffice.md): their cookie is Secure and __Host-
// prefixed wherever the players' is.
func (a *App) openStaff() {
	a.Staff = staff.NewService(a.DB)
	a.Staff.SecureCookies = a.Config.secureCookies()
	a.Staff.ClientIP = a.Accounts.ClientIP
}

// backofficeRoutes registers every back-office call; each one checks the
// staff session and the role's permission on the server.
func (a *App) backofficeRoutes(mux *http.ServeMux) {
	a.Staff.RegisterRoutes(mux)
	b := &backoffice.Service{DB: a.DB, Staff: a.Staff, Cashier: a.Cashier.Service, KYC: a.KYC, Frontends: a.Frontends, Ledger: a.Ledger, Settings: a.Settings,
		Protection: a.Protection, Sessions: a.Sessions, Wallet: a.Games.Wallet, Accounts: a.Accounts,
		FreeSpinBets: a.checkFreeSpinBet, Chat: a.Chat}
	b.Routes(mux)
	// The player page's round links open the studio's recall with a signed
	// parameter (a new tab has the cookie, not the request token).
	if a.Studio != nil {
		a.Studio.StaffRecall = func(r *http.Request) bool {
			return a.Staff.CheckLink(r.Context(), r.URL.EscapedPath(), r.URL.Query().Get(backoffice.RecallParam))
		}
	}
}
