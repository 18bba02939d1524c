// Package roulette is the studio's live European roulette table: one wheel
// shared by every player, spun in timed rounds (betting window, spin,
// result with payouts) whose state is broadcast to all followers.
//
// Each round is provably fair: at opening the table commits to a fresh
// server seed (its SHA-256 is broadcast with the betting window); the
// pocket is rng.Intn(37) over fair.NewStream(serverSeed, ClientSeed, round)
// and the seed is revealed with the result.
package roulette

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Pockets of the single-zero wheel.
const Pockets = 37

var reds = map[int]bool{1: true, 3: true, 5: true, 7: true, 9: true, 12: true, 14: true, 16: true, 18: true,
	19: true, 21: true, 23: true, 25: true, 27: true, 30: true, 32: true, 34: true, 36: true}

// Colour names a pocket's colour: green (0), red or black.
func Colour(n int) string {
	switch {
	case n == 0:
		return "green"
	case reds[n]:
		return "red"
	}
	return "black"
}

// Bet kinds and what they return per unit staked when they win (stake
// included): a straight up pays 35:1, dozens and columns 2:1, even chances
// 1:1. Zero loses every outside bet (no la partage).
const (
	Straight = "straight" // Number 0..36
	Red      = "red"
	Black    = "black"
	Odd      = "odd"
	Even     = "even"
	Low      = "low"    // 1–18
	High     = "high"   // 19–36
	Dozen    = "dozen"  // Number 1..3: 1–12, 13–24, 25–36
	Column   = "column" // Number 1..3: 1,4,…,34 / 2,5,…,35 / 3,6,…,36
)

// Bet is one stake on the layout, in minor units of the player's currency
// (Player.Factor of them per table unit).
type Bet struct {
	Kind   string `json:"kind"`
	Number int    `json:"number,omitempty"`
	Amount int64  `json:"amount"`
}

// ErrBet is a bet that does not exist on the layout.
var ErrBet = errors.New("roulette: invalid bet")

// Check validates a bet's kind and number (not its amount).
func (b Bet) Check() error {
	switch b.Kind {
	case Straight:
		if b.Number < 0 || b.Number > 36 {
			return fmt.Errorf("%w: number %d", ErrBet, b.Number)
		}
	case Red, Black, Odd, Even, Low, High:
		if b.Number != 0 {
			return fmt.Errorf("%w: %s takes no number", ErrBet, b.Kind)
		}
	case Dozen, Column:
		if b.Number < 1 || b.Number > 3 {
			return fmt.Errorf("%w: %s %d", ErrBet, b.Kind, b.Number)
		}
	default:
		return fmt.Errorf("%w: kind %q", ErrBet, b.Kind)
	}
	return nil
}

// Covers reports whether the bet wins on pocket n.
func (b Bet) Covers(n int) bool {
	if b.Kind == Straight {
		return n == b.Number
	}
	if n == 0 {
		return false
	}
	switch b.Kind {
	case Red:
		return reds[n]
	case Black:
		return !reds[n]
	case Odd:
		return n%2 == 1
	case Even:
		return n%2 == 0
	case Low:
		return n <= 18
	case High:
		return n >= 19
	case Dozen:
		return (n-1)/12+1 == b.Number
	case Column:
		return (n-1)%3+1 == b.Number
	}
	return false
}

// Multiplier is what a winning bet returns per unit staked, stake included.
func (b Bet) Multiplier() int64 {
	switch b.Kind {
	case Straight:
		return 36
	case Dozen, Column:
		return 3
	}
	return 2
}

// Payout is what the bet returns on pocket n (0 when it loses).
func (b Bet) Payout(n int) int64 {
	if b.Covers(n) {
		return b.Amount * b.Multiplier()
	}
	return 0
}

// Label names a bet for people ("17", "red", "2nd dozen").
func (b Bet) Label() string {
	switch b.Kind {
	case Straight:
		return strconv.Itoa(b.Number)
	case Dozen, Column:
		return []string{"", "1st", "2nd", "3rd"}[b.Number] + " " + b.Kind
	}
	return b.Kind
}

// BetType describes one kind of bet for the rules: how many pockets it
// covers, what it pays (to 1) and its return, all computed from Covers and
// Multiplier over the 37 pockets.
type BetType struct {
	Kind    string `json:"kind"`
	Name    string `json:"name"`
	Covers  int    `json:"covers"`  // pockets
	Pays    int64  `json:"pays"`    // to 1
	Example string `json:"example"` // the numbers of one such bet
	RTP     string `json:"rtp"`     // percent, 2 decimals
}

// BetTypes lists every bet of the layout, one example per kind.
func BetTypes() []BetType {
	kinds := []struct {
		bet  Bet
		name string
	}{
		{Bet{Kind: Straight, Number: 17}, "Straight up (any one number, 0 included)"},
		{Bet{Kind: Column, Number: 1}, "Column (\"2 to 1\")"},
		{Bet{Kind: Dozen, Number: 1}, "Dozen (1st, 2nd or 3rd 12)"},
		{Bet{Kind: Red}, "Red"},
		{Bet{Kind: Black}, "Black"},
		{Bet{Kind: Odd}, "Odd"},
		{Bet{Kind: Even}, "Even"},
		{Bet{Kind: Low}, "1–18"},
		{Bet{Kind: High}, "19–36"},
	}
	out := make([]BetType, 0, len(kinds))
	for _, k := range kinds {
		var nums []string
		for n := 0; n < Pockets; n++ {
			if k.bet.Covers(n) {
				nums = append(nums, strconv.Itoa(n))
			}
		}
		m := k.bet.Multiplier()
		rtp := new(big.Rat).SetFrac64(int64(len(nums))*m*100, Pockets)
		ex := strings.Join(nums, ", ")
		if len(nums) > 12 {
			ex = strings.Join(nums[:6], ", ") + ", … " + nums[len(nums)-1]
		}
		out = append(out, BetType{Kind: k.bet.Kind, Name: k.name, Covers: len(nums), Pays: m - 1, Example: ex, RTP: rtp.FloatString(2)})
	}
	return out
}
