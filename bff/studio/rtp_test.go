package studio

import (
	"math"
	"testing"

	"casino/bff/studio/internal/simrng"
)

// TestMeasuredRTPWithinConfidenceInterval plays every slot with a fast
// seeded generator (simulation only; real rounds use the CSPRNG or the
// provably fair stream) and checks the measured return against the exact
// RTP: it must lie inside the 99% confidence interval RTP ± 2.576·σ/√n,
// σ being the exact standard deviation of one round. Bonus buys are checked
// the same way against their own RTP.
func TestMeasuredRTPWithinConfidenceInterval(t *testing.T) {
	c := testCatalog(t)
	// Fixed seeds make the run reproducible; the counts keep it to a few
	// seconds on two cores.
	const spins, buys = 200_000, 20_000
	for _, ti := range c.Titles() {
		if ti.Kind != KindSlot {
			continue
		}
		g, _ := c.Slot(ti.ID)
		f, _ := c.Figures(ti.ID)
		t.Run(ti.ID, func(t *testing.T) {
			t.Parallel()
			check := func(what string, n int, rtp string, sd float64, play func() (cost, win int64)) {
				src := Rat(rtp)
				want, _ := src.Float64()
				var cost, win int64
				for i := 0; i < n; i++ {
					c, w := play()
					cost += c
					win += w
				}
				got := float64(win) / float64(cost)
				half := 2.576 * sd / math.Sqrt(float64(n))
				t.Logf("%s: %d rounds, measured %.4f%%, exact %.4f%% ± %.4f%% (99%%)", what, n, 100*got, 100*want, 100*half)
				if math.Abs(got-want) > half {
					t.Errorf("%s: measured RTP %.4f%% outside %.4f%% ± %.4f%%", what, 100*got, 100*want, 100*half)
				}
			}
			src := simrng.New(uint64(len(ti.ID))*7919, 1)
			bet := g.Definition().MinBet
			check("spins", spins, f.RTP, f.StdDev, func() (int64, int64) {
				r, err := g.Spin(bet, src)
				if err != nil {
					t.Fatal(err)
				}
				return r.Cost, r.Win
			})
			if f.BonusBuyRTP != "" {
				check("bonus buys", buys, f.BonusBuyRTP, f.BonusBuyStdDev, func() (int64, int64) {
					r, err := g.BuyBonus(bet, src)
					if err != nil {
						t.Fatal(err)
					}
					return r.Cost, r.Win
				})
			}
		})
	}
}
