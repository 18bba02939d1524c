package server

import (
	"context"
	"log/slog"
	"strings"
	"time"
)

// every runs a housekeeping job at each interval for the life of ctx and
// logs how many things it did. A failure is logged and the next interval
// tries again; a failure because the server is shutting down (ctx done, the
// database closed under the job) ends the loop quietly.
func every(ctx context.Context, interval time.Duration, name string, job func(context.Context) (int, error)) {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			n, err := job(ctx)
			switch {
			case err != nil && (ctx.Err() != nil || strings.Contains(err.Error(), "database is closed")):
				return
			case err != nil:
				slog.Error(name+" failed", "err", err)
			case n > 0:
				slog.Info(name, "count", n)
			}
		}
	}
}
