// Package openapi holds the OpenAPI 3.1 description of every player,
// provider (wallet) and admin route (openapi.json, kept by hand beside the
// code) and serves it. bff/server's openapi_test.go fails when a registered
// route is missing from it or it names a route the server lacks; the e2e
// fuzzer (e2e/openapi-fuzz.test.mjs) drives requests from it.
package openapi

import (
	"context"
	_ "embed"
	"fmt"
	"net/http"

	"github.com/getkin/kin-openapi/openapi3"
)

//go:embed openapi.json
var document []byte

// Document returns the raw JSON document.
func Document() []byte { return document }

// Load parses and validates the document.
func Load(ctx context.Context) (*openapi3.T, error) {
	loader := openapi3.NewLoader()
	loader.Context = ctx
	doc, err := loader.LoadFromData(document)
	if err != nil {
		return nil, fmt.Errorf("openapi: load: %w", err)
	}
	if err := doc.Validate(ctx); err != nil {
		return nil, fmt.Errorf("openapi: %w", err)
	}
	return doc, nil
}

// Handler serves GET /api/openapi.json, so squads can generate typed clients
// from the running server.
func Handler(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Write(document)
}
