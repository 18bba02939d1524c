// Package server wires the casino's packages into one http.Handler. It holds
// routes and cross-cutting middleware only; behaviour lives in the packages.
package server

import (
	"context"
	"crypto/subtle"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"casino/bff/account"
	"casino/bff/api"
	"casino/bff/bigwins"
	"casino/bff/bonus"
	"casino/bff/chat"
	"casino/bff/database"
	"casino/bff/frontends"
	"casino/bff/geo"
	"casino/bff/i18n"
	"casino/bff/kyc"
	"casino/bff/ledger"
	"casino/bff/loyalty"
	"casino/bff/mail"
	"casino/bff/onboarding"
	"casino/bff/openapi"
	"casino/bff/protection"
	"casino/bff/races"
	"casino/bff/realtime"
	"casino/bff/referral"
	"casino/bff/rewards"
	"casino/bff/scripts"
	"casino/bff/session"
	"casino/bff/settings"
	"casino/bff/staff"
	"casino/bff/studio"
	"casino/bff/tracking"
)

// Config is what an operator sets (flags or CASINO_* variables).
type Config struct {
	Mode        Mode   // demo (default) or production: see mode.go
	DataDir     string // database, replica, published front-end builds
	ContentDir  string // pages, locales, assets (operator-editable)
	DeployToken string // authorises front-end uploads over HTTP
	SystemToken string // when set, API calls must carry it in X-System-Token
	AdminToken  string // authorises the admin API (X-Admin-Token)
	PublicURL   string // https://… the site's address, for links in e-mails (required in production)
	CryptoXPUB  string // the operator's HD wallet for crypto deposit addresses
	SandboxOff  bool   // CASINO_SANDBOX=off: no sandbox processors even in the demo
	// SecureCookies marks cookies Secure behind a TLS-ending proxy in the
	// demo (CASINO_SECURE_COOKIES); production always does.
	SecureCookies bool
	Geo           geo.Config
	SMTP          *mail.SMTPConfig // nil keeps e-mails in the outbox (see /dev/mailbox)
	MailFrom      string
	Releases      ReleaseWatch // automatic rollback of failing front-end releases (releases.go)
	// DemoMinute shortens the minute of session time limits and reality
	// checks (CASINO_DEMO_MINUTE, end-to-end tests): a demo only, New
	// refuses it in production (Check).
	DemoMinute time.Duration
	Limits     Limits // what callers without a login can do at once (limits.go); zero: DefaultLimits
}

// App is the running casino: its database, services and handler.
type App struct {
	Config     Config
	DB         *database.DB
	Settings   *settings.Store
	Sessions   *session.Manager
	Scripts    *scripts.Store
	Frontends  *frontends.Registry
	Catalog    *i18n.Catalog
	Realtime   *realtime.Hub
	Tracking   *tracking.Log
	Accounts   *account.Service
	Geo        *geo.Service
	Mail       *mail.Sender
	Cashier    *Cashier
	Games      *Games
	Studio     *studio.Service
	Bonus      *bonus.Service
	Rewards    *rewards.Service
	Protection *protection.Service
	KYC        *kyc.Service
	Loyalty    *loyalty.Service
	Races      *races.Service
	Referral   *referral.Service
	Chat       *chat.Service
	Staff      *staff.Service
	BigWins    *bigwins.Feed

	guards *guards // limits.go

	// Ledger is the one ledger every service posts through: its group
	// commit batches their writes together (one queue for the one writer).
	Ledger *ledger.Ledger
}

// New opens the database and builds every service. Settings must load: the
// casino cannot render a page without them, so failing here stops the
// process with a clear message.
func New(ctx context.Context, cfg Config) (*App, error) {
	if err := cfg.Check(); err != nil {
		return nil, fmt.Errorf("refusing to start (%s mode):\n%w", cfg.Mode, err)
	}
	if cfg.secureCookies() {
		cfg.Geo.SecureCookies = true
	}
	db, err := database.Open(ctx, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	a := &App{
		Config:    cfg,
		DB:        db,
		Settings:  settings.NewStore(db),
		Sessions:  session.NewManager(db),
		Scripts:   scripts.NewStore(db),
		Frontends: frontends.NewRegistry(db, filepath.Join(cfg.DataDir, "frontends")),
		Catalog:   i18n.NewCatalog(filepath.Join(cfg.ContentDir, "locales")),
		Realtime:  realtime.NewHub(),
		Ledger:    ledger.New(db),
		guards:    newGuards(cfg.Limits),
	}
	a.Sessions.SecureCookies = cfg.secureCookies()
	a.Tracking = tracking.NewLog(db, a.Sessions)
	a.Accounts = account.NewService(db, a.Sessions, a.Settings)
	a.Accounts.PublicURL = cfg.publicURL()
	from := cfg.MailFrom
	if from == "" {
		from = "no-reply@aurum-casino.example"
	}
	a.Mail = mail.NewSender(db, cfg.SMTP, from)
	a.Accounts.Mail = a.Mail
	if _, err := a.Settings.Current(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("cannot load site settings: %w", err)
	}
	if _, err := a.Catalog.Messages(i18n.Fallback); err != nil {
		db.Close()
		return nil, fmt.Errorf("cannot load the English translations from %s: %w", cfg.ContentDir, err)
	}
	if err := a.openGeo(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if err := a.openCashier(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if err := a.openGames(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if err := a.openStudio(ctx); err != nil {
		db.Close()
		return nil, err
	}
	a.openBonus(ctx)
	a.openRewards()
	a.openLoyalty(ctx)
	a.openRaces(ctx)
	a.openReferral(ctx)
	a.openProtection(ctx)
	a.openChat(ctx)
	a.openKYC()
	a.openStaff()
	a.watchReleases(ctx)
	return a, nil
}

// openGeo loads the IP and borders data and hooks the one IP lookup into the
// packages that need the caller's address or country.
func (a *App) openGeo(ctx context.Context) error {
	cfg := a.Config.Geo
	st, err := a.Settings.Current(ctx)
	if err != nil {
		return err
	}
	for _, ip := range st.WhitelistedIPs {
		p, err := geo.ParsePrefix(ip)
		if err != nil {
			return fmt.Errorf("settings whitelistedIps %q: %w", ip, err)
		}
		cfg.Whitelist = append(cfg.Whitelist, p)
	}
	cfg.Excluded = func(ctx context.Context) ([]string, error) {
		st, err := a.Settings.Current(ctx)
		return st.ExcludedCountries, err
	}
	if a.Geo, err = geo.New(cfg, a.DB.Write, a.DB.Read); err != nil {
		return err
	}
	a.Accounts.ClientIP = func(r *http.Request) string {
		c, err := a.Geo.Locator.ClientAddr(r)
		if err != nil {
			return ""
		}
		return c.IP.String()
	}
	a.Accounts.Locate = func(r *http.Request) string {
		loc, _, err := a.Geo.Locator.Locate(r)
		if err != nil {
			return ""
		}
		return loc.Country.Code
	}
	return nil
}

// Close stops the live table and releases the database and the IP data.
func (a *App) Close() error {
	if a.Studio != nil {
		a.Studio.Close() // the live table's loop and payments
	}
	if a.Geo != nil {
		a.Geo.Close()
	}
	return a.DB.Close()
}

// Handler returns the casino's routes with middleware.
func (a *App) Handler() (http.Handler, error) {
	mux, err := a.routes()
	if err != nil {
		return nil, err
	}
	return a.middleware(a.referralLanding(mux)), nil
}

// routes registers every route of the casino on a new mux.
func (a *App) routes() (*http.ServeMux, error) {
	mux := http.NewServeMux()
	handle := func(pattern string, h api.HandlerFunc) { mux.Handle(pattern, h) }

	handle("GET /api/core/casino/settings2", a.settingsHandler)
	handle("GET /api/core/casino/locales/{file}", a.Catalog.Handler(func(r *http.Request) ([]string, error) {
		s, err := a.Settings.Current(r.Context())
		return s.Languages, err
	}))
	handle("GET /api/core/casino/scripts", a.Scripts.Handler())
	mux.Handle("GET /api/core/casino/assets/", assetHandler(filepath.Join(a.Config.ContentDir, "assets")))

	fe := frontends.API{Registry: a.Frontends, DeployToken: a.Config.DeployToken, Staff: a.Staff}
	handle("GET /api/core/casino/frontends", fe.Current)
	handle("GET /api/core/casino/frontends/{name}/releases", fe.List)
	handle("POST /api/core/casino/frontends/{name}", fe.Upload)
	handle("PATCH /api/core/casino/frontends/{name}", fe.Patch)
	mux.HandleFunc("GET /mf/{name}/{version}/{file...}", a.Frontends.ServeAsset)

	a.Accounts.Routes(mux)
	a.accountsRoutes(mux)
	a.Geo.Routes(mux)
	a.cashierRoutes(mux)
	a.gamesRoutes(mux)
	a.studioRoutes(mux)
	a.bonusRoutes(mux)
	a.rewardsRoutes(mux)
	a.Protection.Routes(mux, a.Sessions)
	a.KYC.Routes(mux, a.Sessions)
	a.loyaltyRoutes(mux)
	a.racesRoutes(mux)
	a.statisticsRoutes(mux)
	a.chatRoutes(mux)
	a.backofficeRoutes(mux)
	onboarding.New(a.DB, nil).Routes(mux, a.Sessions)
	handle("POST /api/user/log-event", a.Tracking.Handler())
	handle("GET /api/user/events", a.Sessions.RequireUser(a.Realtime.Handler()))

	mux.HandleFunc("GET /api/openapi.json", openapi.Handler)
	mux.HandleFunc("GET /healthz", a.health)
	if a.Config.Demo() && !a.Mail.Relayed() {
		mux.Handle("GET /dev/mailbox", a.Mail.MailboxHandler())
	}
	// Unknown API paths answer in the API's error shape, never with HTML.
	handle("/api/", func(http.ResponseWriter, *http.Request) error { return api.ErrNotFound })

	if err := a.mountSite(mux); err != nil {
		return nil, err
	}
	return mux, nil
}

func (a *App) settingsHandler(w http.ResponseWriter, r *http.Request) error {
	s, err := a.Settings.Current(r.Context())
	if err != nil {
		return fmt.Errorf("settings2: %v: %w", err, api.ErrServiceUnavailable)
	}
	w.Header().Set("Cache-Control", "no-cache")
	return api.WriteData(w, s.Public())
}

func (a *App) health(w http.ResponseWriter, r *http.Request) {
	if err := a.DB.Read.PingContext(r.Context()); err != nil {
		http.Error(w, "database unavailable", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Write([]byte("ok\n"))
}

// getBudget keeps GET handlers well inside the client's 15 s time-out.
const getBudget = 10 * time.Second

func (a *App) middleware(next http.Handler) http.Handler {
	// The session cookie authenticates browser requests too, so a write from
	// another site must be refused (CSRF): Go's CrossOriginProtection checks
	// Sec-Fetch-Site and Origin on unsafe methods.
	csrf := http.NewCrossOriginProtection()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				slog.Error("panic", "method", r.Method, "path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
				api.WriteError(w, r, api.ErrInternal)
			}
		}()
		if !a.Config.Demo() {
			// Production is served over https only (behind its proxy): browsers
			// remember to never try plain http for two years.
			w.Header().Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		if err := csrf.Check(r); err != nil {
			api.WriteError(w, r, api.ErrForbidden)
			return
		}
		release, ok := a.limit(w, r)
		if !ok {
			return
		}
		if release != nil {
			defer release()
		}
		if strings.HasPrefix(r.URL.Path, "/api/") {
			if a.Config.SystemToken != "" && subtle.ConstantTimeCompare([]byte(r.Header.Get("X-System-Token")), []byte(a.Config.SystemToken)) != 1 {
				api.WriteError(w, r, api.ErrForbidden)
				return
			}
			if r.Method == http.MethodGet && r.URL.Path != "/api/user/events" {
				ctx, cancel := context.WithTimeout(r.Context(), getBudget)
				defer cancel()
				r = r.WithContext(ctx)
			}
		}
		next.ServeHTTP(w, r)
	})
}

func assetHandler(dir string) http.Handler {
	files := http.StripPrefix("/api/core/casino/assets/", http.FileServer(noDirFS{http.Dir(dir)}))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=86400")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		files.ServeHTTP(w, r)
	})
}

// noDirFS hides directory listings.
type noDirFS struct{ fs http.FileSystem }

func (n noDirFS) Open(name string) (http.File, error) {
	f, err := n.fs.Open(name)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, os.ErrNotExist
	}
	return f, nil
}
