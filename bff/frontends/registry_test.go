package frontends

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"casino/bff/api"
	"casino/bff/database"
	"casino/bff/precompress"
)

func newRegistry(t *testing.T) *Registry {
	t.Helper()
	db, err := database.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return NewRegistry(db, t.TempDir())
}

func build(body string) fstest.MapFS {
	return fstest.MapFS{
		"remoteEntry.js":       {Data: []byte("var lobby=1;" + body)},
		"chunks/app.123abc.js": {Data: []byte("console.log(" + body + ")")},
	}
}

func TestPublishRollback(t *testing.T) {
	ctx := context.Background()
	reg := newRegistry(t)
	v1, err := reg.Publish(ctx, "lobby", build("1"))
	if err != nil {
		t.Fatal(err)
	}
	again, err := reg.Publish(ctx, "lobby", build("1"))
	if err != nil || again.Version != v1.Version {
		t.Fatalf("republish: %v %v, want same version %s", again, err, v1.Version)
	}
	v2, err := reg.Publish(ctx, "lobby", build("2"))
	if err != nil {
		t.Fatal(err)
	}
	if v2.Version == v1.Version || v2.Entry != "/mf/lobby/"+v2.Version+"/remoteEntry.js" {
		t.Fatalf("v2 = %+v", v2)
	}
	cur, _ := reg.Current(ctx)
	if cur["lobby"].Version != v2.Version {
		t.Fatalf("current = %s, want %s", cur["lobby"].Version, v2.Version)
	}
	back, err := reg.Rollback(ctx, "lobby")
	if err != nil || back.Version != v1.Version {
		t.Fatalf("rollback = %+v, %v; want %s", back, err, v1.Version)
	}
	if _, err := reg.Rollback(ctx, "lobby"); !errors.Is(err, ErrNoPrevious) {
		t.Fatalf("second rollback err = %v, want ErrNoPrevious", err)
	}
	fwd, err := reg.Activate(ctx, "lobby", v2.Version)
	if err != nil || fwd.Version != v2.Version {
		t.Fatalf("activate: %+v %v", fwd, err)
	}
	list, _ := reg.List(ctx, "lobby")
	if len(list) != 2 {
		t.Fatalf("releases = %d, want 2", len(list))
	}
}

func TestPublishRejects(t *testing.T) {
	reg := newRegistry(t)
	ctx := context.Background()
	if _, err := reg.Publish(ctx, "evil", build("1")); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("unknown name: %v", err)
	}
	if _, err := reg.Publish(ctx, "lobby", fstest.MapFS{"index.js": {Data: []byte("x")}}); !errors.Is(err, api.ErrInvalidFormat) {
		t.Errorf("missing entry: %v", err)
	}
	if _, err := reg.Publish(ctx, "root", build("1")); err == nil {
		t.Error("root without main.js accepted")
	}
}

func TestServeAsset(t *testing.T) {
	ctx := context.Background()
	reg := newRegistry(t)
	v1, _ := reg.Publish(ctx, "lobby", build("1"))
	reg.Publish(ctx, "lobby", build("2"))
	mux := http.NewServeMux()
	mux.HandleFunc("GET /mf/{name}/{version}/{file...}", reg.ServeAsset)

	tests := []struct {
		path, enc  string
		wantStatus int
		wantGzip   bool
	}{
		{"/mf/lobby/" + v1.Version + "/remoteEntry.js", "", 200, false}, // old versions stay served
		{"/mf/lobby/" + v1.Version + "/chunks/app.123abc.js", "gzip", 200, true},
		{"/mf/lobby/" + v1.Version + "/missing.js", "", 404, false},
		{"/mf/lobby/" + v1.Version + "/remoteEntry.js.gz", "", 404, false},
		{"/mf/nope/" + v1.Version + "/remoteEntry.js", "", 404, false},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", tt.path, nil)
		if tt.enc != "" {
			r.Header.Set("Accept-Encoding", tt.enc)
		}
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, r)
		if rec.Code != tt.wantStatus {
			t.Errorf("%s: status %d, want %d", tt.path, rec.Code, tt.wantStatus)
			continue
		}
		if rec.Code == 200 {
			if !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
				t.Errorf("%s: cache-control %q", tt.path, rec.Header().Get("Cache-Control"))
			}
			if (rec.Header().Get("Content-Encoding") == "gzip") != tt.wantGzip {
				t.Errorf("%s: content-encoding %q", tt.path, rec.Header().Get("Content-Encoding"))
			}
		} else if strings.Contains(rec.Body.String(), "<html") {
			t.Errorf("%s: 404 answered with HTML", tt.path)
		}
	}
}

func TestServeAssetRefusesEscapes(t *testing.T) {
	reg := newRegistry(t)
	v1, _ := reg.Publish(context.Background(), "lobby", build("1"))
	for _, file := range []string{"../../../etc/passwd", "..\\x", ""} {
		r := httptest.NewRequest("GET", "/mf/x", nil)
		r.SetPathValue("name", "lobby")
		r.SetPathValue("version", v1.Version)
		r.SetPathValue("file", file)
		rec := httptest.NewRecorder()
		reg.ServeAsset(rec, r)
		if rec.Code != 404 {
			t.Errorf("file %q: status %d, want 404", file, rec.Code)
		}
	}
}

func tarGz(t *testing.T, files map[string]string) io.Reader {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for name, body := range files {
		tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body)), Typeflag: tar.TypeReg})
		tw.Write([]byte(body))
	}
	tw.Close()
	zw.Close()
	return &buf
}

func TestUploadNeedsTokenAndRejectsEscapes(t *testing.T) {
	reg := newRegistry(t)
	a := API{Registry: reg, DeployToken: "s3cret"}
	mux := http.NewServeMux()
	mux.Handle("POST /api/core/casino/frontends/{name}", api.HandlerFunc(a.Upload))
	valid := map[string]string{}
	for name, f := range remoteBuild(t, nil, nil) {
		valid[name] = string(f.Data)
	}
	tests := []struct {
		name, token string
		files       map[string]string
		want        int
	}{
		{"no token", "", map[string]string{"remoteEntry.js": "x"}, 403},
		{"wrong token", "nope", map[string]string{"remoteEntry.js": "x"}, 403},
		{"escape", "s3cret", map[string]string{"../remoteEntry.js": "x"}, 400},
		{"ok", "s3cret", withFiles(valid, map[string]string{"./a/b.js": "y"}), 200},
		{"release check", "s3cret", map[string]string{"remoteEntry.js": "x"}, 422},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("POST", "/api/core/casino/frontends/lobby", tarGz(t, tt.files))
		if tt.token != "" {
			r.Header.Set("Authorization", "Bearer "+tt.token)
		}
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, r)
		if rec.Code != tt.want {
			t.Errorf("%s: status %d, want %d: %s", tt.name, rec.Code, tt.want, rec.Body)
		}
	}
}

// A release published by another process (the CLI beside a running server)
// is seen at the next read, with no restart.
func TestPublishFromAnotherProcessIsSeen(t *testing.T) {
	ctx := context.Background()
	server := newRegistry(t)
	cli := NewRegistry(server.db, server.dir)
	v1, _ := server.Publish(ctx, "lobby", build("1"))
	if cur, _ := server.Current(ctx); cur["lobby"].Version != v1.Version {
		t.Fatal("v1 not current")
	}
	v2, err := cli.Publish(ctx, "lobby", build("2"))
	if err != nil {
		t.Fatal(err)
	}
	if cur, _ := server.Current(ctx); cur["lobby"].Version != v2.Version {
		t.Fatalf("server still on %s after the CLI published %s", cur["lobby"].Version, v2.Version)
	}
	cli.Rollback(ctx, "lobby")
	if cur, _ := server.Current(ctx); cur["lobby"].Version != v1.Version {
		t.Fatal("server missed the CLI rollback")
	}
}

func withFiles(base, extra map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range extra {
		out[k] = v
	}
	return out
}

// Builds are published with .br and .gz beside every compressible file; the
// request's Accept-Encoding picks one, both decode to the file, and neither
// is reachable by its own name.
func TestServeAssetCodings(t *testing.T) {
	reg := newRegistry(t)
	src := build(strings.Repeat("'spin the reels', ", 400))
	plain := src["chunks/app.123abc.js"].Data
	// A .br shipped by the build that does not match its file is replaced.
	src["chunks/app.123abc.js.br"] = &fstest.MapFile{Data: precompress.Encode(precompress.Brotli, []byte("stale"))}
	v, err := reg.Publish(context.Background(), "lobby", src)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /mf/{name}/{version}/{file...}", reg.ServeAsset)
	url := "/mf/lobby/" + v.Version + "/chunks/app.123abc.js"
	for _, tc := range []struct{ ae, want string }{
		{"gzip, deflate, br, zstd", "br"},
		{"br;q=0, gzip", "gzip"},
		{"gzip, deflate", "gzip"},
		{"br, gzip;q=0", "br"},
		{"", ""},
		{"br;q=0, gzip;q=0", ""},
	} {
		for _, method := range []string{"GET", "HEAD"} {
			r := httptest.NewRequest(method, url, nil)
			r.Header.Set("Accept-Encoding", tc.ae)
			r.Header.Set("Range", "bytes=0-9") // the whole file all the same when encoded
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, r)
			h := rec.Header()
			if h.Get("Content-Encoding") != tc.want || h.Get("Vary") != "Accept-Encoding" || h.Get("Content-Type") != "text/javascript; charset=utf-8" {
				t.Errorf("%s %q: encoding %q, vary %q, type %q", method, tc.ae, h.Get("Content-Encoding"), h.Get("Vary"), h.Get("Content-Type"))
				continue
			}
			if tc.want == "" || method == "HEAD" {
				if method == "GET" && !bytes.Equal(rec.Body.Bytes(), plain[:10]) {
					t.Errorf("%q: identity range %q", tc.ae, rec.Body.String())
				}
				continue
			}
			body := rec.Body.Bytes()
			if rec.Code != 200 || h.Get("Content-Length") != strconv.Itoa(len(body)) || len(body) >= len(plain) {
				t.Errorf("%q: %d, length %q for %d bytes (plain %d)", tc.ae, rec.Code, h.Get("Content-Length"), len(body), len(plain))
			}
			if got, err := precompress.Decode(tc.want, body); err != nil || !bytes.Equal(got, plain) {
				t.Errorf("%q: the %s body does not decode to the file (%v)", tc.ae, tc.want, err)
			}
		}
	}
	for _, suffix := range []string{".br", ".gz"} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", url+suffix, nil))
		if rec.Code != 404 {
			t.Errorf("%s%s: %d, want 404", url, suffix, rec.Code)
		}
	}
}
