package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"casino/bff/studio/roulette"
)

// wheelOrder is the European wheel's pocket order, clockwise from zero (the
// same order the table page draws, web/static/roulette.js).
var wheelOrder = []int{0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26}

// rouletteThumbnail draws the live table's 300×400 lobby thumbnail: a felt
// background, the wheel with its 37 pockets in their real order and colours,
// the ball in a pocket, and the name. Fixed width/height keep the lobby's
// layout stable (the slots' thumbnails come from their art: node
// scripts/studio-thumbs.mjs).
func rouletteThumbnail(name, tagline string) string {
	const cx, cy, rim, pocket, hub = 150.0, 150.0, 112.0, 98.0, 62.0
	fills := map[string]string{"red": "#c0392b", "black": "#1b1b1f", "green": "#0f8a3c"}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400" role="img" aria-label="%s">`, name)
	b.WriteString(`<defs><linearGradient id="felt" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b6623"/><stop offset="1" stop-color="#022a10"/></linearGradient>` +
		`<radialGradient id="cone" cx=".45" cy=".4" r=".7"><stop offset="0" stop-color="#a0672c"/><stop offset="1" stop-color="#4a2a0c"/></radialGradient>` +
		`<radialGradient id="ball" cx=".35" cy=".35" r=".7"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#b8b8b8"/></radialGradient></defs>`)
	b.WriteString(`<rect width="300" height="400" rx="18" fill="url(#felt)"/>`)
	fmt.Fprintf(&b, `<circle cx="%g" cy="%g" r="%g" fill="#3b2410" stroke="#d4af37" stroke-width="7"/>`, cx, cy, rim+6)
	step := 2 * math.Pi / float64(len(wheelOrder))
	at := func(r, a float64) (float64, float64) { return cx + r*math.Sin(a), cy - r*math.Cos(a) }
	for i, n := range wheelOrder {
		a0, a1 := float64(i)*step-step/2, float64(i)*step+step/2
		x0, y0 := at(pocket+12, a0)
		x1, y1 := at(pocket+12, a1)
		x2, y2 := at(hub, a1)
		x3, y3 := at(hub, a0)
		fmt.Fprintf(&b, `<path d="M%.1f %.1fA%g %g 0 0 1 %.1f %.1fL%.1f %.1fA%g %g 0 0 0 %.1f %.1fz" fill="%s" stroke="#d4af37" stroke-width=".7"/>`,
			x0, y0, pocket+12, pocket+12, x1, y1, x2, y2, hub, hub, x3, y3, fills[roulette.Colour(n)])
		tx, ty := at(pocket-2, float64(i)*step)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="10" font-weight="700" fill="#fff" text-anchor="middle" dominant-baseline="central" font-family="Verdana,sans-serif" transform="rotate(%.1f %.1f %.1f)">%d</text>`,
			tx, ty, float64(i)*step*180/math.Pi, tx, ty, n)
	}
	fmt.Fprintf(&b, `<circle cx="%g" cy="%g" r="%g" fill="url(#cone)" stroke="#d4af37" stroke-width="3"/>`, cx, cy, hub)
	// The turret: four gold spokes and a knob.
	for k := 0; k < 4; k++ {
		x, y := at(hub-10, float64(k)*math.Pi/2+math.Pi/4)
		fmt.Fprintf(&b, `<path d="M%g %gL%.1f %.1f" stroke="#d4af37" stroke-width="5" stroke-linecap="round"/>`, cx, cy, x, y)
	}
	fmt.Fprintf(&b, `<circle cx="%g" cy="%g" r="11" fill="#d4af37"/>`, cx, cy)
	// The ball rests in 17 (black), a little inside the numbers.
	bx, by := at(pocket-17, float64(indexOf(17))*step)
	fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="7" fill="url(#ball)" stroke="#777" stroke-width=".6"/>`, bx, by)
	fmt.Fprintf(&b, `<g font-family="Verdana,sans-serif" text-anchor="middle"><text x="150" y="318" font-size="28" font-weight="700" fill="#fff">%s</text>`+
		`<text x="150" y="352" font-size="15" fill="#d4af37">%s</text></g></svg>`+"\n", name, tagline)
	return b.String()
}

func indexOf(n int) int {
	for i, m := range wheelOrder {
		if m == n {
			return i
		}
	}
	return 0
}

func writeThumb(dir, name, tagline string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "european-roulette.svg"), []byte(rouletteThumbnail(name, tagline)), 0o644)
}
