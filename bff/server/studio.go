package server

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"casino/bff/studio"
)

// openStudio loads the in-house studio's games and connects it to the
// seamless wallet as the provider "studio", through the same signed API a
// third-party provider uses (in process: no socket). Rounds a crash left
// half settled are finished first.
func (a *App) openStudio(ctx context.Context) error {
	cat, err := studio.Open(a.Config.ContentDir)
	if err != nil {
		return fmt.Errorf("studio games: %w", err)
	}
	client, err := a.Games.Wallet.LocalClient(ctx, studio.ProviderID)
	if err != nil {
		return fmt.Errorf("studio wallet client: %w", err)
	}
	a.Studio = studio.NewService(a.DB, cat, client)
	rctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if n, err := a.Studio.Recover(rctx); err != nil {
		slog.Error("studio: recovering unsettled rounds", "err", err)
	} else if n > 0 {
		slog.Info("studio: settled rounds left open", "rounds", n)
	}
	return nil
}

// studioRoutes: the studio's JSON API (/api/studio/…), its game pages under
// /play/studio/{game}, the verifier /provably-fair and the thumbnails.
func (a *App) studioRoutes(mux *http.ServeMux) {
	a.Studio.Routes(mux, a.Sessions)
	a.Studio.PageRoutes(mux, a.Sessions, a.Config.ContentDir)
}
