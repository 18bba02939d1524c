package server

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"casino/bff/openapi"
)

// route is one method and path pattern the server registers.
type route struct{ method, path string }

func (r route) String() string { return r.method + " " + r.path }

// inAPI says whether a registered pattern is part of the documented API:
// the JSON calls under /api/, the demo's /sandbox/ and /dev/ calls, payment
// webhooks and /healthz. Pages, assets and subtrees (a trailing slash or
// {x...}: file servers and catch-alls answering 404) are not.
func inAPI(r route) bool {
	if r.method == "" || strings.HasSuffix(r.path, "/") || strings.Contains(r.path, "...}") {
		return false
	}
	for _, p := range []string{"/api/", "/sandbox/", "/dev/", "/webhooks/"} {
		if strings.HasPrefix(r.path, p) {
			return true
		}
	}
	return r.path == "/healthz"
}

// registeredRoutes lists every pattern of mux, and of the muxes mounted on
// its subtrees (the provider wallet under /api/wallet/v1/). net/http has no
// listing API: the patterns are read from the mux's index by reflection
// (read-only, test code; written against Go 1.26's ServeMux).
func registeredRoutes(t testing.TB, mux *http.ServeMux) []route {
	t.Helper()
	var out []route
	seen := map[string]bool{}
	idx := reflect.ValueOf(mux).Elem().FieldByName("index")
	if !idx.IsValid() {
		t.Fatal("http.ServeMux has no index field any more: update registeredRoutes for this Go version")
	}
	add := func(p reflect.Value) {
		str := p.Elem().FieldByName("str").String()
		if seen[str] {
			return
		}
		seen[str] = true
		method, path, ok := strings.Cut(str, " ")
		if !ok {
			method, path = "", str
		}
		out = append(out, route{method, path})
		if strings.HasSuffix(path, "/") { // a mounted sub-mux?
			h, _ := mux.Handler(httptest.NewRequest(http.MethodPost, path+"x", nil))
			if sub, ok := h.(*http.ServeMux); ok && sub != mux {
				out = append(out, registeredRoutes(t, sub)...)
			}
		}
	}
	for it := idx.FieldByName("segments").MapRange(); it.Next(); {
		for i := range it.Value().Len() {
			add(it.Value().Index(i))
		}
	}
	multis := idx.FieldByName("multis")
	for i := range multis.Len() {
		add(multis.Index(i))
	}
	slices.SortFunc(out, func(a, b route) int { return strings.Compare(a.path+" "+a.method, b.path+" "+b.method) })
	return out
}

// apiRoutes starts the server in the demo mode (every route registered)
// and returns its documented-API routes.
func apiRoutes(t testing.TB) (*testServer, []route) {
	t.Helper()
	ts := start(t, Config{DeployToken: fuzzAdminToken, AdminToken: fuzzAdminToken})
	mux, err := ts.App.routes()
	if err != nil {
		t.Fatal(err)
	}
	var out []route
	for _, r := range registeredRoutes(t, mux) {
		if inAPI(r) {
			out = append(out, r)
		}
	}
	return ts, out
}

var wildcard = regexp.MustCompile(`\{(\w+)\}`)

// The OpenAPI document (bff/openapi/openapi.json) describes exactly the
// routes the server registers. Other squads add routes all the time: the
// failure says what to add or remove.
func TestOpenAPIDescribesEveryRoute(t *testing.T) {
	doc, err := openapi.Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	_, routes := apiRoutes(t)
	documented := map[string]bool{}
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented[method+" "+path] = true
		}
	}
	registered := map[string]bool{}
	var missing []string
	for _, r := range routes {
		registered[r.String()] = true
		if !documented[r.String()] {
			params := ""
			if names := wildcard.FindAllStringSubmatch(r.path, -1); len(names) > 0 {
				var ps []string
				for _, n := range names {
					ps = append(ps, fmt.Sprintf(`{"name": %q, "in": "path", "required": true, "schema": {"type": "string"}}`, n[1]))
				}
				params = `, "parameters": [` + strings.Join(ps, ", ") + `]`
			}
			body := ""
			if r.method == "POST" || r.method == "PUT" || r.method == "PATCH" {
				body = `, "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {…}}}}}`
			}
			missing = append(missing, fmt.Sprintf("  paths[%q].%s = {\"operationId\": %q, \"tags\": [\"…\"]%s%s, \"responses\": {\"200\": {\"$ref\": \"#/components/responses/Data\"}, \"4XX\": {\"$ref\": \"#/components/responses/Error\"}}}",
				r.path, strings.ToLower(r.method), operationID(r), params, body))
		}
	}
	var extra []string
	for k := range documented {
		if !registered[k] {
			extra = append(extra, "  "+k)
		}
	}
	slices.Sort(extra)
	if len(missing) > 0 {
		t.Errorf("%d registered routes are missing from bff/openapi/openapi.json; add (with the real query parameters, body properties and security):\n%s",
			len(missing), strings.Join(missing, "\n"))
	}
	if len(extra) > 0 {
		t.Errorf("bff/openapi/openapi.json describes %d routes the server does not register; remove them or register the route:\n%s", len(extra), strings.Join(extra, "\n"))
	}
}

func operationID(r route) string {
	s := strings.NewReplacer("{", "", "}", "", "/", "_", "-", "_", ".", "_").Replace(strings.Trim(r.path, "/"))
	return strings.ToLower(r.method) + "_" + s
}

// The document is served for client generators.
func TestOpenAPIServed(t *testing.T) {
	ts := start(t, Config{})
	res, err := http.Get(ts.URL + "/api/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("%d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
}
