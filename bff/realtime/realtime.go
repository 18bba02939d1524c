// Package realtime pushes events to open pages over server-sent events: a
// player's own events (failedDeposit, debit, credit, …) to their pages, and
// public topics (chat rooms, race leaderboards, the live table) to everyone
// who follows them.
//
// Fan-out: each key (a player, a topic) has a feed, a chain of its events in
// the order they were published. Each event links to the next and has a
// channel closed when the next one is linked. Publishing links the event
// and closes one channel, however many streams follow the key: no channel
// send per stream, no lock held while streams are signalled, and no lock at
// all on the readers' side (5,000 streams waking at once do not queue on a
// mutex). Each stream's goroutine (the HTTP handler's own; there is no
// second one) walks the chain from the last event it wrote and writes what
// it finds in one flush. The chain behind both the slowest stream and the
// feed's oldest retained event is garbage.
//
// Resuming: each frame written from a feed has an SSE id, the feed's epoch
// and the event's number in it ("k3f9x2-42"). A feed keeps its last
// retainEvents events, and outlives its last stream by the hub's resume
// window, collecting what is published meanwhile; a stream that comes back
// with the id of the last event it saw (the Last-Event-ID header of a
// browser's own reconnect, or the lastEventId query parameter of a new
// EventSource) first writes what it missed. An id of another epoch (an
// earlier process, a feed dropped after its window) or too old starts at
// the tail, as a new stream does.
package realtime

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
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

	// frame is the encoded event, made once by Publish or Broadcast; its
	// feed puts the id line before it once, and every stream writes that as
	// is: a topic with thousands of followers costs one encoding per event,
	// not one per follower.
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

// retainEvents is how many of its last events a feed keeps for streams that
// resume. A reconnect takes 3 s (the retry the streams announce) to a few
// tens of seconds; 64 covers a player's own events (a handful a minute,
// a spin's debit and credit at most a few a second) and a busy chat room's
// for that long, while 64 frames per feed stay small beside a stream's own
// ~46 KB. A live table broadcasting every 100 ms outruns it, but its pages
// only need the latest state, which a stream starting at the tail gets.
const retainEvents = 64

// resumeWindow is how long a feed outlives its last stream, so that events
// published while a page reconnects (a network change, a proxy's cut, the
// platform's backoff of up to 30 s) are waiting for it.
const resumeWindow = 60 * time.Second

// link is one event of a feed's chain.
type link struct {
	seq   uint64 // the event's number in its feed; the first event is 1
	frame []byte // with its id line
	event Event  // for in-process listeners (Subscribe, Follow)
	next  atomic.Pointer[link]
	ready chan struct{} // closed once next is set
}

// feed is the chain of one key's events; streams start at its tail, or
// after the event they saw last when it is still retained.
type feed struct {
	epoch string // tells this feed's ids from another's of the same key

	mu   sync.Mutex // publishers only
	tail atomic.Pointer[link]
	// oldest is the earliest link kept for resuming: retainEvents before
	// the tail. Readers load it without the mutex; it only moves forward.
	oldest atomic.Pointer[link]

	// Guarded by the Hub's mutex.
	streams int         // open streams of the key
	expiry  *time.Timer // drops the feed once its resume window passes
}

func newFeed() *feed {
	// Random, not a counter: ids of an earlier process's feeds are foreign
	// too. 64 bits make two epochs of one key alike practically never.
	f := &feed{epoch: strconv.FormatUint(rand.Uint64(), 36)}
	start := &link{ready: make(chan struct{})} // a stream starts after it
	f.tail.Store(start)
	f.oldest.Store(start)
	return f
}

// append links e after the tail and wakes the tail's waiters. The id line
// goes into the frame here, under the mutex that orders the events: still
// one frame per event, whatever the number of streams. It goes last, before
// the blank line that ends the event (an EventSource takes an event's
// fields in any order), so the event and data lines start the frame as
// before.
func (f *feed) append(e Event) {
	body := e.frame[:len(e.frame)-1] // without the blank line
	f.mu.Lock()
	t := f.tail.Load()
	n := &link{seq: t.seq + 1, event: e, ready: make(chan struct{})}
	n.frame = append(make([]byte, 0, len(body)+len(f.epoch)+26), body...)
	n.frame = fmt.Appendf(n.frame, "id: %s-%d\n\n", f.epoch, n.seq)
	t.next.Store(n)
	f.tail.Store(n)
	if o := f.oldest.Load(); n.seq-o.seq > retainEvents {
		f.oldest.Store(o.next.Load())
	}
	close(t.ready)
	f.mu.Unlock()
}

// after returns the link with id lastID, for a stream that saw it to
// continue from; nil when the id is not this feed's, is malformed, or is no
// longer retained. It takes no lock: it walks the chain from the oldest
// retained link, at most retainEvents steps.
func (f *feed) after(lastID string) *link {
	epoch, num, ok := strings.Cut(lastID, "-")
	if !ok || epoch != f.epoch {
		return nil
	}
	seq, err := strconv.ParseUint(num, 10, 64)
	if err != nil {
		return nil
	}
	if seq > f.tail.Load().seq {
		return nil // not published yet: not an id this feed gave
	}
	l := f.oldest.Load()
	if seq < l.seq {
		return nil // too old: the events after it are gone
	}
	for l.seq < seq {
		l = l.next.Load() // not nil: the tail was at seq or later
	}
	return l
}

// feeds are the feeds per key: a player, or a public topic. The Hub's
// mutex guards the map and each feed's count of streams and expiry.
type feeds[K comparable] map[K]*feed

// open counts a stream of k in and returns k's feed: the one kept since
// k's last stream closed, if its window has not passed, or a new one.
func (m feeds[K]) open(mu *sync.Mutex, k K) *feed {
	mu.Lock()
	defer mu.Unlock()
	f := m[k]
	if f == nil {
		f = newFeed()
		m[k] = f
	}
	if f.expiry != nil {
		// If it already fired, its func finds the feed open and keeps it.
		f.expiry.Stop()
		f.expiry = nil
	}
	f.streams++
	return f
}

// close counts a stream of k out. The last one leaves k's feed for window
// (collecting events for a stream that resumes), then it is dropped: one
// timer per idle feed, no goroutine.
func (m feeds[K]) close(mu *sync.Mutex, k K, window time.Duration) {
	mu.Lock()
	defer mu.Unlock()
	f := m[k]
	if f == nil {
		return
	}
	if f.streams--; f.streams > 0 {
		return
	}
	if window <= 0 {
		delete(m, k)
		return
	}
	var t *time.Timer
	t = time.AfterFunc(window, func() {
		mu.Lock()
		defer mu.Unlock()
		// Reopened (and maybe closed again, with a new timer) meanwhile:
		// not this timer's to drop.
		if m[k] == f && f.expiry == t {
			delete(m, k)
		}
	})
	f.expiry = t // before the func can read it: it waits for mu
}

// publish appends e to k's feed when k has streams, or had them within the
// resume window; else nobody hears it.
func (m feeds[K]) publish(mu *sync.Mutex, k K, e Event) {
	e, ok := e.encoded()
	if !ok {
		return
	}
	mu.Lock()
	f := m[k]
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

	// heartbeatEvery, writeTimeout and resumeWindow; the tests shorten them.
	beatEvery, writeTimeout, resumeWindow time.Duration
}

// NewHub returns an empty Hub.
func NewHub() *Hub {
	h := &Hub{
		streams:   feeds[int64]{},
		topics:    feeds[string]{},
		beatEvery: heartbeatEvery, writeTimeout: writeTimeout, resumeWindow: resumeWindow,
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
	return listen(f, func() { h.topics.close(&h.mu, topic, h.resumeWindow) })
}

// Subscribe listens to a player's events in-process (tests, tools); pages
// use Handler.
func (h *Hub) Subscribe(userID int64) (events <-chan Event, cancel func()) {
	f := h.streams.open(&h.mu, userID)
	return listen(f, func() { h.streams.close(&h.mu, userID, h.resumeWindow) })
}

// listen pumps f's events from now on into a channel until cancel; a
// listener that does not take them loses what the channel cannot hold.
func listen(f *feed, closeFeed func()) (<-chan Event, func()) {
	ch := make(chan Event, 32)
	done := make(chan struct{})
	at := f.tail.Load()
	go func() {
		defer closeFeed()
		for {
			select {
			case <-done:
				return
			case <-at.ready:
			}
			at = at.next.Load()
			select {
			case ch <- at.event:
			default:
			}
		}
	}()
	var once sync.Once
	return ch, func() { once.Do(func() { close(done) }) }
}

// TopicHandler serves a public topic as text/event-stream to anyone (no
// token); first, when given, sends the current state on connecting, unless
// the stream resumes: the page has the state as of its last event and the
// missed events bring it up to date, where a current state written before
// them would be followed by older ones. Mount it outside /api/ (whose GET
// time-out would cut the stream).
func (h *Hub) TopicHandler(topic string, first func() *Event) api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		f := h.topics.open(&h.mu, topic)
		defer h.topics.close(&h.mu, topic, h.resumeWindow)
		s, resumed := h.newStream(f, r)
		var initial []Event
		if first != nil && !resumed {
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
		defer h.streams.close(&h.mu, p.ID, h.resumeWindow)
		s, _ := h.newStream(f, r)
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
	hub   *Hub
	at    *link     // the last event written
	until time.Time // the connection's write deadline
}

// deadline gives the next write between writeTimeout/2 and writeTimeout to
// finish. It moves the deadline only when less than half is left: a timer
// change per stream every few seconds, not one per event (5,000 runtime
// timer changes per chat message otherwise).
func (s *stream) deadline(rc *http.ResponseController) {
	if now := time.Now(); s.until.Sub(now) < s.hub.writeTimeout/2 {
		s.until = now.Add(s.hub.writeTimeout)
		rc.SetWriteDeadline(s.until)
	}
}

// newStream starts after the event whose id the request resumes from, when
// f still has it (resumed), else at f's tail: what is published from now on.
// The id is the Last-Event-ID header a browser's EventSource sends when it
// reconnects by itself, or else the lastEventId query parameter: a page that
// makes a new EventSource (after the browser gave up) cannot set headers.
func (h *Hub) newStream(f *feed, r *http.Request) (s *stream, resumed bool) {
	id := r.Header.Get("Last-Event-ID")
	if id == "" {
		id = r.URL.Query().Get("lastEventId")
	}
	if id != "" {
		if at := f.after(id); at != nil {
			return &stream{hub: h, at: at}, true
		}
	}
	return &stream{hub: h, at: f.tail.Load()}, false
}

// serve writes the stream (initial events first) until the client leaves,
// stops reading, or end fires (then it writes last and returns).
func (s *stream) serve(w http.ResponseWriter, r *http.Request, initial []Event, end <-chan time.Time, last Event) error {
	rc := http.NewResponseController(w)
	// A stream lives longer than the server's write time-out, which guards
	// ordinary answers; each write has its own deadline (writeTimeout).
	s.deadline(rc)
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
	wrote := false // since the last heartbeat
	for {
		// Everything after the last event written, up to maxBatch a flush.
		n := 0
		for next := s.at.next.Load(); next != nil && n < maxBatch; next = s.at.next.Load() {
			if n == 0 {
				s.deadline(rc)
			}
			w.Write(next.frame)
			s.at = next
			n++
		}
		if n > 0 {
			if err := rc.Flush(); err != nil {
				return nil
			}
			wrote = true
			continue // more may have come meanwhile
		}
		select {
		case <-r.Context().Done():
			return nil
		case <-s.at.ready:
		case <-s.hub.heartbeat():
			if !wrote {
				s.deadline(rc)
				fmt.Fprint(w, ": ping\n\n")
				if err := rc.Flush(); err != nil {
					return nil
				}
			}
			wrote = false
		case <-end:
			s.deadline(rc)
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
