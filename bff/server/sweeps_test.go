package server

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

func TestEveryRunsUntilShutdown(t *testing.T) {
	for _, tc := range []struct {
		name    string
		failAt  int32 // run that answers "database is closed" (0: never)
		cancel  bool  // end by cancelling ctx instead
		wantMin int32
	}{
		{name: "cancelled", cancel: true, wantMin: 3},
		{name: "database closed", failAt: 3, wantMin: 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var runs atomic.Int32
			done := make(chan struct{})
			go func() {
				defer close(done)
				every(ctx, time.Millisecond, "test job", func(context.Context) (int, error) {
					n := runs.Add(1)
					switch {
					case n == 1:
						return 0, errors.New("a passing failure") // logged, the loop goes on
					case tc.failAt != 0 && n == tc.failAt:
						return 0, errors.New("sql: database is closed")
					}
					return int(n), nil
				})
			}()
			if tc.cancel {
				for runs.Load() < tc.wantMin {
					time.Sleep(time.Millisecond)
				}
				cancel()
			}
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("the loop did not end")
			}
			if got := runs.Load(); got < tc.wantMin || (tc.failAt != 0 && got != tc.failAt) {
				t.Fatalf("%d runs", got)
			}
		})
	}
}
