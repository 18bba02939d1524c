package cashier

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"casino/bff/cashier/payment"
)

// cardFingerprint is the card number's keyed hash (HMAC-SHA256 under the
// server's "card-fingerprint" secret, hex), stored with the deposit so the
// bonus core can tell two accounts paying with one card apart from the
// card's last four digits alone (docs/bonus.md "Duplicate accounts"); ""
// without a card. The number itself is never stored.
func (s *Service) cardFingerprint(ctx context.Context, card payment.Card) (string, error) {
	digits := card.Digits()
	if digits == "" {
		return "", nil
	}
	s.fpMu.Lock()
	if s.fpKey == nil {
		key, err := s.db.Secret(ctx, "card-fingerprint", 32)
		if err != nil {
			s.fpMu.Unlock()
			return "", fmt.Errorf("card fingerprint: %w", err)
		}
		s.fpKey = key
	}
	key := s.fpKey
	s.fpMu.Unlock()
	m := hmac.New(sha256.New, key)
	m.Write([]byte(digits))
	return hex.EncodeToString(m.Sum(nil)), nil
}
