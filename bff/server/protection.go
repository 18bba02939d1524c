package server

import (
	"context"
	"time"

	"casino/bff/protection"
	"casino/bff/realtime"
)

// openProtection builds the player's limits, freeze, self-exclusion, session
// time limit and reality checks (bff/protection), enforced by the wallet,
// the cashier, the session manager and the studio, and applies cooled-off
// changes every minute for the life of ctx. It runs after openBonus and
// openStudio.
func (a *App) openProtection(ctx context.Context) {
	p := protection.NewService(a.DB, a.Games.Wallet, a.Cashier.Service)
	p.Sessions = a.Sessions
	p.Minute = a.Config.DemoMinute
	p.ForfeitBonus = a.Bonus.ForfeitActive
	// VIP levels with a personal manager have their bet limit raised by
	// support only (SPEC section 6).
	p.HighLoyalty = func(ctx context.Context, userID int64) (bool, error) {
		l, err := a.Loyalty.Benefits(ctx, userID)
		return l.PersonalManager, err
	}
	p.Notify = func(userID int64, event string, data any) {
		a.Realtime.Publish(userID, realtime.Event{Name: event, Data: data})
	}
	a.Protection = p
	a.Sessions.Deadlines = p.Deadlines
	a.Sessions.RestrictedRoutes = map[string]bool{}
	for _, r := range restrictedRoutes {
		a.Sessions.RestrictedRoutes[r] = true
	}
	for _, r := range protection.RestrictedRoutes {
		a.Sessions.RestrictedRoutes[r] = true
	}
	a.Studio.MayPlay = p.MayPlay
	go every(ctx, time.Minute, "protection: cooled-off limit changes applied", func(ctx context.Context) (int, error) {
		return a.Protection.ApplyDue(ctx, 0)
	})
}

// restrictedRoutes are what a self-excluded player's restricted session may
// call besides the protection's own (docs/protection.md): their details and
// balance, withdrawals and their history, the identity documents a
// withdrawal may need, and the realtime stream. Everything else answers 409
// SELF_EXCLUDED.
var restrictedRoutes = []string{
	"GET /api/user/get-user-details",
	"POST /api/user/session-cookie",
	"GET /api/user/events",
	"POST /api/user/withdraw",
	"GET /api/user/withdrawals",
	"POST /api/user/withdrawals/{id}/cancel",
	"GET /api/user/get-transactions",
	"GET /api/user/get-casino-transactions",
	"GET /api/user/get-user-bonuses",
	"POST /api/user/upload-document",
	"GET /api/user/documents",
	"GET /api/user/document-labels",
	"GET /api/user/documents/{id}/file",
}
