package account

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"casino/bff/api"
)

// The hash queue is bounded: beyond hashQueueMax waiting callers, more are
// told at once to try again later instead of piling up (issue 18, item 8).
func TestHashQueueIsBounded(t *testing.T) {
	for range cap(hashSlots) {
		hashSlots <- struct{}{}
	}
	defer func() {
		for range cap(hashSlots) {
			<-hashSlots
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var refused atomic.Int64
	for range hashQueueMax + 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := acquireHashSlot(ctx); errors.Is(err, api.ErrTooManyRequests) {
				refused.Add(1)
			}
		}()
	}
	deadline := time.Now().Add(3 * time.Second)
	for refused.Load() < 6 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	wg.Wait()
	if got := refused.Load(); got != 6 {
		t.Fatalf("%d callers refused at once, want the 6 beyond the queue", got)
	}
}
