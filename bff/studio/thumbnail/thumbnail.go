// Package thumbnail serves the studio's lobby thumbnails and names their
// sizes. Each game's art is an SVG (content/games/thumbnails/<id>.svg, 300 ×
// 400); scripts/studio-thumbs.mjs also draws it as WebP at Widths beside it
// (<id>-160.webp …). Pages offer the WebPs through srcset: a browser makes
// every SVG image a document of its own that it parses, lays out and paints
// on the main thread (10–30 ms each on this machine, fifteen on the lobby's
// first screen), while a WebP decodes off the main thread (issue 19,
// docs/benchmarks.md). The SVG stays the src, the art's source and the
// fallback.
package thumbnail

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// PathPrefix is where the thumbnails are served.
const PathPrefix = "/studio/thumbnails/"

// Widths are the raster sizes drawn for every SVG, in CSS pixels × density:
// a lobby tile shows 105–160 px wide, so 160 serves a desktop, 240 a phone
// at 1.75×, 320 a phone or laptop at 2× and more.
var Widths = []int{160, 240, 320}

// Srcset is the srcset of a studio thumbnail URL ("" for any other image:
// an operator's own thumbnail URL is shown as it is).
func Srcset(url string) string {
	name, ok := strings.CutPrefix(url, PathPrefix)
	if !ok || !strings.HasSuffix(name, ".svg") || strings.ContainsAny(name, `/\?#`) {
		return ""
	}
	base := PathPrefix + strings.TrimSuffix(name, ".svg")
	parts := make([]string, len(Widths))
	for i, w := range Widths {
		parts[i] = fmt.Sprintf("%s-%d.webp %dw", base, w, w)
	}
	return strings.Join(parts, ", ")
}

var contentTypes = map[string]string{".svg": "image/svg+xml", ".webp": "image/webp"}

// Handler serves dir's .svg and .webp files under PathPrefix (the route's
// {file} wildcard); any other name is not found.
func Handler(dir string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("file")
		ctype := contentTypes[filepath.Ext(name)]
		if ctype == "" || strings.ContainsAny(name, `/\`) || strings.HasPrefix(name, ".") {
			http.NotFound(w, r)
			return
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", ctype)
		// An SVG can carry script: opened on its own it runs none.
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Cache-Control", "public, max-age=86400")
		w.Write(b)
	}
}
