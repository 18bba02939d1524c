package i18n

import (
	"strings"
	"sync"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// Numbers on the server's pages (rules, recall) in the page's language, as
// the game clients write them with Intl.NumberFormat (client.js num): the
// language's decimal and group separators, Latin digits, digits grouped by
// three from five integer digits on ("1234,50", "12.345,50"; Hindi by two
// left of the last three, "12,34,567.5").

// separators are a language's decimal and group separators.
type separators struct{ decimal, group string }

var (
	sepMu  sync.Mutex
	sepFor = map[string]separators{}
)

// numberTag is the CLDR locale whose separators a catalogue's language
// uses: Norwegian is Bokmål's; Arabic keeps Latin digits (as Chromium's
// Intl does), so its separators are the Latin ones.
func numberTag(lang string) language.Tag {
	switch lang {
	case "no":
		return language.MustParse("nb")
	case "ar":
		return language.MustParse("ar-u-nu-latn")
	}
	return language.Make(lang)
}

func (l *Loc) separators() separators {
	sepMu.Lock()
	defer sepMu.Unlock()
	if s, ok := sepFor[l.Lang]; ok {
		return s
	}
	// 12345.5 written in the language: what stands between "12" and "345"
	// groups, what stands before the last "5" is the decimal separator.
	out := message.NewPrinter(numberTag(l.Lang)).Sprint(number.Decimal(12345.5, number.Scale(1)))
	s := separators{decimal: ".", group: ","}
	if i, j := strings.Index(out, "12"), strings.Index(out, "345"); i >= 0 && j > i+2 {
		s.group = out[i+2 : j]
		if k := strings.LastIndex(out, "5"); k > j+3 {
			s.decimal = out[j+3 : k]
		}
	}
	if l.Lang == "fr" {
		s.group = "\u202f" // French groups with a narrow no-break space (CLDR, Intl)
	}
	sepFor[l.Lang] = s
	return s
}

// Num writes a decimal as the server has it ("1234.50", "-0.10", "96.22",
// "≈2.5", "36") in the page's language, exactly: the string's digits are
// kept, only its separators change. Anything but a plain decimal (after an
// optional sign or "≈") is returned as it is.
func (l *Loc) Num(dec string) string {
	rest := dec
	prefix := ""
	for _, p := range []string{"≈", "-", "−", "+"} {
		if r, ok := strings.CutPrefix(rest, p); ok {
			prefix += p
			rest = r
		}
	}
	whole, frac, hasFrac := strings.Cut(rest, ".")
	if whole == "" || !digits(whole) || (hasFrac && (frac == "" || !digits(frac))) {
		return dec
	}
	s := l.separators()
	var b strings.Builder
	b.WriteString(prefix)
	if len(whole) >= 5 {
		// The last three digits are one group; those before them go in
		// groups of three, or of two in Hindi (lakh and crore: 12,34,567).
		head, tail := whole[:len(whole)-3], whole[len(whole)-3:]
		size := 3
		if l.Lang == "hi" {
			size = 2
		}
		first := len(head) % size
		if first == 0 {
			first = size
		}
		b.WriteString(head[:first])
		for i := first; i < len(head); i += size {
			b.WriteString(s.group)
			b.WriteString(head[i : i+size])
		}
		b.WriteString(s.group)
		b.WriteString(tail)
	} else {
		b.WriteString(whole)
	}
	if hasFrac {
		b.WriteString(s.decimal)
		b.WriteString(frac)
	}
	return b.String()
}

func digits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
