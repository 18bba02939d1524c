package geo

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"
)

func TestBordersReverse(t *testing.T) {
	b := testBorders(t)
	tests := []struct {
		name      string
		lat, lon  float64
		code, sov string
		wantCodes []string
	}{
		{name: "Berlin", lat: 52.52, lon: 13.405, code: "DE", sov: "DE", wantCodes: []string{"DE"}},
		{name: "São Paulo", lat: -23.5505, lon: -46.6333, code: "BR", sov: "BR", wantCodes: []string{"BR"}},
		{name: "Tokyo", lat: 35.6762, lon: 139.6503, code: "JP", sov: "JP", wantCodes: []string{"JP"}},
		{name: "New York", lat: 40.7128, lon: -74.006, code: "US", sov: "US", wantCodes: []string{"US"}},
		{name: "London (England is a sub-feature of GB)", lat: 51.5074, lon: -0.1278, code: "GB", sov: "GB", wantCodes: []string{"GB"}},
		{name: "Edinburgh (Scotland)", lat: 55.9533, lon: -3.1883, code: "GB", sov: "GB", wantCodes: []string{"GB"}},
		{name: "Paris (Metropolitan France FX is not an ISO country)", lat: 48.8566, lon: 2.3522, code: "FR", sov: "FR", wantCodes: []string{"FR"}},
		{name: "Las Palmas (Canary Islands IC)", lat: 28.1235, lon: -15.4363, code: "ES", sov: "ES", wantCodes: []string{"ES"}},
		{name: "Hong Kong", lat: 22.3193, lon: 114.1694, code: "HK", sov: "CN", wantCodes: []string{"HK", "CN"}},
		{name: "San Juan, Puerto Rico", lat: 18.4655, lon: -66.1057, code: "PR", sov: "US", wantCodes: []string{"PR", "US"}},
		{name: "Vatican inside Rome", lat: 41.9029, lon: 12.4534, code: "VA", sov: "VA", wantCodes: []string{"VA"}},
		{name: "Rome", lat: 41.8967, lon: 12.4822, code: "IT", sov: "IT", wantCodes: []string{"IT"}},
		{name: "mid-Atlantic", lat: 30, lon: -40, code: "", wantCodes: nil},
		{name: "Indian Ocean", lat: -30, lon: 80, code: "", wantCodes: nil},
		{name: "Pacific", lat: -40, lon: -140, code: "", wantCodes: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := b.Reverse(context.Background(), tt.lat, tt.lon)
			if err != nil {
				t.Fatal(err)
			}
			if got.Code != tt.code || got.Sovereign != tt.sov {
				t.Errorf("Reverse(%v, %v) = %+v, want code %q sovereign %q", tt.lat, tt.lon, got, tt.code, tt.sov)
			}
			if !slices.Equal(got.Codes(), tt.wantCodes) {
				t.Errorf("Codes() = %v, want %v", got.Codes(), tt.wantCodes)
			}
		})
	}
}

func TestBordersReverseInvalid(t *testing.T) {
	b := testBorders(t)
	tests := []struct{ lat, lon float64 }{
		{91, 0}, {-90.5, 0}, {0, 180.1}, {0, -181}, {math.NaN(), 0}, {0, math.Inf(1)},
	}
	for _, tt := range tests {
		if _, err := b.Reverse(context.Background(), tt.lat, tt.lon); !errors.Is(err, ErrInvalidCoordinates) {
			t.Errorf("Reverse(%v, %v) error = %v, want ErrInvalidCoordinates", tt.lat, tt.lon, err)
		}
	}
}

func TestBordersNames(t *testing.T) {
	b := testBorders(t)
	tests := map[string]string{"DE": "Germany", "BR": "Brazil", "JP": "Japan", "FX": "", "ZZ": ""}
	for code, want := range tests {
		if got := b.CountryName(code); got != want {
			t.Errorf("CountryName(%q) = %q, want %q", code, got, want)
		}
	}
	if got := b.Sovereign("HK"); got != "CN" {
		t.Errorf("Sovereign(HK) = %q", got)
	}
	if got := b.Sovereign("DE"); got != "" {
		t.Errorf("Sovereign(DE) = %q", got)
	}
}

func TestParseBordersErrors(t *testing.T) {
	tests := map[string]string{
		"not json":         `{`,
		"no polygons":      `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"iso1A2":"EU"},"geometry":null}]}`,
		"unsupported geom": `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"iso1A2":"DE"},"geometry":{"type":"Point","coordinates":[1,2]}}]}`,
	}
	for name, data := range tests {
		if _, err := ParseBorders([]byte(data)); err == nil {
			t.Errorf("%s: ParseBorders succeeded", name)
		}
	}
	// A single Polygon feature works.
	b, err := ParseBorders([]byte(`{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"iso1A2":"XA","nameEn":"Square"},
		"geometry":{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]]]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := b.Reverse(context.Background(), 5, 5); p.Code != "XA" || p.Name != "Square" {
		t.Errorf("Reverse in square = %+v", p)
	}
	if p, _ := b.Reverse(context.Background(), 5, 15); p.Code != "" {
		t.Errorf("Reverse outside square = %+v", p)
	}
}

func BenchmarkReverse(b *testing.B) {
	borders := testBorders(b)
	points := [][2]float64{{52.52, 13.405}, {-23.5505, -46.6333}, {35.6762, 139.6503}, {30, -40}}
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := points[i%len(points)]
		if _, err := borders.Reverse(ctx, p[0], p[1]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
