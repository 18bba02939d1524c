package geo

import (
	"fmt"
	"net/http"
	"net/netip"
)

// Country is a country code with its English name.
type Country struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// IPInfo describes how the country was found.
type IPInfo struct {
	IP          string `json:"ip"`
	Version     int    `json:"version"`           // 4 or 6
	CountryCode string `json:"countryCode"`       // "" when the database has no country for IP
	Source      string `json:"source"`            // database type from the MMDB metadata
	Network     string `json:"network,omitempty"` // the database network containing IP
	Via         string `json:"via"`               // remote-addr, x-forwarded-for or forwarded
}

// Location is the body of GET /api/admin/get-location under "data".
type Location struct {
	Country Country `json:"country"`
	IPInfo  IPInfo  `json:"ipInfo"`
}

// Locator finds the client address of a request and its country. It is the
// one IP → country lookup of the platform: payment methods, games and
// registration windows filter by LookupIP or Locate too.
type Locator struct {
	ipdb     *IPDB
	resolver *ClientIPResolver
	names    *Borders
}

// ClientAddr resolves the visitor's address of r (trusted proxies honoured).
func (l *Locator) ClientAddr(r *http.Request) (ClientAddr, error) {
	return l.resolver.Resolve(r)
}

// LookupIP returns the country of addr; Code is empty when unknown.
func (l *Locator) LookupIP(addr netip.Addr) (Country, error) {
	c, err := l.ipdb.Lookup(addr)
	if err != nil {
		return Country{}, err
	}
	return Country{Code: c.Code, Name: l.countryName(c.Code, c.Name)}, nil
}

// Locate resolves the client of r and its country.
func (l *Locator) Locate(r *http.Request) (Location, ClientAddr, error) {
	client, err := l.resolver.Resolve(r)
	if err != nil {
		return Location{}, ClientAddr{}, fmt.Errorf("locate: %w", err)
	}
	c, err := l.ipdb.Lookup(client.IP)
	if err != nil {
		return Location{}, client, fmt.Errorf("locate: %w", err)
	}
	version := 4
	if client.IP.Is6() {
		version = 6
	}
	loc := Location{
		Country: Country{Code: c.Code, Name: l.countryName(c.Code, c.Name)},
		IPInfo: IPInfo{
			IP:          client.IP.String(),
			Version:     version,
			CountryCode: c.Code,
			Source:      l.ipdb.Source(),
			Via:         client.Via,
		},
	}
	if c.Prefix.IsValid() {
		loc.IPInfo.Network = c.Prefix.String()
	}
	return loc, client, nil
}

// Source names the IP database in use.
func (l *Locator) Source() string { return l.ipdb.Source() }

// CountryName returns the English name of code ("" for "").
func (l *Locator) CountryName(code string) string { return l.countryName(code, "") }

func (l *Locator) countryName(code, fromDB string) string {
	switch {
	case code == "":
		return ""
	case l.names != nil && l.names.CountryName(code) != "":
		return l.names.CountryName(code)
	case fromDB != "":
		return fromDB
	default:
		return code
	}
}
