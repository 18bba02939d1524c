package i18n

import (
	"slices"
	"strings"
	"testing"
)

// The casino's 35 languages: the studio speaks every one of them.
var want = strings.Fields("ar bg cs da de el en es et fi fr hi hr hu id it ja ko lt lv nl no pl pt-BR pt ro ru sk sl sv th tr uk vi zh")

// Every catalogue has every English key, nothing else, no empty message and
// the same {placeholders} as the English one.
func TestEveryLanguageHasEveryKeyWithItsPlaceholders(t *testing.T) {
	want := slices.Sorted(slices.Values(want))
	if !slices.Equal(Languages, want) {
		t.Fatalf("catalogues %v, want %v", Languages, want)
	}
	en := Catalog(Fallback)
	for _, lang := range Languages {
		t.Run(lang, func(t *testing.T) {
			m := Catalog(lang)
			for k, v := range en {
				got, ok := m[k]
				switch {
				case !ok:
					t.Errorf("%s: missing", k)
				case strings.TrimSpace(got) == "":
					t.Errorf("%s: empty", k)
				case !slices.Equal(Placeholders(got), Placeholders(v)):
					t.Errorf("%s: placeholders %v, English has %v", k, Placeholders(got), Placeholders(v))
				}
			}
			for k := range m {
				if _, ok := en[k]; !ok {
					t.Errorf("%s: not an English key", k)
				}
			}
		})
	}
}

func TestChoose(t *testing.T) {
	for _, c := range []struct{ query, cookie, accept, want string }{
		{"de", "", "fr", "de"},
		{"pt-br", "", "", "pt-BR"},
		{"xx", "fr", "de", "fr"},
		{"", "", "de-AT,de;q=0.9,en;q=0.8", "de"},
		{"", "", "xx, fr;q=0.5, it;q=0.7", "it"},
		{"", "", "nb-NO", "no"},
		{"", "", "pt-PT", "pt"},
		{"", "", "tlh", "en"},
		{"", "", "", "en"},
	} {
		if got := Choose(c.query, c.cookie, c.accept); got != c.want {
			t.Errorf("Choose(%q, %q, %q) = %q, want %q", c.query, c.cookie, c.accept, got, c.want)
		}
	}
	if For("ar").Dir() != "rtl" || For("de").Dir() != "ltr" {
		t.Error("direction")
	}
	if got := For("de").T("js.youWin", "amount", "5,00 EUR"); !strings.Contains(got, "5,00 EUR") || strings.Contains(got, "{") {
		t.Errorf("T: %q", got)
	}
}
