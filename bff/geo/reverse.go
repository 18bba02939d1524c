package geo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"sort"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
)

// ReverseGeocoder turns coordinates into a place. The default is Borders, an
// offline point-in-polygon lookup; an operator may plug in a maps service
// instead (the package makes no network calls itself).
type ReverseGeocoder interface {
	// Reverse returns the place at lat/lon. A point outside every country (the
	// open sea) is not an error: Place.Code is empty.
	Reverse(ctx context.Context, lat, lon float64) (Place, error)
}

// Place is the answer of a reverse lookup.
type Place struct {
	// Code is the most specific officially assigned ISO 3166-1 alpha-2 code
	// of the point: "HK" for Hong Kong, "PR" for Puerto Rico, "GB" for
	// England (a sub-feature whose own code is not an ISO country).
	Code string
	// Sovereign is the code of the country the territory belongs to ("CN" for
	// Hong Kong); equal to Code for a country.
	Sovereign string
	// Name is the English name of the feature the point is in.
	Name string
}

// Codes returns the distinct codes of p (Code, then Sovereign). A country
// block applies when any of them is excluded, so a territory can be
// excluded on its own and excluding a country also covers its territories.
func (p Place) Codes() []string {
	switch {
	case p.Code == "":
		return nil
	case p.Sovereign == "" || p.Sovereign == p.Code:
		return []string{p.Code}
	default:
		return []string{p.Code, p.Sovereign}
	}
}

// ErrInvalidCoordinates is returned for latitudes outside [-90, 90],
// longitudes outside [-180, 180], NaN and infinities.
var ErrInvalidCoordinates = errors.New("invalid coordinates")

// ValidCoordinates reports whether lat/lon are a point on Earth.
func ValidCoordinates(lat, lon float64) bool {
	return !math.IsNaN(lat) && !math.IsNaN(lon) && lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180
}

// Borders is the offline reverse geocoder: the country borders GeoJSON of the
// npm package @rapideditor/country-coder (ISC licence), file
// src/data/borders.json, loaded once. Lookups test the bounding box of each
// polygon before the exact point-in-polygon test.
type Borders struct {
	polygons  []borderPolygon
	names     map[string]string // ISO code → English name
	sovereign map[string]string // territory ISO code → its country's code (HK → CN)
}

type borderPolygon struct {
	bound   orb.Bound
	polygon orb.Polygon
	area    float64 // of the bound: the smallest match wins overlaps
	place   Place
}

// LoadBorders reads and indexes the borders GeoJSON at path.
func LoadBorders(path string) (*Borders, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read country borders: %w", err)
	}
	b, err := ParseBorders(data)
	if err != nil {
		return nil, fmt.Errorf("country borders %s: %w", path, err)
	}
	return b, nil
}

// ParseBorders indexes a country-coder borders FeatureCollection.
//
// Feature properties used: iso1A2 (own ISO code), isoStatus ("excRes" marks
// exceptionally reserved codes such as FX, IC, AC that are not countries),
// country (the code of the country a sub-feature belongs to: England,
// Scotland, Crimea… carry no iso1A2 of their own) and nameEn. Features
// without geometry are groupings (EU, continents) and are skipped; so are the
// two features with neither code (Northern Cyprus, Bir Tawil), which
// country-coder itself leaves without a country.
func ParseBorders(data []byte) (*Borders, error) {
	var fc bordersFile
	if err := json.Unmarshal(data, &fc); err != nil {
		return nil, fmt.Errorf("parse geojson: %w", err)
	}
	b := &Borders{names: map[string]string{}, sovereign: map[string]string{}}
	for _, f := range fc.Features {
		p := f.Properties
		if p.ISO1A2 != "" && p.ISOStatus != "excRes" && p.NameEn != "" {
			b.names[p.ISO1A2] = p.NameEn
		}
		if p.ISO1A2 != "" && p.ISOStatus != "excRes" && p.Country != "" && p.Country != p.ISO1A2 {
			b.sovereign[p.ISO1A2] = p.Country
		}
		if f.Geometry == nil {
			continue
		}
		place := placeOf(p.ISO1A2, p.ISOStatus, p.Country, p.NameEn)
		if place.Code == "" {
			continue
		}
		polys, err := f.Geometry.multiPolygon()
		if err != nil {
			return nil, fmt.Errorf("feature %s: %w", p.NameEn, err)
		}
		for _, poly := range polys {
			bound := poly.Bound()
			b.polygons = append(b.polygons, borderPolygon{
				bound:   bound,
				polygon: poly,
				area:    (bound.Max[0] - bound.Min[0]) * (bound.Max[1] - bound.Min[1]),
				place:   place,
			})
		}
	}
	if len(b.polygons) == 0 {
		return nil, errors.New("no country polygons found")
	}
	// Smaller polygons first: where features overlap, the most specific one
	// (an enclave, a small territory) is found first.
	sort.SliceStable(b.polygons, func(i, j int) bool { return b.polygons[i].area < b.polygons[j].area })
	return b, nil
}

// bordersFile is the part of the GeoJSON FeatureCollection that is used.
// (orb's geojson package would pull in a BSON library; this is all we need.)
type bordersFile struct {
	Features []struct {
		Properties struct {
			ISO1A2    string `json:"iso1A2"`
			ISOStatus string `json:"isoStatus"`
			Country   string `json:"country"`
			NameEn    string `json:"nameEn"`
		} `json:"properties"`
		Geometry *geometry `json:"geometry"`
	} `json:"features"`
}

type geometry struct {
	Type        string          `json:"type"`
	Coordinates json.RawMessage `json:"coordinates"`
}

func (g *geometry) multiPolygon() (orb.MultiPolygon, error) {
	switch g.Type {
	case "MultiPolygon":
		var coords [][][][2]float64
		if err := json.Unmarshal(g.Coordinates, &coords); err != nil {
			return nil, fmt.Errorf("multipolygon coordinates: %w", err)
		}
		mp := make(orb.MultiPolygon, 0, len(coords))
		for _, poly := range coords {
			mp = append(mp, toPolygon(poly))
		}
		return mp, nil
	case "Polygon":
		var coords [][][2]float64
		if err := json.Unmarshal(g.Coordinates, &coords); err != nil {
			return nil, fmt.Errorf("polygon coordinates: %w", err)
		}
		return orb.MultiPolygon{toPolygon(coords)}, nil
	default:
		return nil, fmt.Errorf("unsupported geometry %q", g.Type)
	}
}

func toPolygon(rings [][][2]float64) orb.Polygon {
	poly := make(orb.Polygon, 0, len(rings))
	for _, ring := range rings {
		r := make(orb.Ring, len(ring))
		for i, pt := range ring {
			r[i] = orb.Point(pt)
		}
		poly = append(poly, r)
	}
	return poly
}

func placeOf(iso, status, country, name string) Place {
	own := iso
	if status == "excRes" {
		own = "" // FX, IC, AC, TA, DG, CP, CQ: use the country's code
	}
	sovereign := country
	if sovereign == "" {
		sovereign = own
	}
	code := own
	if code == "" {
		code = sovereign
	}
	return Place{Code: code, Sovereign: sovereign, Name: name}
}

// Reverse implements ReverseGeocoder.
func (b *Borders) Reverse(_ context.Context, lat, lon float64) (Place, error) {
	if !ValidCoordinates(lat, lon) {
		return Place{}, fmt.Errorf("reverse %v,%v: %w", lat, lon, ErrInvalidCoordinates)
	}
	pt := orb.Point{lon, lat}
	for i := range b.polygons {
		p := &b.polygons[i]
		if !p.bound.Contains(pt) {
			continue
		}
		if planar.PolygonContains(p.polygon, pt) {
			return p.place, nil
		}
	}
	return Place{}, nil
}

// CountryName returns the English name of an ISO 3166-1 alpha-2 code, or ""
// when the borders file does not know it.
func (b *Borders) CountryName(code string) string { return b.names[code] }

// Sovereign returns the code of the country that territory code belongs to
// ("CN" for "HK", "US" for "PR"), or "" when code is a country itself.
func (b *Borders) Sovereign(code string) string { return b.sovereign[code] }

var _ ReverseGeocoder = (*Borders)(nil)
