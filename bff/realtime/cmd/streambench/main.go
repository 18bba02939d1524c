// Command streambench holds many server-sent-event streams open and times
// what arrives (e2e/bench/social.mjs drives it): chat messages whose text
// ends in "@<unix ms sent>" are timed from sending to receipt, and each
// leaderboard event from its first to its last receipt across the clients.
//
//	streambench --chat URL --board URL --clients N --seconds S
//
// It prints "ready" once every stream answered, then after S seconds one
// JSON line of results.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
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
}

func main() {
	chat := flag.String("chat", "", "chat room stream URL")
	board := flag.String("board", "", "race leaderboard stream URL")
	clients := flag.Int("clients", 5000, "streams per URL")
	seconds := flag.Float64("seconds", 20, "how long to listen once ready")
	flag.Parse()

	var (
		mu         sync.Mutex
		latencies  []float64
		boardFirst = map[string]time.Time{}
		boardLast  = map[string]time.Time{}
		res        result
	)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: -1, DisableCompression: true}}
	listen := func(url string, ready *sync.WaitGroup) {
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
				data := line[len("data: "):]
				mu.Lock()
				switch name {
				case "message":
					var m struct{ Text string }
					if json.Unmarshal([]byte(data), &m) == nil {
						if i := strings.LastIndexByte(m.Text, '@'); i >= 0 {
							if sent, err := strconv.ParseInt(m.Text[i+1:], 10, 64); err == nil {
								latencies = append(latencies, float64(at.UnixMicro()-sent*1000)/1000)
							}
						}
					}
				case "leaderboard":
					if _, ok := boardFirst[data]; !ok {
						boardFirst[data] = at
					}
					boardLast[data] = at
				}
				mu.Unlock()
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
			go listen(url, &ready)
		}
	}
	ready.Wait()
	res.ConnectS = time.Since(start).Seconds()
	// What arrived while connecting (each leaderboard stream's first state)
	// is not a fan-out: time only what comes from now on.
	mu.Lock()
	latencies, boardFirst, boardLast = nil, map[string]time.Time{}, map[string]time.Time{}
	mu.Unlock()
	fmt.Println("ready")
	time.Sleep(time.Duration(*seconds * float64(time.Second)))

	mu.Lock()
	defer mu.Unlock()
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
}
