package account

import (
	"fmt"
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/nyaruka/phonenumbers"

	"casino/bff/settings"
)

// Messages of the product specification (section 5).
const (
	msgRequired        = "Required"
	msgInvalidFormat   = "Invalid format"
	msgTooShortNumber  = "Number is too short"
	msgTooLongNumber   = "Number is too long"
	msgPasswordsMatch  = "Passwords must match"
	msgTooYoung        = "You must be at least 18 years old"
	msgTooOld          = "Invalid format"
	msgMaxLength       = "Must be 255 characters or less"
	msgConsentRequired = "Required"
	msgCommonPassword  = "This password is too common. Please choose another"
)

const (
	maxTextLength     = 255
	minAge, maxAge    = 18, 100
	maxPasswordLength = 255
	// minPasswordLength is ASVS 5.0's floor (6.2.1): an operator's setting
	// may ask for more, never for less.
	minPasswordLength = 8
)

// emailChars is what the e-mail field lets a player type: letters, digits and
// @ . _ % + -.
var emailChars = regexp.MustCompile(`^[A-Za-z0-9@._%+-]+$`)

// ValidEmail applies the character filter and the standard address format.
func ValidEmail(email string) string {
	switch {
	case email == "":
		return msgRequired
	case len(email) > maxTextLength || !emailChars.MatchString(email):
		return msgInvalidFormat
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || !strings.Contains(email[strings.LastIndexByte(email, '@')+1:], ".") {
		return msgInvalidFormat
	}
	return ""
}

// PasswordProblem checks a password against the operator's policy, the
// 8-character floor and the list of common breached passwords.
func PasswordProblem(pw string, policy settings.PasswordPolicy) string {
	minLen := max(policy.MinLength, minPasswordLength)
	n := utf8.RuneCountInString(pw)
	switch {
	case pw == "":
		return msgRequired
	case n < minLen:
		return fmt.Sprintf("Password must be at least %d characters", minLen)
	case n > maxPasswordLength:
		return "Password must be 255 characters or less"
	}
	var digit, upper, special bool
	for _, r := range pw {
		switch {
		case unicode.IsDigit(r):
			digit = true
		case unicode.IsUpper(r):
			upper = true
		case !unicode.IsLetter(r) && !unicode.IsSpace(r):
			special = true
		}
	}
	switch {
	case policy.RequireNumber && !digit:
		return "Password must contain a number"
	case policy.RequireUppercase && !upper:
		return "Password must contain an uppercase character"
	case policy.RequireSpecial && !special:
		return "Password must contain a special character"
	case isCommonPassword(pw):
		return msgCommonPassword
	}
	return ""
}

// PhoneProblem checks the digits of a phone number against the numbering plan
// of its calling code.
func PhoneProblem(phoneCode, phone string) string {
	if phone == "" {
		return msgRequired
	}
	for _, r := range phone {
		if r < '0' || r > '9' {
			return msgInvalidFormat
		}
	}
	code := strings.TrimPrefix(strings.TrimSpace(phoneCode), "+")
	if code == "" {
		return msgRequired
	}
	num, err := phonenumbers.Parse("+"+code+phone, "")
	if err != nil {
		switch err {
		case phonenumbers.ErrTooShortNSN, phonenumbers.ErrTooShortAfterIDD:
			return msgTooShortNumber
		case phonenumbers.ErrNumTooLong:
			return msgTooLongNumber
		}
		return msgInvalidFormat
	}
	switch phonenumbers.IsPossibleNumberWithReason(num) {
	// A number dialable only locally cannot reach the player: too short.
	case phonenumbers.TOO_SHORT, phonenumbers.IS_POSSIBLE_LOCAL_ONLY:
		return msgTooShortNumber
	case phonenumbers.TOO_LONG:
		return msgTooLongNumber
	case phonenumbers.IS_POSSIBLE:
		return ""
	}
	return msgInvalidFormat
}

// DateOfBirthProblem checks the YYYY-MM-DD date for an age of 18 to 100.
func DateOfBirthProblem(dob string, now time.Time) string {
	if dob == "" {
		return msgRequired
	}
	d, err := time.Parse("2006-01-02", dob)
	if err != nil {
		return msgInvalidFormat
	}
	age := now.Year() - d.Year()
	if now.Month() < d.Month() || now.Month() == d.Month() && now.Day() < d.Day() {
		age--
	}
	switch {
	case age < minAge:
		return msgTooYoung
	case age > maxAge:
		return msgTooOld
	}
	return ""
}

// ValidCPF checks a Brazilian CPF number's two check digits.
func ValidCPF(cpf string) bool {
	var d []int
	for _, r := range cpf {
		switch {
		case r >= '0' && r <= '9':
			d = append(d, int(r-'0'))
		case r == '.' || r == '-' || r == ' ':
		default:
			return false
		}
	}
	if len(d) != 11 {
		return false
	}
	same := true
	for _, x := range d[1:] {
		same = same && x == d[0]
	}
	if same {
		return false
	}
	for pos := 9; pos <= 10; pos++ {
		sum := 0
		for i := 0; i < pos; i++ {
			sum += d[i] * (pos + 1 - i)
		}
		check := sum * 10 % 11
		if check == 10 {
			check = 0
		}
		if check != d[pos] {
			return false
		}
	}
	return true
}

// Genders are the options of the registration form.
var Genders = []string{"Not to say", "Male", "Female"}

func textProblem(s string, required bool) string {
	switch {
	case required && strings.TrimSpace(s) == "":
		return msgRequired
	case utf8.RuneCountInString(s) > maxTextLength:
		return msgMaxLength
	}
	return ""
}
