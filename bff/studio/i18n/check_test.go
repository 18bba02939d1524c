package i18n

import (
	"fmt"
	"sort"
	"strings"
)

// What the catalogue tests read and check; the pages never need them.

// Catalog returns the messages of lang (nil when there is none). Shared: do
// not modify.
func Catalog(lang string) map[string]string { return catalogs[lang] }

// Placeholders lists the {names} in a message, sorted.
func Placeholders(s string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	sort.Strings(out)
	return out
}

// CheckPattern reports a pattern letter DateTime does not know (an
// unquoted ASCII letter other than y M d H h m s a z, or MMM and the like
// that would need names) or an unclosed quote.
func CheckPattern(p string) error {
	var err error
	eachField(p, func(letter rune, n int, literal string) {
		if err != nil || letter == 0 {
			return
		}
		max := map[rune]int{'y': 4, 'M': 2, 'd': 2, 'H': 2, 'h': 2, 'm': 2, 's': 2, 'a': 1, 'z': 4}[letter]
		if n > max {
			err = fmt.Errorf("pattern %q: %q is not a known field", p, strings.Repeat(string(letter), n))
		}
	})
	if err == nil && strings.Count(p, "'")%2 != 0 {
		err = fmt.Errorf("pattern %q: unclosed quote", p)
	}
	return err
}
