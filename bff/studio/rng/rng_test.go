package rng

import (
	"math"
	"testing"
)

// seq is a Source replaying fixed words.
type seq struct {
	words []uint32
	i     int
}

func (s *seq) Uint32() uint32 { v := s.words[s.i]; s.i++; return v }

func TestIntnRejectsTheBiasedTail(t *testing.T) {
	// n = 3: 2^32 mod 3 = 1, so the single word 2^32-1 is rejected.
	s := &seq{words: []uint32{math.MaxUint32, 7}}
	if got := Intn(s, 3); got != 1 || s.i != 2 {
		t.Fatalf("Intn = %d after %d words, want 1 after 2", got, s.i)
	}
	// n = 37: limit = floor(2^32/37)*37; words below it are accepted.
	limit := uint32((uint64(1) << 32) / 37 * 37)
	s = &seq{words: []uint32{limit, limit - 1}}
	if got := Intn(s, 37); got != int((limit-1)%37) || s.i != 2 {
		t.Fatalf("Intn = %d after %d words", got, s.i)
	}
}

func TestIntnUniformChiSquare(t *testing.T) {
	src := NewCrypto()
	for _, n := range []int{2, 6, 37, 100} {
		const draws = 200_000
		counts := make([]float64, n)
		for i := 0; i < draws; i++ {
			counts[Intn(src, n)]++
		}
		exp := float64(draws) / float64(n)
		chi := 0.0
		for _, c := range counts {
			chi += (c - exp) * (c - exp) / exp
		}
		// Wilson–Hilferty 99.99% quantile of chi-square with n-1 dof.
		k := float64(n - 1)
		z := 3.719
		q := k * math.Pow(1-2/(9*k)+z*math.Sqrt(2/(9*k)), 3)
		if chi > q {
			t.Errorf("n=%d: chi-square %.1f above %.1f", n, chi, q)
		}
	}
}

func TestIntnBounds(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("Intn(0) did not panic")
		}
	}()
	Intn(NewCrypto(), 0)
}
