package server

import (
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"

	"casino/bff/api"
	"casino/bff/throttle"
)

// Limits bound what callers without a login can make the server do (issue
// 18, item 8): the POSTs that reach the one SQLite writer (sign-up, client
// events, country reports, fun-money games) and the open event streams.
// Logins, captcha challenges and password checks have limits of their own.
type Limits struct {
	// WritesPerSecond and WriteBurst per client address; the total over
	// all addresses is WritesTotal per second (bursts of twice that).
	WritesPerSecond float64
	WriteBurst      int
	WritesTotal     float64
	// StreamsPerAddress and Streams: open event streams at once.
	StreamsPerAddress int
	Streams           int
}

// DefaultLimits fit one casino on one machine: a player clicks far below 5
// writes a second; the total keeps the writer free for money; 32 open streams
// leave room for a household or a café behind one address (a tab each).
var DefaultLimits = Limits{WritesPerSecond: 5, WriteBurst: 30, WritesTotal: 300, StreamsPerAddress: 32, Streams: 10000}

// LimitsFromEnv reads CASINO_WRITE_RATE ("5" or "5,30": per second and
// burst, per address), CASINO_WRITE_RATE_TOTAL and CASINO_MAX_STREAMS
// ("8,10000": per address and in total).
func LimitsFromEnv() (Limits, error) {
	l := DefaultLimits
	pair := func(key string, first *float64, second *int) error {
		v := os.Getenv(key)
		if v == "" {
			return nil
		}
		a, b, hasB := strings.Cut(v, ",")
		f, err := strconv.ParseFloat(strings.TrimSpace(a), 64)
		if err != nil || f <= 0 {
			return fmt.Errorf("%s %q: want a positive number, optionally \",burst\"", key, v)
		}
		*first = f
		if hasB && second != nil {
			n, err := strconv.Atoi(strings.TrimSpace(b))
			if err != nil || n <= 0 {
				return fmt.Errorf("%s %q: the burst must be a positive whole number", key, v)
			}
			*second = n
		}
		return nil
	}
	if err := pair("CASINO_WRITE_RATE", &l.WritesPerSecond, &l.WriteBurst); err != nil {
		return l, err
	}
	if err := pair("CASINO_WRITE_RATE_TOTAL", &l.WritesTotal, nil); err != nil {
		return l, err
	}
	per, total := float64(l.StreamsPerAddress), l.Streams
	if err := pair("CASINO_MAX_STREAMS", &per, &total); err != nil {
		return l, err
	}
	l.StreamsPerAddress = int(per)
	l.Streams = total
	return l, nil
}

type guards struct {
	writes  *throttle.Rates
	streams *throttle.Gauge
}

func newGuards(l Limits) *guards {
	if l == (Limits{}) {
		l = DefaultLimits
	}
	return &guards{
		writes:  throttle.NewRates(l.WritesPerSecond, l.WriteBurst, l.WritesTotal, int(2*l.WritesTotal)+1),
		streams: throttle.NewGauge(l.StreamsPerAddress, l.Streams),
	}
}

// anonymousWrite: the POSTs anyone can send that write to the database.
func anonymousWrite(r *http.Request) bool {
	if r.Method != http.MethodPost {
		return false
	}
	switch r.URL.Path {
	case "/api/user/log-event", "/api/user/country-blocked", "/api/user/reverify-location", "/api/user/sign-up":
		return true
	}
	return strings.HasPrefix(r.URL.Path, "/api/studio/") // game launches, spins, table bets, seeds
}

// eventStream: every server-sent event stream (the player's, the roulette
// table's, chat rooms', races' leaderboards, the claims feed) is a GET whose
// path ends in /events.
func eventStream(r *http.Request) bool {
	return r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/events")
}

// limit answers 429 in the error shape when the caller's address is over a
// limit; it returns the release of a stream slot (or nil) and whether to go on.
func (a *App) limit(w http.ResponseWriter, r *http.Request) (release func(), ok bool) {
	anon, stream := anonymousWrite(r), eventStream(r)
	if !anon && !stream {
		return nil, true
	}
	key := r.RemoteAddr
	if c, err := a.Geo.Locator.ClientAddr(r); err == nil {
		key = c.IP.String()
	}
	if anon && !a.guards.writes.Allow(key) {
		w.Header().Set("Retry-After", "1")
		api.WriteError(w, r, api.ErrTooManyRequests)
		return nil, false
	}
	if stream {
		release, ok := a.guards.streams.Acquire(key)
		if !ok {
			w.Header().Set("Retry-After", "5")
			api.WriteError(w, r, api.ErrTooManyRequests)
			return nil, false
		}
		return release, true
	}
	return nil, true
}
