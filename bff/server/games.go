package server

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"

	"casino/bff/games"
	"casino/bff/ledger"
	"casino/bff/realtime"
	"casino/bff/wallet"
)

// Games is the game catalogue and the seamless wallet the games pay through.
type Games struct {
	Catalogue *games.Catalogue
	Wallet    *wallet.Service
}

// openGames syncs the studio's titles into the catalogue (their figures
// come from the maths, never typed), opens the wallet on the ledger and
// makes sure the in-house studio exists as a wallet provider.
func (a *App) openGames(ctx context.Context) error {
	titles, err := games.TitlesFromSlots(os.DirFS(a.Config.ContentDir))
	if err != nil {
		return err
	}
	report, err := games.SyncStudio(ctx, a.DB, titles)
	if err != nil {
		return fmt.Errorf("game catalogue: %w", err)
	}
	slog.Info("game catalogue", "studio", report)
	cat := games.New(a.DB)
	w := wallet.NewService(a.DB, ledger.New(a.DB), cat.WalletGame)
	w.Publish = func(userID int64, name string, data any) {
		a.Realtime.Publish(userID, realtime.Event{Name: name, Data: data})
	}
	if _, err := w.EnsureProvider(ctx, games.StudioWalletProvider, "Aurum Studio"); err != nil {
		return err
	}
	a.Games = &Games{Catalogue: cat, Wallet: w}
	return nil
}

// gamesRoutes serves the lobby's calls, the provider API under
// /api/wallet/v1/ and the player's rounds and casino history.
func (a *App) gamesRoutes(mux *http.ServeMux) {
	h := &games.HTTP{Catalogue: a.Games.Catalogue, Sessions: a.Sessions, Settings: a.Settings, Country: a.callerCountry}
	h.Routes(mux)
	mux.Handle(wallet.PathPrefix, a.Games.Wallet.Handler())
	a.Games.Wallet.Routes(mux, a.Sessions)
}

// callerCountry is the one geo lookup's answer for the request ("" when
// unknown).
func (a *App) callerCountry(r *http.Request) string {
	loc, _, err := a.Geo.Locator.Locate(r)
	if err != nil {
		return ""
	}
	return loc.Country.Code
}
