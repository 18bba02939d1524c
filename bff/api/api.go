// Package api is the HTTP contract of the casino: success bodies are
// {"data": …}, errors are {"error": {"code", "message", "fields"}} and every
// error code the product knows is declared once, in catalogue.go.
package api

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
)

// MaxBodyBytes bounds JSON request bodies.
const MaxBodyBytes = 1 << 20

// HandlerFunc is an http.HandlerFunc that may fail; the error is written in
// the API's error shape.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

func (h HandlerFunc) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := h(w, r); err != nil {
		WriteError(w, r, err)
	}
}

type envelope struct {
	Data  any    `json:"data,omitempty"`
	Error *Error `json:"error,omitempty"`
}

// WriteData writes 200 {"data": v}.
func WriteData(w http.ResponseWriter, v any) error {
	return WriteJSON(w, http.StatusOK, envelope{Data: v})
}

// WriteJSON writes v as JSON with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if w.Header().Get("Cache-Control") == "" {
		w.Header().Set("Cache-Control", "no-store")
	}
	w.WriteHeader(status)
	return json.NewEncoder(w).Encode(v)
}

// WriteError writes err in the error shape. Errors that carry no *Error are
// internal: they are logged with the request and answered with a generic 500,
// so no internal detail reaches the client.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	var apiErr *Error
	if !errors.As(err, &apiErr) {
		slog.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		apiErr = ErrInternal
	} else if apiErr.Status >= 500 {
		slog.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	WriteJSON(w, apiErr.Status, envelope{Error: apiErr})
}

// Decode reads a JSON body into dst. Malformed JSON, unknown content types and
// oversized bodies answer 400 "Invalid format".
func Decode(w http.ResponseWriter, r *http.Request, dst any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return ErrInvalidFormat.WithField("body", "Invalid format")
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxBodyBytes)
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(dst); err != nil {
		if errors.Is(err, io.EOF) {
			return ErrInvalidFormat.WithField("body", "Required")
		}
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return ErrPayloadTooLarge
		}
		return ErrInvalidFormat.WithField("body", "Invalid format")
	}
	return nil
}
