package server

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"casino/bff/frontends"
)

// ReleaseWatch is the automatic rollback of micro-frontend releases whose
// failure reports pass the operator's rate (docs/frontends.md).
type ReleaseWatch struct {
	Policy frontends.RollbackPolicy
	Every  time.Duration // how often the rule is checked
}

// ReleaseWatchFromEnv reads CASINO_ROLLBACK_RATE ("5%" or "0.05"; "off"
// disables the watch), CASINO_ROLLBACK_WINDOW, CASINO_ROLLBACK_MIN_VIEWS and
// CASINO_ROLLBACK_CHECK_EVERY.
func ReleaseWatchFromEnv() (ReleaseWatch, error) {
	w := ReleaseWatch{Policy: frontends.DefaultRollbackPolicy, Every: 10 * time.Second}
	if v := os.Getenv("CASINO_ROLLBACK_RATE"); v != "" {
		if v == "off" {
			return ReleaseWatch{}, nil
		}
		pct := strings.HasSuffix(v, "%")
		rate, err := strconv.ParseFloat(strings.TrimSuffix(v, "%"), 64)
		if pct {
			rate /= 100
		}
		if err != nil || rate <= 0 || rate > 1 {
			return w, fmt.Errorf("CASINO_ROLLBACK_RATE %q: want a share such as 5%% or 0.05, or off", v)
		}
		w.Policy.Rate = rate
	}
	for key, dst := range map[string]*time.Duration{"CASINO_ROLLBACK_WINDOW": &w.Policy.Window, "CASINO_ROLLBACK_CHECK_EVERY": &w.Every} {
		if v := os.Getenv(key); v != "" {
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 || d > 10*time.Minute {
				return w, fmt.Errorf("%s %q: want a duration up to 10m", key, v)
			}
			*dst = d
		}
	}
	if v := os.Getenv("CASINO_ROLLBACK_MIN_VIEWS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return w, fmt.Errorf("CASINO_ROLLBACK_MIN_VIEWS %q: want a whole number of page views", v)
		}
		w.Policy.MinViews = n
	}
	return w, nil
}

// watchReleases applies the rollback rule for the life of ctx.
func (a *App) watchReleases(ctx context.Context) {
	w := a.Config.Releases
	if w.Every <= 0 || w.Policy.Rate <= 0 {
		return
	}
	go every(ctx, w.Every, "frontends: releases rolled back automatically", func(ctx context.Context) (int, error) {
		return a.Frontends.RollBackFailing(ctx, time.Now(), w.Policy)
	})
}
