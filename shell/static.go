package shell

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
)

//go:embed static
var staticFS embed.FS

type asset struct {
	body, gz    []byte
	contentType string
}

var (
	// StaticHash is the content hash of every file in shell/static: it changes
	// when any of them changes, so their URLs can be cached forever.
	StaticHash = loadStatic()
	assets     = map[string]asset{}
)

// StaticPrefix is where the shell's own files are served.
const StaticPrefix = "/shell/static/"

// loadStatic reads and precompresses the embedded files and returns their hash.
func loadStatic() string {
	h := sha256.New()
	err := fs.WalkDir(staticFS, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := staticFS.ReadFile(p)
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(p, "static/")
		h.Write([]byte(name + "\x00"))
		h.Write(body)
		a := asset{body: body, contentType: mime.TypeByExtension(path.Ext(name))}
		if a.contentType == "" {
			a.contentType = "application/octet-stream"
		}
		if compressible(name) {
			var buf bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			zw.Write(body)
			zw.Close()
			if buf.Len() < len(body) {
				a.gz = buf.Bytes()
			}
		}
		assets[name] = a
		return nil
	})
	if err != nil {
		panic("shell: embedded static files: " + err.Error())
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

func compressible(name string) bool {
	switch path.Ext(name) {
	case ".css", ".svg", ".js", ".json", ".txt":
		return true
	}
	return false
}

// StaticURL is the immutable URL of a file in shell/static ("shell.css").
func StaticURL(name string) string {
	return StaticPrefix + StaticHash + "/" + name
}

// ServeStatic serves GET /shell/static/{hash}/{file...}. The current hash is
// cached for a year as immutable; an old hash still gets the current file (a
// page rendered before a deploy) but only for a minute, so a stale URL never
// pins new content. Unknown files answer a plain 404.
func ServeStatic(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	a, ok := assets[name]
	if !ok {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	h := w.Header()
	h.Set("Content-Type", a.contentType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Vary", "Accept-Encoding")
	if r.PathValue("hash") == StaticHash {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "public, max-age=60")
	}
	body := a.body
	if a.gz != nil && acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = a.gz
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") {
			return !strings.Contains(strings.ReplaceAll(q, " ", ""), "q=0") || strings.Contains(q, "q=0.")
		}
	}
	return false
}
