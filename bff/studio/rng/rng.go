// Package rng is the random number layer of the in-house game studio.
//
// Every game draws its randomness from a Source, a stream of uniformly
// distributed 32-bit words. Production rounds use either Crypto (the
// operating system's CSPRNG) or a provably fair stream (package fair);
// simulations and tests may plug in a fast seeded generator instead.
//
// Intn maps a Source to [0, n) without modulo bias by rejection sampling:
// a word v is accepted only when v < floor(2^32/n)*n, and then v mod n is
// returned. Every accepted residue class has exactly floor(2^32/n) words,
// so the result is exactly uniform. The probability of a rejection is
// (2^32 mod n)/2^32, below 1e-8 for every n the games use.
package rng

import (
	"crypto/rand"
	"encoding/binary"
	"math"
	"sync"
)

// Source is a stream of independent, uniformly distributed 32-bit words.
type Source interface {
	Uint32() uint32
}

// MaxN is the largest range Intn accepts.
const MaxN = math.MaxUint32

// Intn returns a uniform integer in [0, n) drawn from src with rejection
// sampling (no modulo bias). Each attempt consumes one word. It panics when n
// is not in [1, MaxN].
func Intn(src Source, n int) int {
	if n <= 0 || uint64(n) > MaxN {
		panic("rng: Intn range out of bounds")
	}
	bound := uint64(n)
	limit := (uint64(1) << 32) / bound * bound // multiples of n below 2^32
	for {
		v := uint64(src.Uint32())
		if v < limit {
			return int(v % bound)
		}
	}
}

// Shuffle permutes the n elements reachable through swap uniformly
// (Fisher–Yates with Intn).
func Shuffle(src Source, n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, Intn(src, i+1))
	}
}

// Crypto is the production source: words read from crypto/rand (getrandom(2)
// on Linux) through a small buffer. It is safe for concurrent use. The zero
// value is ready to use.
type Crypto struct {
	mu  sync.Mutex
	buf [512]byte
	pos int
	ok  bool
}

// NewCrypto returns a new buffered CSPRNG source.
func NewCrypto() *Crypto { return &Crypto{} }

// Uint32 returns the next word of the CSPRNG.
func (c *Crypto) Uint32() uint32 {
	c.mu.Lock()
	if !c.ok || c.pos+4 > len(c.buf) {
		// crypto/rand.Read never fails on supported platforms (Go ≥ 1.24
		// crashes the program instead of returning weak bytes).
		_, _ = rand.Read(c.buf[:])
		c.pos, c.ok = 0, true
	}
	v := binary.BigEndian.Uint32(c.buf[c.pos:])
	// Wipe consumed bytes so a memory disclosure cannot reveal past draws.
	clear(c.buf[c.pos : c.pos+4])
	c.pos += 4
	c.mu.Unlock()
	return v
}

// Default is the process-wide production source.
var Default Source = NewCrypto()

// Counter wraps a Source and counts the words drawn; useful for recording how
// much randomness a round consumed.
type Counter struct {
	Src Source
	N   int
}

// Uint32 draws one word and counts it.
func (c *Counter) Uint32() uint32 { c.N++; return c.Src.Uint32() }
