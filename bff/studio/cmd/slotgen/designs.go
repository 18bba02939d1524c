package main

import (
	"sort"

	"casino/bff/studio/slot"
)

// lines25 is the usual 25-line set of a 5×3 game (rows 0 top .. 2 bottom);
// 10- and 20-line games use its first lines.
var lines25 = [][]int{
	{1, 1, 1, 1, 1}, {0, 0, 0, 0, 0}, {2, 2, 2, 2, 2}, {0, 1, 2, 1, 0}, {2, 1, 0, 1, 2},
	{1, 0, 0, 0, 1}, {1, 2, 2, 2, 1}, {0, 0, 1, 2, 2}, {2, 2, 1, 0, 0}, {1, 2, 1, 0, 1},
	{1, 0, 1, 2, 1}, {0, 1, 1, 1, 0}, {2, 1, 1, 1, 2}, {0, 1, 0, 1, 0}, {2, 1, 2, 1, 2},
	{1, 1, 0, 1, 1}, {1, 1, 2, 1, 1}, {0, 0, 2, 0, 0}, {2, 2, 0, 2, 2}, {0, 2, 2, 2, 0},
	{2, 0, 0, 0, 2}, {1, 0, 2, 0, 1}, {1, 2, 0, 2, 1}, {0, 2, 0, 2, 0}, {2, 0, 2, 0, 2},
}

// classic5 is the 5-line set of a 3×3 machine.
var classic5 = [][]int{{1, 1, 1}, {0, 0, 0}, {2, 2, 2}, {0, 1, 2}, {2, 1, 0}}

// zigzag returns n paylines over reels×rows: the straight rows first, then
// paths moving at most one row per reel, fewest turns first, symmetric
// around the middle.
func zigzag(reels, rows, n int) [][]int {
	var all [][]int
	var rec func(p []int)
	rec = func(p []int) {
		if len(p) == reels {
			all = append(all, append([]int(nil), p...))
			return
		}
		last := p[len(p)-1]
		for d := -1; d <= 1; d++ {
			if r := last + d; r >= 0 && r < rows {
				rec(append(p, r))
			}
		}
	}
	for r := 0; r < rows; r++ {
		rec([]int{r})
	}
	turns := func(p []int) int {
		t := 0
		for i := 1; i < len(p); i++ {
			if p[i] != p[i-1] {
				t++
			}
		}
		return t
	}
	mid := float64(rows-1) / 2
	spread := func(p []int) float64 {
		s := 0.0
		for _, r := range p {
			d := float64(r) - mid
			s += d * d
		}
		return s
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if turns(a) != turns(b) {
			return turns(a) < turns(b)
		}
		return spread(a) < spread(b)
	})
	return all[:n]
}

func reel(kv ...any) map[string]int {
	m := map[string]int{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1].(int)
	}
	return m
}

func reels(n int, m map[string]int) []map[string]int {
	out := make([]map[string]int, n)
	for i := range out {
		out[i] = m
	}
	return out
}

// with returns a copy of m with some counts changed.
func with(m map[string]int, kv ...any) map[string]int {
	o := map[string]int{}
	for k, v := range m {
		o[k] = v
	}
	for i := 0; i < len(kv); i += 2 {
		if v := kv[i+1].(int); v == 0 {
			delete(o, kv[i].(string))
		} else {
			o[kv[i].(string)] = v
		}
	}
	return o
}

func pays(kv ...any) map[string]map[string]int64 {
	m := map[string]map[string]int64{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1].(map[string]int64)
	}
	return m
}

type p = map[string]int64

func syms(kv ...string) []slot.Symbol {
	var out []slot.Symbol
	for i := 0; i < len(kv); i += 2 {
		s := slot.Symbol{ID: kv[i], Name: kv[i+1]}
		switch kv[i] {
		case "W":
			s.Wild = true
		case "S":
			s.Scatter = true
		}
		out = append(out, s)
	}
	return out
}

func designs() []design {
	return append([]design{
		{
			def: slot.Definition{
				ID: "fruit-fiesta", Name: "Fruit Fiesta", Theme: "Classic fruit machine",
				Description: "Three reels, five lines and a wild that pays the biggest prize: the fruit machine of the seaside arcade.",
				ReleaseDate: "2023-02-14", Tags: []string{"classic", "fruit", "3 reels", "low volatility"},
				MinBet: 5, MaxBet: 2500, Coins: 5, Rows: 3, Lines: classic5,
				Symbols: syms("CH", "Cherry", "LE", "Lemon", "OR", "Orange", "PL", "Plum", "ME", "Melon", "BE", "Bell", "SE", "Seven", "W", "Wild Fiesta"),
				Pays: pays("CH", p{"2": 2, "3": 10}, "LE", p{"3": 10}, "OR", p{"3": 12}, "PL", p{"3": 16}, "ME", p{"3": 25},
					"BE", p{"3": 50}, "SE", p{"3": 120}, "W", p{"3": 300}),
				Wild: &slot.WildRule{},
			},
			reels:  reels(3, reel("CH", 3, "LE", 5, "OR", 5, "PL", 4, "ME", 3, "BE", 2, "SE", 1, "W", 1)),
			filler: "LE", target: 0.962, seed: 101,
		},
		{
			def: slot.Definition{
				ID: "triple-sevens", Name: "Triple Sevens Deluxe", Theme: "Las Vegas bars and sevens",
				Description: "Bars, sevens and blanks on three reels; a diamond wild doubles every line it completes.",
				ReleaseDate: "2023-05-09", Tags: []string{"classic", "3 reels", "wild multiplier"},
				MinBet: 5, MaxBet: 5000, Coins: 5, Rows: 3, Lines: classic5,
				Symbols: syms("BL", "Blank", "B1", "Bar", "B2", "Double Bar", "B3", "Triple Bar", "SE", "Red Seven", "W", "Diamond"),
				Pays:    pays("B1", p{"3": 10}, "B2", p{"3": 20}, "B3", p{"3": 40}, "SE", p{"3": 100}, "W", p{"3": 1000}),
				Wild:    &slot.WildRule{Multiplier: 2},
			},
			reels:  reels(3, reel("BL", 6, "B1", 4, "B2", 3, "B3", 3, "SE", 2, "W", 1)),
			filler: "BL", target: 0.958, seed: 102,
		},
		{
			def: slot.Definition{
				ID: "pharaohs-book", Name: "Pharaoh's Book", Theme: "Ancient Egypt tomb raid",
				Description: "Ten lines across the tomb; in free spins every ankh wild expands to cover its whole reel.",
				ReleaseDate: "2023-09-21", Tags: []string{"egypt", "free spins", "expanding wilds", "10 lines"},
				MinBet: 10, MaxBet: 10000, Coins: 10, Rows: 3, Lines: lines25[:10],
				Symbols: syms("T", "Ten", "J", "Jack", "Q", "Queen", "K", "King", "A", "Ace", "SC", "Scarab", "AN", "Anubis",
					"PH", "Pharaoh", "EX", "Explorer", "W", "Ankh", "S", "Eye of Horus"),
				Pays: pays("T", p{"3": 5, "4": 25, "5": 100}, "J", p{"3": 5, "4": 25, "5": 100}, "Q", p{"3": 5, "4": 25, "5": 100},
					"K", p{"3": 5, "4": 40, "5": 150}, "A", p{"3": 5, "4": 40, "5": 150},
					"SC", p{"3": 30, "4": 100, "5": 750}, "AN", p{"3": 30, "4": 100, "5": 750},
					"PH", p{"2": 5, "3": 40, "4": 400, "5": 2000}, "EX", p{"2": 10, "3": 100, "4": 1000, "5": 5000},
					"W", p{"3": 20, "4": 200, "5": 1000}),
				Wild:      &slot.WildRule{Expand: slot.ExpandFree},
				Scatter:   &slot.ScatterRule{Pays: p{"3": 2, "4": 20, "5": 200}, FreeSpins: map[string]int{"3": 10}},
				FreeSpins: &slot.FreeSpinsRule{Retrigger: map[string]int{"3": 10}, MaxSpins: 50},
			},
			reels:     reels(5, reel("T", 4, "J", 4, "Q", 4, "K", 3, "A", 3, "SC", 2, "AN", 2, "PH", 2, "EX", 1, "W", 1, "S", 1)),
			freeReels: reels(5, reel("T", 4, "J", 4, "Q", 4, "K", 3, "A", 3, "SC", 2, "AN", 2, "PH", 2, "EX", 1, "W", 1, "S", 1)),
			filler:    "", target: 0.961, seed: 103,
		},
	}, moreDesigns()...)
}
