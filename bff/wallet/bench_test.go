package wallet

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// BenchmarkRounds plays full rounds — a signed debit then a signed credit
// that closes the round, over HTTP on loopback — from many goroutines
// against one wallet, and reports rounds per second and the p99 latency of a
// round. The ledger is checked afterwards.
func BenchmarkRounds(b *testing.B) {
	for _, conc := range []int{8, 32, 64} {
		b.Run(fmt.Sprintf("conc=%d", conc), func(b *testing.B) { benchRounds(b, conc) })
	}
}

// cpuTime is the process's user + system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func benchRounds(b *testing.B, concurrency int) {
	ctx := context.Background()
	const players = 200
	f := newFixture(b, players)
	f.svc.Publish = nil
	f.client.HTTP = &http.Client{Transport: &http.Transport{MaxIdleConns: 256, MaxIdleConnsPerHost: 256}}
	var (
		seq     atomic.Int64
		mu      sync.Mutex
		latency []time.Duration
	)
	b.SetParallelism(max(1, concurrency/2)) // GOMAXPROCS is 2 here
	cpu0 := cpuTime()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		var mine []time.Duration
		for pb.Next() {
			i := seq.Add(1)
			p := fmt.Sprint(1 + i%players)
			round := fmt.Sprint("r-", i)
			start := time.Now()
			if _, err := f.client.Debit(ctx, MoneyRequest{TransactionID: fmt.Sprint("d-", i), RoundID: round, PlayerID: p, GameID: "open-game", Currency: "EUR", Amount: "0.10"}); err != nil {
				b.Error(err)
				return
			}
			win := "0.00"
			if i%3 == 0 {
				win = "0.20"
			}
			if _, err := f.client.Credit(ctx, MoneyRequest{TransactionID: fmt.Sprint("c-", i), RoundID: round, PlayerID: p, GameID: "open-game", Currency: "EUR", Amount: win, CloseRound: true}); err != nil {
				b.Error(err)
				return
			}
			mine = append(mine, time.Since(start))
		}
		mu.Lock()
		latency = append(latency, mine...)
		mu.Unlock()
	})
	elapsed := b.Elapsed()
	cpu := cpuTime() - cpu0
	b.StopTimer()
	slices.Sort(latency)
	if n := len(latency); n > 0 {
		b.ReportMetric(float64(n)/elapsed.Seconds(), "rounds/s")
		b.ReportMetric(float64(latency[n*99/100].Microseconds())/1000, "p99-ms")
		// CPU per round (client and server together): on a shared machine
		// this, not the wall clock, says what two free cores would do.
		b.ReportMetric(float64(cpu.Microseconds())/float64(n), "cpu-µs/round")
		groups, jobs := f.ledger.GroupStats()
		b.ReportMetric(float64(jobs)/float64(max(groups, 1)), "jobs/commit")
	}
	f.check(b)
}

// BenchmarkMoney plays the same rounds as BenchmarkRounds from 64
// goroutines, calling the service directly (no HTTP, no signatures): the CPU
// per round is then the money path's own (state read, ledger posts, round,
// transaction), the figure to compare when changing its statements.
func BenchmarkMoney(b *testing.B) {
	ctx := context.Background()
	const players = 200
	f := newFixture(b, players)
	f.svc.Publish = nil
	var seq atomic.Int64
	b.SetParallelism(32) // 64 goroutines with GOMAXPROCS 2
	cpu0 := cpuTime()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := seq.Add(1)
			p := fmt.Sprint(1 + i%players)
			round := fmt.Sprint("r-", i)
			if _, err := f.svc.Debit(ctx, "studio", MoneyRequest{TransactionID: fmt.Sprint("d-", i), RoundID: round, PlayerID: p, GameID: "open-game", Currency: "EUR", Amount: "0.10"}); err != nil {
				b.Error(err)
				return
			}
			win := "0.00"
			if i%3 == 0 {
				win = "0.20"
			}
			if _, err := f.svc.Credit(ctx, "studio", MoneyRequest{TransactionID: fmt.Sprint("c-", i), RoundID: round, PlayerID: p, GameID: "open-game", Currency: "EUR", Amount: win, CloseRound: true}); err != nil {
				b.Error(err)
				return
			}
		}
	})
	cpu := cpuTime() - cpu0
	b.StopTimer()
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/round")
	groups, jobs := f.ledger.GroupStats()
	b.ReportMetric(float64(jobs)/float64(max(groups, 1)), "jobs/commit")
	f.check(b)
}
