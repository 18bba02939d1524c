package server

import (
	"context"
	"time"

	"casino/bff/protection"
)

// openProtection builds the player's limits and freeze (bff/protection),
// enforced by the wallet and the cashier, and applies cooled-off changes
// every minute for the life of ctx.
func (a *App) openProtection(ctx context.Context) {
	a.Protection = protection.NewService(a.DB, a.Games.Wallet, a.Cashier.Service)
	go every(ctx, time.Minute, "protection: cooled-off limit changes applied", func(ctx context.Context) (int, error) {
		return a.Protection.ApplyDue(ctx, 0)
	})
}
