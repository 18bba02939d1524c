package shell

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"

	"casino/bff/precompress"
)

//go:embed static
var staticFS embed.FS

type asset struct {
	body, gz    []byte
	contentType string
	br          *lazyBrotli // nil when not compressible
}

// lazyBrotli is an asset's Brotli (quality 11), made on the first request
// that accepts it: the three files take ~0.1 s at that quality, which every
// program importing this package would pay at start-up otherwise.
type lazyBrotli struct {
	once sync.Once
	body []byte // nil when it is no smaller than the file
}

func (a *asset) brotli() []byte {
	a.br.once.Do(func() {
		if b := precompress.Encode(precompress.Brotli, a.body); len(b) < len(a.body) {
			a.br.body = b
		}
	})
	return a.br.body
}

var (
	// StaticHash is the content hash of every file in shell/static: it changes
	// when any of them changes, so their URLs can be cached forever.
	StaticHash = loadStatic()
	assets     = map[string]*asset{}
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
		a := &asset{body: body, contentType: mime.TypeByExtension(path.Ext(name))}
		if a.contentType == "" {
			a.contentType = "application/octet-stream"
		}
		if compressible(name) {
			if gz := precompress.Encode(precompress.Gzip, body); len(gz) < len(body) {
				a.gz = gz
			}
			a.br = &lazyBrotli{}
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
	for _, coding := range precompress.Codings(r) {
		if coding == precompress.Brotli && a.br != nil {
			if br := a.brotli(); br != nil {
				h.Set("Content-Encoding", coding)
				body = br
				break
			}
		}
		if coding == precompress.Gzip && a.gz != nil {
			h.Set("Content-Encoding", coding)
			body = a.gz
			break
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}
