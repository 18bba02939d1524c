package server

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"casino/bff/realtime"
	"casino/bff/studio"
	"casino/bff/studio/roulette"
)

// openStudio loads the in-house studio's games and connects it to the
// seamless wallet as the provider "studio", through the same signed API a
// third-party provider uses (in process: no socket). Rounds a crash left
// half settled are finished first. The live roulette table starts turning
// and broadcasts on the public realtime topic studio.TableTopic.
func (a *App) openStudio(ctx context.Context) error {
	cat := a.Games.Studio // opened once by openGames
	client, err := a.Games.Wallet.LocalClient(ctx, studio.ProviderID)
	if err != nil {
		return fmt.Errorf("studio wallet client: %w", err)
	}
	a.Studio = studio.NewService(a.DB, cat, client)
	a.Studio.BetScale = a.betScale // the wallet's conversion, so both agree on every limit
	a.Studio.RTS14 = func(ctx context.Context) bool {
		st, err := a.Settings.Current(ctx)
		return err == nil && st.Feature("studioRTS14")
	}
	rctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if n, err := a.Studio.Recover(rctx); err != nil {
		slog.Error("studio: recovering unsettled rounds", "err", err)
	} else if n > 0 {
		slog.Info("studio: settled rounds left open", "rounds", n)
	}
	// Stakes of a table round the last process did not finish go back to
	// the players before the table opens again.
	if n, err := a.Studio.RefundTableStakes(rctx); err != nil {
		slog.Error("studio: refunding stakes of interrupted table rounds", "err", err)
	} else if n > 0 {
		slog.Info("studio: refunded stakes of interrupted table rounds", "rounds", n)
	}
	cfg := roulette.DefaultConfig
	if v := os.Getenv("CASINO_ROULETTE_TIMES"); v != "" {
		// "betting,spin,result" durations, e.g. "5s,1s,2s" (tests, demos).
		var ds [3]time.Duration
		parts := strings.Split(v, ",")
		if len(parts) != len(ds) {
			return fmt.Errorf("CASINO_ROULETTE_TIMES %q: want betting,spin,result", v)
		}
		for i := range ds {
			if ds[i], err = time.ParseDuration(strings.TrimSpace(parts[i])); err != nil || ds[i] <= 0 {
				return fmt.Errorf("CASINO_ROULETTE_TIMES %q: want betting,spin,result", v)
			}
		}
		cfg.Betting, cfg.Spin, cfg.Result = ds[0], ds[1], ds[2]
	}
	a.Studio.OpenTable(cfg, func(e roulette.Event) {
		a.Realtime.Broadcast(studio.TableTopic, realtime.Event{Name: e.Name, Data: e.Data})
	})
	// The table turns until App.Close (Studio.Close).
	a.Studio.StartTable()
	return nil
}

// studioRoutes: the studio's JSON API (/api/studio/…), its game pages under
// /play/studio/{game}, the verifier /provably-fair, the thumbnails and the
// live table's public event stream (outside /api/, whose GET time-out would
// cut it).
func (a *App) studioRoutes(mux *http.ServeMux) {
	a.Studio.Routes(mux, a.Sessions)
	a.Studio.PageRoutes(mux, a.Sessions, a.Config.ContentDir)
	mux.Handle("GET /studio/tables/"+studio.RouletteID+"/events", a.Realtime.TopicHandler(studio.TableTopic, func() *realtime.Event {
		return &realtime.Event{Name: "table", Data: a.Studio.Table.State(time.Now())}
	}))
}
