// Package realtime pushes a player's events (failedDeposit, debit, credit) to
// their open pages over server-sent events.
package realtime

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"casino/bff/api"
	"casino/bff/session"
)

// Event names the product uses.
const (
	FailedDeposit = "failedDeposit"
	Debit         = "debit"
	Credit        = "credit"
)

// Event is one message to a player.
type Event struct {
	Name string
	Data any

	// frame is the encoded event, made once by Publish or Broadcast and
	// written to every stream as is: a topic with thousands of followers
	// costs one encoding per event, not one per follower.
	frame []byte
}

// encoded returns e with its frame made.
func (e Event) encoded() (Event, bool) {
	if e.frame != nil {
		return e, true
	}
	data, err := json.Marshal(e.Data)
	if err != nil {
		slog.Error("realtime event not encodable", "event", e.Name, "err", err)
		return e, false
	}
	e.frame = fmt.Appendf(nil, "event: %s\ndata: %s\n\n", e.Name, data)
	return e, true
}

// bufferPerStream bounds memory per open page; a page that falls this far
// behind loses events rather than slowing the publisher.
const bufferPerStream = 32

// heartbeat keeps proxies from closing idle streams.
const heartbeat = 25 * time.Second

// Hub fans events out to every stream a player has open, and to the
// followers of public topics (a live table that guests watch too).
type Hub struct {
	mu      sync.Mutex
	streams subscribers[int64]
	topics  subscribers[string]
}

// subscribers are the open streams per key: a player, or a public topic.
// The Hub's mutex guards them.
type subscribers[K comparable] map[K]map[chan Event]struct{}

// send offers e to every stream of k without blocking; a full stream loses it.
func (m subscribers[K]) send(k K, e Event, keyName string) {
	for ch := range m[k] {
		select {
		case ch <- e:
		default:
			slog.Warn("realtime stream full, event dropped", keyName, k, "event", e.Name)
		}
	}
}

// open adds a stream for k; cancel removes it.
func open[K comparable](mu *sync.Mutex, m subscribers[K], k K) (events <-chan Event, cancel func()) {
	ch := make(chan Event, bufferPerStream)
	mu.Lock()
	if m[k] == nil {
		m[k] = map[chan Event]struct{}{}
	}
	m[k][ch] = struct{}{}
	mu.Unlock()
	return ch, func() {
		mu.Lock()
		delete(m[k], ch)
		if len(m[k]) == 0 {
			delete(m, k)
		}
		mu.Unlock()
	}
}

// NewHub returns an empty Hub.
func NewHub() *Hub {
	return &Hub{streams: subscribers[int64]{}, topics: subscribers[string]{}}
}

// Broadcast sends e to every follower of a public topic without blocking.
func (h *Hub) Broadcast(topic string, e Event) {
	e, ok := e.encoded()
	if !ok {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.topics.send(topic, e, "topic")
}

// Follow opens a stream of a public topic; cancel closes it.
func (h *Hub) Follow(topic string) (events <-chan Event, cancel func()) {
	return open(&h.mu, h.topics, topic)
}

// TopicHandler serves a public topic as text/event-stream to anyone (no
// token); first, when given, sends the current state on connecting. Mount
// it outside /api/ (whose GET time-out would cut the stream).
func (h *Hub) TopicHandler(topic string, first func() *Event) api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		events, cancel := h.Follow(topic)
		defer cancel()
		var initial []Event
		if first != nil {
			if e := first(); e != nil {
				initial = append(initial, *e)
			}
		}
		return serveStream(w, r, events, initial)
	}
}

// Publish sends e to every open stream of userID without blocking.
func (h *Hub) Publish(userID int64, e Event) {
	e, ok := e.encoded()
	if !ok {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.streams.send(userID, e, "user")
}

// Subscribe opens a stream for userID; cancel closes it.
func (h *Hub) Subscribe(userID int64) (events <-chan Event, cancel func()) {
	return open(&h.mu, h.streams, userID)
}

// Handler serves GET /api/user/events as text/event-stream. Wrap it in
// session.RequireUser.
func (h *Hub) Handler() api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		p := session.PlayerFrom(r.Context())
		if p == nil {
			return api.ErrForbidden
		}
		events, cancel := h.Subscribe(p.ID)
		defer cancel()
		if p.LimitEndsAt.IsZero() {
			return serveStream(w, r, events, nil)
		}
		// The session time limit ends the session while the page is open:
		// the stream says so at that moment and closes.
		t := time.NewTimer(time.Until(p.LimitEndsAt))
		defer t.Stop()
		return serveStreamUntil(w, r, events, nil, t.C, Event{Name: SessionEnded, Data: map[string]string{"reason": "sessionLimit"}})
	}
}

// SessionEnded tells a page its session ended (bff/protection: the session
// time limit, a self-exclusion).
const SessionEnded = "sessionEnded"

// serveStream writes events (initial ones first) until the client leaves.
func serveStream(w http.ResponseWriter, r *http.Request, events <-chan Event, initial []Event) error {
	return serveStreamUntil(w, r, events, initial, nil, Event{})
}

// serveStreamUntil is serveStream that, when end fires, writes last and
// returns.
func serveStreamUntil(w http.ResponseWriter, r *http.Request, events <-chan Event, initial []Event, end <-chan time.Time, last Event) error {
	rc := http.NewResponseController(w)
	// A stream lives longer than the server's write time-out, which guards
	// ordinary answers against slow readers; each heartbeat proves the
	// client still reads (a dead one fails the write).
	rc.SetWriteDeadline(time.Time{})
	hdr := w.Header()
	hdr.Set("Content-Type", "text/event-stream")
	hdr.Set("Cache-Control", "no-store")
	hdr.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 3000\n: connected\n\n")
	for _, e := range initial {
		writeEvent(w, e)
	}
	if err := rc.Flush(); err != nil {
		return nil
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return nil
		case <-tick.C:
			fmt.Fprint(w, ": ping\n\n")
		case <-end:
			writeEvent(w, last)
			rc.Flush()
			return nil
		case e := <-events:
			writeEvent(w, e)
		}
		if err := rc.Flush(); err != nil {
			return nil
		}
	}
}

func writeEvent(w http.ResponseWriter, e Event) {
	if e, ok := e.encoded(); ok {
		w.Write(e.frame)
	}
}
