package geo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// MapsReverse resolves coordinates with a maps service that speaks the
// Nominatim reverse API (GET {base}?format=jsonv2&lat=…&lon=…&zoom=3 →
// {"address": {"country_code": "de", "country": "Deutschland"}}): a
// self-hosted Nominatim, OpenStreetMap's public one (mind its usage policy:
// at most one request a second, a real User-Agent) or a commercial
// compatible service. The request is made by the BFF, so the decision stays
// the server's. When the service fails or times out the offline borders
// answer instead (logged), so Reverify Location keeps working.
type MapsReverse struct {
	// BaseURL is the reverse endpoint, e.g.
	// https://nominatim.openstreetmap.org/reverse (CASINO_GEO_REVERSE_URL).
	// Its own query parameters (an API key) are kept.
	BaseURL string
	// UserAgent identifies the casino to the service (CASINO_GEO_REVERSE_AGENT).
	UserAgent string
	Client    *http.Client
	// Fallback answers when the service can't; it also supplies the
	// sovereign country of territories (HK → CN).
	Fallback *Borders
}

// mapsTimeout bounds one lookup: the browser already spent up to 10 s on the
// position.
const mapsTimeout = 4 * time.Second

type nominatimAnswer struct {
	Error   string `json:"error"`
	Address struct {
		CountryCode string `json:"country_code"`
		Country     string `json:"country"`
	} `json:"address"`
}

// Reverse implements ReverseGeocoder.
func (m *MapsReverse) Reverse(ctx context.Context, lat, lon float64) (Place, error) {
	if !ValidCoordinates(lat, lon) {
		return Place{}, fmt.Errorf("reverse %v,%v: %w", lat, lon, ErrInvalidCoordinates)
	}
	p, err := m.lookup(ctx, lat, lon)
	if err == nil {
		return p, nil
	}
	if m.Fallback == nil || ctx.Err() != nil {
		return Place{}, err
	}
	slog.Warn("geo: maps service failed, using the offline borders", "err", err)
	return m.Fallback.Reverse(ctx, lat, lon)
}

func (m *MapsReverse) lookup(ctx context.Context, lat, lon float64) (Place, error) {
	u, err := url.Parse(m.BaseURL)
	if err != nil {
		return Place{}, fmt.Errorf("maps service URL: %w", err)
	}
	q := u.Query()
	q.Set("format", "jsonv2")
	q.Set("lat", strconv.FormatFloat(lat, 'f', 6, 64))
	q.Set("lon", strconv.FormatFloat(lon, 'f', 6, 64))
	q.Set("zoom", "3") // country level: the service needs no more
	q.Set("addressdetails", "1")
	q.Set("accept-language", "en")
	u.RawQuery = q.Encode()
	ctx, cancel := context.WithTimeout(ctx, mapsTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return Place{}, err
	}
	req.Header.Set("Accept", "application/json")
	if m.UserAgent != "" {
		req.Header.Set("User-Agent", m.UserAgent)
	}
	client := m.Client
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		return Place{}, fmt.Errorf("maps service: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return Place{}, fmt.Errorf("maps service: HTTP %d", res.StatusCode)
	}
	var a nominatimAnswer
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&a); err != nil {
		return Place{}, fmt.Errorf("maps service answer: %w", err)
	}
	code := strings.ToUpper(strings.TrimSpace(a.Address.CountryCode))
	if a.Error != "" || code == "" {
		// Nominatim's "Unable to geocode": no country here (open sea).
		return Place{}, nil
	}
	if !validCode(code) {
		return Place{}, errors.New("maps service answer: bad country code " + strconv.Quote(code))
	}
	p := Place{Code: code, Sovereign: code, Name: a.Address.Country}
	if m.Fallback != nil {
		if sov := m.Fallback.Sovereign(code); sov != "" {
			p.Sovereign = sov
		}
		if name := m.Fallback.CountryName(code); name != "" {
			p.Name = name
		}
	}
	return p, nil
}

var _ ReverseGeocoder = (*MapsReverse)(nil)
