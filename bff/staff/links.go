package staff

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"strconv"
	"strings"
	"time"
)

// LinkTTL is how long a signed link the back office hands out opens its page.
const LinkTTL = 15 * time.Minute

// SignLink signs a page address the back office gives a member who may see
// it (a player's game recall, /studio/rounds/{id}): such a page opens in a
// new tab, which carries the staff cookie but not the tab's request token,
// so the link carries its own proof instead — for that page only, for
// LinkTTL. It returns the query value ("expiry.mac").
func (s *Service) SignLink(ctx context.Context, path string) (string, error) {
	exp := strconv.FormatInt(s.now().Add(LinkTTL).Unix(), 10)
	mac, err := s.linkMAC(ctx, path, exp)
	if err != nil {
		return "", err
	}
	return exp + "." + mac, nil
}

// CheckLink reports whether v is SignLink's value for path, not expired.
func (s *Service) CheckLink(ctx context.Context, path, v string) bool {
	exp, mac, ok := strings.Cut(v, ".")
	if !ok {
		return false
	}
	n, err := strconv.ParseInt(exp, 10, 64)
	if err != nil || s.now().Unix() > n {
		return false
	}
	want, err := s.linkMAC(ctx, path, exp)
	return err == nil && subtle.ConstantTimeCompare([]byte(mac), []byte(want)) == 1
}

func (s *Service) linkMAC(ctx context.Context, path, exp string) (string, error) {
	s.keyMu.Lock()
	if s.linkKey == nil {
		k, err := s.db.Secret(ctx, "staff-links", 32)
		if err != nil {
			s.keyMu.Unlock()
			return "", err
		}
		s.linkKey = k
	}
	key := s.linkKey
	s.keyMu.Unlock()
	m := hmac.New(sha256.New, key)
	m.Write([]byte(path + "\n" + exp))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)), nil
}
