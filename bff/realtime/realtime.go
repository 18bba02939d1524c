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
}

// bufferPerStream bounds memory per open page; a page that falls this far
// behind loses events rather than slowing the publisher.
const bufferPerStream = 32

// heartbeat keeps proxies from closing idle streams.
const heartbeat = 25 * time.Second

// Hub fans events out to every stream a player has open.
type Hub struct {
	mu      sync.Mutex
	streams map[int64]map[chan Event]struct{}
}

// NewHub returns an empty Hub.
func NewHub() *Hub { return &Hub{streams: map[int64]map[chan Event]struct{}{}} }

// Publish sends e to every open stream of userID without blocking.
func (h *Hub) Publish(userID int64, e Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.streams[userID] {
		select {
		case ch <- e:
		default:
			slog.Warn("realtime stream full, event dropped", "user", userID, "event", e.Name)
		}
	}
}

// Subscribe opens a stream for userID; cancel closes it.
func (h *Hub) Subscribe(userID int64) (events <-chan Event, cancel func()) {
	ch := make(chan Event, bufferPerStream)
	h.mu.Lock()
	if h.streams[userID] == nil {
		h.streams[userID] = map[chan Event]struct{}{}
	}
	h.streams[userID][ch] = struct{}{}
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		delete(h.streams[userID], ch)
		if len(h.streams[userID]) == 0 {
			delete(h.streams, userID)
		}
		h.mu.Unlock()
	}
}

// Handler serves GET /api/user/events as text/event-stream. Wrap it in
// session.RequireUser.
func (h *Hub) Handler() api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		p := session.PlayerFrom(r.Context())
		if p == nil {
			return api.ErrForbidden
		}
		rc := http.NewResponseController(w)
		events, cancel := h.Subscribe(p.ID)
		defer cancel()
		hdr := w.Header()
		hdr.Set("Content-Type", "text/event-stream")
		hdr.Set("Cache-Control", "no-store")
		hdr.Set("X-Accel-Buffering", "no")
		w.WriteHeader(http.StatusOK)
		fmt.Fprint(w, "retry: 3000\n: connected\n\n")
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
			case e := <-events:
				data, err := json.Marshal(e.Data)
				if err != nil {
					slog.Error("realtime event not encodable", "event", e.Name, "err", err)
					continue
				}
				fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.Name, data)
			}
			if err := rc.Flush(); err != nil {
				return nil
			}
		}
	}
}
