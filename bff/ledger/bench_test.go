package ledger

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
)

const benchPlayers = 100

// BenchmarkPost posts one two-posting transfer (a deposit, then bets and wins
// in turn) per iteration from one goroutine.
func BenchmarkPost(b *testing.B) {
	ctx := context.Background()
	l, _ := newTestLedger(b, benchPlayers)
	one := FromMinor(100, eur)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		p := int64(1 + (i/3)%benchPlayers)
		key := fmt.Sprint("bench-", i)
		var err error
		switch i % 3 {
		case 0:
			_, err = l.Deposit(ctx, key, p, "sandbox", FromMinor(1000, eur), nil)
		case 1:
			_, err = l.Bet(ctx, key, p, one, FromMinor(0, eur), nil)
		case 2:
			_, err = l.Win(ctx, key, p, one, FromMinor(0, eur), nil)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
}

// BenchmarkPostParallel posts from GOMAXPROCS×4 goroutines; the single writer
// serialises them.
func BenchmarkPostParallel(b *testing.B) {
	ctx := context.Background()
	l, _ := newTestLedger(b, benchPlayers)
	var seq atomic.Int64
	b.SetParallelism(4)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := seq.Add(1)
			if _, err := l.Deposit(ctx, fmt.Sprint("bench-", i), 1+i%benchPlayers, "sandbox", FromMinor(1000, eur), nil); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
}

// BenchmarkReplay answers a retry of an already stored key.
func BenchmarkReplay(b *testing.B) {
	ctx := context.Background()
	l, _ := newTestLedger(b, 1)
	a := FromMinor(1000, eur)
	if _, err := l.Deposit(ctx, "k", 1, "sandbox", a, nil); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if tx, err := l.Deposit(ctx, "k", 1, "sandbox", a, nil); err != nil || !tx.Replayed {
			b.Fatal(tx, err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
}

// BenchmarkPlayerBalances reads a player's wallet from the reader pool.
func BenchmarkPlayerBalances(b *testing.B) {
	ctx := context.Background()
	l, _ := newTestLedger(b, 1)
	if _, err := l.Deposit(ctx, "k", 1, "sandbox", FromMinor(1000, eur), nil); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := l.PlayerBalances(ctx, 1, eur); err != nil {
			b.Fatal(err)
		}
	}
}
