// Command streambench holds many server-sent-event streams open and times
// what arrives (e2e/bench/social.mjs drives it): chat messages whose text
// ends in "@<unix ms sent>" are timed from sending to receipt, and each
// leaderboard event from its first to its last receipt across the clients.
//
//	streambench --chat URL --board URL --clients N --seconds S [--procs P]
//
// It prints "ready" once every stream answered, then after S seconds one
// JSON line of results. Each stream's goroutine keeps its own timings (no
// lock shared by 10,000 readers, which would be measured too); they are
// merged at the end. readerCpuSeconds is this process's own CPU while it
// listened: the share of the machine the measurement took from the server.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

type result struct {
	Streams      int     `json:"streams"`
	ConnectS     float64 `json:"connectSeconds"`
	ChatReceived int     `json:"chatReceived"`
	P50Ms        float64 `json:"p50"`
	P99Ms        float64 `json:"p99"`
	MaxMs        float64 `json:"max"`
	BoardEvents  int     `json:"boardEvents"`
	SpreadP99Ms  float64 `json:"boardSpreadP99"`
	Failed       int     `json:"failed"`
	FirstError   string  `json:"firstError,omitempty"`
	Procs        int     `json:"procs"`
	ReaderCPU    float64 `json:"readerCpuSeconds"`
}

// stream is what one stream's goroutine saw; only it writes it until the end.
type stream struct {
	mu        sync.Mutex     // uncontended: only the end takes it besides the goroutine
	latencies []float64      // chat, ms
	board     []boardReceipt // leaderboard events
	counting  bool           // set once every stream is ready
}

type boardReceipt struct {
	key uint64 // hash of the event's data
	at  time.Time
}

func cpuSeconds() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

func main() {
	chat := flag.String("chat", "", "chat room stream URL")
	board := flag.String("board", "", "race leaderboard stream URL")
	clients := flag.Int("clients", 5000, "streams per URL")
	seconds := flag.Float64("seconds", 20, "how long to listen once ready; 0: until a line on stdin")
	procs := flag.Int("procs", 0, "GOMAXPROCS of this reader (0: Go's default)")
	flag.Parse()
	if *procs > 0 {
		runtime.GOMAXPROCS(*procs)
	}

	var (
		mu      sync.Mutex
		res     result
		streams []*stream
		since   time.Time // receipts before it are the connection's first state
		sinceMu sync.RWMutex
	)
	res.Procs = runtime.GOMAXPROCS(0)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: -1, DisableCompression: true}}
	listen := func(url string, s *stream, ready *sync.WaitGroup) {
		resp, err := client.Get(url)
		if err == nil && resp.StatusCode != http.StatusOK {
			err = fmt.Errorf("%s: %s", url, resp.Status)
		}
		ready.Done()
		if err != nil {
			mu.Lock()
			res.Failed++
			if res.FirstError == "" {
				res.FirstError = err.Error()
			}
			mu.Unlock()
			return
		}
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 4096), 1<<20)
		name := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				name = line[len("event: "):]
			case strings.HasPrefix(line, "data: "):
				at := time.Now()
				if !s.counting {
					sinceMu.RLock()
					s.counting = !since.IsZero() && at.After(since)
					sinceMu.RUnlock()
					if !s.counting {
						continue
					}
				}
				data := line[len("data: "):]
				s.mu.Lock()
				switch name {
				case "message":
					var m struct{ Text string }
					if json.Unmarshal([]byte(data), &m) == nil {
						if i := strings.LastIndexByte(m.Text, '@'); i >= 0 {
							if sent, err := strconv.ParseInt(m.Text[i+1:], 10, 64); err == nil {
								s.latencies = append(s.latencies, float64(at.UnixMicro()-sent*1000)/1000)
							}
						}
					}
				case "leaderboard":
					h := fnv.New64a()
					h.Write([]byte(data))
					s.board = append(s.board, boardReceipt{h.Sum64(), at})
				}
				s.mu.Unlock()
			}
		}
	}
	start := time.Now()
	var ready sync.WaitGroup
	for _, url := range []string{*chat, *board} {
		if url == "" {
			continue
		}
		for range *clients {
			ready.Add(1)
			res.Streams++
			s := &stream{}
			streams = append(streams, s)
			go listen(url, s, &ready)
		}
	}
	ready.Wait()
	res.ConnectS = time.Since(start).Seconds()
	// What arrived while connecting (each leaderboard stream's first state)
	// is not a fan-out: time only what comes from now on.
	time.Sleep(200 * time.Millisecond)
	sinceMu.Lock()
	since = time.Now()
	sinceMu.Unlock()
	cpu0 := cpuSeconds()
	fmt.Println("ready")
	if *seconds > 0 {
		time.Sleep(time.Duration(*seconds * float64(time.Second)))
	} else {
		bufio.NewReader(os.Stdin).ReadString('\n') // until told (a line, or stdin closed)
	}
	res.ReaderCPU = cpuSeconds() - cpu0

	// The listen window is over: what arrives later is not counted.
	var latencies []float64
	boardFirst, boardLast := map[uint64]time.Time{}, map[uint64]time.Time{}
	mu.Lock()
	for _, s := range streams {
		s.mu.Lock()
		latencies = append(latencies, s.latencies...)
		for _, b := range s.board {
			if f, ok := boardFirst[b.key]; !ok || b.at.Before(f) {
				boardFirst[b.key] = b.at
			}
			if l, ok := boardLast[b.key]; !ok || b.at.After(l) {
				boardLast[b.key] = b.at
			}
		}
		s.mu.Unlock()
	}
	slices.Sort(latencies)
	pct := func(xs []float64, p float64) float64 {
		if len(xs) == 0 {
			return 0
		}
		return xs[min(len(xs)-1, int(p/100*float64(len(xs))+0.999999)-1)]
	}
	res.ChatReceived = len(latencies)
	res.P50Ms, res.P99Ms, res.MaxMs = pct(latencies, 50), pct(latencies, 99), pct(latencies, 100)
	var spreads []float64
	for k, first := range boardFirst {
		spreads = append(spreads, float64(boardLast[k].Sub(first).Microseconds())/1000)
	}
	slices.Sort(spreads)
	res.BoardEvents, res.SpreadP99Ms = len(spreads), pct(spreads, 99)
	json.NewEncoder(os.Stdout).Encode(res)
	os.Exit(0)
}
