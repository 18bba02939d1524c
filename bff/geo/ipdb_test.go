package geo

import (
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"testing"

	"github.com/maxmind/mmdbwriter"
	"github.com/maxmind/mmdbwriter/mmdbtype"
)

// Well-known addresses and the country the bundled database gives them.
func TestIPDBLookupRealAddresses(t *testing.T) {
	db := testIPDB(t)
	tests := []struct {
		ip   string
		want string
		note string
	}{
		{"8.8.8.8", "US", "Google Public DNS"},
		{"1.1.1.1", "AU", "Cloudflare DNS, APNIC research prefix"},
		{"193.99.144.80", "DE", "heise.de"},
		{"200.160.2.3", "BR", "registro.br"},
		{"133.11.0.1", "JP", "University of Tokyo"},
		{"202.12.27.33", "JP", "M-root (WIDE)"},
		{"81.2.69.142", "GB", ""},
		{"77.88.8.8", "RU", "Yandex DNS"},
		{"2001:4860:4860::8888", "US", "Google Public DNS IPv6"},
		{"2a02:2e0:3fe:1001:302::1", "DE", "heise.de IPv6"},
		{"2001:12ff::1", "BR", "NIC.br IPv6"},
		{"::ffff:8.8.8.8", "US", "IPv4-mapped IPv6 is looked up as IPv4"},
		{"127.0.0.1", "", "loopback: no country"},
		{"10.1.2.3", "", "private: no country"},
		{"192.168.0.10", "", "private: the npm file says AU, the lookup says none"},
		{"172.16.0.1", "", "private: the npm file says AU, the lookup says none"},
		{"100.64.0.1", "", "shared CGNAT space: no country"},
		{"fd00::1", "", "IPv6 unique local: no country"},
		{"::1", "", "IPv6 loopback: no country"},
	}
	for _, tt := range tests {
		t.Run(tt.ip, func(t *testing.T) {
			got, err := db.Lookup(netip.MustParseAddr(tt.ip))
			if err != nil {
				t.Fatalf("Lookup(%s): %v", tt.ip, err)
			}
			if got.Code != tt.want {
				t.Errorf("Lookup(%s) = %q, want %q (%s)", tt.ip, got.Code, tt.want, tt.note)
			}
		})
	}
}

func TestIPDBSource(t *testing.T) {
	db := testIPDB(t)
	if got := db.Source(); got != "geo-whois-asn-country" {
		t.Errorf("Source() = %q", got)
	}
	if db.BuildTime().Year() < 2024 {
		t.Errorf("BuildTime() = %v, want a recent build", db.BuildTime())
	}
	if _, err := db.Lookup(netip.Addr{}); err == nil {
		t.Error("Lookup(zero Addr) succeeded, want an error")
	}
}

func TestOpenIPDBMissingFile(t *testing.T) {
	if _, err := OpenIPDB(filepath.Join(t.TempDir(), "nope.mmdb")); err == nil {
		t.Fatal("OpenIPDB of a missing file succeeded")
	}
}

// An operator may point CASINO_GEOIP_DB at a MaxMind-layout database
// (country.iso_code); a record without a country falls back to
// registered_country.
func TestIPDBMaxMindLayout(t *testing.T) {
	tree, err := mmdbwriter.New(mmdbwriter.Options{DatabaseType: "GeoLite2-Country", RecordSize: 24})
	if err != nil {
		t.Fatal(err)
	}
	insert := func(cidr string, rec mmdbtype.Map) {
		_, network, err := net.ParseCIDR(cidr)
		if err != nil {
			t.Fatal(err)
		}
		if err := tree.Insert(network, rec); err != nil {
			t.Fatal(err)
		}
	}
	insert("81.2.69.0/24", mmdbtype.Map{
		"country": mmdbtype.Map{
			"iso_code": mmdbtype.String("GB"),
			"names":    mmdbtype.Map{"en": mmdbtype.String("United Kingdom")},
		},
	})
	insert("2a02:cf40::/29", mmdbtype.Map{
		"country": mmdbtype.Map{"iso_code": mmdbtype.String("NO")},
	})
	insert("31.13.64.0/24", mmdbtype.Map{
		"registered_country": mmdbtype.Map{"iso_code": mmdbtype.String("SE")},
	})
	path := filepath.Join(t.TempDir(), "GeoLite2-Country.mmdb")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tree.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}

	db, err := OpenIPDB(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if db.Source() != "GeoLite2-Country" {
		t.Errorf("Source() = %q", db.Source())
	}
	tests := []struct{ ip, code, name string }{
		{"81.2.69.142", "GB", "United Kingdom"},
		{"2a02:cf40::1", "NO", ""},
		{"31.13.64.7", "SE", ""},
		{"9.9.9.9", "", ""},
	}
	for _, tt := range tests {
		got, err := db.Lookup(netip.MustParseAddr(tt.ip))
		if err != nil {
			t.Fatalf("Lookup(%s): %v", tt.ip, err)
		}
		if got.Code != tt.code || got.Name != tt.name {
			t.Errorf("Lookup(%s) = %q %q, want %q %q", tt.ip, got.Code, got.Name, tt.code, tt.name)
		}
	}
}

func BenchmarkLookup(b *testing.B) {
	db := testIPDB(b)
	addrs := []netip.Addr{
		netip.MustParseAddr("8.8.8.8"),
		netip.MustParseAddr("193.99.144.80"),
		netip.MustParseAddr("200.160.2.3"),
		netip.MustParseAddr("2001:4860:4860::8888"),
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := db.Lookup(addrs[i%len(addrs)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
