package geo

import (
	"context"
	"database/sql"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"casino/bff/database"
)

// The data files come from the repository's node_modules (npm ci at the
// root). CASINO_NODE_MODULES points the tests at another node_modules.
func nodeModules(tb testing.TB) string {
	tb.Helper()
	if dir := os.Getenv("CASINO_NODE_MODULES"); dir != "" {
		return dir
	}
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "node_modules")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("repository root (go.mod) not found above the test directory")
		}
		dir = parent
	}
}

func dataFile(tb testing.TB, rel string) string {
	tb.Helper()
	path := filepath.Join(nodeModules(tb), rel)
	if _, err := os.Stat(path); err != nil {
		tb.Fatalf("geo test data missing: %s (%v).\nRun `npm ci` at the repository root: the root package.json lists "+
			"@ip-location-db/geo-whois-asn-country-mmdb, @rapideditor/country-coder and crawler-user-agents.", path, err)
	}
	return path
}

func geoIPPath(tb testing.TB) string {
	return dataFile(tb, "@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb")
}

func bordersPath(tb testing.TB) string {
	return dataFile(tb, "@rapideditor/country-coder/src/data/borders.json")
}

func crawlersPath(tb testing.TB) string {
	return dataFile(tb, "crawler-user-agents/crawler-user-agents.json")
}

var (
	bordersOnce sync.Once
	bordersVal  *Borders
	bordersErr  error
	botsOnce    sync.Once
	botsVal     *BotDetector
	botsErr     error
)

func testBorders(tb testing.TB) *Borders {
	tb.Helper()
	path := bordersPath(tb)
	bordersOnce.Do(func() { bordersVal, bordersErr = LoadBorders(path) })
	if bordersErr != nil {
		tb.Fatal(bordersErr)
	}
	return bordersVal
}

func testBots(tb testing.TB) *BotDetector {
	tb.Helper()
	path := crawlersPath(tb)
	botsOnce.Do(func() { botsVal, botsErr = LoadBotDetector(path, DefaultBotIgnoreTags) })
	if botsErr != nil {
		tb.Fatal(botsErr)
	}
	return botsVal
}

func testIPDB(tb testing.TB) *IPDB {
	tb.Helper()
	db, err := OpenIPDB(geoIPPath(tb))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

// testDB opens a temporary casino database with every migration applied.
func testDB(tb testing.TB) *sql.DB {
	tb.Helper()
	db, err := database.Open(context.Background(), tb.TempDir())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db.Write
}

// clock is a settable time source.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

type serviceOpts struct {
	trusted  string
	header   string
	excluded []string
}

// testService builds a Service over the real data files and a temp database.
func testService(tb testing.TB, opts serviceOpts) (*Service, *clock) {
	tb.Helper()
	trusted, err := ParsePrefixes(opts.trusted)
	if err != nil {
		tb.Fatal(err)
	}
	clk := &clock{t: time.Date(2026, 6, 20, 12, 0, 0, 0, time.UTC)}
	db := testDB(tb)
	excluded := opts.excluded
	svc, err := New(Config{
		GeoIPDB:         geoIPPath(tb),
		BordersFile:     bordersPath(tb),
		CrawlersFile:    crawlersPath(tb),
		TrustedProxies:  trusted,
		ForwardedHeader: opts.header,
		Excluded:        func(context.Context) ([]string, error) { return excluded, nil },
		Now:             clk.Now,
	}, db, db)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { svc.Close() })
	return svc, clk
}

const chromeUA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36"

// request builds a request from remote with the given headers.
func request(method, target, remote string, headers map[string]string) *http.Request {
	r := httptest.NewRequest(method, target, nil)
	r.RemoteAddr = remote
	r.Header.Set("User-Agent", chromeUA)
	for k, v := range headers {
		r.Header.Set(k, v)
	}
	return r
}

func mustAddr(s string) netip.Addr { return netip.MustParseAddr(s) }
