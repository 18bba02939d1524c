package server

import (
	"context"
	"net/http"
	"time"

	"casino/bff/loyalty"
	"casino/bff/realtime"
)

// loyaltyEvery is how often the VIP club counts the ledger's new stakes.
const loyaltyEvery = 500 * time.Millisecond

// openLoyalty builds the VIP club, hooks userLoyaltyLevel into
// get-user-details and level-ups into the realtime hub, and starts the
// ledger tailer for the life of ctx. It runs after openGames (the game rates).
func (a *App) openLoyalty(ctx context.Context) {
	l := loyalty.New(a.DB, a.Ledger, nil)
	l.Scale = a.betScale
	l.Publish = func(userID int64, name string, data any) {
		a.Realtime.Publish(userID, realtime.Event{Name: name, Data: data})
	}
	a.Loyalty = l
	a.Accounts.LoyaltyLevel = func(ctx context.Context, userID int64) (any, error) {
		st, err := l.Status(ctx, userID)
		if err != nil {
			return nil, err
		}
		return st.Brief(), nil
	}
	go l.Run(ctx, loyaltyEvery)
}

// loyaltyRoutes serves the level table and the player's VIP club standing.
func (a *App) loyaltyRoutes(mux *http.ServeMux) {
	web := &loyalty.Web{Service: a.Loyalty, Sessions: a.Sessions}
	web.Routes(mux)
}
