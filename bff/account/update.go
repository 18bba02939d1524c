package account

import (
	"context"
	"fmt"
	"strings"
	"time"

	"casino/bff/api"
	"casino/bff/session"
)

// UpdateRequest is the body of PUT /api/user/update-user-details. A nil field
// stays as it is. UpdateFrom is "Update Form" (profile completion) or
// "Profile Page".
type UpdateRequest struct {
	FirstName        *string `json:"firstName"`
	LastName         *string `json:"lastName"`
	Nickname         *string `json:"nickname"`
	Email            *string `json:"email"`
	PhoneCode        *string `json:"phoneCode"`
	Phone            *string `json:"phone"`
	DateOfBirth      *string `json:"dateOfBirth"`
	Gender           *string `json:"gender"`
	CountryCode      *string `json:"countryCode"`
	City             *string `json:"city"`
	Address          *string `json:"address"`
	ZipCode          *string `json:"zipCode"`
	CurrentPassword  string  `json:"currentPassword"`
	NewPassword      string  `json:"newPassword"`
	ConfirmPassword  string  `json:"confirmPassword"`
	UpdateFrom       string  `json:"updateFrom"`
	OnChangeResetKyc bool    `json:"onChangeResetKyc"`
}

// identityFields are the details identity verification (KYC) checks against
// the documents: the identity proof's name and date of birth, the proof of
// address's address and country. Once filled they change only with
// onChangeResetKyc, which resets the KYC status. The other filled fields
// (e-mail, phone, nickname, gender) stay locked: support changes them.
var identityFields = map[string]bool{
	"firstName": true, "lastName": true, "dateOfBirth": true,
	"countryCode": true, "address": true, "city": true, "zipCode": true,
}

const (
	msgLocked      = "This field can no longer be changed"
	msgBonusActive = "The country cannot be changed while a bonus is active"
)

// hasActiveBonus reports whether the player has an active bonus.
func (s *Service) hasActiveBonus(ctx context.Context, userID int64) (bool, error) {
	if s.ActiveBonus == nil {
		return false, nil
	}
	b, err := s.ActiveBonus(ctx, userID)
	return b != nil, err
}

type fieldChange struct {
	name, column string
	current      string
	next         *string
}

// Update changes the caller's own profile. A filled field is locked: an
// identity field changes only with onChangeResetKyc, which sends the player
// back through identity verification (kyc_status NOT_STARTED). The password
// changes only with the current password, and every other session of the
// player ends.
func (s *Service) Update(ctx context.Context, p *session.Player, req UpdateRequest) error {
	u, err := s.userByID(ctx, p.ID)
	if err != nil {
		return err
	}
	st, err := s.settings.Current(ctx)
	if err != nil {
		return err
	}
	if req.UpdateFrom != "" && req.UpdateFrom != "Update Form" && req.UpdateFrom != "Profile Page" {
		return api.ErrValidation.WithField("updateFrom", msgInvalidFormat)
	}
	email := u.Email
	if strings.HasSuffix(email, "@"+st.FakeEmptyEmailDomain) {
		email = "" // a placeholder counts as empty
	}
	changes := []fieldChange{
		{"firstName", "first_name", u.FirstName, req.FirstName},
		{"lastName", "last_name", u.LastName, req.LastName},
		{"nickname", "nickname", u.Nickname, req.Nickname},
		{"email", "email", email, req.Email},
		{"phoneCode", "phone_code", u.PhoneCode, req.PhoneCode},
		{"phone", "phone", u.Phone, req.Phone},
		{"dateOfBirth", "date_of_birth", u.DateOfBirth, req.DateOfBirth},
		{"gender", "gender", u.Gender, req.Gender},
		{"countryCode", "country_code", u.CountryCode, req.CountryCode},
		{"city", "city", u.City, req.City},
		{"address", "address", u.Address, req.Address},
		{"zipCode", "zip_code", u.ZipCode, req.ZipCode},
	}
	v := api.Validation{}
	var sets []string
	var args []any
	resetKYC := false
	for _, c := range changes {
		if c.next == nil {
			continue
		}
		next := strings.TrimSpace(*c.next)
		if next == c.current {
			continue
		}
		if c.current != "" {
			if !req.OnChangeResetKyc || !identityFields[c.name] {
				v.Add(c.name, msgLocked)
				continue
			}
			resetKYC = true
		}
		if c.name == "countryCode" {
			// Bonus rules follow the profile country: it stays put while a
			// bonus is active (issue 18, item 16).
			active, err := s.hasActiveBonus(ctx, u.ID)
			if err != nil {
				return err
			}
			if active {
				v.Add(c.name, msgBonusActive)
				continue
			}
		}
		if m := validateField(c.name, next, req, u); m != "" {
			v.Add(c.name, m)
			continue
		}
		sets = append(sets, c.column+" = ?")
		args = append(args, next)
		if c.name == "email" {
			sets = append(sets, "is_email_verified = 0")
		}
	}
	if req.UpdateFrom == "Profile Page" || req.FirstName != nil || req.LastName != nil {
		first, last := u.FirstName, u.LastName
		if req.FirstName != nil {
			first = strings.TrimSpace(*req.FirstName)
		}
		if req.LastName != nil {
			last = strings.TrimSpace(*req.LastName)
		}
		if first == "" {
			v.Add("firstName", msgRequired)
		}
		if last == "" {
			v.Add("lastName", msgRequired)
		}
	}
	changingPassword := req.NewPassword != "" || req.CurrentPassword != ""
	if changingPassword {
		if req.CurrentPassword == "" {
			v.Add("currentPassword", msgRequired)
		}
		if m := PasswordProblem(req.NewPassword, st.Password); m != "" {
			v.Add("newPassword", m)
		}
		if req.ConfirmPassword != req.NewPassword {
			v.Add("confirmPassword", msgPasswordsMatch)
		}
	}
	if err := v.Err(); err != nil {
		return err
	}
	if changingPassword {
		done, allowed := s.throttle.BeginPasswordCheck(fmt.Sprint(u.ID))
		if !allowed {
			return fmt.Errorf("current-password check for %d throttled: %w", u.ID, api.ErrTooManyRequests)
		}
		ok, err := VerifyPassword(ctx, req.CurrentPassword, u.PasswordHash)
		done(err == nil && ok)
		if err != nil || !ok {
			return ErrWrongPassword.WithField("currentPassword", ErrWrongPassword.Message)
		}
		hash, err := HashPassword(ctx, req.NewPassword)
		if err != nil {
			return err
		}
		sets = append(sets, "password_hash = ?", "password_changed_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')")
		args = append(args, hash)
	}
	if resetKYC && u.KYCStatus != "NOT_STARTED" {
		sets = append(sets, "kyc_status = 'NOT_STARTED'")
	}
	if len(sets) == 0 {
		return nil
	}
	args = append(args, u.ID)
	_, err = s.db.Write.ExecContext(ctx, `UPDATE users SET `+strings.Join(sets, ", ")+` WHERE id = ?`, args...)
	switch {
	case isUniqueViolation(err, "users.email"):
		return ErrEmailTaken.WithField("email", ErrEmailTaken.Message)
	case isUniqueViolation(err, "users.nickname"):
		return ErrNicknameTaken.WithField("nickname", ErrNicknameTaken.Message)
	case err != nil:
		return fmt.Errorf("update user %d: %w", u.ID, err)
	}
	s.sessions.Forget(u.ID) // pages show the new name at once
	if changingPassword {
		return s.sessions.RevokeOthers(ctx, p)
	}
	return nil
}

func validateField(name, value string, req UpdateRequest, u *User) string {
	switch name {
	case "email":
		return ValidEmail(value)
	case "phone":
		code := u.PhoneCode
		if req.PhoneCode != nil {
			code = *req.PhoneCode
		}
		return PhoneProblem(code, value)
	case "dateOfBirth":
		return DateOfBirthProblem(value, time.Now())
	case "gender":
		for _, g := range Genders {
			if g == value {
				return ""
			}
		}
		return msgInvalidFormat
	case "countryCode":
		if _, ok := LookupCountry(value); !ok {
			return msgInvalidFormat
		}
		return ""
	}
	return textProblem(value, name == "firstName" || name == "lastName")
}

// SetLocale keeps the language a player chose on the site (the language
// menu) as their preferred one: later pages, on any device, and the mail
// sent to them use it.
func (s *Service) SetLocale(ctx context.Context, userID int64, locale string) error {
	if _, err := s.db.Write.ExecContext(ctx, `UPDATE users SET locale = ? WHERE id = ? AND locale <> ?`, locale, userID, locale); err != nil {
		return fmt.Errorf("account: set locale of %d: %w", userID, err)
	}
	s.sessions.Forget(userID)
	return nil
}
