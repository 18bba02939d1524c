package account

import (
	"bytes"
	"net/http/httptest"
	"testing"
)

// Whatever a client sends to sign-up or login, the answer is a JSON error or
// success, never a 500 or a panic.
func FuzzSignUpAndLoginDecoding(f *testing.F) {
	f.Add([]byte(`{"email":"a@b.co","password":"secret1x","confirmPassword":"secret1x","isAdult":true,"acceptTerms":true}`))
	f.Add([]byte(`{"email":1}`))
	f.Add([]byte(`{"oneClick":"yes"}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`{"mirrorDomainFk":"x","dateOfBirth":"2000-02-30"}`))
	fx := newFixture(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, path := range []string{"/api/user/sign-up", "/api/user/login"} {
			r := httptest.NewRequest("POST", path, bytes.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			fx.mux.ServeHTTP(rec, r)
			if rec.Code >= 500 {
				t.Fatalf("%s %q: %d %s", path, body, rec.Code, rec.Body)
			}
		}
	})
}
