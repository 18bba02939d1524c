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
// included): an inside bet on k numbers pays 36/k − 1 to 1 (straight up
// 35:1, split 17:1, street 11:1, corner 8:1, six line 5:1), dozens and
// columns 2:1, even chances 1:1. Zero loses every outside bet (no la
// partage). Every bet returns 36/37 of its stake.
const (
	Straight = "straight" // Number 0..36
	// The other inside bets name their numbers in Numbers, sorted
	// ascending, on the standard layout (1-2-3 across the first row, 0 at
	// its head); see Check.
	Split  = "split"  // 2 adjacent numbers: n|n+1 in a row, n|n+3, or 0|1, 0|2, 0|3
	Street = "street" // a row 3k+1..3k+3, or the trios 0-1-2 and 0-2-3
	Corner = "corner" // n, n+1, n+3, n+4 (n not in the 3rd column), or the first four 0-1-2-3
	Line   = "line"   // six line: two rows 3k+1..3k+6
	Red    = "red"
	Black  = "black"
	Odd    = "odd"
	Even   = "even"
	Low    = "low"    // 1–18
	High   = "high"   // 19–36
	Dozen  = "dozen"  // Number 1..3: 1–12, 13–24, 25–36
	Column = "column" // Number 1..3: 1,4,…,34 / 2,5,…,35 / 3,6,…,36
)

// Bet is one stake on the layout, in minor units of the player's currency
// (Player.Factor of them per table unit).
type Bet struct {
	Kind    string `json:"kind"`
	Number  int    `json:"number,omitempty"`
	Numbers []int  `json:"numbers,omitempty"` // split, street, corner, line
	Amount  int64  `json:"amount"`
}

// Inside reports whether the bet is on numbers of the layout (straight
// up, split, street, corner, six line), not an outside bet.
func (b Bet) Inside() bool {
	switch b.Kind {
	case Straight, Split, Street, Corner, Line:
		return true
	}
	return false
}

// Covered is how many numbers an inside bet is on (0 for an outside bet).
func (b Bet) Covered() int {
	if b.Kind == Straight {
		return 1
	}
	if b.Inside() {
		return len(b.Numbers)
	}
	return 0
}

// sizes is how many numbers each multi-number inside bet names.
var sizes = map[string]int{Split: 2, Street: 3, Corner: 4, Line: 6}

// col is a number's place across its row (0, 1, 2: the 1st, 2nd, 3rd
// column); row is its row (0 for 1-2-3 … 11 for 34-35-36).
func col(n int) int { return (n - 1) % 3 }

// adjacent reports whether the sorted numbers ns form the bet kind on the
// layout: the only accepted sets are the ones a chip can sit on.
func adjacent(kind string, ns []int) bool {
	a := ns[0]
	if a == 0 { // the zero combinations of the European layout
		switch kind {
		case Split:
			return ns[1] <= 3
		case Street:
			return ns[1] == 1 && ns[2] == 2 || ns[1] == 2 && ns[2] == 3
		case Corner:
			return ns[1] == 1 && ns[2] == 2 && ns[3] == 3
		}
		return false
	}
	switch kind {
	case Split:
		b := ns[1]
		return b == a+3 || b == a+1 && col(a) != 2
	case Street:
		return col(a) == 0 && ns[1] == a+1 && ns[2] == a+2
	case Corner:
		return col(a) != 2 && ns[1] == a+1 && ns[2] == a+3 && ns[3] == a+4
	case Line:
		if col(a) != 0 {
			return false
		}
		for i, n := range ns {
			if n != a+i {
				return false
			}
		}
		return true
	}
	return false
}

// ErrBet is a bet that does not exist on the layout.
var ErrBet = errors.New("roulette: invalid bet")

// Check validates a bet's kind and number (not its amount).
func (b Bet) Check() error {
	switch b.Kind {
	case Straight:
		if b.Number < 0 || b.Number > 36 || len(b.Numbers) > 0 {
			return fmt.Errorf("%w: number %d", ErrBet, b.Number)
		}
	case Split, Street, Corner, Line:
		ns := b.Numbers
		if b.Number != 0 || len(ns) != sizes[b.Kind] {
			return fmt.Errorf("%w: a %s names %d numbers", ErrBet, b.Kind, sizes[b.Kind])
		}
		for i, n := range ns {
			if n < 0 || n > 36 || i > 0 && n <= ns[i-1] {
				return fmt.Errorf("%w: %s numbers %v not sorted on 0..36", ErrBet, b.Kind, ns)
			}
		}
		if !adjacent(b.Kind, ns) {
			return fmt.Errorf("%w: %v is not a %s on the layout", ErrBet, ns, b.Kind)
		}
		return nil
	case Red, Black, Odd, Even, Low, High:
		if b.Number != 0 || len(b.Numbers) > 0 {
			return fmt.Errorf("%w: %s takes no number", ErrBet, b.Kind)
		}
	case Dozen, Column:
		if b.Number < 1 || b.Number > 3 || len(b.Numbers) > 0 {
			return fmt.Errorf("%w: %s %d", ErrBet, b.Kind, b.Number)
		}
	default:
		return fmt.Errorf("%w: kind %q", ErrBet, b.Kind)
	}
	return nil
}

// Spot names the place of the layout the bet is on ("straight:17",
// "split:17-20", "red:0"): the client's key for it too.
func (b Bet) Spot() string {
	if len(b.Numbers) == 0 {
		return b.Kind + ":" + strconv.Itoa(b.Number)
	}
	ns := make([]string, len(b.Numbers))
	for i, n := range b.Numbers {
		ns[i] = strconv.Itoa(n)
	}
	return b.Kind + ":" + strings.Join(ns, "-")
}

// Covers reports whether the bet wins on pocket n.
func (b Bet) Covers(n int) bool {
	if b.Kind == Straight {
		return n == b.Number
	}
	if b.Inside() {
		for _, x := range b.Numbers {
			if x == n {
				return true
			}
		}
		return false
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
	if k := b.Covered(); k > 0 {
		return int64(36 / k) // 36, 18, 12, 9, 6
	}
	switch b.Kind {
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

// Label names a bet for people ("17", "split 17-20", "first four 0-1-2-3",
// "red", "2nd dozen").
func (b Bet) Label() string {
	switch b.Kind {
	case Straight:
		return strconv.Itoa(b.Number)
	case Split, Street, Corner, Line:
		name, zero := b.Kind, len(b.Numbers) > 0 && b.Numbers[0] == 0
		switch {
		case b.Kind == Line:
			name = "six line"
		case b.Kind == Street && zero:
			name = "trio"
		case b.Kind == Corner && zero:
			name = "first four"
		}
		return name + " " + strings.TrimPrefix(b.Spot(), b.Kind+":")
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
	Covers  int    `json:"covers"`        // pockets
	Pays    int64  `json:"pays"`          // to 1
	Example string `json:"example"`       // the numbers of one such bet
	RTP     string `json:"rtp"`           // percent, 2 decimals
	Max     string `json:"max,omitempty"` // largest stake on one spot (the rules fill it from the table's Config)
}

// BetTypes lists every bet of the layout, one example per kind.
func BetTypes() []BetType {
	kinds := []struct {
		bet  Bet
		name string
	}{
		{Bet{Kind: Straight, Number: 17}, "Straight up (any one number, 0 included)"},
		{Bet{Kind: Split, Numbers: []int{17, 20}}, "Split (2 adjacent numbers)"},
		{Bet{Kind: Street, Numbers: []int{16, 17, 18}}, "Street (a row of 3; trios 0-1-2, 0-2-3)"},
		{Bet{Kind: Corner, Numbers: []int{17, 18, 20, 21}}, "Corner (4 numbers; first four 0-1-2-3)"},
		{Bet{Kind: Line, Numbers: []int{16, 17, 18, 19, 20, 21}}, "Six line (2 rows)"},
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
