package account

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"casino/bff/api"
	"casino/bff/mail"
	"casino/bff/session"
	"casino/bff/throttle"
)

var (
	ErrCredentialsNotSent = &api.Error{Status: 503, Code: "CREDENTIALS_NOT_SENT", Message: "Failed to send credentials. Please try again."}
	// ErrCredentialsRecipient: the credentials go to the player's own
	// address only, or the call would be a casino-branded open relay.
	ErrCredentialsRecipient = &api.Error{Status: 422, Code: "CREDENTIALS_RECIPIENT", Message: "Credentials can only be sent to your own e-mail address"}
)

// Credentials mails are few by nature: a player sends theirs once or twice.
const (
	credentialsPerPlayer  = 5  // an hour (typos, a second try)
	credentialsPerAddress = 10 // an hour, per client address
)

// newCredentialsLimit is the hourly window behind both limits.
func newCredentialsLimit() *throttle.Window { return throttle.New(time.Hour) }

// handleSendCredentials mails the one-click credentials the player was shown
// (SPEC section 8, credentials screen) to the player's own address. A
// one-click account has only a placeholder address: the address typed here
// becomes the account's e-mail (unverified, a verification link follows) and
// its login, so the mail can only ever reach the account's owner. The
// password must be the account's, and the text is the casino's own.
func (s *Service) handleSendCredentials(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	email := strings.TrimSpace(body.Email)
	if m := ValidEmail(email); m != "" {
		return api.ErrValidation.WithField("email", m)
	}
	p := session.PlayerFrom(r.Context())
	if !s.credentialsSent.Take("player:"+strconv.FormatInt(p.ID, 10), credentialsPerPlayer) ||
		!s.credentialsSent.Take("ip:"+s.clientIP(r), credentialsPerAddress) {
		return api.ErrTooManyRequests
	}
	u, err := s.userByID(r.Context(), p.ID)
	if err != nil {
		return err
	}
	ok, err := VerifyPassword(r.Context(), body.Password, u.PasswordHash)
	if err != nil || !ok {
		return ErrWrongPassword.WithField("password", ErrWrongPassword.Message)
	}
	st, err := s.settings.Current(r.Context())
	if err != nil {
		return err
	}
	login := u.Email
	switch {
	case strings.HasSuffix(strings.ToLower(u.Email), "@"+strings.ToLower(st.FakeEmptyEmailDomain)):
		if err := s.Update(r.Context(), p, UpdateRequest{Email: &email}); err != nil {
			return err
		}
		login = email
		if err := s.sendVerification(r.Context(), u.ID, email, s.linkBase(r)); err != nil {
			return err
		}
	case !strings.EqualFold(u.Email, email):
		return ErrCredentialsRecipient.WithField("email", ErrCredentialsRecipient.Message)
	}
	if s.Mail == nil {
		return ErrCredentialsNotSent
	}
	tpl, lang := emailIn(credentialsEmails, u.Locale)
	filled := func(password string) emailText {
		return tpl.fill(map[string]string{"brand": st.BrandName, "login": login, "password": password})
	}
	m := filled(body.Password)
	err = s.Mail.Send(r.Context(), mail.Message{
		To: login, Kind: "credentials", Lang: lang, Subject: m.Subject,
		Text: m.Text,
		// The outbox (and its Litestream replicas) never holds a password.
		OutboxText: filled("(shown once on the sign-up screen; never stored)").Text,
	})
	if err != nil {
		return fmt.Errorf("%v: %w", err, ErrCredentialsNotSent)
	}
	return api.WriteData(w, map[string]any{"sent": true, "login": login})
}
