package roulette

import (
	"math/big"
	"testing"
)

// Every bet on the layout returns exactly 36/37 of its stake over the 37
// pockets: the table's RTP is 97.30% whatever is played.
func TestEveryBetReturns36Of37(t *testing.T) {
	var bets []Bet
	for n := 0; n <= 36; n++ {
		bets = append(bets, Bet{Kind: Straight, Number: n, Amount: 1})
	}
	for _, k := range []string{Red, Black, Odd, Even, Low, High} {
		bets = append(bets, Bet{Kind: k, Amount: 1})
	}
	for n := 1; n <= 3; n++ {
		bets = append(bets, Bet{Kind: Dozen, Number: n, Amount: 1}, Bet{Kind: Column, Number: n, Amount: 1})
	}
	for _, b := range bets {
		if err := b.Check(); err != nil {
			t.Fatal(err)
		}
		var sum int64
		for n := 0; n < Pockets; n++ {
			sum += b.Payout(n)
		}
		if r := big.NewRat(sum, Pockets); r.Cmp(big.NewRat(36, 37)) != 0 {
			t.Errorf("%s: return %s, want 36/37", b.Label(), r)
		}
	}
	for _, b := range []Bet{{Kind: Straight, Number: 37}, {Kind: Red, Number: 3}, {Kind: Dozen, Number: 0}, {Kind: "split"}} {
		if b.Check() == nil {
			t.Errorf("%+v accepted", b)
		}
	}
	if Colour(0) != "green" || Colour(32) != "red" || Colour(15) != "black" {
		t.Error("colours")
	}
}
