package geo

import (
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"strings"

	"casino/bff/api"
)

// Errors the handlers answer with, in the shape of bff/api.
var (
	ErrAPICountryExcluded = &api.Error{Status: http.StatusForbidden, Code: "COUNTRY_BLOCKED",
		Message: "Site Unavailable in Your Country"}
	ErrAPILocationUnknown = &api.Error{Status: http.StatusUnprocessableEntity, Code: "LOCATION_UNKNOWN",
		Message: "We could not find a country at your location"}
)

// MaxFirstURL bounds the firstUrl of a report.
const MaxFirstURL = 2048

// Routes registers the package's endpoints.
func (s *Service) Routes(mux *http.ServeMux) {
	mux.Handle("GET /api/admin/get-location", api.HandlerFunc(s.GetLocation))
	mux.Handle("POST /api/user/country-blocked", api.HandlerFunc(s.CountryBlocked))
	mux.Handle("POST /api/user/reverify-location", api.HandlerFunc(s.ReverifyLocation))
}

// GetLocation answers GET /api/admin/get-location:
// {"data": {"location": {"country": {code, name}, "ipInfo": {…}}}}.
func (s *Service) GetLocation(w http.ResponseWriter, r *http.Request) error {
	loc, _, err := s.Locator.Locate(r)
	if err != nil {
		return fmt.Errorf("get-location: %w", err)
	}
	return api.WriteData(w, map[string]Location{"location": loc})
}

// countryBlockedBody is the body of POST /api/user/country-blocked.
type countryBlockedBody struct {
	IP       string `json:"ip"`
	Country  string `json:"country"`
	FirstURL string `json:"firstUrl"`
}

// CountryBlockedResult is the answer of POST /api/user/country-blocked.
type CountryBlockedResult struct {
	IP       string `json:"ip"`
	Country  string `json:"country"`
	FirstURL string `json:"firstUrl"`
	Created  bool   `json:"created"` // false: already reported, nothing stored
}

// CountryBlocked answers POST /api/user/country-blocked {ip, country,
// firstUrl}: the report is stored once per (ip, country, firstUrl). The ip
// and country stored are the ones the server resolves for the request (the
// client's are checked for form only, so a page can't file reports in
// another visitor's name); the body's country is used only when the IP
// database has none.
func (s *Service) CountryBlocked(w http.ResponseWriter, r *http.Request) error {
	var body countryBlockedBody
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	v := api.Validation{}
	body.FirstURL = strings.TrimSpace(body.FirstURL)
	switch {
	case body.FirstURL == "":
		v.Add("firstUrl", "Required")
	case len(body.FirstURL) > MaxFirstURL || !validURL(body.FirstURL):
		v.Add("firstUrl", "Invalid format")
	}
	if body.IP != "" {
		if _, err := netip.ParseAddr(strings.TrimSpace(body.IP)); err != nil {
			v.Add("ip", "Invalid format")
		}
	}
	body.Country = strings.ToUpper(strings.TrimSpace(body.Country))
	if body.Country != "" && !validCode(body.Country) {
		v.Add("country", "Invalid format")
	}
	if err := v.Err(); err != nil {
		return err
	}
	loc, _, err := s.Locator.Locate(r)
	if err != nil {
		return fmt.Errorf("country-blocked: %w", err)
	}
	report := Report{IP: loc.IPInfo.IP, Country: loc.Country.Code, FirstURL: body.FirstURL, UserAgent: truncate(r.UserAgent(), 512)}
	if report.Country == "" {
		report.Country = body.Country
	}
	if report.Country == "" {
		return api.ErrValidation.WithField("country", "Required")
	}
	created, err := s.Store.SaveReport(r.Context(), report)
	if err != nil {
		return fmt.Errorf("country-blocked: %w", err)
	}
	return api.WriteData(w, CountryBlockedResult{IP: report.IP, Country: report.Country, FirstURL: report.FirstURL, Created: created})
}

// reverifyBody is the body of POST /api/user/reverify-location. Pointers tell
// a missing coordinate from 0.
type reverifyBody struct {
	Latitude  *float64 `json:"latitude"`
	Longitude *float64 `json:"longitude"`
}

// ReverifyLocation answers POST /api/user/reverify-location {latitude,
// longitude} with {"data": {"country": {code, name}, "blocked": false,
// "verifiedUntil": "…"}}. An excluded country answers 403 COUNTRY_BLOCKED
// (fields.country holds the code), a point in no country 422
// LOCATION_UNKNOWN, bad coordinates 400 with field messages.
func (s *Service) ReverifyLocation(w http.ResponseWriter, r *http.Request) error {
	var body reverifyBody
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	v := api.Validation{}
	switch {
	case body.Latitude == nil:
		v.Add("latitude", "Required")
	case *body.Latitude < -90 || *body.Latitude > 90:
		v.Add("latitude", "Invalid format")
	}
	switch {
	case body.Longitude == nil:
		v.Add("longitude", "Required")
	case *body.Longitude < -180 || *body.Longitude > 180:
		v.Add("longitude", "Invalid format")
	}
	if err := v.Err(); err != nil {
		return err
	}
	excluded, err := s.excluded(r.Context())
	if err != nil {
		return fmt.Errorf("reverify-location: excluded countries: %w", err)
	}
	res, err := s.Blocker.Reverify(w, r, *body.Latitude, *body.Longitude, excluded)
	switch {
	case errors.Is(err, ErrCountryExcluded):
		return ErrAPICountryExcluded.WithField("country", res.Country.Code)
	case errors.Is(err, ErrNoCountry):
		return ErrAPILocationUnknown
	case errors.Is(err, ErrInvalidCoordinates):
		return api.ErrValidation.WithFields(map[string]string{"latitude": "Invalid format", "longitude": "Invalid format"})
	case err != nil:
		return fmt.Errorf("reverify-location: %w", err)
	}
	return api.WriteData(w, res)
}

func validCode(code string) bool {
	return len(code) == 2 && code[0] >= 'A' && code[0] <= 'Z' && code[1] >= 'A' && code[1] <= 'Z'
}

// validURL accepts an absolute http(s) URL or a path.
func validURL(s string) bool {
	u, err := url.Parse(s)
	if err != nil {
		return false
	}
	if u.Scheme == "" {
		return strings.HasPrefix(s, "/") && u.Host == ""
	}
	return (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
