package account

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/argon2"

	"casino/bff/api"
)

// argon2id parameters: OWASP's minimum (19 MiB, 2 iterations, 1 lane).
const (
	argonMemoryKiB = 19 * 1024
	argonTime      = 2
	argonThreads   = 1
	argonKeyLen    = 32
	argonSaltLen   = 16
)

// hashSlots bounds concurrent hashes: each takes ~19 MiB and ~35 ms of a core,
// so a burst of logins queues instead of exhausting memory. The queue is
// bounded too, in length and in time: beyond it a caller is told to try
// again later at once instead of holding a connection (issue 18, item 8).
var (
	hashSlots   = make(chan struct{}, 4)
	hashWaiting atomic.Int64
)

const (
	hashQueueMax  = 64
	hashQueueWait = 5 * time.Second
)

func acquireHashSlot(ctx context.Context) error {
	select {
	case hashSlots <- struct{}{}:
		return nil
	default:
	}
	if hashWaiting.Add(1) > hashQueueMax {
		hashWaiting.Add(-1)
		return fmt.Errorf("password hash queue full: %w", api.ErrTooManyRequests)
	}
	defer hashWaiting.Add(-1)
	timer := time.NewTimer(hashQueueWait)
	defer timer.Stop()
	select {
	case hashSlots <- struct{}{}:
		return nil
	case <-timer.C:
		return fmt.Errorf("password hash queue: waited %s: %w", hashQueueWait, api.ErrTooManyRequests)
	case <-ctx.Done():
		return ctx.Err()
	}
}

func releaseHashSlot() { <-hashSlots }

// HashPassword returns an encoded argon2id hash in the PHC string format.
func HashPassword(ctx context.Context, password string) (string, error) {
	if err := acquireHashSlot(ctx); err != nil {
		return "", err
	}
	defer releaseHashSlot()
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemoryKiB, argonThreads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemoryKiB, argonTime, argonThreads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

var errBadHash = errors.New("malformed password hash")

// VerifyPassword reports whether password matches encoded, in constant time.
func VerifyPassword(ctx context.Context, password, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false, errBadHash
	}
	salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
	want, err2 := base64.RawStdEncoding.DecodeString(parts[5])
	if err1 != nil || err2 != nil || m > 256*1024 || t > 10 || p == 0 {
		return false, errBadHash
	}
	if err := acquireHashSlot(ctx); err != nil {
		return false, err
	}
	defer releaseHashSlot()
	got := argon2.IDKey([]byte(password), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is verified against when an e-mail is unknown, so a login takes
// the same time whether or not the account exists.
var dummyHash, _ = HashPassword(context.Background(), "timing-equaliser")
