package races

import (
	"context"
	"net/http"
	"time"

	"casino/bff/api"
	"casino/bff/session"
)

// TopBoard is how many lines a leaderboard shows.
const TopBoard = 10

// Web serves the race calls (docs/races.md).
type Web struct {
	Service  *Service
	Sessions *session.Manager
}

// Routes registers GET /api/core/casino/races (the token is optional: with one, each race
// carries the player's own place and statistics).
func (web *Web) Routes(mux *http.ServeMux) {
	mux.Handle("GET /api/core/casino/races", api.HandlerFunc(web.list))
}

// PrizeView is one place's prize in EUR.
type PrizeView struct {
	Place    int    `json:"place"`
	Amount   string `json:"amount"`
	Currency string `json:"currency"`
}

// View is a race as the tournaments page shows it.
type View struct {
	ID          string      `json:"id"`
	Name        string      `json:"name"`
	Metric      string      `json:"metric"`
	Status      string      `json:"status"`
	StartsAt    time.Time   `json:"startsAt"`
	EndsAt      time.Time   `json:"endsAt"`
	Games       []string    `json:"games"`
	MinStake    string      `json:"minStake"`
	Prizes      []PrizeView `json:"prizes"`
	Paid        bool        `json:"paid"`
	Leaderboard []Entry     `json:"leaderboard"`
	Me          *Standing   `json:"me"`
}

// View renders r with its leaderboard (and the player's standing when playerID > 0).
func (s *Service) View(ctx context.Context, r Race, playerID int64) (View, error) {
	v := View{ID: r.ID, Name: r.Name, Metric: r.Metric, Status: r.Status(s.clock.Now()), StartsAt: r.StartsAt, EndsAt: r.EndsAt,
		Games: r.Games, MinStake: hundredths(r.MinStake), Paid: r.Paid, Prizes: []PrizeView{}}
	for i, p := range r.Prizes {
		v.Prizes = append(v.Prizes, PrizeView{Place: i + 1, Amount: hundredths(p), Currency: eur.Code})
	}
	var err error
	if v.Leaderboard, err = s.Leaderboard(ctx, r.ID, TopBoard); err != nil {
		return View{}, err
	}
	if playerID > 0 {
		if v.Me, err = s.Standing(ctx, r.ID, playerID); err != nil {
			return View{}, err
		}
	}
	return v, nil
}

func (web *Web) list(w http.ResponseWriter, r *http.Request) error {
	var playerID int64
	if p, err := web.Sessions.FromRequest(r); err == nil && p != nil {
		playerID = p.ID
	}
	races, err := web.Service.List(r.Context(), 20)
	if err != nil {
		return err
	}
	out := make([]View, 0, len(races))
	for _, race := range races {
		v, err := web.Service.View(r.Context(), race, playerID)
		if err != nil {
			return err
		}
		out = append(out, v)
	}
	w.Header().Set("Cache-Control", "no-store")
	return api.WriteData(w, map[string]any{"races": out})
}
