package studio

import (
	"context"
	"testing"

	"casino/bff/ledger"
	"casino/bff/studio/internal/simrng"
)

// BenchmarkSpin measures whole rounds: provably fair outcome, round record,
// and (real) the signed wallet debit and credit on the ledger.
func BenchmarkSpin(b *testing.B) {
	for _, mode := range []string{ModeDemo, ModeReal} {
		b.Run(mode, func(b *testing.B) {
			f := newFixture(b)
			ctx := context.Background()
			if _, err := f.ledger.Deposit(ctx, "bench", 1, "sandbox", ledger.MustParse("1000000.00", eur), nil); err != nil {
				b.Fatal(err)
			}
			p := player1
			if mode == ModeDemo {
				p = nil
			}
			l, err := f.svc.Launch(ctx, p, "fruit-fiesta", mode)
			if err != nil {
				b.Fatal(err)
			}
			sess, _ := f.svc.Session(ctx, l.ID)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := f.svc.Spin(ctx, sess, "0.05", false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEngine is the slot engine alone (no storage, seeded PCG).
func BenchmarkEngine(b *testing.B) {
	c := testCatalog(b)
	for _, id := range []string{"fruit-fiesta", "aztec-sun", "viking-raid"} {
		g, _ := c.Slot(id)
		b.Run(id, func(b *testing.B) {
			src := simrng.New(1, 2)
			for i := 0; i < b.N; i++ {
				g.Spin(g.Definition().MinBet, src)
			}
		})
	}
}
