package server

import (
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
)

// Mode is the one switch between the demo and a real casino. The demo has
// everything that can mint money, read mail or skip a check (the sandbox card
// processor and chain, the development mailbox); production has none of it.
// The zero value is the demo, as `make run` expects.
type Mode string

const (
	ModeDemo       Mode = "demo"
	ModeProduction Mode = "production"
)

// ParseMode reads CASINO_MODE / --mode; empty means demo.
func ParseMode(s string) (Mode, error) {
	switch Mode(s) {
	case "", ModeDemo:
		return ModeDemo, nil
	case ModeProduction:
		return ModeProduction, nil
	}
	return "", fmt.Errorf("unknown mode %q: want %q or %q", s, ModeDemo, ModeProduction)
}

// Demo reports whether demo-only features may run.
func (c Config) Demo() bool { return c.Mode != ModeProduction }

// Sandbox reports whether the sandbox card processor and chain run: only in
// the demo, and there unless CASINO_SANDBOX=off.
func (c Config) Sandbox() bool { return c.Demo() && !c.SandboxOff }

// secureCookies: production always marks cookies Secure (TLS ends at a proxy
// in front of the server, so the request itself cannot tell).
func (c Config) secureCookies() bool { return !c.Demo() || c.SecureCookies }

// MinTokenLength is the shortest operator token production accepts: 32
// characters of a random token carry well over 128 bits.
const MinTokenLength = 32

// Check refuses a configuration that is unsafe for real money, naming every
// problem at once so the operator fixes them in one go.
func (c Config) Check() error {
	var errs []error
	if c.CryptoXPUB != "" && c.Sandbox() {
		// The sandbox chain credits any deposit address on request and marks
		// withdrawals paid: it must never see a real wallet's addresses.
		errs = append(errs, errors.New("CASINO_CRYPTO_XPUB is a real wallet but the sandbox chain is on: set CASINO_SANDBOX=off (or run in production mode)"))
	}
	if c.Demo() {
		return errors.Join(errs...)
	}
	if c.DemoMinute != 0 {
		// It shortens players' session time limits and reality checks.
		errs = append(errs, fmt.Errorf("CASINO_DEMO_MINUTE=%s shortens players' session limits and reality checks: demo mode only", c.DemoMinute))
	}
	for _, t := range []struct{ name, value string }{
		{"CASINO_ADMIN_TOKEN", c.AdminToken}, {"CASINO_DEPLOY_TOKEN", c.DeployToken}, {"CASINO_SYSTEM_TOKEN", c.SystemToken},
	} {
		if t.value != "" && len(t.value) < MinTokenLength {
			errs = append(errs, fmt.Errorf("%s is %d characters: production needs at least %d (e.g. openssl rand -hex 32)", t.name, len(t.value), MinTokenLength))
		}
	}
	if u, err := url.Parse(c.PublicURL); c.PublicURL == "" || err != nil || u.Scheme != "https" || u.Host == "" || (u.Path != "" && u.Path != "/") {
		errs = append(errs, fmt.Errorf("CASINO_PUBLIC_URL %q: production needs the site's https:// address (e-mail links are built from it, never from the request's Host)", c.PublicURL))
	}
	return errors.Join(errs...)
}

// publicURL is the site's address without a trailing slash ("" in a demo
// that did not set one: links then follow the request).
func (c Config) publicURL() string { return strings.TrimRight(c.PublicURL, "/") }

// PrintBanner tells whoever starts the server which mode it is in; the demo's
// banner says plainly that its money is not real.
func (c Config) PrintBanner(w io.Writer) {
	if !c.Demo() {
		fmt.Fprintf(w, "casino: PRODUCTION mode: no sandbox, no development mailbox, Secure __Host- cookies, HSTS; public address %s\n", c.publicURL())
		return
	}
	lines := []string{
		"DEMO MODE - not for real money.",
		"Sandbox card payments and the sandbox chain can mint balance,",
		"/dev/mailbox shows every e-mail (verification links, credentials).",
		"Run a real casino with CASINO_MODE=production (see docs/security.md).",
	}
	if !c.Sandbox() {
		lines[1] = "The sandbox processors are off (CASINO_SANDBOX=off),"
	}
	width := 0
	for _, l := range lines {
		width = max(width, len(l))
	}
	bar := strings.Repeat("*", width+6)
	fmt.Fprintln(w, bar)
	for _, l := range lines {
		fmt.Fprintf(w, "*  %-*s  *\n", width, l)
	}
	fmt.Fprintln(w, bar)
}
