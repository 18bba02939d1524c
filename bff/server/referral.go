package server

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"time"

	"casino/bff/referral"
)

// referralEvery is how often commissions are settled: CASINO_REFERRAL_EVERY
// (a Go duration), an hour by default.
func referralEvery() time.Duration {
	if v := os.Getenv("CASINO_REFERRAL_EVERY"); v != "" {
		if d, err := time.ParseDuration(v); err == nil && d > 0 {
			return d
		}
		slog.Warn("CASINO_REFERRAL_EVERY is not a duration: using 1h", "value", v)
	}
	return time.Hour
}

// openReferral builds refer a friend: sign-ups record their referral,
// get-user-details shows referralData, and the settlement runs for the life
// of ctx. It runs after openGames (the game rates).
func (a *App) openReferral(ctx context.Context) {
	s := referral.New(a.DB, a.Ledger, nil)
	s.Scale = a.betScale
	s.Percent = func(ctx context.Context) (int, error) {
		st, err := a.Settings.Current(ctx)
		return st.ReferAFriendPercent, err
	}
	a.Referral = s
	a.Accounts.OnSignUp = s.SignedUp
	a.Accounts.ReferralData = func(ctx context.Context, userID int64, currency string) (any, error) {
		return s.DataOf(ctx, userID, currency)
	}
	go s.Run(ctx, referralEvery())
}

// referralLanding keeps a page visit's ?ref=CODE for the sign-up.
func (a *App) referralLanding(next http.Handler) http.Handler { return referral.Landing(next) }
