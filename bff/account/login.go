package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"casino/bff/api"
	"casino/bff/session"
)

// LoginRequest is the body of POST /api/user/login.
type LoginRequest struct {
	Email            string `json:"email"`
	Password         string `json:"password"`
	RecaptchaToken   string `json:"recaptchaToken"`
	AfterReg         bool   `json:"afterReg"`
	Cpnc             string `json:"cpnc"`
	Mkt              string `json:"mkt"`
	UserDeviceType   string `json:"userDeviceType"`
	ScreenResolution string `json:"screenResolution"`
	UIDToken         string `json:"uidToken"`
	// WithdrawalOnly: a self-excluded player asks for the restricted session
	// that can only read the balance and withdraw (docs/protection.md).
	WithdrawalOnly bool `json:"withdrawalOnly"`
}

// LastLogin describes the login before this one.
type LastLogin struct {
	CreatedAt string `json:"created_at"`
	IP        string `json:"ip"`
	Location  string `json:"location"`
}

// LoginResult is the login answer.
type LoginResult struct {
	AccessToken string     `json:"accessToken"`
	Locale      string     `json:"locale"`
	UserID      int64      `json:"userId"`
	Cpnc        string     `json:"cpnc"`
	LastLogin   *LastLogin `json:"lastLogin"`
	// SelfExclusion is set for a self-excluded player's restricted session.
	SelfExclusion *SelfExclusion `json:"selfExclusion,omitempty"`
}

// SelfExclusion is the exclusion in force behind a restricted session.
type SelfExclusion struct {
	Until     string `json:"until,omitempty"`
	Permanent bool   `json:"permanent"`
	// Restricted: this session can only read the balance and withdraw.
	Restricted bool `json:"restricted"`
}

// Login checks the credentials and starts a session. Unknown e-mails and
// wrong passwords answer the same error after the same work, so the answer
// does not tell which accounts exist.
func (s *Service) Login(ctx context.Context, req LoginRequest, ip, location, userAgent string) (LoginResult, error) {
	v := api.Validation{}
	email := strings.TrimSpace(req.Email)
	if email == "" {
		v.Add("email", msgRequired)
	} else if len(email) > maxTextLength {
		v.Add("email", msgInvalidFormat)
	}
	if req.Password == "" {
		v.Add("password", msgRequired)
	} else if len(req.Password) > maxPasswordLength {
		v.Add("password", msgInvalidFormat)
	}
	if err := v.Err(); err != nil {
		return LoginResult{}, err
	}
	key := strings.ToLower(email)
	u, err := s.userByEmail(ctx, email)
	if err != nil {
		return LoginResult{}, err
	}
	known := false
	if u != nil {
		if known, err = s.loggedInFrom(ctx, u.ID, ip); err != nil {
			return LoginResult{}, err
		}
	}
	done, allowed := s.throttle.Begin(key, ip, known)
	if !allowed {
		return LoginResult{}, fmt.Errorf("login %s throttled: %w", ip, api.ErrTooManyRequests)
	}
	hash := dummyHash
	if u != nil && u.PasswordHash != "" {
		hash = u.PasswordHash
	}
	ok, err := VerifyPassword(ctx, req.Password, hash)
	done(err == nil && u != nil && ok)
	if err != nil {
		return LoginResult{}, fmt.Errorf("verify password: %w", err)
	}
	if u == nil || !ok {
		return LoginResult{}, ErrInvalidCredentials
	}
	// An account the operator froze (back office) does not log in.
	if f, err := FrozenState(ctx, s.db.Read, u.ID); err != nil {
		return LoginResult{}, err
	} else if f != nil {
		return LoginResult{}, ErrAccountFrozen
	}
	// A self-excluded player cannot log in to play: the answer says until
	// when. They may ask for a session that can only withdraw (MGA).
	var excluded *SelfExclusion
	if u.SelfExcluded(s.now()) {
		if !req.WithdrawalOnly {
			return LoginResult{}, session.SelfExcludedError(u.SelfExclusionUntil, u.SelfExclusionPermanent)
		}
		excluded = &SelfExclusion{Until: u.SelfExclusionUntil, Permanent: u.SelfExclusionPermanent, Restricted: true}
	}

	var last *LastLogin
	var prev LastLogin
	err = s.db.Read.QueryRowContext(ctx, `SELECT created_at, ip, location FROM logins WHERE user_id = ? ORDER BY id DESC LIMIT 1`, u.ID).
		Scan(&prev.CreatedAt, &prev.IP, &prev.Location)
	switch {
	case err == nil:
		last = &prev
	case !errors.Is(err, sql.ErrNoRows):
		return LoginResult{}, fmt.Errorf("previous login: %w", err)
	}
	if _, err := s.db.Write.ExecContext(ctx, `INSERT INTO logins(user_id, ip, location, user_agent) VALUES (?, ?, ?, ?)`,
		u.ID, ip, location, truncate(userAgent, 512)); err != nil {
		return LoginResult{}, fmt.Errorf("record login: %w", err)
	}
	if err := recordDevice(ctx, s.db.Write, u.ID, req.UIDToken); err != nil {
		return LoginResult{}, err
	}
	token, err := s.sessions.Create(ctx, u.ID, ip, userAgent)
	if err != nil {
		return LoginResult{}, err
	}
	cpnc := req.Cpnc
	if cpnc == "" {
		s.db.Read.QueryRowContext(ctx, `SELECT cpnc FROM users WHERE id = ?`, u.ID).Scan(&cpnc)
	}
	return LoginResult{AccessToken: token, Locale: u.Locale, UserID: u.ID, Cpnc: cpnc, LastLogin: last, SelfExclusion: excluded}, nil
}

// loggedInFrom reports whether the player has logged in from ip before: such
// an address is the owner's, and skips the account-wide login delay.
func (s *Service) loggedInFrom(ctx context.Context, userID int64, ip string) (bool, error) {
	var one int
	err := s.db.Read.QueryRowContext(ctx, `SELECT 1 FROM logins WHERE user_id = ? AND ip = ? LIMIT 1`, userID, ip).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("known login address: %w", err)
	}
	return true, nil
}
