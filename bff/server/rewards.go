package server

import (
	"net/http"

	"casino/bff/rewards"
)

// rewardsRoutes serves the rakeback calendar (bff/rewards).
func (a *App) rewardsRoutes(mux *http.ServeMux) {
	a.Rewards = rewards.NewService(a.DB, a.Ledger)
	a.Rewards.Routes(mux, a.Sessions)
}
