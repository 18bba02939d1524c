// Package cashier moves money in and out of the casino on top of the ledger:
// payment methods and their filters, deposits through card processors (with
// 3-D Secure and signed webhooks) and crypto networks, withdrawals with the
// operator's approval, and the Deposit/Withdrawal history. Every credit and
// debit is a ledger transfer with an idempotency key; this package keeps
// only the records and their statuses (docs/cashier.md).
package cashier

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"casino/bff/cashier/coins"
	"casino/bff/cashier/payment"
	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/realtime"
)

// Publisher sends realtime events to a player's pages (realtime.Hub).
type Publisher interface {
	Publish(userID int64, e realtime.Event)
}

// Service is the cashier.
type Service struct {
	db     *database.DB
	ledger *ledger.Ledger
	events Publisher
	now    func() time.Time

	processors map[string]payment.Processor
	secrets    map[string][]byte // webhook secret per processor
	wallet     *coins.Wallet
	chainPayer ChainPayer

	fpMu  sync.Mutex
	fpKey []byte // card-fingerprint secret, read once (fingerprint.go)

	// ExcludedCountries returns the site's blocked countries (settings);
	// deposits located there answer DEPOSIT_COUNTRY_BLOCK. Optional.
	ExcludedCountries func(ctx context.Context) ([]string, error)
	// ActiveBonus reports whether the player has an active bonus (the bonus
	// package sets it). Until then a positive bonus balance counts as one.
	ActiveBonus func(ctx context.Context, userID int64, cur ledger.Currency) (bool, error)
	// CheckBonus, when set, checks the bonus a new deposit names (bff/bonus:
	// minimum deposit, one active bonus, …); its refusal refuses the deposit.
	CheckBonus func(ctx context.Context, userID int64, bonusID string, amount ledger.Money) error
	// OnDepositCredited, when set, is told of every credited deposit that
	// names a bonus (bff/bonus grants it), also again on a replayed
	// confirmation, so it must be idempotent by deposit id. Its failure is
	// logged: the deposit stays credited.
	OnDepositCredited func(ctx context.Context, d CreditedDeposit) error
	// DepositCoupon, when set, resolves the coupon a new deposit names
	// (code) to its bonus, or with no code offers the player's sign-up
	// promo code when it is a deposit coupon the deposit qualifies for
	// (bff/bonus); ref "" = no bonus. Its refusal (COUPON_NOT_APPLIED, …)
	// refuses the deposit.
	DepositCoupon func(ctx context.Context, userID int64, code string, amount ledger.Money) (ref, coupon string, err error)
}

// CreditedDeposit is a deposit the ledger has credited.
type CreditedDeposit struct {
	UserID    int64
	DepositID string
	BonusID   string
	// CouponCode: the coupon the bonus came with ("" = none).
	CouponCode string
	Amount     ledger.Money
	// Number is the player's count of credited deposits, this one included.
	Number int
}

// New returns a cashier on db and l that publishes to events (nil: none).
func New(db *database.DB, l *ledger.Ledger, events Publisher) *Service {
	return &Service{db: db, ledger: l, events: events, now: time.Now,
		processors: map[string]payment.Processor{}, secrets: map[string][]byte{}}
}

// AddProcessor registers a card processor and the secret its webhooks are
// signed with.
func (s *Service) AddProcessor(p payment.Processor, webhookSecret []byte) {
	s.processors[p.Name()] = p
	s.secrets[p.Name()] = webhookSecret
}

// SetWallet sets the HD wallet crypto deposit addresses are derived from.
func (s *Service) SetWallet(w *coins.Wallet) { s.wallet = w }

// ChainPayer broadcasts crypto payouts. Pay must be idempotent by key: a
// retry returns the first transaction.
type ChainPayer interface {
	Pay(ctx context.Context, network, address string, amount int64, key string) (txid string, err error)
}

// SetChainPayer sets who sends approved crypto withdrawals; without one an
// approval only records that the operator paid out by other means.
func (s *Service) SetChainPayer(p ChainPayer) { s.chainPayer = p }

// Settings are the operator's cashier settings (payments.json "settings").
type Settings struct {
	// RequireEmailVerification refuses deposits of players whose e-mail is
	// not verified (REQUIRED_EMAIL_VERIFICATION).
	RequireEmailVerification bool `json:"requireEmailVerification"`
	// PlayerCanCancelWithdrawal lets players cancel their pending
	// withdrawals; some regulators forbid reversing a withdrawal.
	PlayerCanCancelWithdrawal bool `json:"playerCanCancelWithdrawal"`
	// DepositWageringMultiplier: stakes needed per deposited unit before a
	// withdrawal ("1" = the deposits once), a decimal string.
	DepositWageringMultiplier string `json:"depositWageringMultiplier"`
	// CryptoConfirmations per network name overrides coins' defaults.
	CryptoConfirmations map[string]int `json:"cryptoConfirmations"`
	// DefaultLimits per currency for methods without their own.
	DefaultLimits map[string]Limit `json:"defaultLimits"`
	// DepositAttemptsPerHour bounds a player's deposit attempts (card
	// testing with stolen numbers looks like many small attempts); 0 is
	// unlimited.
	DepositAttemptsPerHour int `json:"depositAttemptsPerHour"`
	// KYCWithdrawalThreshold per currency ("EUR": "2000.00"): withdrawals
	// of 30 days above it need approved identity documents (kyc.go).
	KYCWithdrawalThreshold map[string]string `json:"kycWithdrawalThreshold"`
	// FourEyesWithdrawalAbove per currency ("EUR": "1000.00"): a withdrawal
	// above it needs the approval of two different staff members in the
	// back office (docs/backoffice.md).
	FourEyesWithdrawalAbove map[string]string `json:"fourEyesWithdrawalAbove"`
}

var settingKeys = []string{"requireEmailVerification", "playerCanCancelWithdrawal", "depositWageringMultiplier", "cryptoConfirmations", "defaultLimits", "depositAttemptsPerHour", "kycWithdrawalThreshold", "fourEyesWithdrawalAbove"}

// Settings reads the operator's settings.
func (s *Service) Settings(ctx context.Context) (Settings, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT key, value FROM cashier_settings`)
	if err != nil {
		return Settings{}, fmt.Errorf("cashier settings: %w", err)
	}
	defer rows.Close()
	doc := map[string]json.RawMessage{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return Settings{}, err
		}
		doc[k] = json.RawMessage(v)
	}
	if err := rows.Err(); err != nil {
		return Settings{}, err
	}
	st := Settings{DepositWageringMultiplier: "1"}
	raw, _ := json.Marshal(doc)
	if err := json.Unmarshal(raw, &st); err != nil {
		return Settings{}, fmt.Errorf("cashier settings: %w", err)
	}
	return st, nil
}

// SaveSettings stores the settings present in raw (a JSON object with the
// keys of Settings); other keys are refused.
func (s *Service) SaveSettings(ctx context.Context, raw json.RawMessage) error {
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(raw, &doc); err != nil {
		return fmt.Errorf("cashier settings: %w", err)
	}
	var check Settings
	if err := json.Unmarshal(raw, &check); err != nil {
		return fmt.Errorf("cashier settings: %w", err)
	}
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		for k, v := range doc {
			known := false
			for _, sk := range settingKeys {
				known = known || sk == k
			}
			if !known {
				return fmt.Errorf("cashier settings: unknown key %q", k)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO cashier_settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`, k, string(v)); err != nil {
				return err
			}
		}
		return nil
	})
}

// confirmations is the number of blocks after which a deposit on n counts.
func (st Settings) confirmations(n coins.Network) int {
	if c, ok := st.CryptoConfirmations[n.Name]; ok && c > 0 {
		return c
	}
	return n.Confirmations
}

// player is what the cashier needs to know about the caller.
type player struct {
	ID            int64
	Email         string
	EmailVerified bool
	Tags          []string
	Country       string
	Currency      string
	Phone         string
	SelfExcluded  bool
	FrozenUntil   string // RFC 3339, empty when never frozen (player_limits)
}

var errNoPlayer = errors.New("cashier: no such player")

func (s *Service) player(ctx context.Context, id int64) (player, error) {
	var (
		p                player
		tags, until      string
		permanent        bool
		phone, phoneCode string
	)
	err := s.db.Read.QueryRowContext(ctx, `SELECT u.id, u.email, u.is_email_verified, u.tags, u.country_code, u.currency_code, u.phone, u.phone_code,
			u.self_exclusion_until, u.self_exclusion_permanent, COALESCE(l.frozen_until, '')
			FROM users u LEFT JOIN player_limits l ON l.player_id = u.id WHERE u.id = ?`, id).
		Scan(&p.ID, &p.Email, &p.EmailVerified, &tags, &p.Country, &p.Currency, &phone, &phoneCode, &until, &permanent, &p.FrozenUntil)
	if errors.Is(err, sql.ErrNoRows) {
		return player{}, errNoPlayer
	}
	if err != nil {
		return player{}, fmt.Errorf("cashier: player %d: %w", id, err)
	}
	json.Unmarshal([]byte(tags), &p.Tags)
	p.Phone = phoneCode + phone
	p.Country = strings.ToUpper(p.Country)
	p.Currency = strings.ToUpper(p.Currency)
	// Same rule as account.User.SelfExcluded: permanent, or the date is not past.
	if permanent {
		p.SelfExcluded = true
	} else if t, err := time.Parse(time.RFC3339, until); until != "" && err == nil {
		p.SelfExcluded = !t.Before(s.now())
	}
	return p, nil
}

// frozen reports whether the player froze their account (SPEC section 9:
// no deposits and no bets until the freeze ends; withdrawals still work).
func (p player) frozen(now time.Time) bool {
	t, err := time.Parse(time.RFC3339, p.FrozenUntil)
	return p.FrozenUntil != "" && err == nil && now.Before(t)
}

// viewer is the player as the method rules see them.
func (p player) viewer() Viewer {
	return Viewer{LoggedIn: true, Email: p.Email, EmailVerified: p.EmailVerified, Tags: p.Tags}
}

// newID returns a public id: prefix and 16 random hex digits.
func newID(prefix string) string {
	b := make([]byte, 8)
	rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

const timeLayout = "2006-01-02T15:04:05.000Z"

func (s *Service) stamp() string { return s.now().UTC().Format(timeLayout) }
