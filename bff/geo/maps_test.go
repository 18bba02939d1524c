package geo

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// A Nominatim-compatible service answers; its failures fall back to the
// offline borders.
func TestMapsReverse(t *testing.T) {
	var status atomic.Int32
	status.Store(http.StatusOK)
	var lastQuery, lastAgent atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lastQuery.Store(r.URL.RawQuery)
		lastAgent.Store(r.UserAgent())
		if s := int(status.Load()); s != http.StatusOK {
			w.WriteHeader(s)
			return
		}
		switch r.URL.Query().Get("lat") {
		case "22.319300": // Hong Kong
			w.Write([]byte(`{"place_id":1,"address":{"country":"香港 Hong Kong","country_code":"hk"}}`))
		case "30.000000": // open sea
			w.Write([]byte(`{"error":"Unable to geocode"}`))
		default:
			w.Write([]byte(`{"address":{"country":"Deutschland","country_code":"de"}}`))
		}
	}))
	defer srv.Close()
	m := &MapsReverse{BaseURL: srv.URL + "/reverse?key=secret", UserAgent: "casino-test", Client: srv.Client(), Fallback: testBorders(t)}
	ctx := context.Background()

	p, err := m.Reverse(ctx, 52.52, 13.405)
	if err != nil || p.Code != "DE" || p.Sovereign != "DE" || p.Name != "Germany" {
		t.Fatalf("Berlin = %+v, %v", p, err)
	}
	q := lastQuery.Load().(string)
	for _, want := range []string{"key=secret", "format=jsonv2", "lat=52.520000", "lon=13.405000", "zoom=3"} {
		if !strings.Contains(q, want) {
			t.Errorf("query %q lacks %q", q, want)
		}
	}
	if lastAgent.Load() != "casino-test" {
		t.Errorf("User-Agent %v", lastAgent.Load())
	}
	if p, _ := m.Reverse(ctx, 22.3193, 114.1694); p.Code != "HK" || p.Sovereign != "CN" {
		t.Errorf("Hong Kong = %+v", p)
	}
	if p, err := m.Reverse(ctx, 30, -40); err != nil || p.Code != "" {
		t.Errorf("open sea = %+v, %v", p, err)
	}
	if _, err := m.Reverse(ctx, 91, 0); err == nil {
		t.Error("invalid coordinates accepted")
	}
	// The service fails: the borders answer (New York is US in both).
	status.Store(http.StatusServiceUnavailable)
	if p, err := m.Reverse(ctx, 40.7128, -74.006); err != nil || p.Code != "US" {
		t.Errorf("fallback = %+v, %v", p, err)
	}
	m.Fallback = nil
	if _, err := m.Reverse(ctx, 40.7128, -74.006); err == nil {
		t.Error("no fallback: want the service's error")
	}
}
