// Package staff is the operator's people in the back office: their accounts
// (apart from players: own table, own sessions, own cookie), their roles and
// what each role may do, the two-factor log-in (password and an RFC 6238
// code), and the append-only audit log every staff write goes to
// (docs/backoffice.md).
package staff

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"image/png"
	"net/http"
	"net/mail"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"casino/bff/account"
	"casino/bff/api"
	"casino/bff/clock"
	"casino/bff/database"
)

// Roles.
const (
	RoleAdmin      = "admin"
	RoleSupport    = "support"
	RoleFinance    = "finance"
	RoleCompliance = "compliance"
)

// Roles lists every role, for validation and the permission matrix.
var Roles = []string{RoleAdmin, RoleSupport, RoleFinance, RoleCompliance}

// Permission is one thing a back-office call does; every call names one and
// the server checks it against the caller's role.
type Permission string

// Permissions.
const (
	WithdrawalsRead   Permission = "withdrawals.read"
	WithdrawalsDecide Permission = "withdrawals.decide"
	KYCRead           Permission = "kyc.read"
	KYCReview         Permission = "kyc.review"
	ReleasesRead      Permission = "releases.read"
	ReleasesWrite     Permission = "releases.write"
	AuditRead         Permission = "audit.read"
	DashboardRead     Permission = "dashboard.read"
	PlayersRead       Permission = "players.read"
	PlayersNote       Permission = "players.note"
	SettingsRead      Permission = "settings.read"
	SettingsWrite     Permission = "settings.write"
	// The player page's actions (issue 21's second part).
	PlayersSessions Permission = "players.sessions" // end a player's session
	PlayersLimits   Permission = "players.limits"   // change a bet limit (support's VIP desk)
	PlayersFreeze   Permission = "players.freeze"   // freeze or unfreeze an account
	BonusesRead     Permission = "bonuses.read"
	BonusesWrite    Permission = "bonuses.write"
	ProvidersRead   Permission = "providers.read"
	ProvidersWrite  Permission = "providers.write"
	StaffRead       Permission = "staff.read"
	StaffWrite      Permission = "staff.write"
	ChatModerate    Permission = "chat.moderate" // read the rooms with their authors, delete, mute, ban
)

// grants is the permission table: which roles hold each permission. Admin
// holds everything; the others hold what their desk needs.
var grants = map[Permission][]string{
	WithdrawalsRead:   {RoleAdmin, RoleFinance, RoleSupport},
	WithdrawalsDecide: {RoleAdmin, RoleFinance},
	KYCRead:           {RoleAdmin, RoleCompliance, RoleSupport},
	KYCReview:         {RoleAdmin, RoleCompliance},
	ReleasesRead:      {RoleAdmin},
	ReleasesWrite:     {RoleAdmin},
	AuditRead:         {RoleAdmin, RoleCompliance},
	DashboardRead:     {RoleAdmin, RoleFinance, RoleCompliance},
	PlayersRead:       {RoleAdmin, RoleSupport, RoleFinance, RoleCompliance},
	PlayersNote:       {RoleAdmin, RoleSupport, RoleFinance, RoleCompliance},
	SettingsRead:      {RoleAdmin},
	SettingsWrite:     {RoleAdmin},
	PlayersSessions:   {RoleAdmin, RoleSupport, RoleCompliance},
	PlayersLimits:     {RoleAdmin, RoleSupport},
	PlayersFreeze:     {RoleAdmin, RoleCompliance},
	BonusesRead:       {RoleAdmin, RoleFinance, RoleSupport},
	BonusesWrite:      {RoleAdmin},
	ProvidersRead:     {RoleAdmin},
	ProvidersWrite:    {RoleAdmin},
	StaffRead:         {RoleAdmin},
	StaffWrite:        {RoleAdmin},
	ChatModerate:      {RoleAdmin, RoleSupport, RoleCompliance},
}

// AllPermissions lists the permissions in a stable order.
func AllPermissions() []Permission {
	out := make([]Permission, 0, len(grants))
	for p := range grants {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// Can reports whether role holds p.
func Can(role string, p Permission) bool { return slices.Contains(grants[p], role) }

// PermissionsOf lists what role may do.
func PermissionsOf(role string) []Permission {
	var out []Permission
	for _, p := range AllPermissions() {
		if Can(role, p) {
			out = append(out, p)
		}
	}
	return out
}

// Member is a staff account as the back office shows it.
type Member struct {
	ID          int64        `json:"id"`
	Email       string       `json:"email"`
	Role        string       `json:"role"`
	Permissions []Permission `json:"permissions"`
	// RequestToken is given once, in the log-in's answer: the back-office
	// page sends it in RequestHeader with every call.
	RequestToken string `json:"requestToken,omitempty"`
	tokenHash    []byte
}

// Actor is how the audit log names the member.
func (m *Member) Actor() string { return m.Email }

// Errors of the back office's log-in and checks.
var (
	// ErrNoSession answers a back-office call without a valid staff session.
	ErrNoSession = &api.Error{Status: http.StatusUnauthorized, Code: "STAFF_UNAUTHORIZED", Message: "Please log in to the back office"}
	// ErrDenied answers a call the member's role does not allow.
	ErrDenied = &api.Error{Status: http.StatusForbidden, Code: "STAFF_FORBIDDEN", Message: "Your role does not allow this"}
	// ErrInvalidCredentials: wrong e-mail, password or code (one answer, so
	// it does not tell which).
	ErrInvalidCredentials = &api.Error{Status: http.StatusBadRequest, Code: "INVALID_CREDENTIALS", Message: "Invalid email, password or code"}
	// ErrReasonRequired: a decision that must say why.
	ErrReasonRequired = api.ErrValidation.WithField("reason", "Required")
)

// Service holds staff accounts, sessions and the audit log.
type Service struct {
	db       *database.DB
	throttle *account.Throttle
	Clock    clock.Clock
	// Issuer names the casino in authenticator apps.
	Issuer string
	// SecureCookies names the cookie SecureCookieName and marks it Secure
	// (production always).
	SecureCookies bool
	// ClientIP is the caller's address (throttling, the session record).
	ClientIP func(*http.Request) string

	routes []Route

	keyMu      sync.Mutex
	requestKey []byte // see requestToken
	linkKey    []byte // see SignLink
}

// NewService returns the staff service on db.
func NewService(db *database.DB) *Service {
	return &Service{db: db, throttle: account.NewThrottle(), Issuer: "Casino back office"}
}

func (s *Service) now() time.Time { return clock.Or(s.Clock).Now().UTC() }

const stampLayout = "2006-01-02T15:04:05.000Z"

func (s *Service) stamp() string { return s.now().Format(stampLayout) }

// Created is a new account with its two-factor secret, shown once.
type Created struct {
	Member
	Secret string // base32 TOTP secret
	URL    string // otpauth:// URL for an authenticator app's QR code
}

// MinPasswordLength is the shortest staff password.
const MinPasswordLength = 12

// Create adds a staff account, audited as done by actor (the command line's
// "cli:alice") with reason. The password is hashed as players' are (argon2id); the TOTP
// secret is new and returned once.
func (s *Service) Create(ctx context.Context, email, role, password, actor, reason string) (Created, error) {
	return s.create(ctx, email, role, password, actor, sql.NullInt64{}, reason)
}

// CreateBy is Create done by a member in the back office.
func (s *Service) CreateBy(ctx context.Context, email, role, password string, by *Member) (Created, error) {
	return s.create(ctx, email, role, password, by.Actor(), sql.NullInt64{Int64: by.ID, Valid: true}, "")
}

// QRCode is the otpauth:// URL of a new account as a PNG data URL (the
// back office shows it once, for the authenticator app to scan).
func QRCode(otpauthURL string) (string, error) {
	key, err := otp.NewKeyFromURL(otpauthURL)
	if err != nil {
		return "", err
	}
	img, err := key.Image(240, 240)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return "", err
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}

// NewPassword is a random password for a new account (shown once).
func NewPassword() string { return rand.Text() }

func (s *Service) create(ctx context.Context, email, role, password, actor string, actorID sql.NullInt64, reason string) (Created, error) {
	email = strings.TrimSpace(email)
	v := api.Validation{}
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email {
		v.Add("email", "Invalid format")
	}
	if !slices.Contains(Roles, role) {
		v.Add("role", "Invalid format")
	}
	if len(password) < MinPasswordLength || len(password) > 128 {
		v.Add("password", fmt.Sprintf("At least %d characters", MinPasswordLength))
	}
	if err := v.Err(); err != nil {
		return Created{}, err
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: s.Issuer, AccountName: email, Algorithm: otp.AlgorithmSHA1, Digits: otp.DigitsSix, Period: 30})
	if err != nil {
		return Created{}, fmt.Errorf("totp secret: %w", err)
	}
	hash, err := account.HashPassword(ctx, password)
	if err != nil {
		return Created{}, err
	}
	var id int64
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO staff(email, role, password_hash, totp_secret, created_at) VALUES (?, ?, ?, ?, ?)`,
			email, role, hash, key.Secret(), s.stamp())
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE") {
				return api.ErrValidation.WithField("email", "Already exists")
			}
			return fmt.Errorf("create staff %s: %w", email, err)
		}
		id, _ = res.LastInsertId()
		return s.RecordAs(ctx, tx, actor, actorID, Change{Action: "staff.create", Target: "staff:" + email,
			After: map[string]string{"email": email, "role": role}, Reason: reason})
	})
	if err != nil {
		return Created{}, err
	}
	return Created{Member: Member{ID: id, Email: email, Role: role, Permissions: PermissionsOf(role)}, Secret: key.Secret(), URL: key.URL()}, nil
}

// List returns every staff account.
func (s *Service) List(ctx context.Context) ([]Member, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT id, email, role FROM staff WHERE disabled = 0 ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Member
	for rows.Next() {
		var m Member
		if err := rows.Scan(&m.ID, &m.Email, &m.Role); err != nil {
			return nil, err
		}
		m.Permissions = PermissionsOf(m.Role)
		out = append(out, m)
	}
	return out, rows.Err()
}

// Disable ends an account and its sessions (a leaver), audited as done by
// actor with reason.
func (s *Service) Disable(ctx context.Context, email, actor, reason string) error {
	return s.disable(ctx, email, actor, sql.NullInt64{}, reason)
}

// DisableBy is Disable done by a member in the back office, with a reason;
// a member does not disable their own account.
func (s *Service) DisableBy(ctx context.Context, email string, by *Member, reason string) error {
	if email == by.Email {
		return ErrSelfDisable
	}
	return s.disable(ctx, email, by.Actor(), sql.NullInt64{Int64: by.ID, Valid: true}, reason)
}

// ErrSelfDisable: the last admin could lock everyone out.
var ErrSelfDisable = &api.Error{Status: http.StatusConflict, Code: "STAFF_SELF_DISABLE", Message: "You cannot disable your own account"}

func (s *Service) disable(ctx context.Context, email, actor string, actorID sql.NullInt64, reason string) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		var id int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM staff WHERE email = ? AND disabled = 0`, email).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("staff %s: %w", email, api.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE staff SET disabled = 1 WHERE id = ?`, id); err != nil {
			return err
		}
		if _, err = tx.ExecContext(ctx, `DELETE FROM staff_sessions WHERE staff_id = ?`, id); err != nil {
			return err
		}
		var role string
		tx.QueryRowContext(ctx, `SELECT role FROM staff WHERE id = ?`, id).Scan(&role)
		return s.RecordAs(ctx, tx, actor, actorID, Change{Action: "staff.disable", Target: "staff:" + email,
			Before: map[string]any{"role": role, "disabled": false}, After: map[string]any{"disabled": true}, Reason: reason})
	})
}
