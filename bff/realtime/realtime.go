// Package realtime pushes events to open pages over server-sent events: a
// player's own events (failedDeposit, debit, credit, …) to their pages, and
// public topics (chat rooms, race leaderboards, the live table) to everyone
// who follows them.
//
// Fan-out: each key (a player, a topic) has a feed, a short ring of its
// latest events with a sequence number and one wake-up channel. Publishing
// appends the event to the ring and closes the wake-up channel: one
// operation however many streams follow the key, with no per-stream channel
// send and no lock held while streams are signalled. Each stream's goroutine
// (the HTTP handler's own; there is no second one) then reads every event
// after its own position from the ring and writes them in one flush.
package realtime

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
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

// How many of a key's latest events its feed keeps: a stream whose
// goroutine has not run while this many events were published skips to the
// oldest one kept (and the loss is logged). A player's feed keeps as many
// as a stream's channel held before (32); a public topic, whose ring is
// shared by all its followers, keeps 256 (14 KB per topic). The ring
// grows to its size as events come.
const (
	playerRing = 32
	topicRing  = 256
)

// maxBatch bounds the events one stream writes in one flush.
const maxBatch = 8

// heartbeatEvery: a stream that wrote nothing since the previous beat writes
// a comment, so proxies do not close an idle stream (silence < 2 beats). One
// timer per hub, not one per stream; streams busy with events never ping.
const heartbeatEvery = 15 * time.Second

// writeTimeout: a stream whose client stops reading, so that a write (and
// its flush) cannot finish within this, is closed; its goroutine and memory
// are freed and it never slows the others, which each write on their own.
// An EventSource reconnects by itself.
const writeTimeout = 10 * time.Second

// feed is the latest events of one key and the wake-up of its streams.
type feed struct {
	mu   sync.Mutex
	size uint64        // of the ring (a power of two)
	ring []Event       // grows to size; event seq is at ring[seq%size]
	next uint64        // seq of the next event
	wake chan struct{} // closed, and replaced, by each append

	streams int // open streams of the key; guarded by the Hub's mutex
}

func newFeed(size uint64) *feed { return &feed{size: size, wake: make(chan struct{})} }

func (f *feed) append(e Event) {
	f.mu.Lock()
	if uint64(len(f.ring)) < f.size {
		f.ring = append(f.ring, e) // len(ring) == next until the ring is full
	} else {
		f.ring[f.next%f.size] = e
	}
	f.next++
	close(f.wake)
	f.wake = make(chan struct{})
	f.mu.Unlock()
}

// position is the seq of the next event and the channel its append closes.
func (f *feed) position() (uint64, <-chan struct{}) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.next, f.wake
}

// read appends to buf the frames of the events from seq on (at most
// cap(buf)); it returns them, the seq after the last one, how many events
// were lost (no longer in the ring) and the channel the next append closes.
func (f *feed) read(seq uint64, buf [][]byte) (frames [][]byte, next, lost uint64, wake <-chan struct{}) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.next-seq > f.size {
		lost = f.next - f.size - seq
		seq = f.next - f.size
	}
	for ; seq < f.next && len(buf) < cap(buf); seq++ {
		buf = append(buf, f.ring[seq%f.size].frame)
	}
	return buf, seq, lost, f.wake
}

// feeds are the feeds per key: a player, or a public topic. The Hub's
// mutex guards the map and each feed's count of streams.
type feeds[K comparable] struct {
	ring uint64 // size of each feed's ring
	m    map[K]*feed
}

// open counts a stream of k in and returns k's feed.
func (m feeds[K]) open(mu *sync.Mutex, k K) *feed {
	mu.Lock()
	defer mu.Unlock()
	f := m.m[k]
	if f == nil {
		f = newFeed(m.ring)
		m.m[k] = f
	}
	f.streams++
	return f
}

// close counts a stream of k out; the last one drops k's feed.
func (m feeds[K]) close(mu *sync.Mutex, k K) {
	mu.Lock()
	defer mu.Unlock()
	if f := m.m[k]; f != nil {
		if f.streams--; f.streams <= 0 {
			delete(m.m, k)
		}
	}
}

// publish appends e to k's feed when k has streams; else nobody hears it.
func (m feeds[K]) publish(mu *sync.Mutex, k K, e Event) {
	e, ok := e.encoded()
	if !ok {
		return
	}
	mu.Lock()
	f := m.m[k]
	mu.Unlock()
	if f != nil {
		f.append(e) // the Hub's mutex is not held while streams are woken
	}
}

// Hub fans events out to every stream a player has open, and to the
// followers of public topics (a live table that guests watch too).
type Hub struct {
	mu      sync.Mutex
	streams feeds[int64]
	topics  feeds[string]

	beat      atomic.Pointer[chan struct{}] // closed, and replaced, at each heartbeat
	beatArmed atomic.Bool                   // the timer that closes it runs

	// heartbeatEvery and writeTimeout; the tests shorten them.
	beatEvery, writeTimeout time.Duration
}

// NewHub returns an empty Hub.
func NewHub() *Hub {
	h := &Hub{
		streams:   feeds[int64]{playerRing, map[int64]*feed{}},
		topics:    feeds[string]{topicRing, map[string]*feed{}},
		beatEvery: heartbeatEvery, writeTimeout: writeTimeout,
	}
	ch := make(chan struct{})
	h.beat.Store(&ch)
	return h
}

// heartbeat returns the channel the next beat closes, and arms the hub's
// one heartbeat timer if it is not running: it runs while streams wait.
func (h *Hub) heartbeat() <-chan struct{} {
	ch := *h.beat.Load()
	if h.beatArmed.CompareAndSwap(false, true) {
		time.AfterFunc(h.beatEvery, func() {
			// Disarmed before the streams wake, so the first of them arms
			// the next beat.
			h.beatArmed.Store(false)
			next := make(chan struct{})
			close(*h.beat.Swap(&next))
		})
	}
	return ch
}

// Broadcast sends e to every follower of a public topic without blocking.
func (h *Hub) Broadcast(topic string, e Event) {
	h.topics.publish(&h.mu, topic, e)
}

// Publish sends e to every open stream of userID without blocking.
func (h *Hub) Publish(userID int64, e Event) {
	h.streams.publish(&h.mu, userID, e)
}

// Follow listens to a public topic in-process (tests, tools): the events
// come on the channel until cancel. Pages follow a topic with TopicHandler.
func (h *Hub) Follow(topic string) (events <-chan Event, cancel func()) {
	f := h.topics.open(&h.mu, topic)
	return listen(f, func() { h.topics.close(&h.mu, topic) })
}

// Subscribe listens to a player's events in-process (tests, tools); pages
// use Handler.
func (h *Hub) Subscribe(userID int64) (events <-chan Event, cancel func()) {
	f := h.streams.open(&h.mu, userID)
	return listen(f, func() { h.streams.close(&h.mu, userID) })
}

// listen pumps f's events from now on into a channel until cancel.
func listen(f *feed, closeFeed func()) (<-chan Event, func()) {
	ch := make(chan Event, f.size)
	done := make(chan struct{})
	seq, wake := f.position()
	go func() {
		defer closeFeed()
		for {
			select {
			case <-done:
				return
			case <-wake:
			}
			f.mu.Lock()
			var events []Event
			if f.next-seq > f.size {
				seq = f.next - f.size
			}
			for ; seq < f.next; seq++ {
				events = append(events, f.ring[seq%f.size])
			}
			wake = f.wake
			f.mu.Unlock()
			for _, e := range events {
				select {
				case ch <- e:
				default:
				}
			}
		}
	}()
	var once sync.Once
	return ch, func() { once.Do(func() { close(done) }) }
}

// TopicHandler serves a public topic as text/event-stream to anyone (no
// token); first, when given, sends the current state on connecting. Mount
// it outside /api/ (whose GET time-out would cut the stream).
func (h *Hub) TopicHandler(topic string, first func() *Event) api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		f := h.topics.open(&h.mu, topic)
		defer h.topics.close(&h.mu, topic)
		s := h.newStream(f)
		var initial []Event
		if first != nil {
			if e := first(); e != nil {
				initial = append(initial, *e)
			}
		}
		return s.serve(w, r, initial, nil, Event{})
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
		f := h.streams.open(&h.mu, p.ID)
		defer h.streams.close(&h.mu, p.ID)
		s := h.newStream(f)
		if p.LimitEndsAt.IsZero() {
			return s.serve(w, r, nil, nil, Event{})
		}
		// The session time limit ends the session while the page is open:
		// the stream says so at that moment and closes.
		t := time.NewTimer(time.Until(p.LimitEndsAt))
		defer t.Stop()
		return s.serve(w, r, nil, t.C, Event{Name: SessionEnded, Data: map[string]string{"reason": "sessionLimit"}})
	}
}

// SessionEnded tells a page its session ended (bff/protection: the session
// time limit, a self-exclusion).
const SessionEnded = "sessionEnded"

// stream is one open page's place in a feed.
type stream struct {
	hub  *Hub
	feed *feed
	next uint64 // seq of the next event to write
	wake <-chan struct{}
}

// newStream starts at the feed's next event: what is published from now on.
func (h *Hub) newStream(f *feed) *stream {
	s := &stream{hub: h, feed: f}
	s.next, s.wake = f.position()
	return s
}

// serve writes the stream (initial events first) until the client leaves,
// stops reading, or end fires (then it writes last and returns).
func (s *stream) serve(w http.ResponseWriter, r *http.Request, initial []Event, end <-chan time.Time, last Event) error {
	rc := http.NewResponseController(w)
	// A stream lives longer than the server's write time-out, which guards
	// ordinary answers; each write has its own deadline (writeTimeout).
	rc.SetWriteDeadline(time.Now().Add(s.hub.writeTimeout))
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
	var buf [maxBatch][]byte
	wrote := false // since the last heartbeat
	for {
		frames, next, lost, wake := s.feed.read(s.next, buf[:0])
		s.next, s.wake = next, wake
		if lost > 0 {
			slog.Warn("realtime stream behind, events skipped", "lost", lost)
		}
		if len(frames) > 0 {
			rc.SetWriteDeadline(time.Now().Add(s.hub.writeTimeout))
			for _, b := range frames {
				w.Write(b)
			}
			if err := rc.Flush(); err != nil {
				return nil
			}
			wrote = true
			clear(buf[:])
			continue // more may have come meanwhile
		}
		select {
		case <-r.Context().Done():
			return nil
		case <-s.wake:
		case <-s.hub.heartbeat():
			if !wrote {
				rc.SetWriteDeadline(time.Now().Add(s.hub.writeTimeout))
				fmt.Fprint(w, ": ping\n\n")
				if err := rc.Flush(); err != nil {
					return nil
				}
			}
			wrote = false
		case <-end:
			rc.SetWriteDeadline(time.Now().Add(s.hub.writeTimeout))
			writeEvent(w, last)
			rc.Flush()
			return nil
		}
	}
}

func writeEvent(w http.ResponseWriter, e Event) {
	if e, ok := e.encoded(); ok {
		w.Write(e.frame)
	}
}
