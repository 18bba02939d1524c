package server

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"

	"casino/bff/betlevels"
	"casino/bff/games"
	"casino/bff/realtime"
	"casino/bff/studio"
	"casino/bff/wallet"
)

// Games is the game catalogue and the seamless wallet the games pay through.
type Games struct {
	Catalogue *games.Catalogue
	Wallet    *wallet.Service
	// Studio is the in-house studio's catalogue, loaded once (its maths are
	// checked against the definitions on load) for the sync and the studio.
	Studio *studio.Catalog
}

// openGames syncs the studio's titles into the catalogue (their figures
// come from the maths, never typed), opens the wallet on the ledger and
// makes sure the in-house studio exists as a wallet provider.
func (a *App) openGames(ctx context.Context) error {
	cat0, err := studio.Open(a.Config.ContentDir)
	if err != nil {
		return fmt.Errorf("studio games: %w", err)
	}
	report, err := games.SyncStudio(ctx, a.DB, studioTitles(cat0.Titles()))
	if err != nil {
		return fmt.Errorf("game catalogue: %w", err)
	}
	slog.Info("game catalogue", "studio", report)
	cat := games.New(a.DB)
	w := wallet.NewService(a.DB, a.Ledger, cat.WalletGame)
	w.BetScale = a.betScale
	w.Publish = func(userID int64, name string, data any) {
		a.Realtime.Publish(userID, realtime.Event{Name: name, Data: data})
	}
	if _, err := w.EnsureProvider(ctx, games.StudioWalletProvider, "Aurum Studio"); err != nil {
		return err
	}
	a.Games = &Games{Catalogue: cat, Wallet: w, Studio: cat0}
	return nil
}

// betScale is the operator's conversion of game bet amounts (EUR) into a
// currency (site setting gameCurrencyRates, bff/betlevels): the wallet's
// limit check, the lobby and the studio all use this one.
func (a *App) betScale(ctx context.Context, currency string) (betlevels.Scale, error) {
	s, err := a.Settings.Current(ctx)
	if err != nil {
		return betlevels.Scale{}, err
	}
	return betlevels.For(s.GameCurrencyRates, currency)
}

// checkFreeSpinBet is the studio's own bet check under the operator's scale:
// a free-spins bonus may only offer a stake its game takes.
func (a *App) checkFreeSpinBet(ctx context.Context, game, currency string, bet int64) error {
	sc, err := a.betScale(ctx, currency)
	if err != nil {
		return err
	}
	return a.Games.Studio.CheckBet(game, sc, bet)
}

// studioTitles hands the studio's titles to the catalogue: RTP and max
// multiplier as the studio computed them from each game's exact maths.
func studioTitles(titles []studio.Title) []games.StudioTitle {
	out := make([]games.StudioTitle, 0, len(titles))
	for _, t := range titles {
		rtp, _ := strconv.ParseFloat(t.RTP, 64)
		mult, _ := strconv.ParseFloat(t.MaxMultiplier, 64)
		out = append(out, games.StudioTitle{ID: t.ID, Name: t.Name, Kind: t.Kind, Description: t.Description,
			Volatility: t.Volatility, ReleaseDate: t.ReleaseDate, Tags: t.Tags, RTP: rtp, MaxMultiplier: mult,
			MinBet: t.MinBet, MaxBet: t.MaxBet, MinBetMinor: t.MinBetMinor, MaxBetMinor: t.MaxBetMinor,
			HasBonusBuy: t.BonusBuyPrice > 0, Thumbnail: t.Thumbnail, PlayURL: t.PlayURL})
	}
	return out
}

// gamesRoutes serves the lobby's calls, the provider API under
// /api/wallet/v1/ and the player's rounds and casino history.
func (a *App) gamesRoutes(mux *http.ServeMux) {
	h := &games.HTTP{Catalogue: a.Games.Catalogue, Sessions: a.Sessions, Settings: a.Settings, Country: a.callerCountry, BetScale: a.betScale}
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
