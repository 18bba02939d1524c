// Command load is the fallback load generator of `make bench` when Debian's
// wrk cannot be installed: keep-alive connections hammering one URL for a
// fixed time, printing JSON {requests, seconds, rps, p50Ms, p99Ms, errors}.
//
//	go run ./e2e/tools/load -c 64 -d 10s http://127.0.0.1:8080/casino
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"sync"
	"time"
)

func main() {
	conns := flag.Int("c", 64, "concurrent connections")
	dur := flag.Duration("d", 10*time.Second, "duration")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: load [-c N] [-d DURATION] URL")
		os.Exit(2)
	}
	url := flag.Arg(0)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *conns, DisableCompression: true}, Timeout: 10 * time.Second}
	var (
		mu     sync.Mutex
		lat    []time.Duration
		errors int
		wg     sync.WaitGroup
	)
	start := time.Now()
	deadline := start.Add(*dur)
	for range *conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := make([]time.Duration, 0, 1<<16)
			bad := 0
			for time.Now().Before(deadline) {
				t := time.Now()
				res, err := client.Get(url)
				if err != nil {
					bad++
					continue
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					bad++
					continue
				}
				local = append(local, time.Since(t))
			}
			mu.Lock()
			lat = append(lat, local...)
			errors += bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	secs := time.Since(start).Seconds()
	slices.Sort(lat)
	pct := func(p float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return float64(lat[int(float64(len(lat)-1)*p)].Microseconds()) / 1000
	}
	json.NewEncoder(os.Stdout).Encode(map[string]any{
		"requests": len(lat), "seconds": secs, "rps": float64(len(lat)) / secs,
		"p50Ms": pct(0.50), "p99Ms": pct(0.99), "errors": errors,
	})
}
