package realtime

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// client reads a stream's events (name and data) into a channel.
func client(t *testing.T, ctx context.Context, url string) <-chan string {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	out := make(chan string, 1024)
	connected := make(chan struct{})
	go func() {
		defer resp.Body.Close()
		defer close(out)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 4096), 1<<20)
		name := ""
		for sc.Scan() {
			switch line := sc.Text(); {
			case line == ": connected":
				close(connected)
			case strings.HasPrefix(line, "event: "):
				name = line[len("event: "):]
			case strings.HasPrefix(line, "data: "):
				out <- name + " " + line[len("data: "):]
			case line == ": ping":
				out <- "ping"
			}
		}
	}()
	select {
	case <-connected:
	case <-ctx.Done():
		t.Fatal("stream did not open")
	}
	return out
}

// streams is how many streams follow topic now.
func (h *Hub) followers(topic string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	if f := h.topics[topic]; f != nil {
		return f.streams
	}
	return 0
}

// Every follower gets every event, in the one order of publishing, while
// several publishers publish at once.
func TestEveryFollowerGetsEveryEventInOrder(t *testing.T) {
	h := NewHub()
	srv := httptest.NewServer(h.TopicHandler("room", nil))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	const followers, publishers, each = 30, 4, 50
	var streams []<-chan string
	for range followers {
		streams = append(streams, client(t, ctx, srv.URL))
	}
	var wg sync.WaitGroup
	for p := range publishers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				h.Broadcast("room", Event{Name: "message", Data: fmt.Sprintf("%d-%d", p, i)})
			}
		}()
	}
	wg.Wait()
	var first []string
	for n, s := range streams {
		var got []string
		last := map[string]int{}
		for len(got) < publishers*each {
			select {
			case e, ok := <-s:
				if !ok {
					t.Fatalf("follower %d: stream closed after %d events", n, len(got))
				}
				var p, i int
				if _, err := fmt.Sscanf(e, "message \"%d-%d\"", &p, &i); err != nil {
					t.Fatalf("follower %d: event %q", n, e)
				}
				if prev, ok := last[fmt.Sprint(p)]; ok && i != prev+1 {
					t.Fatalf("follower %d: publisher %d's event %d after %d", n, p, i, prev)
				}
				last[fmt.Sprint(p)] = i
				got = append(got, e)
			case <-ctx.Done():
				t.Fatalf("follower %d: %d of %d events", n, len(got), publishers*each)
			}
		}
		if first == nil {
			first = got
		} else if strings.Join(got, ",") != strings.Join(first, ",") {
			t.Fatalf("follower %d saw another order than follower 0", n)
		}
	}
}

// A follower that stops reading neither delays the others nor holds its
// stream for ever: its write times out and its stream closes.
func TestSlowFollowerDelaysNobody(t *testing.T) {
	h := NewHub()
	h.writeTimeout = 2 * time.Second // what a blocked write would cost the others
	srv := httptest.NewServer(h.TopicHandler("room", nil))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()

	// The slow one: asks for the stream and never reads a byte.
	slow, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	fmt.Fprintf(slow, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	fast := client(t, ctx, srv.URL)
	for h.followers("room") < 2 {
		time.Sleep(5 * time.Millisecond)
	}

	// 200 events of 64 KB: far more than the slow one's socket buffers.
	big := strings.Repeat("x", 64<<10)
	for i := range 200 {
		start := time.Now()
		h.Broadcast("room", Event{Name: "message", Data: fmt.Sprintf("%d %s", i, big)})
		select { // the fast follower keeps pace
		case e := <-fast:
			if !strings.HasPrefix(e, fmt.Sprintf("message \"%d ", i)) {
				t.Fatalf("event %d: %.20q", i, e)
			}
		case <-ctx.Done():
			t.Fatalf("fast follower stuck at event %d", i)
		}
		if d := time.Since(start); d > h.writeTimeout/2 {
			t.Fatalf("event %d took %v to reach the fast follower", i, d)
		}
	}
	for h.followers("room") > 1 { // the slow one is dropped
		select {
		case <-ctx.Done():
			t.Fatal("slow follower's stream not closed")
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// An idle stream gets a heartbeat; the hub has one timer for all.
func TestHeartbeat(t *testing.T) {
	h := NewHub()
	h.beatEvery = 50 * time.Millisecond
	srv := httptest.NewServer(h.TopicHandler("room", nil))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	s := client(t, ctx, srv.URL)
	select {
	case e := <-s:
		if e != "ping" {
			t.Fatalf("got %q", e)
		}
	case <-ctx.Done():
		t.Fatal("no heartbeat")
	}
}

// A stream that fell behind (its goroutine did not run, its client read
// slowly) writes everything it missed, in order, maxBatch events a flush.
func TestBehindStreamCatchesUp(t *testing.T) {
	h := NewHub()
	srv := httptest.NewServer(h.TopicHandler("room", nil))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s := client(t, ctx, srv.URL)
	for i := range 1000 { // faster than the stream writes them
		h.Broadcast("room", Event{Name: "n", Data: i})
	}
	for i := range 1000 {
		select {
		case e := <-s:
			if e != fmt.Sprintf("n %d", i) {
				t.Fatalf("event %d: %q", i, e)
			}
		case <-ctx.Done():
			t.Fatalf("%d of 1000 events", i)
		}
	}
}

// In-process listeners (Subscribe, Follow) get the events too.
func TestSubscribe(t *testing.T) {
	h := NewHub()
	events, cancel := h.Subscribe(7)
	defer cancel()
	h.Publish(8, Event{Name: Credit, Data: 1})
	h.Publish(7, Event{Name: Credit, Data: 2})
	select {
	case e := <-events:
		if e.Name != Credit || e.Data != 2 {
			t.Fatalf("event %+v", e)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no event")
	}
}
