package studio

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"casino/bff/studio/i18n"
	"casino/bff/studio/slot"
)

// The pages' language (bff/studio/i18n): the launch URL's ?lang=, then the
// language the studio remembered from an earlier launch (its own cookie, as
// a provider on another domain would keep), then the browser's
// Accept-Language, then English.

// langCookie remembers the language of the last launch, so the rules,
// recall and verifier pages linked from a game keep it.
const langCookie = "studio_lang"

func pageLang(w http.ResponseWriter, r *http.Request) *i18n.Loc {
	q := i18n.Supported(r.URL.Query().Get("lang"))
	remembered := ""
	if c, err := r.Cookie(langCookie); err == nil {
		remembered = c.Value
	}
	if q != "" && q != remembered {
		http.SetCookie(w, &http.Cookie{Name: langCookie, Value: q, Path: "/", MaxAge: 365 * 24 * 3600,
			HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil})
	}
	return i18n.For(i18n.Choose(q, remembered, r.Header.Get("Accept-Language")))
}

// layoutText translates a title's layout ("5x3, 20 lines", "3x3, 27 ways",
// "37 pockets").
func layoutText(l *i18n.Loc, s string) string {
	var cols, rows, n int
	var unit string
	if k, _ := fmt.Sscanf(s, "%dx%d, %d %s", &cols, &rows, &n, &unit); k == 4 && (unit == "lines" || unit == "ways") {
		return l.T("layout."+unit, "cols", cols, "rows", rows, "n", n)
	}
	if k, _ := fmt.Sscanf(s, "%d pockets", &n); k == 1 {
		return l.T("layout.pockets", "n", n)
	}
	return s
}

// tagText translates a title's feature tag ("free spins x3").
func tagText(l *i18n.Loc, f string) string {
	var n int
	switch {
	case strings.HasPrefix(f, "wild multiplier x"):
		n, _ = strconv.Atoi(strings.TrimPrefix(f, "wild multiplier x"))
		return l.T("tag.wildMultiplier", "n", n)
	case strings.HasPrefix(f, "free spins x"):
		n, _ = strconv.Atoi(strings.TrimPrefix(f, "free spins x"))
		return l.T("tag.freeSpinsMultiplier", "n", n)
	}
	key := map[string]string{"expanding wilds": "tag.expandingWilds", "scatter pays": "tag.scatterPays", "free spins": "tag.freeSpins",
		"retrigger": "tag.retrigger", "bonus buy": "tag.bonusBuy", "shared rounds": "tag.sharedRounds", "provably fair": "tag.provablyFair"}[f]
	if key == "" {
		return f
	}
	return l.T(key)
}

// betTypeName is the rules' name of a roulette bet kind.
func betTypeName(l *i18n.Loc, kind, name string) string {
	key := map[string]string{"straight": "rules.betStraight", "column": "rules.betColumn", "dozen": "rules.betDozen",
		"split": "rules.betSplit", "street": "rules.betStreet", "corner": "rules.betCorner", "line": "rules.betLine",
		"red": "js.red", "black": "js.black", "odd": "js.odd", "even": "js.even"}[kind]
	if key == "" {
		return name
	}
	return l.T(key)
}

// betLabel translates a recalled roulette bet ("17", "black", "2nd dozen",
// "split 17-20", "first four 0-1-2-3").
func betLabel(l *i18n.Loc, label string) string {
	for _, k := range []struct{ prefix, key string }{{"split ", "js.split"}, {"street ", "js.street"}, {"trio ", "js.trio"},
		{"corner ", "js.corner"}, {"first four ", "js.firstFour"}, {"six line ", "js.sixLine"}} {
		if n, ok := strings.CutPrefix(label, k.prefix); ok {
			return l.T(k.key, "numbers", n)
		}
	}
	key := map[string]string{"red": "bet.red", "black": "bet.black", "odd": "bet.odd", "even": "bet.even", "low": "bet.low", "high": "bet.high",
		"1st dozen": "bet.dozen1", "2nd dozen": "bet.dozen2", "3rd dozen": "bet.dozen3",
		"1st column": "bet.column1", "2nd column": "bet.column2", "3rd column": "bet.column3"}[label]
	if key == "" {
		return label
	}
	return l.T(key)
}

// spinLabel translates a recalled spin's label ("Paid spin", "Free spin 3").
func spinLabel(l *i18n.Loc, label string) string {
	if label == "Paid spin" {
		return l.T("recall.paidSpin")
	}
	if n, ok := strings.CutPrefix(label, "Free spin "); ok {
		return l.T("recall.freeSpin", "n", n)
	}
	return label
}

// spinText says what a spin paid, in coins: its line, way and scatter wins,
// free spins, and the total.
//
// names, when given, turns the game's symbol ids into the names its rules
// page shows (the game definition's names).
func spinText(l *i18n.Loc, s any, names ...map[string]string) string {
	var sp *slot.Spin
	switch v := s.(type) {
	case *slot.Spin:
		sp = v
	case slot.Spin:
		sp = &v
	}
	if sp == nil {
		return ""
	}
	var parts []string
	for _, w := range sp.Lines {
		parts = append(parts, l.T("spin.line", "line", w.Line, "count", w.Count, "symbol", symbolName(w.Symbol, names...), "coins", w.Coins))
	}
	for _, w := range sp.Ways {
		parts = append(parts, l.T("spin.way", "count", w.Count, "symbol", symbolName(w.Symbol, names...), "ways", w.Ways, "coins", w.Coins))
	}
	if sp.ScatterCoins > 0 {
		parts = append(parts, l.T("spin.scatters", "coins", sp.ScatterCoins))
	}
	if sp.FreeSpins > 0 {
		parts = append(parts, l.T("spin.free", "n", sp.FreeSpins))
	}
	parts = append(parts, l.T("spin.win", "coins", sp.Coins))
	return strings.Join(parts, " · ")
}

// spinView is a spin with its page's language, for the "spin" template,
// and the game's symbol names when the page knows the game.
type spinView struct {
	L     *i18n.Loc
	S     any
	Names map[string]string
}

// Sym is a symbol id as the rules page names it (the id itself when the
// game's names are not known).
func (v spinView) Sym(id string) string { return symbolName(id, v.Names) }

func symbolName(id string, names ...map[string]string) string {
	for _, m := range names {
		if n, ok := m[id]; ok && n != "" {
			return n
		}
	}
	return id
}

// symbolNames maps a slot's symbol ids to the names of its definition, the
// ones its rules page shows.
func symbolNames(g *slot.Game) map[string]string {
	out := map[string]string{}
	for _, s := range g.Info().Symbols {
		out[s.ID] = s.Name
	}
	return out
}

var statusKeys = map[string]string{
	"pending": "recall.statusPending", "debited": "recall.statusDebited", "refused": "recall.statusRefused",
	"rolled_back": "recall.statusRolledBack", "settled": "recall.statusSettled",
}

// roundStatus is a stored round's status in the page's language (a status
// without a catalogue key is shown as it is).
func roundStatus(l *i18n.Loc, status string) string {
	if k, ok := statusKeys[status]; ok {
		return l.T(k)
	}
	return status
}

// playedText is a round's stored time (SQLite's "2026-11-26T22:40:29.123Z")
// as a date and time in the page's language, in UTC; text that is not such
// a time is shown as it is.
func playedText(l *i18n.Loc, stored string) string {
	t, err := time.Parse(time.RFC3339Nano, stored)
	if err != nil {
		return stored
	}
	return l.DateTime(t)
}
