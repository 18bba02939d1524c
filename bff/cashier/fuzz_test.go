package cashier

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"casino/bff/api"
	"casino/bff/cashier/payment"
)

// FuzzSignedWebhookBodies: a correctly signed webhook with any body is
// answered with the error shape (never an internal error) and never credits
// more than the deposit it names. Signing makes the fuzzer reach the event
// decoder, which an unsigned request never does.
func FuzzSignedWebhookBodies(f *testing.F) {
	s, _ := newTestService(f)
	withSandbox(f, s)
	ctx := context.Background()
	ada := addPlayer(f, s, testPlayer{email: "ada@example.com", verified: true})
	d, err := s.Deposit(ctx, Caller{UserID: ada}, DepositRequest{Amount: "25", PaymentMethod: "visa", Card: card("4000000000003220")})
	if err != nil {
		f.Fatal(err)
	}
	secret, _ := s.db.Secret(ctx, "sandbox-webhook", 32)
	good := `{"id":"evt_1","type":"payment.succeeded","paymentId":"pay_x","reference":"` + d.DepositID + `","amount":"25.00","currencyCode":"EUR"}`
	for _, b := range []string{good, strings.Replace(good, "25.00", "-25", 1), strings.Replace(good, "succeeded", "failed", 1),
		`{"id":"e","reference":"` + d.DepositID + `","amount":"1e999"}`, `{}`, `[]`, `null`, `{"id":1}`, "\x00"} {
		f.Add([]byte(b))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		err := s.HandleWebhook(ctx, "sandbox", payment.Sign(secret, time.Now(), body), body)
		var apiErr *api.Error
		if err != nil && (!errors.As(err, &apiErr) || apiErr.Status >= 500) {
			t.Fatalf("%q: %v", body, err)
		}
		b := balances(t, s, ada, "EUR")
		if b.Real.Minor() > 2500 {
			t.Fatalf("%q credited %s for a 25.00 deposit", body, b.Real.Decimal())
		}
	})
}
