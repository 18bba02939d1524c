package server

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"

	"casino/bff/openapi"
)

const fuzzAdminToken = "fuzz-admin-token-0123456789abcdef0123456789"

// FuzzJSONBodies sends arbitrary bytes as the JSON body of every POST, PUT
// and PATCH route the server registers (so every JSON body decoder, the ones
// squads add later too), as a logged-in player with the admin token
// (X-Admin-Token) and, for releases, the deploy token, and checks each
// answer: never a 5xx, and a status and body the OpenAPI document allows
// (kin-openapi's openapi3filter). `go test` runs the seeds;
// `go test -fuzz FuzzJSONBodies ./bff/server/` explores.
func FuzzJSONBodies(f *testing.F) {
	ts, routes := apiRoutes(f)
	doc, err := openapi.Load(context.Background())
	if err != nil {
		f.Fatal(err)
	}
	var targets []route
	for _, r := range routes {
		switch {
		case r.method != "POST" && r.method != "PUT" && r.method != "PATCH":
		case strings.HasPrefix(r.path, "/api/wallet/"): // signed: refused before decoding (bff/wallet's own tests)
		case r.path == "/api/core/casino/frontends/{name}" && r.method == "POST": // a tar.gz, not JSON (bff/frontends)
		case r.path == "/api/user/logout": // would end the fuzzing session
		default:
			targets = append(targets, r)
		}
	}
	res, err := ts.DB.Write.Exec(`INSERT INTO users(email, currency_code, country_code, is_email_verified) VALUES ('fuzz@example.com', 'EUR', 'DE', 1)`)
	if err != nil {
		f.Fatal(err)
	}
	uid, _ := res.LastInsertId()
	token, err := ts.Sessions.Create(context.Background(), uid, "127.0.0.1", "fuzz")
	if err != nil {
		f.Fatal(err)
	}
	seeds := []string{`{}`, `[]`, `null`, `"x"`, `{"amount":"-1e309","email":7,"password":null}`, `{"amount":"99999999999999999999","paymentMethod":"visa","card":{"number":"4111111111111111"}}`,
		`{"gameId":"fruit-fiesta","mode":"demo"}`, `{"bet":"0.5","bonusBuy":"yes"}`, `{"email":"a@b.co","password":"Secret1!x","confirmPassword":"Secret1!x"}`,
		`{"firstName":"` + strings.Repeat("A", 300) + `"}`, `{"a":`, "\x00\xff", `{"version":"../../etc","rollback":true}`}
	for i := range targets {
		for _, s := range seeds {
			f.Add(uint16(i), []byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, i uint16, body []byte) {
		r := targets[int(i)%len(targets)]
		params := map[string]string{}
		path := wildcard.ReplaceAllStringFunc(r.path, func(m string) string {
			params[m[1:len(m)-1]] = "x1"
			return "x1"
		})
		req, _ := http.NewRequest(r.method, ts.URL+path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("X-Admin-Token", fuzzAdminToken)
		if strings.HasPrefix(r.path, "/api/core/casino/frontends/") {
			req.Header.Set("Authorization", "Bearer "+fuzzAdminToken) // the deploy token
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		got, _ := io.ReadAll(res.Body)
		if res.StatusCode >= 500 {
			t.Fatalf("%s %q: %d %s", r, body, res.StatusCode, got)
		}
		if err := validateResponse(doc, r, req, params, res, got); err != nil {
			t.Fatalf("%s %q: %d %s\nnot in bff/openapi/openapi.json: %v", r, body, res.StatusCode, got, err)
		}
	})
}

// validateResponse checks an answer against the document's operation for r.
func validateResponse(doc *openapi3.T, r route, req *http.Request, params map[string]string, res *http.Response, body []byte) error {
	item := doc.Paths.Find(r.path)
	if item == nil || item.GetOperation(r.method) == nil {
		return nil // TestOpenAPIDescribesEveryRoute reports it
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params,
			Route: &routers.Route{Spec: doc, Path: r.path, PathItem: item, Method: r.method, Operation: item.GetOperation(r.method)}},
		Status: res.StatusCode, Header: res.Header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true},
	}
	in.SetBodyBytes(body)
	return openapi3filter.ValidateResponse(context.Background(), in)
}
