package main

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"
)

// palette gives each title its colours: background top, bottom, accent.
var palette = map[string][3]string{
	"fruit-fiesta":      {"#ff6b6b", "#c0392b", "#ffe66d"},
	"triple-sevens":     {"#2c3e50", "#000000", "#e74c3c"},
	"pharaohs-book":     {"#d4a017", "#5d3a00", "#1f6fb2"},
	"jungle-ways":       {"#27ae60", "#0b3d20", "#f1c40f"},
	"ocean-treasures":   {"#1abc9c", "#0a3d62", "#f8efba"},
	"dragon-fortune":    {"#c0392b", "#4a0000", "#f5c542"},
	"viking-raid":       {"#5d6d7e", "#1b2631", "#d5dbdb"},
	"candy-carnival":    {"#fd79a8", "#6c5ce7", "#ffeaa7"},
	"wild-west-gold":    {"#e67e22", "#6e2c00", "#fdebd0"},
	"lucky-clover":      {"#2ecc71", "#145a32", "#f7dc6f"},
	"aztec-sun":         {"#f39c12", "#7e5109", "#16a085"},
	"arctic-aurora":     {"#74b9ff", "#0c2461", "#55efc4"},
	"neon-nights":       {"#8e44ad", "#0f0026", "#00f5d4"},
	"cosmic-gems":       {"#341f97", "#000015", "#ff9ff3"},
	"european-roulette": {"#0b6623", "#033011", "#d4af37"},
}

// thumbnail draws a 300×400 SVG: gradient, a badge with the initials, the
// name. Fixed width/height attributes keep the page layout stable.
func thumbnail(id, name, tagline string) string {
	c, ok := palette[id]
	if !ok {
		c = [3]string{"#555", "#222", "#ddd"}
	}
	initials := ""
	for _, w := range strings.Fields(name) {
		if r := []rune(w); len(r) > 0 && len(initials) < 2 && r[0] >= 'A' && r[0] <= 'Z' {
			initials += string(r[0])
		}
	}
	lines := wrap(name, 14)
	var text strings.Builder
	for i, l := range lines {
		fmt.Fprintf(&text, `<text x="150" y="%d" font-size="30" font-weight="700" text-anchor="middle" fill="#fff">%s</text>`, 300+i*34, html.EscapeString(l))
	}
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400" role="img" aria-label="%s">`+
		`<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`+
		`<rect width="300" height="400" rx="18" fill="url(#g)"/>`+
		`<circle cx="150" cy="150" r="92" fill="none" stroke="%s" stroke-width="8" opacity=".9"/>`+
		`<circle cx="150" cy="150" r="74" fill="%s" opacity=".18"/>`+
		`<text x="150" y="176" font-family="Georgia,serif" font-size="76" font-weight="700" text-anchor="middle" fill="%s">%s</text>`+
		`<g font-family="Verdana,sans-serif">%s<text x="150" y="380" font-size="15" text-anchor="middle" fill="%s" opacity=".9">%s</text></g></svg>`+"\n",
		html.EscapeString(name), c[0], c[1], c[2], c[2], c[2], html.EscapeString(initials), text.String(), c[2], html.EscapeString(tagline))
}

func wrap(s string, width int) []string {
	var out []string
	cur := ""
	for _, w := range strings.Fields(s) {
		if cur != "" && len(cur)+1+len(w) > width {
			out = append(out, cur)
			cur = w
			continue
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	return append(out, cur)
}

func writeThumb(dir, id, name, tagline string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, id+".svg"), []byte(thumbnail(id, name, tagline)), 0o644)
}
