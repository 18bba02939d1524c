package realtime

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// frame is one block of a stream: an event (id may be empty) or a comment.
type frame struct {
	id, name, data string
	comment        string
}

// seq is the number part of the frame's id, -1 without one.
func (f frame) seq() int {
	_, num, ok := strings.Cut(f.id, "-")
	if !ok {
		return -1
	}
	n, err := strconv.Atoi(num)
	if err != nil {
		return -1
	}
	return n
}

// dial reads a stream's frames into a channel until ctx ends; lastEventID,
// when not empty, is sent as Last-Event-ID. It returns once the stream
// answered (a closed channel when it did not: it may run off the test's
// goroutine, so it reports with Errorf).
func dial(t *testing.T, ctx context.Context, url, lastEventID string, header http.Header) <-chan frame {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if lastEventID != "" {
		req.Header.Set("Last-Event-ID", lastEventID)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	out := make(chan frame, 1024)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Errorf("stream: %v", err)
		close(out)
		return out
	}
	connected := make(chan struct{})
	go func() {
		defer resp.Body.Close()
		defer close(out)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 4096), 1<<20)
		var f frame
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if f.comment == "connected" {
					close(connected)
				} else if f != (frame{}) {
					out <- f
				}
				f = frame{}
			case strings.HasPrefix(line, ": "):
				f.comment = line[2:]
			case strings.HasPrefix(line, "id: "):
				f.id = line[len("id: "):]
			case strings.HasPrefix(line, "event: "):
				f.name = line[len("event: "):]
			case strings.HasPrefix(line, "data: "):
				f.data = line[len("data: "):]
			}
		}
	}()
	select {
	case <-connected:
	case <-ctx.Done():
		t.Error("stream did not open")
	}
	return out
}

// nextEvent is the stream's next event (pings skipped).
func nextEvent(t *testing.T, ctx context.Context, s <-chan frame) frame {
	t.Helper()
	for {
		select {
		case f, ok := <-s:
			if !ok {
				t.Fatal("stream closed")
			}
			if f.comment == "ping" {
				continue
			}
			return f
		case <-ctx.Done():
			t.Fatal("no event")
		}
	}
}

// until reads the stream's events up to and with the one whose data is
// last, and returns their data.
func until(t *testing.T, ctx context.Context, s <-chan frame, last string) []string {
	t.Helper()
	var got []string
	for {
		f := nextEvent(t, ctx, s)
		got = append(got, f.data)
		if f.data == last {
			return got
		}
	}
}

// feedOf is topic's feed (nil when it has none) and its open streams.
func (h *Hub) feedOf(topic string) (*feed, int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if f := h.topics[topic]; f != nil {
		return f, f.streams
	}
	return nil, 0
}

// waitFor polls cond until it holds or ctx ends.
func waitFor(t *testing.T, ctx context.Context, what string, cond func() bool) {
	t.Helper()
	for !cond() {
		select {
		case <-ctx.Done():
			t.Fatalf("never: %s", what)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

func quoted(s ...string) []string {
	for i := range s {
		s[i] = strconv.Quote(s[i])
	}
	return s
}

// A follower that comes back within the window gets, first, what was
// published while it was away, when its id is this feed's and retained;
// any other id is no error and starts at the tail, like a new stream.
func TestResumeTopic(t *testing.T) {
	cases := []struct {
		name   string
		missed int                      // events published while nobody follows
		id     func(seen string) string // the id the follower comes back with
		query  bool                     // as ?lastEventId= rather than the header
		want   []string                 // events the second stream gets
	}{
		{"header", 3, func(seen string) string { return seen }, false, quoted("m1", "m2", "m3", "live")},
		{"query", 3, func(seen string) string { return seen }, true, quoted("m1", "m2", "m3", "live")},
		{"nothing missed", 0, func(seen string) string { return seen }, false, quoted("live")},
		{"the feed's start", 2, func(seen string) string { e, _, _ := strings.Cut(seen, "-"); return e + "-0" }, false, quoted("seen", "m1", "m2", "live")},
		{"last retained", retainEvents, func(seen string) string { return seen }, false, nil}, // every missed one
		{"too old", retainEvents + 1, func(seen string) string { return seen }, false, quoted("live")},
		{"foreign epoch", 3, func(string) string { return "k3f9-1" }, false, quoted("live")},
		{"future", 3, func(seen string) string { e, _, _ := strings.Cut(seen, "-"); return e + "-99" }, false, quoted("live")},
		{"garbage", 3, func(string) string { return "not an id" }, false, quoted("live")},
		{"no number", 3, func(seen string) string { e, _, _ := strings.Cut(seen, "-"); return e + "-" }, true, quoted("live")},
		{"negative", 3, func(seen string) string { e, _, _ := strings.Cut(seen, "-"); return e + "--1" }, false, quoted("live")},
		{"huge", 3, func(seen string) string { e, _, _ := strings.Cut(seen, "-"); return e + "-18446744073709551616" }, false, quoted("live")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := NewHub()
			srv := httptest.NewServer(h.TopicHandler("room", nil))
			defer srv.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()

			first, leave := context.WithCancel(ctx)
			s := dial(t, first, srv.URL, "", nil)
			h.Broadcast("room", Event{Name: "message", Data: "seen"})
			seen := nextEvent(t, ctx, s)
			leave()
			waitFor(t, ctx, "the follower gone", func() bool { f, n := h.feedOf("room"); return f != nil && n == 0 })
			var want []string
			for i := range c.missed {
				h.Broadcast("room", Event{Name: "message", Data: fmt.Sprintf("m%d", i+1)})
				want = append(want, strconv.Quote(fmt.Sprintf("m%d", i+1)))
			}
			if c.want != nil {
				want = c.want
			} else {
				want = append(want, `"live"`)
			}

			u, id := srv.URL, c.id(seen.id)
			if c.query {
				u, id = srv.URL+"?lastEventId="+url.QueryEscape(id), ""
			}
			s = dial(t, ctx, u, id, nil)
			h.Broadcast("room", Event{Name: "message", Data: "live"})
			if got := until(t, ctx, s, `"live"`); strings.Join(got, ",") != strings.Join(want, ",") {
				t.Fatalf("got %v, want %v", got, want)
			}
		})
	}
}

// A player's events published while their page reconnects (no stream open)
// reach it when it comes back, by the header or by the query parameter.
func TestPlayerEventsWaitForReconnect(t *testing.T) {
	m, uid := onePlayer(t)
	h := NewHub()
	events, token := playerEvents(t, m, uid, h)
	auth := http.Header{"Authorization": {"Bearer " + token}}
	players := func() int {
		h.mu.Lock()
		defer h.mu.Unlock()
		if f := h.streams[uid]; f != nil {
			return f.streams
		}
		return -1
	}

	for _, query := range []bool{false, true} {
		t.Run(fmt.Sprintf("query=%v", query), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			page, leave := context.WithCancel(ctx)
			s := dial(t, page, events, "", auth)
			h.Publish(uid, Event{Name: Credit, Data: map[string]string{"win": "1.00"}})
			seen := nextEvent(t, ctx, s)
			leave()
			waitFor(t, ctx, "the page gone", func() bool { return players() == 0 })
			h.Publish(uid, Event{Name: Debit, Data: map[string]string{"win": "2.00"}})
			h.Publish(uid, Event{Name: "levelUp", Data: map[string]any{"level": 1}})

			u, id := events, seen.id
			if query {
				u, id = u+"?lastEventId="+url.QueryEscape(id), ""
			}
			s = dial(t, ctx, u, id, auth)
			for _, want := range []string{`debit {"win":"2.00"}`, `levelUp {"level":1}`} {
				if f := nextEvent(t, ctx, s); f.name+" "+f.data != want {
					t.Fatalf("got %s %s, want %s", f.name, f.data, want)
				}
			}
		})
	}
}

// Every event from a feed has an id: the feed's epoch and a number rising
// by one; the initial state and the heartbeat have none.
func TestEventIDs(t *testing.T) {
	h := NewHub()
	h.beatEvery = 20 * time.Millisecond
	srv := httptest.NewServer(h.TopicHandler("table", func() *Event { return &Event{Name: "table", Data: 0} }))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s := dial(t, ctx, srv.URL, "", nil)
	if f := nextEvent(t, ctx, s); f.data != "0" || f.id != "" {
		t.Fatalf("initial state %+v", f)
	}
	for i := range 20 {
		h.Broadcast("table", Event{Name: "table", Data: i + 1})
	}
	epoch := ""
	for i := range 20 {
		f := nextEvent(t, ctx, s)
		e, _, _ := strings.Cut(f.id, "-")
		if i == 0 {
			epoch = e
		}
		if e == "" || e != epoch || f.seq() != i+1 || f.data != strconv.Itoa(i+1) {
			t.Fatalf("event %d: %+v (epoch %q)", i, f, epoch)
		}
	}
	pinged := false
	for f := range s { // the next heartbeat
		if f.comment == "ping" {
			if f.id != "" || f.name != "" {
				t.Fatalf("ping %+v", f)
			}
			pinged = true
			break
		}
	}
	if !pinged {
		t.Fatal("no heartbeat")
	}

	// Another feed of the same key (after the window) has another epoch.
	if f1, f2 := newFeed(), newFeed(); f1.epoch == f2.epoch {
		t.Fatalf("epochs %q %q", f1.epoch, f2.epoch)
	}
}

// A feed without streams is kept for the window, then dropped: its ids
// are foreign to the next feed of the key, and what was published after
// the window is lost. A key that never had a stream gets no feed.
func TestResumeWindowPasses(t *testing.T) {
	h := NewHub()
	h.resumeWindow = 100 * time.Millisecond
	srv := httptest.NewServer(h.TopicHandler("room", nil))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	h.Broadcast("nobody", Event{Name: "message", Data: "x"})
	if f, _ := h.feedOf("nobody"); f != nil {
		t.Fatal("a topic nobody followed has a feed")
	}

	page, leave := context.WithCancel(ctx)
	s := dial(t, page, srv.URL, "", nil)
	h.Broadcast("room", Event{Name: "message", Data: "seen"})
	seen := nextEvent(t, ctx, s)
	leave()
	waitFor(t, ctx, "the follower gone", func() bool { f, n := h.feedOf("room"); return f != nil && n == 0 })
	h.Broadcast("room", Event{Name: "message", Data: "kept"})
	waitFor(t, ctx, "the feed dropped", func() bool { f, _ := h.feedOf("room"); return f == nil })
	h.Broadcast("room", Event{Name: "message", Data: "lost"})

	page, leave = context.WithCancel(ctx)
	s = dial(t, page, srv.URL, seen.id, nil)
	h.Broadcast("room", Event{Name: "message", Data: "live"})
	f := nextEvent(t, ctx, s)
	if f.data != `"live"` || strings.HasPrefix(f.id, strings.SplitN(seen.id, "-", 2)[0]+"-") {
		t.Fatalf("after the window: %+v (was %s)", f, seen.id)
	}

	leave()
}

// A stream back within the window keeps the feed, whether the window's
// timer is stopped in time or already fired and waits for the hub's mutex.
func TestReopenWithinWindow(t *testing.T) {
	var mu sync.Mutex
	m := feeds[string]{}
	f := m.open(&mu, "k")
	m.close(&mu, "k", 50*time.Millisecond)
	if m.open(&mu, "k") != f {
		t.Fatal("a new feed within the window")
	}
	time.Sleep(100 * time.Millisecond)
	mu.Lock()
	kept := m["k"] == f
	mu.Unlock()
	if !kept {
		t.Fatal("an open feed was dropped when its old window passed")
	}

	m.close(&mu, "k", time.Millisecond)
	mu.Lock()
	time.Sleep(10 * time.Millisecond) // the timer fires and waits for mu
	mu.Unlock()
	g := m.open(&mu, "k") // before or after the timer's func: either way g stays
	time.Sleep(20 * time.Millisecond)
	mu.Lock()
	kept = m["k"] == g && g.streams == 1
	mu.Unlock()
	if !kept {
		t.Fatal("a reopened feed was dropped")
	}
}

// Publishers and followers that keep leaving and coming back with their
// last id: a follower never sees an event twice or out of order, and one
// back with an id that was surely still retained misses nothing. Run with
// -race.
func TestResumeWhilePublishing(t *testing.T) {
	h := NewHub()
	srv := httptest.NewServer(h.TopicHandler("room", nil))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	const publishers, each, followers, stay = 4, 200, 8, 25

	var done sync.WaitGroup
	resumed := make([]int, followers)
	for n := range followers {
		done.Add(1)
		go func() {
			defer done.Done()
			last, lastSeq := "", 0
			for {
				conn, leave := context.WithCancel(ctx)
				s := dial(t, conn, srv.URL, last, nil)
				// The stream has looked its start up by now (it writes
				// "connected" after): with the tail no further than
				// retainEvents past the follower's last event, that one
				// was still retained then.
				f, _ := h.feedOf("room")
				mustResume := last != "" && f.tail.Load().seq-uint64(lastSeq) <= retainEvents
				for i := range stay {
					var f frame
					var ok bool
					select {
					case f, ok = <-s:
						if !ok {
							t.Errorf("follower %d: stream closed", n)
							leave()
							return
						}
					case <-ctx.Done():
						t.Errorf("follower %d stuck", n)
						leave()
						return
					}
					if f.comment == "ping" {
						continue
					}
					switch seq := f.seq(); {
					case seq <= lastSeq:
						t.Errorf("follower %d: event %d after %d", n, seq, lastSeq)
					case i == 0 && last != "" && seq == lastSeq+1:
						resumed[n]++
					case i == 0 && mustResume:
						t.Errorf("follower %d: back after event %d, got %d", n, lastSeq, seq)
					case i > 0 && seq != lastSeq+1:
						t.Errorf("follower %d: event %d after %d in one stream", n, seq, lastSeq)
					}
					last, lastSeq = f.id, f.seq()
					if f.data == `"end"` {
						leave()
						return
					}
				}
				leave()
			}
		}()
	}
	var published sync.WaitGroup
	for p := range publishers {
		published.Add(1)
		go func() {
			defer published.Done()
			for i := range each {
				h.Broadcast("room", Event{Name: "message", Data: fmt.Sprintf("%d-%d", p, i)})
				time.Sleep(time.Millisecond) // slow enough for most followers to resume
			}
		}()
	}
	published.Wait()
	finished := make(chan struct{})
	go func() { done.Wait(); close(finished) }()
	// "end" until every follower saw one: one that came back too late for
	// the first still gets the next.
	for {
		h.Broadcast("room", Event{Name: "message", Data: "end"})
		select {
		case <-finished:
			total := 0
			for _, r := range resumed {
				total += r
			}
			// How many resumed depends on the machine's speed; that they
			// resume is TestResumeTopic's, and mustResume above.
			t.Logf("%d resumed streams", total)
			return
		case <-time.After(20 * time.Millisecond):
		}
	}
}
