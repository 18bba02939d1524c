package studio

import (
	"strconv"

	"casino/bff/studio/i18n"
	"casino/bff/studio/roulette"
	"casino/bff/studio/slot"
)

// Game recall as the player saw it: a slot round's windows with the art of
// each drawn symbol and its winning cells lit; a table round's number and
// bets.

// RecallCell is one cell of a recalled window: the symbol that landed (ID)
// and what was shown (Shown: the wild on a reel it expanded over).
type RecallCell struct {
	ID, Shown, Name string
	Index           int
	Wild, Scatter   bool
	Hit, Expanded   bool
}

// RecallSpin is one spin of a recalled round.
type RecallSpin struct {
	Label string
	Reels int
	Rows  [][]RecallCell // display rows, top first
	Spin  *slot.Spin
}

// recallSpins lays out every spin of a round (the paid spin, then each free
// spin) with the cells its wins used.
func recallSpins(g *slot.Game, r *slot.Round) []RecallSpin {
	in := g.Info()
	index := map[string]int{}
	wild := ""
	for i, s := range in.Symbols {
		index[s.ID] = i
		if s.Wild {
			wild = s.ID
		}
	}
	one := func(label string, sp *slot.Spin) RecallSpin {
		reels := len(sp.Window)
		rows := 0
		if reels > 0 {
			rows = len(sp.Window[0])
		}
		expanded := map[int]bool{}
		for _, e := range sp.Expanded {
			expanded[e-1] = true
		}
		hit := make([][]bool, reels)
		for i := range hit {
			hit[i] = make([]bool, rows)
		}
		shown := func(reel, row int) string {
			if expanded[reel] && wild != "" {
				return wild
			}
			return sp.Window[reel][row]
		}
		for _, l := range sp.Lines {
			if l.Line < 1 || l.Line > len(in.Lines) {
				continue
			}
			for reel := 0; reel < l.Count && reel < reels; reel++ {
				if row := in.Lines[l.Line-1][reel]; row < rows {
					hit[reel][row] = true
				}
			}
		}
		for _, w := range sp.Ways {
			for reel := 0; reel < w.Count && reel < reels; reel++ {
				for row := 0; row < rows; row++ {
					if s := shown(reel, row); s == w.Symbol || s == wild {
						hit[reel][row] = true
					}
				}
			}
		}
		out := RecallSpin{Label: label, Reels: reels, Spin: sp}
		for row := 0; row < rows; row++ {
			var cells []RecallCell
			for reel := 0; reel < reels; reel++ {
				id, show := sp.Window[reel][row], shown(reel, row)
				sym := in.Symbols[index[show]]
				c := RecallCell{ID: id, Shown: show, Name: sym.Name, Index: index[show], Wild: sym.Wild, Scatter: sym.Scatter,
					Hit: hit[reel][row], Expanded: expanded[reel]}
				if sym.Scatter && (sp.ScatterCoins > 0 || sp.FreeSpins > 0) {
					c.Hit = true
				}
				cells = append(cells, c)
			}
			out.Rows = append(out.Rows, cells)
		}
		return out
	}
	var out []RecallSpin
	if r.Base != nil {
		out = append(out, one("Paid spin", r.Base))
	}
	for i := range r.FreeSpins {
		out = append(out, one("Free spin "+strconv.Itoa(i+1), &r.FreeSpins[i]))
	}
	return out
}

// TableRecall is a recalled roulette round.
type TableRecall struct {
	L        *i18n.Loc // the page's language
	Version  string
	R        *TableRound
	Number   int
	Colour   string
	Bets     []RecallBet
	Verified bool // the revealed seed gives the number
}

// RecallBet is one bet of a recalled table round (amounts in its currency).
type RecallBet struct {
	Label, Amount, Payout string
	Pays                  int64 // odds, to 1 (split 17, corner 8, …)
	Won                   bool
}

func tableRecall(tr *TableRound) TableRecall {
	o := tr.Outcome
	out := TableRecall{Version: staticVersion, R: tr, Colour: o.Colour}
	if o.Number != nil {
		out.Number = *o.Number
		out.Verified = o.ServerSeed != "" && roulette.Spin(o.ServerSeed, o.Round) == out.Number
	}
	for _, b := range o.Bets {
		pay := int64(0)
		if o.Number != nil {
			pay = b.Payout(*o.Number)
		}
		out.Bets = append(out.Bets, RecallBet{Label: b.Label(), Amount: amountText(tr.Currency, b.Amount), Payout: amountText(tr.Currency, pay), Pays: b.Multiplier() - 1, Won: pay > 0})
	}
	return out
}
