package account

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"casino/bff/api"
	"casino/bff/settings"
)

// SignUpRequest is the body of POST /api/user/sign-up.
type SignUpRequest struct {
	Email             string `json:"email"`
	Password          string `json:"password"`
	ConfirmPassword   string `json:"confirmPassword"`
	FirstName         string `json:"firstName"`
	LastName          string `json:"lastName"`
	DateOfBirth       string `json:"dateOfBirth"`
	CountryCode       string `json:"countryCode"`
	CurrencyCode      string `json:"currencyCode"`
	PhoneCode         string `json:"phoneCode"`
	Phone             string `json:"phone"`
	Address           string `json:"address"`
	City              string `json:"city"`
	ZipCode           string `json:"zipCode"`
	PromoCode         string `json:"promoCode"`
	Gender            string `json:"gender"`
	Nickname          string `json:"nickname"`
	Username          string `json:"username"`
	CPF               string `json:"cpf"`
	IsAdult           bool   `json:"isAdult"`
	AcceptTerms       bool   `json:"acceptTerms"`
	Newsletter        bool   `json:"newsletter"`
	OneClick          bool   `json:"oneClick"`
	LinkAccount       string `json:"linkAccount"`
	PreferredLanguage string `json:"preferredLanguage"`
	UniqueKey         string `json:"uniqueKey"`
	UserUUID          string `json:"userUUID"`
	Cpnc              string `json:"cpnc"`
	Mkt               string `json:"mkt"`
	UserDeviceType    string `json:"userDeviceType"`
	MirrorDomainFk    *int64 `json:"mirrorDomainFk"`
	ScreenResolution  string `json:"screenResolution"`
	UIDToken          string `json:"uidToken"`
	FirstURL          string `json:"firstUrl"`
	RecaptchaToken    string `json:"recaptchaToken"`
}

// SignUpResult is the sign-up answer. Credentials are filled for one-click
// registration only: the player must see and keep them.
type SignUpResult struct {
	AccessToken string       `json:"accessToken"`
	CreateUser  CreatedUser  `json:"createUser"`
	Credentials *Credentials `json:"credentials,omitempty"`
}

// CreatedUser describes the new account.
type CreatedUser struct {
	UserID       int64  `json:"userId"`
	Email        string `json:"email"`
	CurrencyCode string `json:"currencyCode"`
	CountryCode  string `json:"countryCode"`
}

// Credentials are generated for one-click registration.
type Credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// Validate checks the request against the operator's field settings and the
// rules of the product specification; hidden fields are not required.
func (req *SignUpRequest) Validate(st settings.Settings, now time.Time) error {
	v := api.Validation{}
	shown := func(field string) bool { return st.RegistrationFields[field] != 0 }
	req.Email = strings.TrimSpace(req.Email)

	if req.CountryCode == "" {
		v.Add("countryCode", msgRequired)
	} else if _, ok := LookupCountry(req.CountryCode); !ok {
		v.Add("countryCode", msgInvalidFormat)
	}
	if req.CurrencyCode == "" {
		v.Add("currencyCode", msgRequired)
	} else if _, ok := LookupCurrency(req.CurrencyCode, st.CryptoCurrencies); !ok {
		v.Add("currencyCode", msgInvalidFormat)
	}
	if !req.IsAdult {
		v.Add("isAdult", msgConsentRequired)
	}
	if !req.AcceptTerms {
		v.Add("acceptTerms", msgConsentRequired)
	}
	if req.OneClick {
		return v.Err()
	}

	if m := ValidEmail(req.Email); m != "" {
		v.Add("email", m)
	}
	if m := PasswordProblem(req.Password, st.Password); m != "" {
		v.Add("password", m)
	}
	if req.ConfirmPassword != req.Password {
		v.Add("confirmPassword", msgPasswordsMatch)
	}
	texts := []struct {
		field, value string
	}{
		{"firstName", req.FirstName}, {"lastName", req.LastName}, {"address", req.Address},
		{"city", req.City}, {"zipCode", req.ZipCode}, {"nickname", req.Nickname},
	}
	for _, f := range texts {
		if shown(f.field) {
			if m := textProblem(f.value, f.field != "nickname"); m != "" {
				v.Add(f.field, m)
			}
		} else if m := textProblem(f.value, false); m != "" {
			v.Add(f.field, m)
		}
	}
	if len(req.PromoCode) > 64 {
		v.Add("promoCode", msgInvalidFormat)
	}
	if shown("dateOfBirth") {
		if m := DateOfBirthProblem(req.DateOfBirth, now); m != "" {
			v.Add("dateOfBirth", m)
		}
	}
	if shown("phone") {
		if m := PhoneProblem(req.PhoneCode, req.Phone); m != "" {
			v.Add("phone", m)
		}
	}
	if shown("gender") && req.Gender != "" && !slices.Contains(Genders, req.Gender) {
		v.Add("gender", msgInvalidFormat)
	}
	if shown("cpf") && strings.EqualFold(req.CountryCode, "BR") {
		switch {
		case req.CPF == "":
			v.Add("cpf", msgRequired)
		case !ValidCPF(req.CPF):
			v.Add("cpf", msgInvalidFormat)
		}
	}
	return v.Err()
}

// SignUp creates an account. Whether the player is logged in afterwards is the
// caller's choice (mirror domains with loginOff log them in).
func (s *Service) SignUp(ctx context.Context, req SignUpRequest, ip string) (SignUpResult, error) {
	st, err := s.settings.Current(ctx)
	if err != nil {
		return SignUpResult{}, err
	}
	if err := req.Validate(st, s.now()); err != nil {
		return SignUpResult{}, err
	}
	var creds *Credentials
	if req.OneClick {
		creds, err = generateCredentials(st.FakeEmptyEmailDomain)
		if err != nil {
			return SignUpResult{}, err
		}
		req.Email, req.Password = creds.Email, creds.Password
	}
	hash, err := HashPassword(ctx, req.Password)
	if err != nil {
		return SignUpResult{}, fmt.Errorf("sign-up: %w", err)
	}
	locale := req.PreferredLanguage
	if !slices.Contains(st.Languages, locale) {
		locale = st.DefaultLanguage
	}
	nickname := strings.TrimSpace(req.Nickname)
	if nickname == "" {
		nickname = strings.TrimSpace(req.Username)
	}
	var id int64
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		var taken bool
		if err := tx.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM users WHERE email = ?)`, req.Email).Scan(&taken); err != nil {
			return err
		}
		if taken {
			return ErrEmailTaken
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO users(email, password_hash, first_name, last_name, nickname, currency_code,
			country_code, locale, phone_code, phone, date_of_birth, gender, city, address, zip_code, promo_code, cpf, newsletter,
			accepted_terms_at, one_click, cpnc, mkt, first_url, device_type, registration_ip, mirror_domain_id)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ','now'), ?, ?, ?, ?, ?, ?, ?)`,
			req.Email, hash, strings.TrimSpace(req.FirstName), strings.TrimSpace(req.LastName), nickname,
			strings.ToUpper(req.CurrencyCode), strings.ToUpper(req.CountryCode), locale, req.PhoneCode, req.Phone, req.DateOfBirth,
			req.Gender, req.City, req.Address, req.ZipCode, req.PromoCode, req.CPF, req.Newsletter, req.OneClick,
			truncate(req.Cpnc, 255), truncate(req.Mkt, 255), truncate(req.FirstURL, 2048), truncate(req.UserDeviceType, 16), ip, req.MirrorDomainFk)
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		return recordDevice(ctx, tx, id, req.UIDToken)
	})
	switch {
	case errors.Is(err, ErrEmailTaken) || isUniqueViolation(err, "users.email"):
		return SignUpResult{}, ErrEmailTaken.WithField("email", ErrEmailTaken.Message)
	case isUniqueViolation(err, "users.nickname"):
		return SignUpResult{}, ErrNicknameTaken.WithField("nickname", ErrNicknameTaken.Message)
	case err != nil:
		return SignUpResult{}, fmt.Errorf("create account: %w", err)
	}
	token, err := s.sessions.Create(ctx, id, ip, "")
	if err != nil {
		return SignUpResult{}, err
	}
	return SignUpResult{
		AccessToken: token,
		CreateUser:  CreatedUser{UserID: id, Email: req.Email, CurrencyCode: strings.ToUpper(req.CurrencyCode), CountryCode: strings.ToUpper(req.CountryCode)},
		Credentials: creds,
	}, nil
}

const passwordAlphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"

func randomString(n int, alphabet string) (string, error) {
	var b strings.Builder
	for range n {
		i, err := rand.Int(rand.Reader, big.NewInt(int64(len(alphabet))))
		if err != nil {
			return "", err
		}
		b.WriteByte(alphabet[i.Int64()])
	}
	return b.String(), nil
}

func generateCredentials(domain string) (*Credentials, error) {
	user, err := randomString(10, "abcdefghijkmnopqrstuvwxyz23456789")
	if err != nil {
		return nil, err
	}
	pw, err := randomString(14, passwordAlphabet)
	if err != nil {
		return nil, err
	}
	return &Credentials{Email: "player-" + user + "@" + domain, Password: pw}, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// recordDevice remembers the device id (uidToken) the player signed up or
// logged in with: a bonus claim checks it for duplicate accounts
// (docs/bonus.md "Duplicate accounts"). Empty or over-long ids are ignored.
func recordDevice(ctx context.Context, db interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}, userID int64, uidToken string) error {
	uidToken = strings.TrimSpace(uidToken)
	if uidToken == "" || len(uidToken) > 128 {
		return nil
	}
	_, err := db.ExecContext(ctx, `INSERT INTO user_devices(uid_token, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING`, uidToken, userID)
	if err != nil {
		return fmt.Errorf("record device: %w", err)
	}
	return nil
}
