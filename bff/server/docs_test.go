package server

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docRoute is a route named in a code span of the docs: `GET /api/…`,
// `/api/user/…`, `POST · GET | /sandbox/…` and so on.
var docRoute = regexp.MustCompile("`(?:((?:GET|POST|PUT|PATCH|DELETE)(?:\\s*(?:·|\\\\?\\|)\\s*(?:GET|POST|PUT|PATCH|DELETE))*)\\s+)?(/(?:api|sandbox|webhooks|mf|studio)/[^`\\s?]*)")

// TestDocsNameOnlyServedRoutes fails when a document under docs/ (or the
// README) names an API path the server does not register: docs that drifted
// from the code send squads to routes that answer 404.
func TestDocsNameOnlyServedRoutes(t *testing.T) {
	srv := start(t, Config{})
	mux, err := srv.App.routes()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("../../docs/*.md")
	files = append(files, "../../README.md")
	checked := 0
	for _, file := range files {
		body, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(body), "\n") {
			for _, m := range docRoute.FindAllStringSubmatch(line, -1) {
				methods := regexp.MustCompile(`GET|POST|PUT|PATCH|DELETE`).FindAllString(m[1], -1)
				for _, path := range expandAlternatives(m[2]) {
					checked++
					if !served(mux, methods, path) {
						t.Errorf("%s:%d names %s %s, which the server does not serve", filepath.Base(file), i+1, strings.Join(methods, "|"), path)
					}
				}
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d routes found in the docs: is the pattern still right?", checked)
	}
}

// expandAlternatives turns "/a/{id}/approve\|reject" into both paths and
// drops a trailing punctuation mark or ellipsis of prose.
func expandAlternatives(path string) []string {
	path = strings.TrimRight(path, ".,;:)…")
	if strings.HasSuffix(path, "/") || strings.HasSuffix(path, "*") {
		return nil // a prefix ("/api/", "/sandbox/"), not a route
	}
	if base, opt, ok := strings.Cut(path, "["); ok { // "/games[/{id}]": both
		return append(expandAlternatives(base), expandAlternatives(base+strings.TrimSuffix(opt, "]"))...)
	}
	i := strings.LastIndex(path, "/")
	last := path[i+1:]
	if !strings.Contains(last, `\|`) && !strings.Contains(last, "|") {
		return []string{path}
	}
	var out []string
	for _, alt := range regexp.MustCompile(`\\?\|`).Split(last, -1) {
		out = append(out, path[:i+1]+alt)
	}
	return out
}

// served reports whether a request to path (with any of methods, or GET and
// POST when the docs name none) reaches a route other than the catch-alls.
func served(mux *http.ServeMux, methods []string, path string) bool {
	if len(methods) == 0 {
		methods = []string{"GET", "POST", "PUT", "PATCH", "DELETE"}
	}
	concrete := regexp.MustCompile(`\{[^}]*\}`).ReplaceAllString(path, "x")
	concrete = strings.ReplaceAll(concrete, "…", "x")
	for _, method := range methods {
		_, pattern := mux.Handler(httptest.NewRequest(method, concrete, nil))
		if pattern != "" && pattern != "/" && pattern != "/api/" {
			return true
		}
	}
	return false
}
