package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"casino/bff/api"
	"casino/bff/mail"
	"casino/bff/session"
)

// VerificationTTL is how long an e-mail verification link works.
const VerificationTTL = 48 * time.Hour

var (
	ErrVerificationNotSent = &api.Error{Status: 503, Code: "VERIFICATION_EMAIL_NOT_SENT", Message: "Verification email not sent"}
	ErrAlreadyVerified     = &api.Error{Status: 409, Code: "EMAIL_ALREADY_VERIFIED", Message: "Email is already verified"}
)

func tokenHash(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// sendVerification creates a verification link for the user's current e-mail
// and mails it. baseURL is the site the player registered on (mirror domains
// differ), e.g. https://aurum-casino.example.
func (s *Service) sendVerification(ctx context.Context, userID int64, email, baseURL string) error {
	if s.Mail == nil {
		return fmt.Errorf("no mailer: %w", ErrVerificationNotSent)
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return err
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	expires := s.now().UTC().Add(VerificationTTL).Format(time.RFC3339)
	if _, err := s.db.Write.ExecContext(ctx, `INSERT INTO email_verifications(token_hash, user_id, email, expires_at) VALUES (?, ?, ?, ?)`,
		tokenHash(token), userID, email, expires); err != nil {
		return fmt.Errorf("store verification: %w", err)
	}
	st, err := s.settings.Current(ctx)
	if err != nil {
		return err
	}
	link := strings.TrimRight(baseURL, "/") + "/api/user/verify-email?token=" + url.QueryEscape(token)
	tpl, lang := emailIn(verifyEmails, s.localeOf(ctx, userID))
	m := tpl.fill(map[string]string{"brand": st.BrandName, "link": link})
	err = s.Mail.Send(ctx, mail.Message{
		To: email, Kind: "verify-email", Lang: lang,
		Subject: m.Subject, Text: m.Text, HTML: m.HTML,
	})
	if err != nil {
		return fmt.Errorf("%v: %w", err, ErrVerificationNotSent)
	}
	return nil
}

// ErrLinkExpired means a verification link is unknown, used or too old.
var ErrLinkExpired = errors.New("verification link expired")

// VerifyEmail marks the e-mail of a valid, unused, unexpired link verified.
func (s *Service) VerifyEmail(ctx context.Context, token string) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		var userID int64
		var email, expires string
		var used sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT user_id, email, expires_at, used_at FROM email_verifications WHERE token_hash = ?`, tokenHash(token)).
			Scan(&userID, &email, &expires, &used)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrLinkExpired
		}
		if err != nil {
			return err
		}
		exp, _ := time.Parse(time.RFC3339, expires)
		if used.Valid || !s.now().Before(exp) {
			return ErrLinkExpired
		}
		res, err := tx.ExecContext(ctx, `UPDATE users SET is_email_verified = 1 WHERE id = ? AND email = ?`, userID, email)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrLinkExpired // the e-mail changed since the link was sent
		}
		_, err = tx.ExecContext(ctx, `UPDATE email_verifications SET used_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE token_hash = ?`, tokenHash(token))
		return err
	})
}

// linkBase is the address links in e-mails start with. The request's Host
// header is the caller's to choose (Host: evil.example would send players a
// link to evil.example), so it counts only when it names a registered mirror
// domain, whose own URL is used; otherwise the configured public address.
func (s *Service) linkBase(r *http.Request) string {
	if m, err := s.MirrorFor(r.Context(), r); err == nil && m != nil && m.URL != "" {
		return strings.TrimRight(m.URL, "/")
	}
	if s.PublicURL != "" {
		return s.PublicURL
	}
	scheme := "http" // the demo without CASINO_PUBLIC_URL: whatever it is served on
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

func (s *Service) handleVerifyEmail(w http.ResponseWriter, r *http.Request) {
	err := s.VerifyEmail(r.Context(), r.URL.Query().Get("token"))
	switch {
	case errors.Is(err, ErrLinkExpired):
		http.Redirect(w, r, "/?modal=verify-email-expired", http.StatusSeeOther)
	case err != nil:
		api.WriteError(w, r, err)
	default:
		http.Redirect(w, r, "/profile2/my-profile?emailVerified=1", http.StatusSeeOther)
	}
}

func (s *Service) handleResendVerification(w http.ResponseWriter, r *http.Request) error {
	u, err := s.userByID(r.Context(), session.PlayerFrom(r.Context()).ID)
	if err != nil {
		return err
	}
	if u.IsEmailVerified {
		return ErrAlreadyVerified
	}
	if err := s.sendVerification(r.Context(), u.ID, u.Email, s.linkBase(r)); err != nil {
		return err
	}
	return api.WriteData(w, map[string]bool{"sent": true})
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;").Replace(s)
}
