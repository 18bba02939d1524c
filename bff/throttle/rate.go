package throttle

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Rates limits events per key (a client address) with token buckets, and all
// keys together with one more, so neither one client nor many can flood a
// path that writes to the single SQLite writer.
type Rates struct {
	mu     sync.Mutex
	per    rate.Limit
	burst  int
	keys   map[string]*bucket
	total  *rate.Limiter
	pruned time.Time
	now    func() time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

// NewRates allows each key perSecond events (bursts of burst) and all keys
// together totalPerSecond (bursts of totalBurst).
func NewRates(perSecond float64, burst int, totalPerSecond float64, totalBurst int) *Rates {
	return &Rates{
		per: rate.Limit(perSecond), burst: burst, keys: map[string]*bucket{},
		total: rate.NewLimiter(rate.Limit(totalPerSecond), totalBurst), now: time.Now,
	}
}

// SetClock replaces the clock (tests).
func (r *Rates) SetClock(now func() time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.now = now
}

// Allow takes one event for key and reports whether it may go ahead. A
// refusal by the total does not use up the key's own allowance.
func (r *Rates) Allow(key string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.now()
	r.prune(now)
	b := r.keys[key]
	if b == nil {
		b = &bucket{lim: rate.NewLimiter(r.per, r.burst)}
		r.keys[key] = b
	}
	b.seen = now
	res := b.lim.ReserveN(now, 1)
	if !res.OK() || res.DelayFrom(now) > 0 {
		res.CancelAt(now)
		return false
	}
	if !r.total.AllowN(now, 1) {
		res.CancelAt(now)
		return false
	}
	return true
}

// idleAfter: a bucket untouched this long is full again, so forgetting it
// changes nothing.
const idleAfter = 10 * time.Minute

func (r *Rates) prune(now time.Time) {
	if now.Sub(r.pruned) < time.Minute {
		return
	}
	r.pruned = now
	for k, b := range r.keys {
		if now.Sub(b.seen) > idleAfter {
			delete(r.keys, k)
		}
	}
}

// Gauge counts things in progress (open event streams) per key and in total,
// refusing more than perKey or total at once.
type Gauge struct {
	mu     sync.Mutex
	perKey int
	limit  int
	open   map[string]int
	sum    int
}

// NewGauge allows perKey at once for each key and total at once overall.
func NewGauge(perKey, total int) *Gauge {
	return &Gauge{perKey: perKey, limit: total, open: map[string]int{}}
}

// Acquire opens one for key; release (only when ok) closes it.
func (g *Gauge) Acquire(key string) (release func(), ok bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.open[key] >= g.perKey || g.sum >= g.limit {
		return nil, false
	}
	g.open[key]++
	g.sum++
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			g.sum--
			if g.open[key]--; g.open[key] <= 0 {
				delete(g.open, key)
			}
		})
	}, true
}
