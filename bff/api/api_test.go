package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestErrorShape(t *testing.T) {
	tests := []struct {
		name       string
		err        error
		wantStatus int
		wantCode   string
		wantMsg    string
		wantFields map[string]string
	}{
		{"catalogue entry", ErrForbidden, 403, "FORBIDDEN", "Forbidden", nil},
		{"wrapped with context", fmt.Errorf("load user 7: %w", ErrNotFound), 404, "NOT_FOUND", "Not found", nil},
		{"field errors", Validation{"email": "Required"}.Err(), 400, "VALIDATION_ERROR", "Please check fields with errors", map[string]string{"email": "Required"}},
		{"internal detail hidden", errors.New("disk I/O error at /var/x"), 500, "INTERNAL_SERVER_ERROR", "Internal server error", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h := HandlerFunc(func(http.ResponseWriter, *http.Request) error { return tt.err })
			h.ServeHTTP(rec, httptest.NewRequest("GET", "/x", nil))
			if rec.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d", rec.Code, tt.wantStatus)
			}
			var body struct {
				Error struct {
					Code, Message string
					Fields        map[string]string
				}
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
				t.Fatal(err)
			}
			if body.Error.Code != tt.wantCode || body.Error.Message != tt.wantMsg {
				t.Fatalf("got %+v", body.Error)
			}
			if len(body.Error.Fields) != len(tt.wantFields) || body.Error.Fields["email"] != tt.wantFields["email"] {
				t.Fatalf("fields = %v, want %v", body.Error.Fields, tt.wantFields)
			}
		})
	}
}

func TestCopiesMatchCatalogue(t *testing.T) {
	err := fmt.Errorf("ctx: %w", ErrValidation.WithField("a", "b"))
	if !errors.Is(err, ErrValidation) {
		t.Fatal("copy does not match its catalogue entry")
	}
	if len(ErrValidation.Fields) != 0 {
		t.Fatal("WithField mutated the catalogue entry")
	}
}

func TestDecode(t *testing.T) {
	tests := []struct {
		body, ctype string
		wantErr     bool
	}{
		{`{"a":1}`, "application/json", false},
		{`{"a":`, "application/json", true},
		{``, "application/json", true},
		{`a=1`, "application/x-www-form-urlencoded", true},
		{`{"a":"` + strings.Repeat("x", MaxBodyBytes) + `"}`, "application/json", true},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("POST", "/", strings.NewReader(tt.body))
		r.Header.Set("Content-Type", tt.ctype)
		var dst map[string]any
		err := Decode(httptest.NewRecorder(), r, &dst)
		if (err != nil) != tt.wantErr {
			t.Errorf("Decode(%.20q) err = %v, wantErr %v", tt.body, err, tt.wantErr)
		}
	}
}
