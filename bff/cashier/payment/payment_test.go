package payment

import (
	"errors"
	"maps"
	"strings"
	"testing"
	"time"
)

func TestLuhn(t *testing.T) {
	cases := map[string]bool{
		"4242424242424242": true, "5555555555554444": true, "4000000000000002": true, "4000000000003220": true,
		"4000000000009995": true, "4000000000000077": true, "4000000000000085": true, "79927398713": true,
		"4242424242424241": false, "": false, "0": true, "12a4": false,
	}
	for n, want := range cases {
		if got := Luhn(n); got != want {
			t.Errorf("Luhn(%q) = %v, want %v", n, got, want)
		}
	}
}

func TestCardValidate(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	good := Card{Number: "4242 4242 4242 4242", Holder: "Ada Lovelace", Expiry: "12/30", CVC: "123"}
	cases := []struct {
		name string
		edit func(*Card)
		want map[string]string
	}{
		{"valid", func(*Card) {}, map[string]string{}},
		{"dashes", func(c *Card) { c.Number = "4242-4242-4242-4242" }, map[string]string{}},
		{"this month", func(c *Card) { c.Expiry = "11/26" }, map[string]string{}},
		{"number required", func(c *Card) { c.Number = " " }, map[string]string{"number": MsgRequired}},
		{"luhn", func(c *Card) { c.Number = "4242 4242 4242 4241" }, map[string]string{"number": MsgInvalidNumber}},
		{"letters", func(c *Card) { c.Number = "4242 4242 4242 424x" }, map[string]string{"number": MsgInvalidNumber}},
		{"too short", func(c *Card) { c.Number = "79927398713" }, map[string]string{"number": MsgInvalidNumber}},
		{"holder", func(c *Card) { c.Holder = "" }, map[string]string{"holder": MsgRequired}},
		{"cvc required", func(c *Card) { c.CVC = "" }, map[string]string{"cvc": MsgRequired}},
		{"cvc 4 digits", func(c *Card) { c.CVC = "1234" }, map[string]string{"cvc": MsgInvalidCVC}},
		{"cvc 2 digits", func(c *Card) { c.CVC = "12" }, map[string]string{"cvc": MsgInvalidCVC}},
		{"cvc letters", func(c *Card) { c.CVC = "12a" }, map[string]string{"cvc": MsgInvalidCVC}},
		{"expiry required", func(c *Card) { c.Expiry = "" }, map[string]string{"expiry": MsgRequired}},
		{"month 13", func(c *Card) { c.Expiry = "13/30" }, map[string]string{"expiry": MsgInvalidMonth}},
		{"month 00", func(c *Card) { c.Expiry = "00/30" }, map[string]string{"expiry": MsgInvalidMonth}},
		{"last month", func(c *Card) { c.Expiry = "10/26" }, map[string]string{"expiry": MsgPastDate}},
		{"last year", func(c *Card) { c.Expiry = "12/25" }, map[string]string{"expiry": MsgPastDate}},
		{"format", func(c *Card) { c.Expiry = "1/30" }, map[string]string{"expiry": MsgInvalidExpiry}},
		{"four-digit year", func(c *Card) { c.Expiry = "12/2030" }, map[string]string{"expiry": MsgInvalidExpiry}},
		{"far future", func(c *Card) { c.Expiry = "12/99" }, map[string]string{"expiry": MsgInvalidExpiry}},
		{"everything", func(c *Card) { *c = Card{} }, map[string]string{"number": MsgRequired, "holder": MsgRequired, "cvc": MsgRequired, "expiry": MsgRequired}},
	}
	for _, c := range cases {
		card := good
		c.edit(&card)
		if got := card.Validate(now); !maps.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if good.Last4() != "4242" {
		t.Error(good.Last4())
	}
}

func TestWebhookSignature(t *testing.T) {
	secret := []byte("whsec_test")
	body := []byte(`{"id":"evt_1"}`)
	now := time.Unix(1_800_000_000, 0)
	sig := Sign(secret, now, body)
	cases := []struct {
		name   string
		header string
		body   []byte
		at     time.Time
		ok     bool
	}{
		{"valid", sig, body, now, true},
		{"299 s later", sig, body, now.Add(299 * time.Second), true},
		{"replayed after 301 s", sig, body, now.Add(301 * time.Second), false},
		{"from the future", sig, body, now.Add(-301 * time.Second), false},
		{"body changed", sig, []byte(`{"id":"evt_2"}`), now, false},
		{"other secret", Sign([]byte("other"), now, body), body, now, false},
		{"rotated keys", Sign([]byte("old"), now, body) + "," + sig[len("t=1800000000,"):], body, now, true},
		{"timestamp changed", "t=1800000001," + sig[len("t=1800000000,"):], body, now, false},
		{"empty", "", body, now, false},
		{"no v1", "t=1800000000", body, now, false},
	}
	for _, c := range cases {
		err := Verify(secret, c.header, c.body, c.at)
		if (err == nil) != c.ok {
			t.Errorf("%s: %v, want ok=%v", c.name, err, c.ok)
		}
		if err != nil && !errors.Is(err, ErrSignature) {
			t.Errorf("%s: %v is not ErrSignature", c.name, err)
		}
	}
}

// FuzzCard: the card checks never panic, and a card they accept has a
// Luhn-valid number and a 3-digit CVC.
func FuzzCard(f *testing.F) {
	f.Add("4242 4242 4242 4242", "Ada", "12/30", "123")
	f.Add("", "", "", "")
	f.Add("4242-4242", "x", "00/00", "1a3")
	now := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, number, holder, expiry, cvc string) {
		c := Card{Number: number, Holder: holder, Expiry: expiry, CVC: cvc}
		if len(c.Validate(now)) == 0 && (!Luhn(c.Digits()) || len(strings.TrimSpace(cvc)) != 3) {
			t.Errorf("accepted %+v", c)
		}
	})
}
