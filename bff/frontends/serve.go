package frontends

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"casino/bff/api"
	"casino/bff/precompress"
	"casino/bff/staff"
)

// MaxUploadBytes bounds one uploaded build (compressed). The compressed cap
// alone lets a small gzip bomb fill the disk, so the extracted bytes and the
// number of entries are capped too (issue 18, item 17); today's builds are
// under 1 MB and 30 files.
const (
	MaxUploadBytes    = 64 << 20
	MaxExtractedBytes = 128 << 20
	MaxUploadEntries  = 2000
)

// ServeAsset serves GET /mf/{name}/{version}/{file...}: immutable, Brotli or
// gzip (written beside the file at publish) when the client accepts it, and
// a plain 404 (never the HTML shell) when missing. The .br and .gz files are
// never served by their own names.
func (g *Registry) ServeAsset(w http.ResponseWriter, r *http.Request) {
	name, version, file := r.PathValue("name"), r.PathValue("version"), r.PathValue("file")
	clean := path.Clean("/" + file)
	if !knownName(name) || !versionPattern.MatchString(version) || clean == "/" || strings.Contains(file, "\\") || precompress.Suffixed(clean) {
		http.NotFound(w, r)
		return
	}
	full := filepath.Join(g.dir, name, version, filepath.FromSlash(clean))
	info, err := os.Stat(full)
	if err != nil || !info.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	ct := mime.TypeByExtension(path.Ext(clean))
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Add("Vary", "Accept-Encoding")
	for _, coding := range precompress.Codings(r) {
		f, err := os.Open(full + precompress.Ext(coding))
		if err != nil {
			continue // not compressible, or published before this coding
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			continue
		}
		if ct == "" {
			ct = sniff(full) // never the compressed bytes' type
		}
		h.Set("Content-Type", ct)
		h.Set("Content-Encoding", coding)
		// ServeContent leaves an encoded body's length unset and would cut
		// ranges out of the compressed bytes: the whole file, its length.
		h.Set("Content-Length", strconv.FormatInt(st.Size(), 10))
		if r.Header.Get("Range") != "" {
			r = r.Clone(r.Context())
			r.Header.Del("Range")
		}
		http.ServeContent(w, r, "", info.ModTime(), f)
		return
	}
	f, err := os.Open(full)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	if ct != "" {
		h.Set("Content-Type", ct)
	}
	http.ServeContent(w, r, "", info.ModTime(), f)
}

// sniff is the type of a file whose extension names none.
func sniff(p string) string {
	f, err := os.Open(p)
	if err != nil {
		return "application/octet-stream"
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	return http.DetectContentType(head[:n])
}

// API serves the registry's HTTP endpoints. Writes need the deploy token.
type API struct {
	Registry    *Registry
	DeployToken string // CASINO_DEPLOY_TOKEN; empty disables writes over HTTP
	// Staff keeps the back office's audit log: every pointer the deploy token
	// moves writes a release.* row there in the move's own transaction (nil:
	// not audited, for tests of the registry alone).
	Staff *staff.Service
}

// audit is the hook that records a pointer of name moved over HTTP with the
// deploy token: actor "deploy-token:NAME" (the token has no name of its own
// and its secret stays out of the log), the app's pointers before (read now)
// and after (read in the move's transaction), and as the reason the endpoint
// then the caller's own words when given (?reason= on an upload, "reason" in
// a PATCH body: "fix the chat's scroll, ticket 812").
func (a API) audit(r *http.Request, action, name, endpoint, given string) []Hook {
	reason := "deploy token: " + endpoint
	if given != "" {
		reason += "; " + given
	}
	if a.Staff == nil {
		return nil
	}
	before, _ := State(r.Context(), a.Registry.db.Read, name)
	return []Hook{func(tx *sql.Tx) error {
		after, err := State(r.Context(), tx, name)
		if err != nil {
			return err
		}
		return a.Staff.RecordAs(r.Context(), tx, "deploy-token:"+name, sql.NullInt64{}, staff.Change{
			Action: action, Target: "frontend:" + name, Before: before, After: after,
			Reason: reason,
		})
	}}
}

// State is name's release pointers as the audit log records them:
// {"current": VERSION} ("" when none) plus "canary" and "canaryPercent"
// while a canary runs.
func State(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, name string) (map[string]any, error) {
	var current string
	err := q.QueryRowContext(ctx, `SELECT version FROM frontend_releases WHERE name = ? AND is_current = 1`, name).Scan(&current)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	state := map[string]any{"current": current}
	var canary string
	var percent int
	err = q.QueryRowContext(ctx, `SELECT version, canary_percent FROM frontend_releases WHERE name = ? AND canary_percent > 0`, name).Scan(&canary, &percent)
	switch {
	case err == nil:
		state["canary"], state["canaryPercent"] = canary, percent
	case !errors.Is(err, sql.ErrNoRows):
		return nil, err
	}
	return state, nil
}

func (a API) authorize(r *http.Request) error {
	got := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	if a.DeployToken == "" || subtle.ConstantTimeCompare([]byte(got), []byte(a.DeployToken)) != 1 {
		return api.ErrForbidden
	}
	return nil
}

// Current serves GET /api/core/casino/frontends.
func (a API) Current(w http.ResponseWriter, r *http.Request) error {
	cur, err := a.Registry.Current(r.Context())
	if err != nil {
		return err
	}
	return api.WriteData(w, cur)
}

// List serves GET /api/core/casino/frontends/{name}/releases.
func (a API) List(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	if !knownName(name) {
		return ErrUnknownName
	}
	list, err := a.Registry.List(r.Context(), name)
	if err != nil {
		return err
	}
	return api.WriteData(w, list)
}

// Upload serves POST /api/core/casino/frontends/{name}: the body is a tar.gz
// of the build directory.
func (a API) Upload(w http.ResponseWriter, r *http.Request) error {
	if err := a.authorize(r); err != nil {
		return err
	}
	name := r.PathValue("name")
	if !knownName(name) {
		return ErrUnknownName
	}
	tmp, err := os.MkdirTemp("", "casino-upload-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := extractTarGz(http.MaxBytesReader(w, r.Body, MaxUploadBytes), tmp); err != nil {
		return fmt.Errorf("upload %s: %v: %w", name, err, api.ErrInvalidFormat.WithField("body", "Invalid format"))
	}
	given, err := givenReason(r.URL.Query().Get("reason"))
	if err != nil {
		return err
	}
	var rel Release
	if c := r.URL.Query().Get("canary"); c != "" {
		percent, err := strconv.Atoi(c)
		if err != nil {
			return ErrBadCanary
		}
		rel, err = a.Registry.PublishCanary(r.Context(), name, os.DirFS(tmp), percent, a.audit(r, "release.publish", name, "POST /api/core/casino/frontends/"+name+"?canary="+c, given)...)
		if err != nil {
			return err
		}
	} else if rel, err = a.Registry.Release(r.Context(), name, os.DirFS(tmp), a.audit(r, "release.publish", name, "POST /api/core/casino/frontends/"+name, given)...); err != nil {
		return err
	}
	return api.WriteData(w, rel)
}

// Patch serves PATCH /api/core/casino/frontends/{name} with {"version": "…"}
// (activate a published version), {"rollback": true} (stop the canary, or
// return to the previous release) or {"promote": true} (the canary becomes
// current). An upload with ?canary=PERCENT publishes a canary.
func (a API) Patch(w http.ResponseWriter, r *http.Request) error {
	if err := a.authorize(r); err != nil {
		return err
	}
	var body struct {
		Version  string `json:"version"`
		Rollback bool   `json:"rollback"`
		Promote  bool   `json:"promote"`
		Reason   string `json:"reason"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	given, err := givenReason(body.Reason)
	if err != nil {
		return err
	}
	var (
		rel  Release
		name = r.PathValue("name")
		ep   = "PATCH /api/core/casino/frontends/" + name
	)
	if !knownName(name) {
		return ErrUnknownName
	}
	switch {
	case body.Rollback:
		rel, err = a.Registry.Rollback(r.Context(), name, a.audit(r, "release.rollback", name, ep+` {"rollback":true}`, given)...)
	case body.Promote:
		rel, err = a.Registry.Promote(r.Context(), name, a.audit(r, "release.promote", name, ep+` {"promote":true}`, given)...)
	case body.Version != "":
		rel, err = a.Registry.Activate(r.Context(), name, body.Version, a.audit(r, "release.activate", name, ep+` {"version":"`+body.Version+`"}`, given)...)
	default:
		return api.ErrValidation.WithField("version", "Required")
	}
	if err != nil {
		return err
	}
	return api.WriteData(w, rel)
}

// givenReason is the caller's reason for the audit log, trimmed; at most
// 500 characters, as the back office's.
func givenReason(s string) (string, error) {
	s = strings.TrimSpace(s)
	if len(s) > 500 {
		return "", api.ErrValidation.WithField("reason", "Invalid format")
	}
	return s, nil
}

// extractTarGz unpacks a build archive into dir, refusing links, absolute
// paths, parent-directory escapes, more than MaxUploadEntries entries and
// more than MaxExtractedBytes in all.
func extractTarGz(r io.Reader, dir string) error {
	return extractTarGzLimited(r, dir, MaxExtractedBytes, MaxUploadEntries)
}

func extractTarGzLimited(r io.Reader, dir string, maxBytes int64, maxEntries int) error {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return err
	}
	tr := tar.NewReader(zr)
	count, entries, left := 0, 0, maxBytes
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if entries++; entries > maxEntries {
			return fmt.Errorf("more than %d entries", maxEntries)
		}
		if hdr.Size > left {
			return fmt.Errorf("%s: the build extracts to more than %d bytes", hdr.Name, maxBytes)
		}
		name := path.Clean(strings.TrimPrefix(hdr.Name, "./"))
		switch hdr.Typeflag {
		case tar.TypeDir:
			continue
		case tar.TypeReg:
		default:
			return fmt.Errorf("%s: only regular files are allowed", hdr.Name)
		}
		if name == "." || strings.HasPrefix(name, "/") || strings.HasPrefix(name, "../") || name == ".." {
			return fmt.Errorf("%s: path escapes the build", hdr.Name)
		}
		dst := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		f, err := os.Create(dst)
		if err != nil {
			return err
		}
		// The header's size is checked above; the copy is bounded as well,
		// whatever the header claimed.
		n, err := io.Copy(f, io.LimitReader(tr, left+1))
		if left -= n; err == nil && left < 0 {
			err = fmt.Errorf("%s: the build extracts to more than %d bytes", hdr.Name, maxBytes)
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		count++
	}
	if count == 0 {
		return errors.New("empty archive")
	}
	return nil
}
