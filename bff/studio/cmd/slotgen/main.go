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

	"casino/bff/studio"
	"casino/bff/studio/internal/simrng"
	"casino/bff/studio/rng"
	"casino/bff/studio/slot"
)

func main() {
	out := flag.String("out", "content/games/slots", "output directory")
	only := flag.String("only", "", "generate only this game id")
	verbose = flag.Bool("v", false, "log the tuning steps")
	mathsOnly := flag.Bool("maths", false, "only recompute the maths files of the existing definitions")
	thumbs := flag.Bool("thumbs", false, "only draw the live table's thumbnail (the slots' are drawn from their art: node scripts/studio-thumbs.mjs)")
	flag.Parse()
	if *thumbs {
		dir := filepath.Join(*out, "..", "thumbnails")
		if err := writeThumb(dir, "European Roulette", "Live table · 37 pockets"); err != nil {
			log.Fatal(err)
		}
		return
	}
	if *mathsOnly {
		if err := writeMaths(*out, *only); err != nil {
			log.Fatal(err)
		}
		return
	}
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
		if err := writeMaths(*out, def.ID); err != nil {
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

var verbose = new(bool)

// writeMaths writes ../maths/<id>.json beside the slots directory for one
// game (or every game when id is empty): the exact figures the lobby shows.
func writeMaths(slotsDir, id string) error {
	games, err := slot.LoadDir(os.DirFS(slotsDir), ".")
	if err != nil {
		return err
	}
	dir := filepath.Join(slotsDir, "..", "maths")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, g := range games {
		if id != "" && g.ID() != id {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(slotsDir, g.ID()+".json"))
		if err != nil {
			return err
		}
		f, err := studio.FiguresOf(g, raw)
		if err != nil {
			return err
		}
		b, err := json.MarshalIndent(f, "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, g.ID()+".json"), append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	return nil
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

// tune picks the filler count whose exact RTP is nearest the target within
// [94%, 97.5%].
func tune(d design) (slot.Definition, *slot.Maths, error) {
	minX := 0
	for _, r := range d.reels {
		minX -= max(0, r[d.filler]-1)
	}
	// x is the filler count added, or with no filler the pay scale in
	// per mille (every line/ways pay becomes round(pay × x / 1000)).
	eval := func(x int) (slot.Definition, *slot.Maths, error) {
		def := d.def
		if def.Volatility == "" {
			def.Volatility = "medium" // replaced from the maths below
		}
		if d.filler == "" {
			def.Pays = scalePays(def.Pays, x)
			def.Reels = build(d.reels, d.stacks, "", 0, d.seed)
		} else {
			def.Reels = build(d.reels, d.stacks, d.filler, x, d.seed)
		}
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
		if *verbose && err == nil {
			log.Printf("%s: x %+d rtp %.4f%%", d.def.ID, x, 100*ratF(m.RTP))
		}
		return def, m, err
	}
	var lo, hi int
	if d.filler == "" {
		// RTP grows with the scale (almost proportionally: scatter pays do
		// not scale): guess from the unscaled RTP, then bisect around it.
		_, m, err := eval(1000)
		if err != nil {
			return slot.Definition{}, nil, err
		}
		guess := int(1000 * d.target / ratF(m.RTP))
		lo, hi = max(20, guess*6/10), guess*16/10
		for hi-lo > 1 {
			mid := (lo + hi) / 2
			_, m, err := eval(mid)
			if err != nil {
				return slot.Definition{}, nil, err
			}
			if ratF(m.RTP) < d.target {
				lo = mid
			} else {
				hi = mid
			}
		}
	} else {
		// A filler that pays itself can raise the RTP, so it need not be
		// monotone: scan upwards until the RTP crosses the target.
		_, m, err := eval(minX)
		if err != nil {
			return slot.Definition{}, nil, err
		}
		above := ratF(m.RTP) > d.target
		lo, hi = minX, minX+1 // when the target is out of reach, the nearest end
		for x := minX + 1; x <= min(maxFiller, minX+80); x++ {
			_, m, err := eval(x)
			if err != nil {
				return slot.Definition{}, nil, err
			}
			if (ratF(m.RTP) > d.target) != above {
				lo, hi = x-1, x
				break
			}
		}
	}
	var best slot.Definition
	var bestM *slot.Maths
	bestGap := 1.0
	for x := max(lo-1, minX); x <= hi+1; x++ {
		def, m, err := eval(x)
		if err != nil {
			return def, nil, err
		}
		rtp := ratF(m.RTP)
		if gap := abs(rtp - d.target); rtp >= 0.94 && rtp <= 0.975 && gap < bestGap {
			best, bestM, bestGap = def, m, gap
		}
	}
	if bestM == nil {
		return best, nil, fmt.Errorf("no filler count or pay scale reaches 94%%–97.5%%")
	}
	if best.BonusBuy != nil {
		// Price the buy (whole bets) so its RTP is nearest the target within
		// 90%–97.5%.
		value := ratF(bestM.BonusBuyRTP) // per coin of price 1 bet
		bb := *best.BonusBuy
		bb.Price = 0
		gap := 1.0
		for p := int64(1); p <= 2000; p++ {
			r := value / float64(p)
			if r >= 0.90 && r <= 0.975 && abs(r-d.target) < gap {
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

// scalePays multiplies every pay by permille/1000, rounding to the nearest
// coin and keeping paying entries at least 1.
func scalePays(in map[string]map[string]int64, permille int) map[string]map[string]int64 {
	out := map[string]map[string]int64{}
	for sym, byCount := range in {
		out[sym] = map[string]int64{}
		for c, v := range byCount {
			out[sym][c] = max(1, (v*int64(permille)+500)/1000)
		}
	}
	return out
}

// maxFiller bounds the filler symbols added over all reels.
const maxFiller = 240

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

// format writes the definition as indented JSON with scalar arrays (strips,
// lines, tags) kept on one line.
func format(d slot.Definition) ([]byte, error) {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return nil, err
	}
	var ferr error
	b = scalarArray.ReplaceAllFunc(b, func(m []byte) []byte {
		var items []json.RawMessage
		if err := json.Unmarshal(m, &items); err != nil {
			ferr = err
			return m
		}
		parts := make([][]byte, len(items))
		for i, it := range items {
			parts[i] = it
		}
		return append(append([]byte("["), bytes.Join(parts, []byte(", "))...), ']')
	})
	return append(b, '\n'), ferr
}
