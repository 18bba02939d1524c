package server

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"

	"casino/bff/api"
	"casino/bff/cashier"
	"casino/bff/cashier/cardsandbox"
	"casino/bff/cashier/chainsandbox"
	"casino/bff/cashier/coins"
)

// Cashier is the cashier service with the sandbox processors the server
// runs for it.
type Cashier struct {
	*cashier.Service
	cardSandbox *cardsandbox.Processor
	chain       *chainsandbox.Chain
}

// openCashier builds the cashier on the ledger with its processors and
// starts their background work (pending payments) for the life of ctx.
func (a *App) openCashier(ctx context.Context) error {
	a.Cashier = &Cashier{Service: cashier.New(a.DB, a.Ledger, a.Realtime)}
	a.Cashier.ExcludedCountries = func(ctx context.Context) ([]string, error) {
		st, err := a.Settings.Current(ctx)
		return st.ExcludedCountries, err
	}
	// Finish withdrawals a crash left half-done (older than two minutes;
	// the minute loop takes the rest).
	if err := a.Cashier.Reconcile(ctx); err != nil {
		return fmt.Errorf("cashier reconcile: %w", err)
	}
	if err := a.openCryptoWallet(ctx); err != nil {
		return err
	}
	// Deposits abandoned on the 3-D Secure page for half an hour stop counting
	// against the player's limits; withdrawals a failure left half-done are finished.
	go every(ctx, time.Minute, "cashier: abandoned deposits cancelled", func(ctx context.Context) (int, error) {
		n, err := a.Cashier.ExpireAbandoned(ctx, 30*time.Minute)
		return int(n), err
	})
	go every(ctx, time.Minute, "cashier: reconcile withdrawals", func(ctx context.Context) (int, error) { return 0, a.Cashier.Reconcile(ctx) })
	// The sandbox card processor and chain stand in for outside services in
	// the demo only (Config.Sandbox, README).
	if !a.Config.Sandbox() {
		return nil
	}
	secret, err := a.DB.Secret(ctx, "sandbox-webhook", 32)
	if err != nil {
		return err
	}
	delay := 5 * time.Second
	if v := os.Getenv("CASINO_SANDBOX_PENDING_DELAY"); v != "" {
		if delay, err = time.ParseDuration(v); err != nil {
			return fmt.Errorf("CASINO_SANDBOX_PENDING_DELAY: %w", err)
		}
	}
	// The sandbox posts its webhooks to the cashier in process, through the
	// same signature check an outside processor's HTTP call goes through.
	svc := a.Cashier.Service
	sb := cardsandbox.New(a.DB, secret, func(ctx context.Context, body []byte, sig string) error {
		return svc.HandleWebhook(ctx, cardsandbox.Name, sig, body)
	}, cardsandbox.Options{PendingDelay: delay})
	a.Cashier.AddProcessor(sb, secret)
	a.Cashier.cardSandbox = sb
	// Pending payments are resolved within a quarter of their delay.
	poll := min(delay/4, time.Second)
	if poll <= 0 {
		poll = time.Second
	}
	go every(ctx, poll, "cashier sandbox: pending card payments", func(ctx context.Context) (int, error) { return 0, sb.ResolveDue(ctx) })

	block := time.Second
	if v := os.Getenv("CASINO_SANDBOX_BLOCK_INTERVAL"); v != "" {
		if block, err = time.ParseDuration(v); err != nil {
			return fmt.Errorf("CASINO_SANDBOX_BLOCK_INTERVAL: %w", err)
		}
	}
	if block <= 0 {
		block = time.Second
	}
	chain := chainsandbox.New(a.DB, svc.ChainTransfer)
	a.Cashier.chain = chain
	a.Cashier.SetChainPayer(chain)
	go every(ctx, block, "cashier sandbox: chain block", func(ctx context.Context) (int, error) { return 0, chain.Mine(ctx) })
	slog.Info("cashier: sandbox card processor and chain on", "pendingDelay", delay, "blockInterval", block)
	return nil
}

// openCryptoWallet sets the HD wallet deposit addresses come from: the operator's
// extended public key (CASINO_CRYPTO_XPUB), or in the sandbox a wallet made
// from a random seed kept in the database.
func (a *App) openCryptoWallet(ctx context.Context) error {
	if xpub := a.Config.CryptoXPUB; xpub != "" {
		w, err := coins.NewWallet(xpub)
		if err != nil {
			return fmt.Errorf("CASINO_CRYPTO_XPUB: %w", err)
		}
		a.Cashier.SetWallet(w)
		return nil
	}
	if !a.Config.Sandbox() {
		return nil
	}
	seed, err := a.DB.Secret(ctx, "sandbox-wallet-seed", 32)
	if err != nil {
		return err
	}
	w, _, err := coins.NewSandboxWallet(seed)
	if err != nil {
		return err
	}
	a.Cashier.SetWallet(w)
	return nil
}

// cashierRoutes serves the cashier's calls and the sandbox's hosted pages.
func (a *App) cashierRoutes(mux *http.ServeMux) {
	web := &cashier.Web{Service: a.Cashier.Service, Sessions: a.Sessions, Locate: a.Accounts.Locate,
		AdminToken: a.Config.AdminToken,
		GameHistory: func(ctx context.Context, userID int64, pageNo, limit int) (any, error) {
			if a.Games == nil {
				return nil, api.ErrNotFound
			}
			return a.Games.Wallet.History(ctx, userID, pageNo, limit)
		}}
	web.Routes(mux)
	if sb := a.Cashier.cardSandbox; sb != nil {
		mux.Handle("/sandbox/card/3ds/", sb.Handler())
	}
	if c := a.Cashier.chain; c != nil {
		c.Routes(mux)
	}
}
