package server

import (
	"context"
	"net/http"
	"time"

	"casino/bff/bonus"
	"casino/bff/realtime"
	"casino/bff/rewards"
)

// openRewards builds the rakeback calendar and hooks it into the bonus core
// (weekday bonuses on the player's calendar day, instant cashback placed on
// it: ADD_TO_CALENDAR) and the public feed of claims. It runs after
// openBonus.
func (a *App) openRewards() {
	a.Rewards = rewards.NewService(a.DB, a.Ledger)
	a.Bonus.Calendar = bonusCalendar{a.Rewards}
	a.Rewards.Claimed = func(c rewards.FeedClaim) {
		a.Realtime.Broadcast(rewards.FeedTopic, realtime.Event{Name: rewards.FeedEvent, Data: c})
	}
}

// rewardsRoutes serves the rakeback calendar (bff/rewards) and its public
// feed of claims (outside /api/, whose GET time-out would cut the stream).
func (a *App) rewardsRoutes(mux *http.ServeMux) {
	a.Rewards.Routes(mux, a.Sessions)
	mux.Handle("GET /rewards/claims/events", a.Realtime.TopicHandler(rewards.FeedTopic, nil))
}

// bonusCalendar is the calendar as the bonus core sees it.
type bonusCalendar struct{ r *rewards.Service }

func (c bonusCalendar) LocalNow(ctx context.Context, userID int64, asked string) (time.Time, error) {
	return c.r.LocalNow(ctx, userID, asked)
}

func (c bonusCalendar) NetLoss(ctx context.Context, userID int64, asked string) (int64, error) {
	return c.r.NetLoss(ctx, userID, asked)
}

func (c bonusCalendar) AddToCalendar(ctx context.Context, cb bonus.Cashback) (string, bool, error) {
	return c.r.AddToCalendar(ctx, cb.UserID, cb.BonusID, cb.Amount, cb.Loss, cb.Zone)
}
