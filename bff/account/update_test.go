package account

import (
	"context"
	"errors"
	"testing"

	"casino/bff/api"
)

// onChangeResetKyc unlocks only the identity fields (names, date of birth,
// country, address) and resets an approved KYC status when one of them
// changes; the other filled fields stay locked with or without it.
func TestOnChangeResetKyc(t *testing.T) {
	cases := []struct {
		name       string
		body       map[string]any
		wantStatus int
		wantField  string // the field refused, on a 400
		wantKYC    string
	}{
		{"address without the flag", map[string]any{"address": "Neue Str. 2"}, 400, "address", "APPROVED"},
		{"address", map[string]any{"address": "Neue Str. 2", "onChangeResetKyc": true}, 200, "", "NOT_STARTED"},
		{"last name", map[string]any{"lastName": "Lee-Smith", "onChangeResetKyc": true}, 200, "", "NOT_STARTED"},
		{"date of birth", map[string]any{"dateOfBirth": "1991-05-01", "onChangeResetKyc": true}, 200, "", "NOT_STARTED"},
		{"country", map[string]any{"countryCode": "AT", "onChangeResetKyc": true}, 200, "", "NOT_STARTED"},
		{"postal code and city", map[string]any{"zipCode": "20095", "city": "Hamburg", "onChangeResetKyc": true}, 200, "", "NOT_STARTED"},
		{"under 18 is still refused", map[string]any{"dateOfBirth": "2020-01-01", "onChangeResetKyc": true}, 400, "dateOfBirth", "APPROVED"},
		{"phone stays locked", map[string]any{"phone": "15123456780", "onChangeResetKyc": true}, 400, "phone", "APPROVED"},
		{"nickname stays locked", map[string]any{"nickname": "annie", "onChangeResetKyc": true}, 400, "nickname", "APPROVED"},
		{"e-mail stays locked", map[string]any{"email": "ann2@example.com", "onChangeResetKyc": true}, 400, "email", "APPROVED"},
		{"flag without a change", map[string]any{"address": "Hauptstr. 1", "onChangeResetKyc": true}, 200, "", "APPROVED"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			token, uid := f.register(t, annSignUp)
			if _, err := f.svc.db.Write.ExecContext(context.Background(), `UPDATE users SET kyc_status = 'APPROVED' WHERE id = ?`, uid); err != nil {
				t.Fatal(err)
			}
			tc.body["updateFrom"] = "Profile Page"
			status, body := f.call(t, "PUT", "/api/user/update-user-details", tc.body, token)
			if status != tc.wantStatus {
				t.Fatalf("status %d, want %d: %v", status, tc.wantStatus, body)
			}
			if tc.wantField != "" {
				if body["error"].(map[string]any)["fields"].(map[string]any)[tc.wantField] == nil {
					t.Fatalf("no message on %s: %v", tc.wantField, body)
				}
			}
			_, body = f.call(t, "GET", "/api/user/get-user-details", nil, token)
			if got := data(body)["getUser"].(map[string]any)["kycStatus"]; got != tc.wantKYC {
				t.Fatalf("kycStatus %v, want %s", got, tc.wantKYC)
			}
		})
	}
}

func TestSetKYCStatus(t *testing.T) {
	f := newFixture(t)
	token, _ := f.register(t, annSignUp)
	ctx := context.Background()
	if err := f.svc.SetKYCStatusWith(ctx, " Ann@Example.com ", "approved", nil); err != nil {
		t.Fatal(err)
	}
	_, body := f.call(t, "GET", "/api/user/get-user-details", nil, token)
	if got := data(body)["getUser"].(map[string]any)["kycStatus"]; got != "APPROVED" {
		t.Fatalf("kycStatus %v", got)
	}
	if err := f.svc.SetKYCStatusWith(ctx, "ann@example.com", "DONE", nil); !errors.Is(err, api.ErrInvalidFormat) {
		t.Fatalf("unknown status: %v", err)
	}
	if err := f.svc.SetKYCStatusWith(ctx, "nobody@example.com", "APPROVED", nil); !errors.Is(err, api.ErrNotFound) {
		t.Fatalf("unknown player: %v", err)
	}
}

// Issue 18, item 16: bonus country rules read the profile country, so it
// cannot change while a bonus is active.
func TestCountryStaysWhileABonusIsActive(t *testing.T) {
	f := newFixture(t)
	token, uid := f.register(t, annSignUp)
	active := true
	f.svc.ActiveBonus = func(_ context.Context, id int64) (any, error) {
		if id == uid && active {
			return map[string]any{"id": 1}, nil
		}
		return nil, nil
	}
	body := map[string]any{"countryCode": "AT", "onChangeResetKyc": true}
	status, res := f.call(t, "PUT", "/api/user/update-user-details", body, token)
	fields, _ := res["error"].(map[string]any)["fields"].(map[string]any)
	if status != 400 || fields["countryCode"] != msgBonusActive {
		t.Fatalf("country change with an active bonus: %d %v", status, res)
	}
	active = false
	if status, res := f.call(t, "PUT", "/api/user/update-user-details", body, token); status != 200 {
		t.Fatalf("country change without a bonus: %d %v", status, res)
	}
}
