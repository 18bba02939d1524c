// Command casino runs the casino's backend-for-frontend.
//
//	casino serve     [--addr 127.0.0.1:8080] [--data data] [--content content]
//	casino migrate   [--data data]
//	casino seed      [--data data] [--seed data/seed]
//	casino frontends publish NAME DIR [--canary N] | promote NAME | list [NAME] | rollback NAME | activate NAME VERSION
//	casino ledger check [--data data]
//	casino withdrawals list|approve ID|reject ID [--reason …]
//	casino deposits held|release ID|reject ID
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/net/netutil"

	"casino/bff/database"
	"casino/bff/demo"
	"casino/bff/frontends"
	"casino/bff/geo"
	"casino/bff/ledger"
	"casino/bff/mail"
	"casino/bff/server"
)

func main() {
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo})))
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	switch cmd, args := os.Args[1], os.Args[2:]; cmd {
	case "serve":
		err = serve(ctx, args)
	case "migrate":
		err = migrate(ctx, args)
	case "seed":
		err = seed(ctx, args)
	case "frontends":
		err = frontendsCmd(ctx, args)
	case "ledger":
		err = ledgerCmd(ctx, args)
	case "withdrawals":
		err = withdrawalsCmd(ctx, args)
	case "deposits":
		err = depositsCmd(ctx, args)
	case "mirrors":
		err = mirrorsCmd(ctx, args)
	case "settings":
		err = settingsCmd(ctx, args)
	case "kyc":
		err = kycCmd(ctx, args)
	case "limits":
		err = limitsCmd(ctx, args)
	case "rewards":
		err = rewardsCmd(ctx, args)
	case "loyalty":
		err = loyaltyCmd(ctx, args)
	case "races":
		err = racesCmd(ctx, args)
	case "chat":
		err = chatCmd(ctx, args)
	case "staff":
		err = staffCmd(ctx, args)
	case "bonuses":
		err = bonusesCmd(ctx, args)
	case "coupons":
		err = couponsCmd(ctx, args)
	case "help", "-h", "--help":
		usage()
		return
	default:
		fmt.Fprintf(os.Stderr, "casino: unknown command %q\n", cmd)
		usage()
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "casino %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprint(os.Stderr, `usage: casino <command> [flags]

commands:
  serve      run the HTTP server (--addr, --data, --content; CASINO_ADDR, CASINO_DATA, CASINO_CONTENT)
  migrate    apply database migrations
  seed       load demo data from data/seed
  frontends  publish NAME DIR [--canary PERCENT] | promote NAME | list [NAME] | rollback NAME | activate NAME VERSION [--reason TEXT] [--by NAME]: micro-frontend releases (deploys audited)
  settings   show | patch JSON [--reason TEXT] [--by NAME]: the site settings (e.g. '{"features":{"captcha":true}}' turns on the sign-up/login challenge; audited)
  mirrors    put URL [SETTINGS_JSON] | list: the casino's mirror domains (loginOff, registration windows)
  ledger     check: verify every ledger invariant (zero-sum transactions, balances, no negatives)
  withdrawals list [--status S] | approve ID | reject ID [--reason TEXT]: players' withdrawals
  deposits   held | release ID | reject ID [--reason TEXT] [--by NAME]: crypto deposits held for review (they failed the deposit-time checks; decisions audited)
  limits     show EMAIL | set-bet EMAIL PERIOD AMOUNT --reason TEXT | audit EMAIL: support's bet-limit changes (audited)
  kyc        EMAIL STATUS [--reason TEXT] | documents list|approve ID|reject ID --reason TEXT|show ID: identity documents and their review
  rewards    settings [show | patch JSON [--reason TEXT] [--by NAME]]: the rakeback calendar's rules (docs/rewards.md; audited)
  loyalty    levels | put-level JSON | set-rate CURRENCY MINOR_UNITS | recompute | show EMAIL: the VIP club (writes and recompute audited, --reason/--by)
  races      create JSON [--reason TEXT] [--by NAME] | list | show ID: time-boxed races (prizes paid by the running server at the end; create audited)
  chat       mute EMAIL DURATION | ban EMAIL | unban EMAIL | delete ID [--reason TEXT] [--by NAME]: chat moderation (audited)
  staff      create EMAIL ROLE | list | disable EMAIL [--reason TEXT] [--by NAME]: back-office staff accounts (prints the two-factor secret once; audited)
  bonuses    list | put FILE.json | disable ID: the bonus catalogue (checked like the seed; docs/bonus.md)
  coupons    list | put FILE.json | disable CODE: coupon codes and their redemptions
`)
}

func env(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}

type common struct {
	data, content string
}

func commonFlags(fs *flag.FlagSet) *common {
	c := &common{}
	fs.StringVar(&c.data, "data", env("CASINO_DATA", "data"), "data directory (database, replica, front-end builds)")
	fs.StringVar(&c.content, "content", env("CASINO_CONTENT", "content"), "content directory (pages, locales, assets)")
	return c
}

func serve(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ExitOnError)
	addr := fs.String("addr", env("CASINO_ADDR", "127.0.0.1:8080"), "listen address")
	modeFlag := fs.String("mode", env("CASINO_MODE", "demo"), "demo (sandbox payments, dev mailbox) or production")
	c := commonFlags(fs)
	fs.Parse(args)

	mode, err := server.ParseMode(*modeFlag)
	if err != nil {
		return err
	}
	geoCfg, err := geo.ConfigFromEnv()
	if err != nil {
		return err
	}
	smtpCfg, err := smtpFromEnv()
	if err != nil {
		return err
	}
	releases, err := server.ReleaseWatchFromEnv()
	if err != nil {
		return err
	}
	var demoMinute time.Duration
	if v := os.Getenv("CASINO_DEMO_MINUTE"); v != "" {
		// e.g. "1s": a 10-minute session limit lasts 10 seconds (demo only).
		if demoMinute, err = time.ParseDuration(v); err != nil || demoMinute <= 0 {
			return fmt.Errorf("CASINO_DEMO_MINUTE %q: want a duration such as 1s", v)
		}
	}
	limits, err := server.LimitsFromEnv()
	if err != nil {
		return err
	}
	maxConns := 4096
	if v := os.Getenv("CASINO_MAX_CONNECTIONS"); v != "" {
		if maxConns, err = strconv.Atoi(v); err != nil || maxConns <= 0 {
			return fmt.Errorf("CASINO_MAX_CONNECTIONS %q: want a positive whole number", v)
		}
	}
	cfg := server.Config{
		Mode: mode, DataDir: c.data, ContentDir: c.content,
		DeployToken: os.Getenv("CASINO_DEPLOY_TOKEN"), SystemToken: os.Getenv("CASINO_SYSTEM_TOKEN"),
		AdminToken: os.Getenv("CASINO_ADMIN_TOKEN"), PublicURL: os.Getenv("CASINO_PUBLIC_URL"),
		CryptoXPUB: os.Getenv("CASINO_CRYPTO_XPUB"), SandboxOff: os.Getenv("CASINO_SANDBOX") == "off",
		SecureCookies: geoCfg.SecureCookies,
		Geo:           geoCfg, SMTP: smtpCfg, MailFrom: os.Getenv("CASINO_MAIL_FROM"), Releases: releases, Limits: limits,
		DemoMinute: demoMinute,
	}
	app, err := server.New(ctx, cfg)
	if err != nil {
		return err
	}
	cfg.PrintBanner(os.Stderr)
	defer app.Close()
	handler, err := app.Handler()
	if err != nil {
		return err
	}
	if err := startPprof(); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	// Connections, headers and slow clients are bounded (issue 18, item 8):
	// a 25 MB document upload fits the read time-out on a slow line; event
	// streams lift the write time-out for themselves (bff/realtime).
	ln = netutil.LimitListener(ln, maxConns)
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	slog.Info("casino listening", "addr", "http://"+ln.Addr().String(), "data", c.data)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	slog.Info("casino stopped")
	return nil
}

// smtpFromEnv reads CASINO_SMTP_HOST, _PORT (587), _USER, _PASSWORD, _TLS
// (starttls|tls|none); no host means no relay.
func smtpFromEnv() (*mail.SMTPConfig, error) {
	host := os.Getenv("CASINO_SMTP_HOST")
	if host == "" {
		return nil, nil
	}
	port := 587
	if v := os.Getenv("CASINO_SMTP_PORT"); v != "" {
		p, err := strconv.Atoi(v)
		if err != nil || p <= 0 || p > 65535 {
			return nil, fmt.Errorf("CASINO_SMTP_PORT %q is not a port", v)
		}
		port = p
	}
	return &mail.SMTPConfig{
		Host: host, Port: port, Username: os.Getenv("CASINO_SMTP_USER"), Password: os.Getenv("CASINO_SMTP_PASSWORD"),
		TLS: os.Getenv("CASINO_SMTP_TLS"), From: os.Getenv("CASINO_MAIL_FROM"),
	}, nil
}

func migrate(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("migrate", flag.ExitOnError)
	c := commonFlags(fs)
	fs.Parse(args)
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	v, err := db.Version(ctx)
	if err != nil {
		return err
	}
	fmt.Printf("database %s at schema version %d\n", db.Path, v)
	return nil
}

func seed(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("seed", flag.ExitOnError)
	c := commonFlags(fs)
	dir := fs.String("seed", env("CASINO_SEED", "data/seed"), "directory of demo data files")
	fs.Parse(args)
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	report, err := demo.Load(ctx, db, os.DirFS(*dir))
	if err != nil {
		return err
	}
	fmt.Println(report)
	return nil
}

func ledgerCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("ledger", flag.ExitOnError)
	c := commonFlags(fs)
	fs.Parse(args)
	if fs.Arg(0) != "check" {
		return errors.New("usage: casino ledger [--data DIR] check")
	}
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := ledger.New(db).Check(ctx); err != nil {
		return err
	}
	fmt.Println("ledger ok: every transaction sums to zero, every balance matches its postings, no player balance is negative")
	return nil
}

const frontendsUsage = `usage: casino frontends [--data DIR] publish NAME DIR [--canary PERCENT] | promote NAME | list [NAME] | rollback NAME | activate NAME VERSION
  publish, promote, rollback and activate take [--reason TEXT] [--by NAME] and are kept in the back office's
  audit log (release.publish, release.promote, release.rollback, release.activate: the release pointers
  before and after) with the reason (default: the command line).`

func frontendsCmd(ctx context.Context, args []string) error {
	fs, c, why, by := writeFlagSet("frontends", frontendsUsage)
	canary := fs.Int("canary", 0, "publish: serve the build to this share of visitors (1–99) beside the current release")
	rest := parseAnywhere(fs, args)
	if len(rest) == 0 {
		fs.Usage()
		return errors.New("missing sub-command")
	}
	reason := strings.TrimSpace(*why)
	if reason == "" {
		reason = "command line: casino frontends " + strings.Join(rest, " ")
		if *canary > 0 {
			reason += fmt.Sprintf(" --canary %d", *canary)
		}
	}
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	audit := func(action string) frontends.Hook { return cliReleaseAudit(ctx, db, *by, reason, action, rest[1]) }
	reg := frontends.NewRegistry(db, c.data+"/frontends")
	print := func(r frontends.Release) {
		mark := " "
		switch {
		case r.Current:
			mark = "*"
		case r.Canary > 0:
			mark = "~"
		}
		line := fmt.Sprintf("%s %-14s %-18s %s  %s", mark, r.Name, r.Version, r.PublishedAt, r.Entry)
		if r.Canary > 0 {
			line += fmt.Sprintf("  canary %d%%", r.Canary)
		}
		if r.RolledBackReason != "" {
			line += fmt.Sprintf("  rolled back %s: %s", r.RolledBackAt, r.RolledBackReason)
		}
		fmt.Println(line)
	}
	var r frontends.Release
	switch sub := rest[0]; {
	case sub == "publish" && len(rest) == 3 && *canary > 0:
		r, err = reg.PublishCanary(ctx, rest[1], os.DirFS(rest[2]), *canary, audit("release.publish"))
	case sub == "publish" && len(rest) == 3:
		r, err = reg.Release(ctx, rest[1], os.DirFS(rest[2]), audit("release.publish"))
	case sub == "promote" && len(rest) == 2:
		r, err = reg.Promote(ctx, rest[1], audit("release.promote"))
	case sub == "list" && len(rest) <= 2:
		name := ""
		if len(rest) == 2 {
			name = rest[1]
		}
		list, err := reg.List(ctx, name)
		if err != nil {
			return err
		}
		for _, r := range list {
			print(r)
		}
		return nil
	case sub == "rollback" && len(rest) == 2:
		r, err = reg.Rollback(ctx, rest[1], audit("release.rollback"))
	case sub == "activate" && len(rest) == 3:
		r, err = reg.Activate(ctx, rest[1], rest[2], audit("release.activate"))
	default:
		fs.Usage()
		return errors.New("bad arguments")
	}
	if err != nil {
		return err
	}
	print(r)
	return nil
}
