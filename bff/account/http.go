package account

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"casino/bff/api"
	"casino/bff/session"
)

// ClientIP and Locate are replaced by the geo lookup when it is wired in;
// until then the connection's address is used and no location is known.
var (
	defaultClientIP = func(r *http.Request) string {
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			return r.RemoteAddr
		}
		return host
	}
	defaultLocate = func(*http.Request) string { return "" }
)

// Routes registers the account calls.
func (s *Service) Routes(mux *http.ServeMux) {
	handle := func(pattern string, h api.HandlerFunc) { mux.Handle(pattern, h) }
	handle("POST /api/user/sign-up", s.handleSignUp)
	handle("POST /api/user/login", s.handleLogin)
	handle("POST /api/user/logout", s.handleLogout)
	handle("POST /api/user/session-cookie", s.handleSessionCookie)
	handle("POST /api/user/handover", s.sessions.RequireUser(s.handleHandover))
	handle("GET /api/user/get-user-details", s.sessions.RequireUser(s.handleDetails))
	handle("PUT /api/user/update-user-details", s.sessions.RequireUser(s.handleUpdate))
	mux.HandleFunc("GET /api/user/verify-email", s.handleVerifyEmail)
	handle("POST /api/user/resend-verification-email", s.sessions.RequireUser(s.handleResendVerification))
	handle("POST /api/user/send-credentials", s.sessions.RequireUser(s.handleSendCredentials))
	handle("GET /api/admin/get-mirror-domain", s.handleMirrorDomain)
	handle("GET /api/admin/get-registration-fields", s.handleRegistrationFields)
	handle("GET /api/admin/get-all-country", s.handleCountries)
	handle("GET /api/admin/get-currencies", s.handleCurrencies)
}

func (s *Service) clientIP(r *http.Request) string {
	if s.ClientIP != nil {
		return s.ClientIP(r)
	}
	return defaultClientIP(r)
}

func (s *Service) handleSignUp(w http.ResponseWriter, r *http.Request) error {
	var req SignUpRequest
	if err := api.Decode(w, r, &req); err != nil {
		return err
	}
	if err := s.checkCaptcha(r, req.RecaptchaToken); err != nil {
		return err
	}
	mirror, err := s.MirrorFor(r.Context(), r)
	if err != nil {
		return err
	}
	if mirror != nil {
		country := req.CountryCode
		if s.Locate != nil {
			if c := s.Locate(r); c != "" {
				country = c
			}
		}
		if !mirror.Settings.RegistrationOpen(country, req.UserDeviceType, s.now()) {
			return ErrRegistrationClosed
		}
		req.MirrorDomainFk = &mirror.DomainID
	}
	res, err := s.SignUp(r.Context(), req, s.clientIP(r))
	if err != nil {
		return err
	}
	if s.OnSignUp != nil {
		if err := s.OnSignUp(r.Context(), r, res.CreateUser.UserID); err != nil {
			slog.Warn("sign-up hook failed", "user", res.CreateUser.UserID, "err", err)
		}
	}
	s.setRegisteredCookie(w, r)
	// Sign-up leaves the player logged out (they log in next), except on a
	// mirror domain with loginOff and after one-click registration, where
	// the credentials screen is shown to a logged-in player.
	if mirror != nil && mirror.Settings.LoginOff || res.Credentials != nil {
		s.sessions.SetCookie(w, r, res.AccessToken)
	} else {
		if err := s.sessions.Revoke(r.Context(), res.AccessToken); err != nil {
			return err
		}
		res.AccessToken = ""
	}
	if res.Credentials == nil {
		// The account exists either way; a failed mail is retried with
		// resend-verification-email, so it does not fail the sign-up.
		if err := s.sendVerification(r.Context(), res.CreateUser.UserID, res.CreateUser.Email, s.linkBase(r)); err != nil {
			slog.Warn("verification e-mail not sent at sign-up", "user", res.CreateUser.UserID, "err", err)
		}
	}
	return api.WriteData(w, res)
}

func (s *Service) handleLogin(w http.ResponseWriter, r *http.Request) error {
	var req LoginRequest
	if err := api.Decode(w, r, &req); err != nil {
		return err
	}
	if err := s.checkCaptcha(r, req.RecaptchaToken); err != nil {
		return err
	}
	locate := defaultLocate
	if s.Locate != nil {
		locate = s.Locate
	}
	ip := s.clientIP(r)
	res, err := s.Login(r.Context(), req, ip, locate(r), r.UserAgent())
	if errors.Is(err, api.ErrTooManyRequests) {
		// known=false: the longest wait, not telling whether ip is the owner's.
		wait := s.throttle.Wait(strings.ToLower(strings.TrimSpace(req.Email)), ip, false)
		w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds()+0.999)))
	}
	if err != nil {
		return err
	}
	s.sessions.SetCookie(w, r, res.AccessToken)
	s.setRegisteredCookie(w, r)
	return api.WriteData(w, res)
}

// checkCaptcha applies the operator's "captcha" feature switch.
func (s *Service) checkCaptcha(r *http.Request, token string) error {
	st, err := s.settings.Current(r.Context())
	if err != nil {
		return err
	}
	if !st.Features[FeatureCaptcha] {
		return nil
	}
	if s.Captcha == nil {
		return ErrCaptcha.WithField("recaptchaToken", ErrCaptcha.Message)
	}
	if err := s.Captcha.Verify(token); err != nil {
		return fmt.Errorf("%v: %w", err, ErrCaptcha.WithField("recaptchaToken", ErrCaptcha.Message))
	}
	return nil
}

// FeatureCaptcha is the settings feature flag that asks for a solved
// challenge at login and sign-up.
const FeatureCaptcha = "captcha"

// RegisteredCookie tells the front end this browser has an account (SPEC
// section 9: kept 1 year), so it can offer log in before sign up.
const RegisteredCookie = "casino_registered"

func (s *Service) setRegisteredCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{
		Name: RegisteredCookie, Value: "1", Path: "/", Secure: r.TLS != nil || s.sessions.SecureCookies,
		SameSite: http.SameSiteLaxMode, MaxAge: int((365 * 24 * time.Hour).Seconds()),
	})
}

func (s *Service) handleLogout(w http.ResponseWriter, r *http.Request) error {
	if token := s.sessions.TokenFromRequest(r); token != "" {
		if err := s.sessions.Revoke(r.Context(), token); err != nil {
			return err
		}
	}
	s.sessions.ClearCookie(w, r)
	return api.WriteData(w, map[string]bool{"loggedOut": true})
}

func (s *Service) handleDetails(w http.ResponseWriter, r *http.Request) error {
	d, err := s.Details(r.Context(), session.PlayerFrom(r.Context()).ID)
	if err != nil {
		return err
	}
	return api.WriteData(w, d)
}

func (s *Service) handleUpdate(w http.ResponseWriter, r *http.Request) error {
	var req UpdateRequest
	if err := api.Decode(w, r, &req); err != nil {
		return err
	}
	p := session.PlayerFrom(r.Context())
	if err := s.Update(r.Context(), p, req); err != nil {
		return err
	}
	d, err := s.Details(r.Context(), p.ID)
	if err != nil {
		return err
	}
	return api.WriteData(w, d)
}

func (s *Service) handleRegistrationFields(w http.ResponseWriter, r *http.Request) error {
	st, err := s.settings.Current(r.Context())
	if err != nil {
		return err
	}
	return api.WriteData(w, st.RegistrationFields)
}

func (s *Service) handleCountries(w http.ResponseWriter, r *http.Request) error {
	list := Countries()
	w.Header().Set("Cache-Control", "public, max-age=86400")
	return api.WriteData(w, map[string]any{
		"countries":    map[string]any{"count": len(list), "rows": list},
		"allCountries": list,
	})
}

func (s *Service) handleCurrencies(w http.ResponseWriter, r *http.Request) error {
	st, err := s.settings.Current(r.Context())
	if err != nil {
		return err
	}
	return api.WriteData(w, map[string]any{"currencies": CurrenciesFor(st.CryptoCurrencies)})
}
