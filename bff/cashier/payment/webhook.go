package payment

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// SignatureHeader carries a webhook's signature:
// "t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>" (the
// scheme Stripe uses). Several v1 values may be present during key rotation.
const SignatureHeader = "Cashier-Signature"

// Tolerance is how old a signed webhook may be; older ones are replays.
const Tolerance = 300 * time.Second

// Event is a webhook from a processor about one payment.
type Event struct {
	ID          string `json:"id"`   // unique per event; processed once
	Type        string `json:"type"` // payment.succeeded, payment.failed, payment.declined, payment.cancelled
	PaymentID   string `json:"paymentId"`
	Reference   string `json:"reference"`
	Amount      string `json:"amount"`
	Currency    string `json:"currencyCode"`
	DeclineCode string `json:"declineCode,omitempty"`
	Created     int64  `json:"created"`
}

// Event types.
const (
	EventSucceeded = "payment.succeeded"
	EventFailed    = "payment.failed"
	EventDeclined  = "payment.declined"
	EventCancelled = "payment.cancelled"
)

// ErrSignature: the webhook is not signed with the shared secret, is
// malformed or is outside the time tolerance.
var ErrSignature = errors.New("webhook signature invalid")

// Sign returns the signature header value for body sent at t.
func Sign(secret []byte, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	return "t=" + ts + ",v1=" + mac(secret, ts, body)
}

// Verify checks a signature header against body: a v1 HMAC over the
// timestamp and the body, with the timestamp within Tolerance of now.
func Verify(secret []byte, header string, body []byte, now time.Time) error {
	var ts string
	var sigs []string
	for part := range strings.SplitSeq(header, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			sigs = append(sigs, v)
		}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || len(sigs) == 0 {
		return fmt.Errorf("malformed header: %w", ErrSignature)
	}
	if age := now.Sub(time.Unix(sec, 0)); age > Tolerance || age < -Tolerance {
		return fmt.Errorf("timestamp outside tolerance (%s): %w", age.Round(time.Second), ErrSignature)
	}
	want := mac(secret, ts, body)
	for _, s := range sigs {
		if hmac.Equal([]byte(s), []byte(want)) {
			return nil
		}
	}
	return fmt.Errorf("no matching signature: %w", ErrSignature)
}

func mac(secret []byte, ts string, body []byte) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(ts))
	m.Write([]byte("."))
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}
