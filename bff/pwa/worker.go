package pwa

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"strings"
)

// WorkerPath is the service worker's address: at the root, so its scope is
// the whole site.
const WorkerPath = "/sw.js"

// OfflinePath is the offline page the worker precaches and shows when a
// navigation fails.
const OfflinePath = "/offline"

//go:embed worker.js
var workerSource string

// Bypass are the paths the worker never touches (no respondWith: the
// browser goes to the network as if there were no worker, and nothing is
// cached): the API (money, sessions, the /api/user/events stream), the
// sandbox processors, the other event streams and live tables, webhooks,
// the development mailbox, the back office, log-out, and the worker and
// manifest themselves. A prefix ending in "/" matches everything under it;
// otherwise the path itself and everything under it ("/logout" matches
// "/logout" and "/logout/x", not "/logouts").
var Bypass = []string{
	"/api/", "/sandbox/", "/dev/", "/studio/", "/chat/", "/races/", "/rewards/", "/webhooks/",
	"/backoffice", "/logout", "/healthz", WorkerPath, ManifestPath,
}

// Static are the prefixes served cache-first: immutable, content-versioned
// files (front-end releases, the shell's hashed files, the icons).
var Static = []string{"/mf/", "/shell/static/", IconPrefix}

// MoneyPages are the cashier pages whose HTML the worker never caches (no
// page HTML is ever cached: every navigation goes to the network, the
// offline page only answers when the network fails). They are listed so the
// rule is explicit and tested; the operator's moved addresses are added.
var MoneyPages = []string{"/deposit", "/withdraw", "/withdrawal", "/profile/transactions", "/profile2/balance", "/profile2/my-history"}

// ReleaseAssets are the files of one current front-end release the worker
// precaches.
type ReleaseAssets struct {
	Name    string   `json:"name"`
	Version string   `json:"version"`
	Files   []string `json:"files"` // absolute URLs (/mf/name/version/file)
}

// WorkerConfig is what the worker is rendered with.
type WorkerConfig struct {
	Offline    string          `json:"offline"`
	Shell      []string        `json:"shell"` // shell files precached beside the offline page
	Releases   []ReleaseAssets `json:"releases"`
	Bypass     []string        `json:"bypass"`
	Static     []string        `json:"static"`
	MoneyPages []string        `json:"moneyPages"`
	// Version is a hash of everything above and of the worker's code: a
	// new front-end release, shell build or icon changes the worker's bytes,
	// so browsers install the new worker and drop the old caches.
	Version string `json:"version"`
}

// NewWorkerConfig fills the fixed rules around the precache lists.
// moneyPages are the operator's cashier addresses (settings pageUrls).
func NewWorkerConfig(shellFiles []string, releases []ReleaseAssets, moneyPages ...string) WorkerConfig {
	c := WorkerConfig{Offline: OfflinePath, Shell: shellFiles, Releases: releases, Bypass: Bypass, Static: Static}
	seen := map[string]bool{}
	for _, p := range append(append([]string{}, MoneyPages...), moneyPages...) {
		if strings.HasPrefix(p, "/") && p != "/" && !seen[p] {
			seen[p] = true
			c.MoneyPages = append(c.MoneyPages, p)
		}
	}
	if c.Shell == nil {
		c.Shell = []string{}
	}
	if c.Releases == nil {
		c.Releases = []ReleaseAssets{}
	}
	raw, _ := json.Marshal(c)
	h := sha256.New()
	h.Write(raw)
	h.Write([]byte(workerSource))
	c.Version = hex.EncodeToString(h.Sum(nil))[:16]
	return c
}

// Worker is the service worker script: worker.js with the configuration
// in place of its placeholder.
func Worker(c WorkerConfig) []byte {
	raw, _ := json.Marshal(c) // HTML-escaped (<, >, &): harmless in a script
	return bytes.Replace([]byte(workerSource), []byte("/*CONFIG*/{}"), raw, 1)
}

// Route is what the worker does with a same-origin GET of path: "bypass"
// (never touched, never cached), "static" (cache-first), "page" (a
// navigation: network only, the offline page when the network fails; never
// cached) or "network" (not a navigation and not static: untouched). It
// mirrors route() in worker.js; the end-to-end test checks the browser.
func (c WorkerConfig) Route(path string, navigation bool) string {
	for _, p := range c.Bypass {
		if matches(path, p) {
			return "bypass"
		}
	}
	for _, p := range c.Static {
		if matches(path, p) {
			return "static"
		}
	}
	if navigation {
		return "page"
	}
	return "network"
}

func matches(path, p string) bool {
	if strings.HasSuffix(p, "/") {
		return strings.HasPrefix(path, p)
	}
	return path == p || strings.HasPrefix(path, p+"/")
}
