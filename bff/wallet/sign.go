package wallet

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"time"
)

// Signature headers.
const (
	HeaderProvider  = "X-Wallet-Provider"
	HeaderTimestamp = "X-Wallet-Timestamp"
	HeaderSignature = "X-Wallet-Signature"
)

// MaxClockSkew is how far a request's timestamp may be from the casino's
// clock: a captured request cannot be replayed later than this (and within it
// a replay is harmless: every call is idempotent).
const MaxClockSkew = 300 * time.Second

// Sign returns the X-Wallet-Signature value of a request.
func Sign(secret []byte, timestamp int64, path string, body []byte) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(strconv.FormatInt(timestamp, 10)))
	m.Write([]byte{'\n'})
	m.Write([]byte(path))
	m.Write([]byte{'\n'})
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// verify checks a signature and its timestamp in constant time.
func verify(secret []byte, timestampHeader, path string, body []byte, signature string, now time.Time) bool {
	ts, err := strconv.ParseInt(timestampHeader, 10, 64)
	if err != nil || strconv.FormatInt(ts, 10) != timestampHeader {
		return false
	}
	skew := now.Sub(time.Unix(ts, 0))
	if skew > MaxClockSkew || skew < -MaxClockSkew {
		return false
	}
	if !strings.HasPrefix(signature, "sha256=") {
		return false
	}
	want := Sign(secret, ts, path, body)
	return hmac.Equal([]byte(want), []byte(signature))
}
