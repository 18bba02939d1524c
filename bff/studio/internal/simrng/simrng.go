// Package simrng is a fast, seeded, NON-cryptographic Source for simulations
// and tests only (math/rand/v2 PCG). Never use it to settle real rounds.
package simrng

import "math/rand/v2"

// PCG is a seeded PCG-DXSM generator exposed as an rng.Source.
type PCG struct {
	p   *rand.PCG
	buf uint64
	has bool
}

// New returns a PCG seeded with (seed, stream).
func New(seed, stream uint64) *PCG { return &PCG{p: rand.NewPCG(seed, stream)} }

// Uint32 returns the next 32 bits (two per 64-bit PCG output).
func (g *PCG) Uint32() uint32 {
	if g.has {
		g.has = false
		return uint32(g.buf >> 32)
	}
	g.buf = g.p.Uint64()
	g.has = true
	return uint32(g.buf)
}
