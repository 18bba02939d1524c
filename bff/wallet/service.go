// Package wallet is the seamless wallet: the signed HTTP API through which
// game providers (the in-house studio and any aggregator) take bets, pay
// wins, roll back and end rounds on the casino's ledger, the one
// player-policy check every bet passes, and the round records behind game
// recall and the Games history. See docs/wallet.md.
package wallet

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"casino/bff/api"
	"casino/bff/betlevels"
	"casino/bff/database"
	"casino/bff/ledger"
)

// GameRules is what the wallet needs to know of a game: its name for the
// history and its bet range (decimal amounts in the catalogue's base currency,
// EUR, converted per player by Service.BetScale; empty means no bound).
type GameRules struct {
	Name     string
	Provider string // display name of the game's provider
	MinBet   string
	MaxBet   string
	// BonusExcluded games refuse bets while the player has bonus money in play.
	BonusExcluded bool
	// Kind is the game's category for bonus wagering: slot, live, table
	// ("" unknown; KindWagering).
	Kind string
}

// GameLookup finds a provider's game in the catalogue; it returns an error
// matching ErrGameNotFound when there is none.
type GameLookup func(ctx context.Context, provider, gameID string) (GameRules, error)

// Publisher sends a realtime event to a player's open pages.
type Publisher func(userID int64, name string, data any)

// Win is a paid win as the big-wins feed sees it: the round's stake and
// the win, in the player's currency's minor units.
type Win struct {
	PlayerID         int64
	GameID, GameName string
	Currency         ledger.Currency
	Stake, Amount    int64
	// Free: a free round (no money of the player's staked).
	Free bool
}

// Service serves the provider API and keeps the rounds.
type Service struct {
	db     *database.DB
	ledger *ledger.Ledger
	Games  GameLookup
	// Publish, when set, receives the debit and credit events after commit.
	Publish Publisher
	// Won, when set, hears every paid win after commit (the big-wins feed).
	// It must not block: the wallet calls it on the round's request.
	Won func(Win)
	// Wagering, when set, is told of every stake in its transaction (bonus wagering; wagering.go).
	Wagering WageringHook
	// BetScale, when set, converts a game's bet range into a currency's
	// minor units (bff/betlevels, the operator's rates); without it the
	// range is read at face value in the player's currency.
	BetScale func(ctx context.Context, currency string) (betlevels.Scale, error)
	Now      func() time.Time

	mu      sync.RWMutex
	secrets map[string][]byte // active providers' secrets, loaded on demand
	loaded  time.Time

	stmtOnce sync.Once
	stmtErr  error
	stmts    map[string]*sql.Stmt
}

// secretsTTL bounds how long a disabled provider or a rotated secret keeps
// working from the cache.
const secretsTTL = 10 * time.Second

// NewService returns the wallet over db and the ledger.
func NewService(db *database.DB, l *ledger.Ledger, games GameLookup) *Service {
	return &Service{db: db, ledger: l, Games: games, Now: time.Now}
}

// EnsureProvider creates a provider with a fresh random secret if it does
// not exist yet, and returns its secret.
func (s *Service) EnsureProvider(ctx context.Context, name, title string) ([]byte, error) {
	if !ledger.ValidLabel(name) { // it names the ledger account game:{name}
		return nil, fmt.Errorf("wallet: provider name %q", name)
	}
	secret := make([]byte, 32)
	rand.Read(secret)
	if _, err := s.db.Write.ExecContext(ctx, `INSERT INTO wallet_providers(name, title, secret) VALUES (?, ?, ?) ON CONFLICT(name) DO NOTHING`, name, title, secret); err != nil {
		return nil, fmt.Errorf("wallet: create provider %s: %w", name, err)
	}
	var stored []byte
	if err := s.db.Write.QueryRowContext(ctx, `SELECT secret FROM wallet_providers WHERE name = ?`, name).Scan(&stored); err != nil {
		return nil, fmt.Errorf("wallet: provider %s: %w", name, err)
	}
	s.mu.Lock()
	s.loaded = time.Time{} // reload on next use
	s.mu.Unlock()
	return stored, nil
}

// SetProviderActive enables or disables a provider.
func (s *Service) SetProviderActive(ctx context.Context, name string, active bool) error {
	_, err := s.db.Write.ExecContext(ctx, `UPDATE wallet_providers SET active = ? WHERE name = ?`, active, name)
	s.mu.Lock()
	s.loaded = time.Time{}
	s.mu.Unlock()
	return err
}

// Provider is a provider of the wallet API as the operator sees it (never
// its secret).
type Provider struct {
	Name      string `json:"name"`
	Title     string `json:"title"`
	Active    bool   `json:"active"`
	CreatedAt string `json:"createdAt"`
}

// Providers lists the wallet's providers.
func (s *Service) Providers(ctx context.Context) ([]Provider, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT name, title, active, created_at FROM wallet_providers ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Provider{}
	for rows.Next() {
		var p Provider
		if err := rows.Scan(&p.Name, &p.Title, &p.Active, &p.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// ErrNoProvider: no provider of that name.
var ErrNoProvider = fmt.Errorf("wallet provider: %w", api.ErrNotFound)

// RotateSecretTx draws a new secret for provider in tx and returns it (the
// only time it is shown). The old one stops working once tx commits and the
// cache is dropped (ForgetSecrets): the provider must switch at once.
func RotateSecretTx(ctx context.Context, tx *sql.Tx, provider string) ([]byte, error) {
	secret := make([]byte, 32)
	rand.Read(secret)
	res, err := tx.ExecContext(ctx, `UPDATE wallet_providers SET secret = ? WHERE name = ?`, secret, provider)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, ErrNoProvider
	}
	return secret, nil
}

// SetProviderActiveTx enables or disables provider in tx and returns whether
// it was active.
func SetProviderActiveTx(ctx context.Context, tx *sql.Tx, provider string, active bool) (bool, error) {
	var was bool
	err := tx.QueryRowContext(ctx, `SELECT active FROM wallet_providers WHERE name = ?`, provider).Scan(&was)
	if errors.Is(err, sql.ErrNoRows) {
		return false, ErrNoProvider
	}
	if err != nil {
		return false, err
	}
	_, err = tx.ExecContext(ctx, `UPDATE wallet_providers SET active = ? WHERE name = ?`, active, provider)
	return was, err
}

// ForgetSecrets drops the cached secrets: the next call reads the table
// (after a rotation or an enable/disable committed elsewhere).
func (s *Service) ForgetSecrets() {
	s.mu.Lock()
	s.loaded = time.Time{}
	s.mu.Unlock()
}

// secret returns an active provider's secret.
func (s *Service) secret(ctx context.Context, provider string) ([]byte, bool, error) {
	s.mu.RLock()
	fresh := s.secrets != nil && s.Now().Sub(s.loaded) < secretsTTL
	sec, ok := s.secrets[provider]
	s.mu.RUnlock()
	if fresh {
		return sec, ok, nil
	}
	rows, err := s.db.Read.QueryContext(ctx, `SELECT name, secret FROM wallet_providers WHERE active = 1`)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	m := map[string][]byte{}
	for rows.Next() {
		var (
			name string
			b    []byte
		)
		if err := rows.Scan(&name, &b); err != nil {
			return nil, false, err
		}
		m[name] = b
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	s.mu.Lock()
	s.secrets, s.loaded = m, s.Now()
	s.mu.Unlock()
	sec, ok = m[provider]
	return sec, ok, nil
}

// LocalClient returns a client for provider whose requests are served by
// this service's handler in the same process (no socket), signed exactly
// as over the network.
func (s *Service) LocalClient(ctx context.Context, provider string) (*Client, error) {
	var secret []byte
	err := s.db.Read.QueryRowContext(ctx, `SELECT secret FROM wallet_providers WHERE name = ?`, provider).Scan(&secret)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("wallet: no provider %q", provider)
	}
	if err != nil {
		return nil, err
	}
	// In process, the client signs with the secret the service checks, so
	// a rotation (back office) does not cut the in-house studio off.
	return &Client{Provider: provider, Secret: secret, BaseURL: "http://wallet.local",
		SecretFunc: func(ctx context.Context) []byte {
			if sec, ok, err := s.secret(ctx, provider); err == nil && ok {
				return sec
			}
			return secret
		},
		HTTP: &http.Client{Transport: handlerTransport{h: s.Handler()}}}, nil
}
