// Command slotgen is the studio's maths-design tool: it builds the reel
// strips of the designs in designs.go from symbol counts, tunes a filler
// symbol until the exact RTP is close to the design's target, prices the
// bonus buy, assigns the volatility class from the exact standard deviation,
// and writes content/games/slots/<id>.json.
//
// The JSON files are the source of truth for the engine; this tool only
// helps produce them. Games may equally be written by hand.
//
//	go run ./bff/studio/cmd/slotgen [-out content/games/slots] [-only id]
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"time"

	"casino/bff/studio/internal/simrng"
	"casino/bff/studio/rng"
	"casino/bff/studio/slot"
)

func main() {
	out := flag.String("out", "content/games/slots", "output directory")
	only := flag.String("only", "", "generate only this game id")
	flag.Parse()
	for _, d := range designs() {
		if *only != "" && d.def.ID != *only {
			continue
		}
		start := time.Now()
		def, m, err := tune(d)
		if err != nil {
			log.Fatalf("%s: %v", d.def.ID, err)
		}
		b, err := format(def)
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*out, def.ID+".json"), b, 0o644); err != nil {
			log.Fatal(err)
		}
		rtp, _ := m.RTP.Float64()
		line := fmt.Sprintf("%-18s rtp %.4f%% max %sx sd %.2f vol %-9s hit %.3f", def.ID, 100*rtp, m.MaxMultiplier.FloatString(2), m.StdDev, def.Volatility, ratF(m.HitFrequency))
		if m.BonusBuyRTP != nil {
			line += fmt.Sprintf(" buy %dx rtp %.4f%%", def.BonusBuy.Price, 100*ratF(m.BonusBuyRTP))
		}
		if m.TriggerProbability.Sign() > 0 {
			line += fmt.Sprintf(" trigger 1/%.0f", 1/ratF(m.TriggerProbability))
		}
		fmt.Printf("%s (%v)\n", line, time.Since(start).Round(time.Millisecond))
	}
}

func ratF(r *big.Rat) float64 { f, _ := r.Float64(); return f }

// design is a game before its strips exist.
type design struct {
	def       slot.Definition // everything but Reels (and FreeSpins.Reels)
	reels     []map[string]int
	freeReels []map[string]int
	stacks    map[string]int // symbols laid out in stacks of this height
	filler    string         // symbol added to tune the RTP down
	target    float64        // target RTP (fraction)
	seed      uint64
}

// tune adds filler symbols one at a time (last reel first, round robin)
// until the RTP is closest to the target, within [94%, 97.5%].
func tune(d design) (slot.Definition, *slot.Maths, error) {
	var best slot.Definition
	var bestM *slot.Maths
	bestGap := 1.0
	first := -1.0
	minX := 0
	for _, r := range d.reels {
		minX -= max(0, r[d.filler]-1)
	}
	for x := minX; x <= 150; x++ {
		def := d.def
		if def.Volatility == "" {
			def.Volatility = "medium" // replaced from the maths below
		}
		def.Reels = build(d.reels, d.stacks, d.filler, x, d.seed)
		if d.freeReels != nil {
			fs := *def.FreeSpins
			fs.Reels = build(d.freeReels, d.stacks, "", 0, d.seed+7)
			def.FreeSpins = &fs
		}
		if def.BonusBuy != nil {
			bb := *def.BonusBuy
			bb.Price = 1
			def.BonusBuy = &bb
		}
		g, err := slot.Compile(def)
		if err != nil {
			return def, nil, err
		}
		m, err := g.Maths()
		if err != nil {
			return def, nil, err
		}
		rtp := ratF(m.RTP)
		if x == 0 {
			first = rtp
		}
		if rtp < 0.94 && x >= 0 {
			break
		}
		if gap := abs(rtp - d.target); rtp <= 0.975 && gap < bestGap {
			best, bestM, bestGap = def, m, gap
		}
	}
	if bestM == nil {
		return best, nil, fmt.Errorf("no filler count reaches 94%%–97.5%%: RTP without filler %.4f%%", 100*first)
	}
	if best.BonusBuy != nil {
		// Price the buy so its RTP is nearest the target within the band.
		value := ratF(bestM.BonusBuyRTP) // per coin of price 1 bet
		bb := *best.BonusBuy
		bb.Price = 0
		gap := 1.0
		for p := int64(1); p <= 2000; p++ {
			r := value / float64(p)
			if r >= 0.94 && r <= 0.975 && abs(r-d.target) < gap {
				bb.Price, gap = p, abs(r-d.target)
			}
		}
		if bb.Price == 0 {
			return best, nil, fmt.Errorf("no bonus-buy price fits the band (feature worth %.2f bets)", value)
		}
		best.BonusBuy = &bb
	}
	g, err := slot.Compile(best)
	if err != nil {
		return best, nil, err
	}
	m, err := g.Maths()
	if err != nil {
		return best, nil, err
	}
	best.Volatility = slot.VolatilityClass(m.StdDev)
	return best, m, nil
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// build lays out each reel: symbols (in stacks where configured) shuffled
// with a fixed seed, then rearranged so no two blocks of the same symbol
// touch, plus x filler symbols spread from the last reel backwards.
func build(counts []map[string]int, stacks map[string]int, filler string, x int, seed uint64) [][]string {
	n := len(counts)
	extra := make([]int, n)
	for i := 0; i < x; i++ {
		extra[n-1-i%n]++
	}
	// Negative x removes filler, first reel first, keeping at least one.
	for i, r := 0, 0; i < -x; r = (r + 1) % n {
		if counts[r][filler]+extra[r] > 1 {
			extra[r]--
			i++
		}
	}
	out := make([][]string, n)
	for r, c := range counts {
		var blocks [][]string
		keys := make([]string, 0, len(c))
		for k := range c {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			cnt := c[k]
			if k == filler {
				cnt += extra[r]
			}
			h := max(1, stacks[k])
			for cnt > 0 {
				b := min(h, cnt)
				blk := make([]string, b)
				for i := range blk {
					blk[i] = k
				}
				blocks = append(blocks, blk)
				cnt -= b
			}
		}
		if filler != "" && c[filler] == 0 && extra[r] > 0 {
			for i := 0; i < extra[r]; i++ {
				blocks = append(blocks, []string{filler})
			}
		}
		src := simrng.New(seed, uint64(r))
		rng.Shuffle(src, len(blocks), func(i, j int) { blocks[i], blocks[j] = blocks[j], blocks[i] })
		// Separate equal neighbours (cyclically) by swapping with a later
		// block that fits; a few passes suffice.
		same := func(a, b []string) bool { return a[0] == b[0] }
		for pass := 0; pass < 20; pass++ {
			fixed := true
			for i := range blocks {
				j := (i + 1) % len(blocks)
				if !same(blocks[i], blocks[j]) {
					continue
				}
				fixed = false
				for k := range blocks {
					pk, nk := (k+len(blocks)-1)%len(blocks), (k+1)%len(blocks)
					if k == i || k == j || same(blocks[k], blocks[i]) || same(blocks[pk], blocks[j]) || same(blocks[nk], blocks[j]) {
						continue
					}
					blocks[j], blocks[k] = blocks[k], blocks[j]
					break
				}
			}
			if fixed {
				break
			}
		}
		for _, b := range blocks {
			out[r] = append(out[r], b...)
		}
	}
	return out
}

var scalarArray = regexp.MustCompile(`\[\s*(?:"[^"]*"|-?\d+)(?:,\s*(?:"[^"]*"|-?\d+))*\s*\]`)
var space = regexp.MustCompile(`\s+`)

// format writes the definition as indented JSON with scalar arrays (strips,
// lines, tags) kept on one line.
func format(d slot.Definition) ([]byte, error) {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return nil, err
	}
	b = scalarArray.ReplaceAllFunc(b, func(m []byte) []byte {
		m = space.ReplaceAll(m, nil)
		return bytes.ReplaceAll(m, []byte(","), []byte(", "))
	})
	return append(b, '\n'), nil
}
