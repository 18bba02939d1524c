// Package account is players' accounts: registration (full and one-click),
// login and logout, the user-details document and profile updates.
package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"casino/bff/api"
	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/mail"
	"casino/bff/session"
	"casino/bff/settings"
	"casino/bff/throttle"
)

// Errors the account calls answer with.
var (
	ErrInvalidCredentials = &api.Error{Status: 400, Code: "INVALID_CREDENTIALS", Message: "Invalid email or password"}
	ErrEmailTaken         = &api.Error{Status: 409, Code: "EMAIL_ALREADY_EXISTS", Message: "An account with this email already exists"}
	ErrNicknameTaken      = &api.Error{Status: 409, Code: "NICKNAME_ALREADY_EXISTS", Message: "This nickname is already taken"}
	ErrWrongPassword      = &api.Error{Status: 400, Code: "WRONG_PASSWORD", Message: "Current password is incorrect"}
	ErrFieldLocked        = &api.Error{Status: 400, Code: "FIELD_LOCKED", Message: "Please check fields with errors"}
	ErrCaptcha            = &api.Error{Status: 400, Code: "CAPTCHA_FAILED", Message: "Please confirm you are not a robot"}
)

// Service runs the account calls.
type Service struct {
	db       *database.DB
	sessions *session.Manager
	settings *settings.Store
	throttle *Throttle
	// credentialsSent limits send-credentials per player and client address.
	credentialsSent *throttle.Window
	ledger          *ledger.Ledger
	now             func() time.Time

	// ClientIP and Locate come from the geo lookup (trusted proxies, IP to
	// country); nil uses the connection's address and no location.
	ClientIP func(*http.Request) string
	Locate   func(*http.Request) string
	// Mail sends verification and credentials e-mails.
	Mail *mail.Sender
	// PublicURL is the site's own address for links in e-mails; a request
	// on a registered mirror domain links to that mirror. Empty (the demo
	// only: production refuses to start without it) follows the request.
	PublicURL string
	// Captcha checks recaptchaToken on login and sign-up while the operator
	// has the "captcha" feature on; nil refuses every token then.
	Captcha Verifier
	// ActiveBonus returns the player's active bonus for get-user-details'
	// activeBonus (bff/bonus; nil or a nil answer: null).
	ActiveBonus func(ctx context.Context, userID int64) (any, error)
	// LoyaltyLevel, when set, returns userLoyaltyLevel (bff/loyalty); without
	// it every player shows the lowest level.
	LoyaltyLevel func(ctx context.Context, userID int64) (any, error)
	// ReferralData, when set, returns referralData (bff/referral) in the
	// player's currency.
	ReferralData func(ctx context.Context, userID int64, currency string) (any, error)
	// OnSignUp, when set, is told of each new account with its sign-up
	// request (bff/referral: the referral link's cookie, the device); its
	// failure is logged and does not fail the sign-up.
	OnSignUp func(ctx context.Context, r *http.Request, userID int64) error
}

// Verifier checks a challenge answer (bff/captcha).
type Verifier interface {
	Verify(token string) error
}

// NewService returns a Service.
func NewService(db *database.DB, sessions *session.Manager, st *settings.Store) *Service {
	return &Service{db: db, sessions: sessions, settings: st, throttle: NewThrottle(), credentialsSent: newCredentialsLimit(), ledger: ledger.New(db), now: time.Now}
}

// User is a stored player.
type User struct {
	ID                     int64
	Email                  string
	PasswordHash           string
	FirstName, LastName    string
	Nickname               string
	CurrencyCode           string
	CountryCode            string
	Locale                 string
	PhoneCode, Phone       string
	DateOfBirth            string
	Gender                 string
	City, Address, ZipCode string
	CPF                    string
	KYCStatus              string
	Tags                   string
	IsEmailVerified        bool
	DepositCount           int
	SelfExclusionUntil     string
	SelfExclusionPermanent bool
	CreatedAt              string
}

const userColumns = `id, email, password_hash, first_name, last_name, nickname, currency_code, country_code, locale,
	phone_code, phone, date_of_birth, gender, city, address, zip_code, cpf, kyc_status, tags, is_email_verified,
	deposit_count, self_exclusion_until, self_exclusion_permanent, created_at`

func scanUser(row interface{ Scan(...any) error }) (*User, error) {
	var u User
	err := row.Scan(&u.ID, &u.Email, &u.PasswordHash, &u.FirstName, &u.LastName, &u.Nickname, &u.CurrencyCode, &u.CountryCode,
		&u.Locale, &u.PhoneCode, &u.Phone, &u.DateOfBirth, &u.Gender, &u.City, &u.Address, &u.ZipCode, &u.CPF, &u.KYCStatus,
		&u.Tags, &u.IsEmailVerified, &u.DepositCount, &u.SelfExclusionUntil, &u.SelfExclusionPermanent, &u.CreatedAt)
	if err != nil {
		return nil, err
	}
	return &u, nil
}

func (s *Service) userByID(ctx context.Context, id int64) (*User, error) {
	u, err := scanUser(s.db.Read.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("user %d: %w", id, api.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("load user %d: %w", id, err)
	}
	return u, nil
}

func (s *Service) userByEmail(ctx context.Context, email string) (*User, error) {
	u, err := scanUser(s.db.Read.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE email = ?`, strings.TrimSpace(email)))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load user by email: %w", err)
	}
	return u, nil
}

// SelfExcluded applies the product rule: permanent, or an exclusion date that
// is not in the past.
func (u *User) SelfExcluded(now time.Time) bool {
	return session.SelfExcluded(u.SelfExclusionUntil, u.SelfExclusionPermanent, now)
}

func isUniqueViolation(err error, column string) bool {
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed") && strings.Contains(err.Error(), column)
}
