package geo

import (
	"net/http/httptest"
	"slices"
	"testing"
)

func TestClientIPResolver(t *testing.T) {
	const trusted = "10.0.0.0/8, 192.168.1.1, fd00::/8"
	tests := []struct {
		name    string
		header  string // resolver's trusted header
		remote  string
		xff     []string
		fwd     []string
		wantIP  string
		wantVia string
		wantIPs []string
	}{
		{
			name: "direct connection", remote: "193.99.144.80:5123",
			wantIP: "193.99.144.80", wantVia: ViaRemoteAddr, wantIPs: []string{"193.99.144.80"},
		},
		{
			name: "direct IPv6 connection", remote: "[2001:4860:4860::8888]:443",
			wantIP: "2001:4860:4860::8888", wantVia: ViaRemoteAddr, wantIPs: []string{"2001:4860:4860::8888"},
		},
		{
			name: "spoofed X-Forwarded-For from an untrusted peer is ignored", remote: "193.99.144.80:5123",
			xff:    []string{"8.8.8.8"},
			wantIP: "193.99.144.80", wantVia: ViaRemoteAddr, wantIPs: []string{"193.99.144.80"},
		},
		{
			name: "spoofed Forwarded from an untrusted peer is ignored", remote: "193.99.144.80:5123", header: HeaderForwarded,
			fwd:    []string{"for=8.8.8.8"},
			wantIP: "193.99.144.80", wantVia: ViaRemoteAddr, wantIPs: []string{"193.99.144.80"},
		},
		{
			name: "trusted proxy: client from X-Forwarded-For", remote: "10.0.0.5:40000",
			xff:    []string{"200.160.2.3"},
			wantIP: "200.160.2.3", wantVia: ViaXFF, wantIPs: []string{"10.0.0.5", "200.160.2.3"},
		},
		{
			name: "chain walked right to left, trusted hops skipped, client's own claims ignored", remote: "10.0.0.5:40000",
			xff:    []string{"8.8.8.8, 200.160.2.3, 192.168.1.1", "10.1.1.1"},
			wantIP: "200.160.2.3", wantVia: ViaXFF, wantIPs: []string{"10.0.0.5", "10.1.1.1", "192.168.1.1", "200.160.2.3"},
		},
		{
			name: "entries with ports and brackets", remote: "10.0.0.5:40000",
			xff:    []string{"[2001:4860:4860::8888]:1234"},
			wantIP: "2001:4860:4860::8888", wantVia: ViaXFF, wantIPs: []string{"10.0.0.5", "2001:4860:4860::8888"},
		},
		{
			name: "garbage entry stops the walk at the last trusted hop", remote: "10.0.0.5:40000",
			xff:    []string{"8.8.8.8, not-an-ip, 10.2.2.2"},
			wantIP: "10.2.2.2", wantVia: ViaXFF, wantIPs: []string{"10.0.0.5", "10.2.2.2"},
		},
		{
			name: "trusted proxy without header", remote: "10.0.0.5:40000",
			wantIP: "10.0.0.5", wantVia: ViaRemoteAddr, wantIPs: []string{"10.0.0.5"},
		},
		{
			name: "Forwarded configured: X-Forwarded-For is not read", remote: "10.0.0.5:40000", header: HeaderForwarded,
			xff:    []string{"8.8.8.8"},
			wantIP: "10.0.0.5", wantVia: ViaRemoteAddr, wantIPs: []string{"10.0.0.5"},
		},
		{
			name: "X-Forwarded-For configured: a client's Forwarded passed through is not read", remote: "10.0.0.5:40000",
			fwd:    []string{"for=8.8.8.8"},
			xff:    []string{"193.99.144.80"},
			wantIP: "193.99.144.80", wantVia: ViaXFF, wantIPs: []string{"10.0.0.5", "193.99.144.80"},
		},
		{
			name: "RFC 7239 Forwarded with quoted IPv6 and port", remote: "10.0.0.5:40000", header: HeaderForwarded,
			fwd:    []string{`for=8.8.8.8;proto=https, for="[2001:12ff::1]:4711";by=10.0.0.5`},
			wantIP: "2001:12ff::1", wantVia: ViaForwarded, wantIPs: []string{"10.0.0.5", "2001:12ff::1"},
		},
		{
			name: "RFC 7239 Forwarded across header lines, trusted hop skipped", remote: "10.0.0.5:40000", header: HeaderForwarded,
			fwd:    []string{`for=193.99.144.80`, `For="10.3.3.3"`},
			wantIP: "193.99.144.80", wantVia: ViaForwarded, wantIPs: []string{"10.0.0.5", "10.3.3.3", "193.99.144.80"},
		},
		{
			name: "RFC 7239 obfuscated identifier stops the walk", remote: "10.0.0.5:40000", header: HeaderForwarded,
			fwd:    []string{`for=8.8.8.8, for=_hidden`},
			wantIP: "10.0.0.5", wantVia: ViaRemoteAddr, wantIPs: []string{"10.0.0.5"},
		},
		{
			name: "IPv4-mapped peer counts as IPv4", remote: "[::ffff:10.0.0.5]:40000",
			xff:    []string{"200.160.2.3"},
			wantIP: "200.160.2.3", wantVia: ViaXFF, wantIPs: []string{"10.0.0.5", "200.160.2.3"},
		},
	}
	prefixes, err := ParsePrefixes(trusted)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := NewClientIPResolver(prefixes, tt.header)
			if err != nil {
				t.Fatal(err)
			}
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tt.remote
			for _, v := range tt.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			for _, v := range tt.fwd {
				r.Header.Add("Forwarded", v)
			}
			got, err := res.Resolve(r)
			if err != nil {
				t.Fatal(err)
			}
			if got.IP.String() != tt.wantIP || got.Via != tt.wantVia {
				t.Errorf("IP, Via = %s, %s; want %s, %s", got.IP, got.Via, tt.wantIP, tt.wantVia)
			}
			var ips []string
			for _, ip := range got.IPs {
				ips = append(ips, ip.String())
			}
			if !slices.Equal(ips, tt.wantIPs) {
				t.Errorf("IPs = %v, want %v", ips, tt.wantIPs)
			}
		})
	}
}

func TestNewClientIPResolverRejectsOtherHeaders(t *testing.T) {
	if _, err := NewClientIPResolver(nil, "X-Real-IP"); err == nil {
		t.Error("X-Real-IP accepted")
	}
	for _, h := range []string{"", "x-forwarded-for", "forwarded"} {
		if _, err := NewClientIPResolver(nil, h); err != nil {
			t.Errorf("%q: %v", h, err)
		}
	}
}

func TestParsePrefixes(t *testing.T) {
	tests := []struct {
		in      string
		want    []string
		wantErr bool
	}{
		{in: "", want: nil},
		{in: "10.0.0.0/8", want: []string{"10.0.0.0/8"}},
		{in: " 192.0.2.1 , 2001:db8::/32,", want: []string{"192.0.2.1/32", "2001:db8::/32"}},
		{in: "10.1.2.3/8", want: []string{"10.0.0.0/8"}},
		{in: "::ffff:10.0.0.0/104", want: []string{"10.0.0.0/8"}},
		{in: "2001:db8::1", want: []string{"2001:db8::1/128"}},
		{in: "10.0.0.0/33", wantErr: true},
		{in: "example.com", wantErr: true},
	}
	for _, tt := range tests {
		got, err := ParsePrefixes(tt.in)
		if (err != nil) != tt.wantErr {
			t.Errorf("ParsePrefixes(%q) error = %v, wantErr %v", tt.in, err, tt.wantErr)
			continue
		}
		var s []string
		for _, p := range got {
			s = append(s, p.String())
		}
		if !slices.Equal(s, tt.want) {
			t.Errorf("ParsePrefixes(%q) = %v, want %v", tt.in, s, tt.want)
		}
	}
}
