package geo

import (
	"errors"
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/oschwald/maxminddb-golang/v2"
)

// IPDB answers "which country is this address in" from a MaxMind DB (MMDB)
// file. It understands two record layouts, so the operator can swap the
// bundled open database for a commercial one without a rebuild:
//
//   - {"country_code": "DE"}                 ip-location-db (the default)
//   - {"country": {"iso_code": "DE", …}}     MaxMind GeoIP2/GeoLite2, DB-IP, …
//
// A MaxMind record without a country (anycast, satellite) falls back to its
// registered_country. The reader memory-maps the file and is safe for
// concurrent use.
type IPDB struct {
	path   string
	source string
	reader *maxminddb.Reader
}

// ipRecord holds the fields of both layouts; the decoder skips the rest.
type ipRecord struct {
	CountryCode string `maxminddb:"country_code"`
	Country     struct {
		ISOCode string            `maxminddb:"iso_code"`
		Names   map[string]string `maxminddb:"names"`
	} `maxminddb:"country"`
	RegisteredCountry struct {
		ISOCode string `maxminddb:"iso_code"`
	} `maxminddb:"registered_country"`
}

// IPCountry is the answer of one lookup. Code is empty when the database has
// no country for the address (private, reserved or unallocated ranges).
type IPCountry struct {
	Code   string // ISO 3166-1 alpha-2, upper case
	Name   string // English name when the database carries names (MaxMind layout)
	Prefix netip.Prefix
}

// OpenIPDB opens the MMDB file at path.
func OpenIPDB(path string) (*IPDB, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("geoip database %s: %w", path, err)
	}
	reader, err := maxminddb.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open geoip database %s: %w", path, err)
	}
	return &IPDB{path: path, source: sourceName(path), reader: reader}, nil
}

// sourceName names a database after its file: "geo-whois-asn-country",
// "GeoLite2-Country", "dbip-country-lite-2026-06". (The metadata's
// database_type is "country ipvAll" for ip-location-db: not a name.)
func sourceName(path string) string {
	name := strings.TrimSuffix(filepath.Base(path), ".mmdb")
	name = strings.TrimSuffix(name, "-ipv4")
	return strings.TrimSuffix(name, "-ipv6")
}

// Source names the database (for ipInfo.source).
func (db *IPDB) Source() string { return db.source }

// Type is the database_type of the metadata.
func (db *IPDB) Type() string { return db.reader.Metadata.DatabaseType }

// BuildTime is when the database was built.
func (db *IPDB) BuildTime() time.Time { return db.reader.Metadata.BuildTime() }

// Path is the file the database was opened from.
func (db *IPDB) Path() string { return db.path }

// Close releases the memory map.
func (db *IPDB) Close() error { return db.reader.Close() }

// ErrInvalidIP is returned for the zero netip.Addr.
var ErrInvalidIP = errors.New("invalid IP address")

// Lookup returns the country of addr. IPv4-mapped IPv6 addresses are looked
// up as IPv4. An address the database does not cover is not an error: the
// result has an empty Code. Non-public addresses (private, loopback,
// link-local, shared CGNAT space…) never have a country, whatever the file
// says: the npm build of geo-whois-asn-country maps 192.168.0.0/16 and
// 172.16.0.0/12 to AU.
func (db *IPDB) Lookup(addr netip.Addr) (IPCountry, error) {
	if !addr.IsValid() {
		return IPCountry{}, ErrInvalidIP
	}
	addr = addr.Unmap().WithZone("")
	if !IsPublic(addr) {
		return IPCountry{}, nil
	}
	res := db.reader.Lookup(addr)
	if err := res.Err(); err != nil {
		return IPCountry{}, fmt.Errorf("geoip lookup %s: %w", addr, err)
	}
	if !res.Found() {
		return IPCountry{}, nil
	}
	var rec ipRecord
	if err := res.Decode(&rec); err != nil {
		return IPCountry{}, fmt.Errorf("geoip decode %s: %w", addr, err)
	}
	out := IPCountry{Prefix: res.Prefix()}
	switch {
	case rec.CountryCode != "":
		out.Code = rec.CountryCode
	case rec.Country.ISOCode != "":
		out.Code = rec.Country.ISOCode
		out.Name = rec.Country.Names["en"]
	default:
		out.Code = rec.RegisteredCountry.ISOCode
	}
	out.Code = strings.ToUpper(out.Code)
	return out, nil
}

var cgnat = netip.MustParsePrefix("100.64.0.0/10")

// IsPublic reports whether addr is a global unicast address outside the
// private (RFC 1918, RFC 4193) and shared (RFC 6598) ranges.
func IsPublic(addr netip.Addr) bool {
	addr = addr.Unmap()
	return addr.IsGlobalUnicast() && !addr.IsPrivate() && !cgnat.Contains(addr)
}
