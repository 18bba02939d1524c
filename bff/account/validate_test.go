package account

import (
	"errors"
	"testing"
	"time"

	"casino/bff/api"
	"casino/bff/settings"
)

func TestValidEmail(t *testing.T) {
	tests := map[string]string{
		"ann@example.com":         "",
		"a.b_c%d+e-f@ex-ample.io": "",
		"":                        "Required",
		"ann@example":             "Invalid format",
		"ann example@x.com":       "Invalid format",
		"änn@example.com":         "Invalid format",
		"ann<x>@example.com":      "Invalid format",
		"@example.com":            "Invalid format",
	}
	for in, want := range tests {
		if got := ValidEmail(in); got != want {
			t.Errorf("ValidEmail(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPasswordProblem(t *testing.T) {
	strict := settings.PasswordPolicy{MinLength: 8, RequireNumber: true, RequireUppercase: true, RequireSpecial: true}
	tests := []struct {
		pw     string
		policy settings.PasswordPolicy
		want   string
	}{
		{"", settings.PasswordPolicy{}, "Required"},
		{"abc12", settings.PasswordPolicy{}, "Password must be at least 8 characters"},
		{"abcdefg", settings.PasswordPolicy{MinLength: 6}, "Password must be at least 8 characters"},
		{"kx9#vq2m", settings.PasswordPolicy{}, ""},
		// Common breached passwords are refused, whatever their case.
		{"password1", settings.PasswordPolicy{}, "This password is too common. Please choose another"},
		{"Iloveyou1", settings.PasswordPolicy{}, "This password is too common. Please choose another"},
		{"qwertyuiop", settings.PasswordPolicy{}, "This password is too common. Please choose another"},
		{string(make([]byte, 256)), settings.PasswordPolicy{}, "Password must be 255 characters or less"},
		{"abcdefgh", strict, "Password must contain a number"},
		{"abcdefg1", strict, "Password must contain an uppercase character"},
		{"Abcdefg1", strict, "Password must contain a special character"},
		{"Abcdef1!", strict, ""},
		{"Ab1!", strict, "Password must be at least 8 characters"},
	}
	for _, tt := range tests {
		if got := PasswordProblem(tt.pw, tt.policy); got != tt.want {
			t.Errorf("PasswordProblem(%.10q) = %q, want %q", tt.pw, got, tt.want)
		}
	}
}

func TestPhoneProblem(t *testing.T) {
	tests := []struct{ code, phone, want string }{
		{"+49", "15123456789", ""},
		{"+44", "7911123456", ""},
		{"+55", "11987654321", ""},
		{"+49", "123", "Number is too short"},
		{"+44", "79111234567890123", "Number is too long"},
		{"+49", "151-234", "Invalid format"},
		{"+49", "", "Required"},
		{"", "15123456789", "Required"},
	}
	for _, tt := range tests {
		if got := PhoneProblem(tt.code, tt.phone); got != tt.want {
			t.Errorf("PhoneProblem(%q, %q) = %q, want %q", tt.code, tt.phone, got, tt.want)
		}
	}
}

func TestDateOfBirthProblem(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	tests := map[string]string{
		"2008-11-23": "",                                  // 18 today
		"2008-11-24": "You must be at least 18 years old", // 18 tomorrow
		"1926-11-24": "",                                  // 99
		"1925-11-23": "Invalid format",                    // 101
		"23.11.2000": "Invalid format",
		"":           "Required",
	}
	for in, want := range tests {
		if got := DateOfBirthProblem(in, now); got != want {
			t.Errorf("DateOfBirthProblem(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestValidCPF(t *testing.T) {
	tests := map[string]bool{
		"529.982.247-25": true,
		"52998224725":    true,
		"529.982.247-24": false,
		"111.111.111-11": false,
		"1234567890":     false,
		"abc":            false,
	}
	for in, want := range tests {
		if got := ValidCPF(in); got != want {
			t.Errorf("ValidCPF(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestSignUpValidation(t *testing.T) {
	st := settings.Defaults()
	now := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	valid := func() SignUpRequest {
		return SignUpRequest{Email: "ann@example.com", Password: "secret1x", ConfirmPassword: "secret1x", FirstName: "Ann",
			LastName: "Lee", DateOfBirth: "1990-05-01", CountryCode: "DE", CurrencyCode: "EUR", PhoneCode: "+49",
			Phone: "15123456789", Address: "Hauptstr. 1", City: "Berlin", ZipCode: "10115", Gender: "Female",
			IsAdult: true, AcceptTerms: true}
	}
	tests := []struct {
		name   string
		mutate func(*SignUpRequest)
		field  string
		want   string
	}{
		{"valid", func(*SignUpRequest) {}, "", ""},
		{"passwords differ", func(r *SignUpRequest) { r.ConfirmPassword = "other1" }, "confirmPassword", "Passwords must match"},
		{"no consent", func(r *SignUpRequest) { r.AcceptTerms = false }, "acceptTerms", "Required"},
		{"not adult", func(r *SignUpRequest) { r.IsAdult = false }, "isAdult", "Required"},
		{"long name", func(r *SignUpRequest) { r.FirstName = string(make([]rune, 256)) }, "firstName", "Must be 255 characters or less"},
		{"brazil needs cpf", func(r *SignUpRequest) { r.CountryCode, r.PhoneCode, r.Phone = "BR", "+55", "11987654321" }, "cpf", "Required"},
		{"brazil bad cpf", func(r *SignUpRequest) {
			r.CountryCode, r.PhoneCode, r.Phone, r.CPF = "BR", "+55", "11987654321", "529.982.247-24"
		}, "cpf", "Invalid format"},
		{"unknown country", func(r *SignUpRequest) { r.CountryCode = "QQ" }, "countryCode", "Invalid format"},
		{"crypto currency", func(r *SignUpRequest) { r.CurrencyCode = "BTC" }, "", ""},
		{"gender", func(r *SignUpRequest) { r.Gender = "Other" }, "gender", "Invalid format"},
		{"one-click needs only country and currency", func(r *SignUpRequest) {
			*r = SignUpRequest{OneClick: true, CountryCode: "DE", CurrencyCode: "EUR", IsAdult: true, AcceptTerms: true}
		}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := valid()
			tt.mutate(&req)
			err := req.Validate(st, now)
			if tt.field == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			var apiErr *api.Error
			if !errors.As(err, &apiErr) || apiErr.Fields[tt.field] != tt.want {
				t.Fatalf("err = %v, want %s: %s", err, tt.field, tt.want)
			}
		})
	}
	hidden := st
	hidden.RegistrationFields = map[string]int{"phone": 0, "dateOfBirth": 0}
	req := valid()
	req.Phone, req.DateOfBirth = "", ""
	if err := req.Validate(hidden, now); err != nil {
		t.Errorf("hidden fields required: %v", err)
	}
}
