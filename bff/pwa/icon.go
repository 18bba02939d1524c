// Package pwa is the installable app: the Web App Manifest, the app icons
// (drawn by code from the brand mark, in the theme's colours) and the service
// worker (precache of the offline page and the current front-end releases,
// cache rules). The HTTP side lives in bff/site (pwa.go); this package holds
// the pure parts so they can be tested without a server.
package pwa

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"image/color"
	"image/png"
	"math"
	"strconv"
	"strings"
)

// Icon files the manifest and the shell's <head> name (IconFiles[i] is
// drawn at IconSizes[i]). The maskable icon keeps the mark inside the
// safe zone (the inner 80 % circle) on a full-bleed background; the others
// are full-bleed squares too, since iOS fills transparency with black.
var (
	IconFiles = []string{"icon-192.png", "icon-512.png", "icon-maskable-512.png", "apple-touch-icon.png"}
	IconSizes = []int{192, 512, 512, 180}
)

// drawingVersion changes when the drawing below changes, so icon URLs do.
const drawingVersion = "1"

// Colours are the two colours an icon is drawn with.
type Colours struct {
	Mark       string // the coin: the theme's primary colour (#rrggbb)
	Background string // the tile: the theme's background colour (#rrggbb)
}

// Key is a short hash of the colours and the drawing: icon URLs carry it,
// so a theme change gives the icons new URLs.
func (c Colours) Key() string {
	h := sha256.Sum256([]byte(drawingVersion + "\x00" + c.Mark + "\x00" + c.Background))
	return hex.EncodeToString(h[:])[:10]
}

// IconSize returns the pixel size of an icon file, 0 for an unknown one.
func IconSize(file string) int {
	for i, f := range IconFiles {
		if f == file {
			return IconSizes[i]
		}
	}
	return 0
}

// DrawIcon renders the brand mark (a coin with a dashed rim and a star, the
// shell's "logo" symbol) as a PNG of size×size pixels. maskable shrinks the
// mark into the safe zone.
func DrawIcon(size int, maskable bool, c Colours) []byte {
	bg := hexColour(c.Background, color.NRGBA{0x0f, 0x12, 0x20, 0xff})
	mark := hexColour(c.Mark, color.NRGBA{0xf5, 0xb8, 0x3d, 0xff})
	// The mark in units of the shell's 32×32 symbol, centred.
	scale := 0.82 // share of the tile the coin's diameter (28 units) takes
	if maskable {
		scale = 0.62 // inside the maskable safe zone (a circle of 80 %)
	}
	unit := float64(size) * scale / 28
	cx, cy := float64(size)/2, float64(size)/2
	star := starPolygon()
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	const ss = 4 // 4×4 samples per pixel: anti-aliased edges
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var r, g, b float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					// Sample position in symbol units, (16,16) the centre.
					x := (float64(px)+(float64(sx)+0.5)/ss-cx)/unit + 16
					y := (float64(py)+(float64(sy)+0.5)/ss-cy)/unit + 16
					col := bg
					if inMark(x, y, star) {
						col = mark
					}
					r += float64(col.R)
					g += float64(col.G)
					b += float64(col.B)
				}
			}
			n := float64(ss * ss)
			img.SetNRGBA(px, py, color.NRGBA{uint8(r/n + 0.5), uint8(g/n + 0.5), uint8(b/n + 0.5), 0xff})
		}
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	enc.Encode(&buf, img)
	return buf.Bytes()
}

// inMark reports whether the point (symbol units) is on the coin's colour:
// inside the coin, outside the dashed rim and outside the star.
func inMark(x, y float64, star [][2]float64) bool {
	dx, dy := x-16, y-16
	d := math.Hypot(dx, dy)
	if d > 14 {
		return false
	}
	// The dashed rim: radius 10.5, stroke 1.6, dashes 3 on / 2.2 off along
	// the circumference, starting at 3 o'clock like SVG.
	if math.Abs(d-10.5) <= 0.8 {
		a := math.Atan2(dy, dx)
		if a < 0 {
			a += 2 * math.Pi
		}
		if math.Mod(a*10.5, 5.2) < 3 {
			return false
		}
	}
	return !inPolygon(x, y, star)
}

// starPolygon is the five-pointed star of the logo symbol (the path
// "M16 8.5l2.2 4.6 5 .7-3.6 3.5.9 5-4.5-2.4-4.5 2.4.9-5-3.6-3.5 5-.7z").
func starPolygon() [][2]float64 {
	return [][2]float64{
		{16, 8.5}, {18.2, 13.1}, {23.2, 13.8}, {19.6, 17.3}, {20.5, 22.3},
		{16, 19.9}, {11.5, 22.3}, {12.4, 17.3}, {8.8, 13.8}, {13.8, 13.1},
	}
}

func inPolygon(x, y float64, pts [][2]float64) bool {
	in := false
	for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
		xi, yi, xj, yj := pts[i][0], pts[i][1], pts[j][0], pts[j][1]
		if (yi > y) != (yj > y) && x < (xj-xi)*(y-yi)/(yj-yi)+xi {
			in = !in
		}
	}
	return in
}

// hexColour parses #rgb or #rrggbb; anything else (a named or rgb() colour)
// gives def.
func hexColour(s string, def color.NRGBA) color.NRGBA {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		return def
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return def
	}
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}
