package openapi

import (
	"context"
	"testing"
)

func TestDocumentIsValidOpenAPI31(t *testing.T) {
	doc, err := Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !doc.IsOpenAPI31OrLater() {
		t.Fatalf("openapi %q, want 3.1", doc.OpenAPI)
	}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			if op.OperationID == "" {
				t.Errorf("%s %s: no operationId", method, path)
			}
			for code := range op.Responses.Map() {
				if code[0] == '5' {
					t.Errorf("%s %s documents %s: a 5xx is a defect, never part of the contract", method, path, code)
				}
			}
		}
	}
}
