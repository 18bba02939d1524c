package server

import (
	"context"
	"net/http"
	"time"

	"casino/bff/api"
	"casino/bff/ledger"
	"casino/bff/races"
	"casino/bff/realtime"
)

// racesEvery is how often races score new plays and pay ended races.
const racesEvery = time.Second

// LeaderboardEvent is the public event of a race's topic: its new top lines.
const LeaderboardEvent = "leaderboard"

func raceTopic(id string) string { return "race:" + id }

// openRaces builds the races service: moved leaderboards go out on the
// race's public realtime topic, prizes to the winner's stream. It runs after
// openGames (the game rates).
func (a *App) openRaces(ctx context.Context) {
	s := races.New(a.DB, a.Ledger, nil)
	s.Scale = a.betScale
	s.Changed = func(ids []string) {
		for _, id := range ids {
			if e := a.leaderboardEvent(context.Background(), id); e != nil {
				a.Realtime.Broadcast(raceTopic(id), *e)
			}
		}
	}
	s.Paid = func(playerID int64, raceID string, place int, amount ledger.Money) {
		a.Realtime.Publish(playerID, realtime.Event{Name: "racePrize", Data: map[string]any{"raceId": raceID, "place": place, "amount": amount.Decimal()}})
	}
	a.Races = s
	go s.Run(ctx, racesEvery)
}

func (a *App) leaderboardEvent(ctx context.Context, id string) *realtime.Event {
	top, err := a.Races.Leaderboard(ctx, id, races.TopBoard)
	if err != nil {
		return nil
	}
	return &realtime.Event{Name: LeaderboardEvent, Data: map[string]any{"raceId": id, "leaderboard": top}}
}

// racesRoutes serves the race list and each race's live leaderboard stream
// (public, outside /api/ whose GET time-out would cut it).
func (a *App) racesRoutes(mux *http.ServeMux) {
	web := &races.Web{Service: a.Races, Sessions: a.Sessions}
	web.Routes(mux)
	mux.Handle("GET /races/{id}/events", api.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		id := r.PathValue("id")
		if _, err := a.Races.Get(r.Context(), id); err != nil {
			return err
		}
		return a.Realtime.TopicHandler(raceTopic(id), func() *realtime.Event { return a.leaderboardEvent(r.Context(), id) })(w, r)
	}))
}
