package geo

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Forwarding headers the resolver can trust. Exactly one is read: a proxy
// that appends to X-Forwarded-For usually passes a client's own Forwarded
// header through untouched, so reading both would let the client pick its
// address.
const (
	HeaderXForwardedFor = "X-Forwarded-For"
	HeaderForwarded     = "Forwarded"
)

// How the client address was found.
const (
	ViaRemoteAddr = "remote-addr"
	ViaXFF        = "x-forwarded-for"
	ViaForwarded  = "forwarded"
)

// ClientIPResolver finds the address of the visitor. Forwarding headers are
// read only when the connection comes from a trusted proxy; the chain is then
// walked right to left, skipping trusted proxies, and the first address that
// is not a trusted proxy is the client. Everything to the left of it was
// written by the client and is ignored.
type ClientIPResolver struct {
	trusted []netip.Prefix
	header  string
}

// NewClientIPResolver builds a resolver. header is HeaderXForwardedFor (the
// default when empty) or HeaderForwarded.
func NewClientIPResolver(trusted []netip.Prefix, header string) (*ClientIPResolver, error) {
	switch http.CanonicalHeaderKey(header) {
	case "", HeaderXForwardedFor:
		header = HeaderXForwardedFor
	case HeaderForwarded:
		header = HeaderForwarded
	default:
		return nil, fmt.Errorf("forwarded header %q: want %s or %s", header, HeaderXForwardedFor, HeaderForwarded)
	}
	return &ClientIPResolver{trusted: trusted, header: header}, nil
}

// ClientAddr is the result of resolving one request.
type ClientAddr struct {
	// IP is the visitor's address: the one to geolocate.
	IP netip.Addr
	// Via tells where IP came from (ViaRemoteAddr, ViaXFF or ViaForwarded).
	Via string
	// IPs are all addresses that can be attributed to the request with
	// confidence: the connection's peer, the trusted proxies walked and the
	// client. Addresses the client claims for itself (left of IP in the
	// chain, or any header from an untrusted peer) are not included, so they
	// can't be used to match the IP whitelist.
	IPs []netip.Addr
}

// Resolve returns the client address of r. It fails only when RemoteAddr
// itself is not an address (which net/http never produces for TCP).
func (c *ClientIPResolver) Resolve(r *http.Request) (ClientAddr, error) {
	peer, err := parseHostPort(r.RemoteAddr)
	if err != nil {
		return ClientAddr{}, fmt.Errorf("remote address %q: %w", r.RemoteAddr, err)
	}
	out := ClientAddr{IP: peer, Via: ViaRemoteAddr, IPs: []netip.Addr{peer}}
	if !c.isTrusted(peer) {
		return out, nil
	}
	values := r.Header.Values(c.header)
	if len(values) == 0 {
		return out, nil
	}
	var chain []string
	if c.header == HeaderForwarded {
		chain = forwardedFor(values)
	} else {
		chain = xffList(values)
	}
	via := ViaXFF
	if c.header == HeaderForwarded {
		via = ViaForwarded
	}
	for i := len(chain) - 1; i >= 0; i-- {
		addr, err := parseNodeAddr(chain[i])
		if err != nil {
			// "unknown", an obfuscated identifier or garbage: nothing to the
			// left of it can be trusted, so the last trusted hop is the best
			// answer we have.
			break
		}
		out.IP, out.Via = addr, via
		out.IPs = appendUnique(out.IPs, addr)
		if !c.isTrusted(addr) {
			break
		}
	}
	return out, nil
}

func (c *ClientIPResolver) isTrusted(addr netip.Addr) bool {
	for _, p := range c.trusted {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

func appendUnique(list []netip.Addr, addr netip.Addr) []netip.Addr {
	for _, a := range list {
		if a == addr {
			return list
		}
	}
	return append(list, addr)
}

// xffList splits X-Forwarded-For header lines into their elements, in order.
func xffList(values []string) []string {
	var out []string
	for _, v := range values {
		for part := range strings.SplitSeq(v, ",") {
			if part = strings.TrimSpace(part); part != "" {
				out = append(out, part)
			}
		}
	}
	return out
}

// forwardedFor extracts the for= parameter of each element of RFC 7239
// Forwarded header lines, in order. An element without for= yields "" so the
// walk stops there.
func forwardedFor(values []string) []string {
	var out []string
	for _, v := range values {
		for _, elem := range splitQuoted(v, ',') {
			if strings.TrimSpace(elem) == "" {
				continue
			}
			node := ""
			for _, pair := range splitQuoted(elem, ';') {
				name, value, ok := strings.Cut(strings.TrimSpace(pair), "=")
				if ok && strings.EqualFold(strings.TrimSpace(name), "for") {
					node = unquote(strings.TrimSpace(value))
				}
			}
			out = append(out, node)
		}
	}
	return out
}

// splitQuoted splits s at sep outside double-quoted strings.
func splitQuoted(s string, sep byte) []string {
	var out []string
	inQuote, escaped, start := false, false, 0
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case escaped:
			escaped = false
		case ch == '\\' && inQuote:
			escaped = true
		case ch == '"':
			inQuote = !inQuote
		case ch == sep && !inQuote:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
		s = strings.ReplaceAll(s, `\"`, `"`)
		s = strings.ReplaceAll(s, `\\`, `\`)
	}
	return s
}

// parseNodeAddr parses a chain element: "203.0.113.7", "203.0.113.7:4711",
// "2001:db8::1", "[2001:db8::1]" or "[2001:db8::1]:4711".
func parseNodeAddr(s string) (netip.Addr, error) {
	s = strings.TrimSpace(s)
	if addr, err := netip.ParseAddr(s); err == nil {
		return normalize(addr), nil
	}
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		if addr, err := netip.ParseAddr(s[1 : len(s)-1]); err == nil {
			return normalize(addr), nil
		}
	}
	return parseHostPort(s)
}

func parseHostPort(s string) (netip.Addr, error) {
	host, _, err := net.SplitHostPort(s)
	if err != nil {
		host = s
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}, fmt.Errorf("parse address: %w", err)
	}
	return normalize(addr), nil
}

func normalize(addr netip.Addr) netip.Addr { return addr.Unmap().WithZone("") }

// ParsePrefixes parses a comma-separated list of IP addresses and CIDR
// prefixes ("10.0.0.0/8, 192.0.2.1, 2001:db8::/32"). A bare address becomes a
// single-address prefix. Empty elements are skipped.
func ParsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for part := range strings.SplitSeq(list, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		p, err := ParsePrefix(part)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// ParsePrefix parses one address or CIDR prefix.
func ParsePrefix(s string) (netip.Prefix, error) {
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			return netip.Prefix{}, fmt.Errorf("parse prefix %q: %w", s, err)
		}
		if p.Addr().Is4In6() {
			p = netip.PrefixFrom(p.Addr().Unmap(), max(0, p.Bits()-96))
		}
		return p.Masked(), nil
	}
	addr, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, fmt.Errorf("parse address %q: %w", s, err)
	}
	addr = normalize(addr)
	return netip.PrefixFrom(addr, addr.BitLen()), nil
}
