// Package i18n holds the studio's own message catalogues: the texts of its
// game, rules, recall and verifier pages in 35 languages (one embedded JSON
// file per language, English complete and the reference). A game provider
// does not read the casino's translations: the casino passes the player's
// language on launch (?lang=), and the studio falls back to the browser's
// Accept-Language, then English.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"html/template"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

//go:embed *.json
var files embed.FS

// Fallback is the language of a page when nothing else is known, and the
// catalogue every other one is checked against.
const Fallback = "en"

var (
	// Languages lists every catalogue, sorted.
	Languages []string
	catalogs  = map[string]map[string]string{}
	lower     = map[string]string{} // "pt-br" → "pt-BR"
)

func init() {
	entries, err := files.ReadDir(".")
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		lang := strings.TrimSuffix(e.Name(), path.Ext(e.Name()))
		b, _ := files.ReadFile(e.Name())
		m := map[string]string{}
		if err := json.Unmarshal(b, &m); err != nil {
			panic(fmt.Sprintf("studio i18n: %s: %v", e.Name(), err))
		}
		catalogs[lang] = m
		lower[strings.ToLower(lang)] = lang
		Languages = append(Languages, lang)
	}
	sort.Strings(Languages)
}

// Supported maps a language tag to a catalogue: exact ("pt-BR"), then its
// base language ("de-AT" → "de"); Norwegian Bokmål and Nynorsk to "no".
// "" when the studio has no such language.
func Supported(tag string) string {
	t := strings.ToLower(strings.TrimSpace(strings.ReplaceAll(tag, "_", "-")))
	if t == "" {
		return ""
	}
	if l, ok := lower[t]; ok {
		return l
	}
	base, _, _ := strings.Cut(t, "-")
	if base == "nb" || base == "nn" {
		base = "no"
	}
	return lower[base]
}

// Preferred picks the first language of an Accept-Language header the
// studio has, by quality ("" when none).
func Preferred(header string) string {
	type tag struct {
		lang string
		q    float64
		i    int
	}
	var tags []tag
	for i, part := range strings.Split(header, ",") {
		lang, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		if lang != "" && lang != "*" && q > 0 {
			tags = append(tags, tag{lang, q, i})
		}
	}
	sort.SliceStable(tags, func(a, b int) bool { return tags[a].q > tags[b].q })
	for _, t := range tags {
		if l := Supported(t.lang); l != "" {
			return l
		}
	}
	return ""
}

// Choose is the language of a page: the launch's ?lang=, then the one the
// studio remembered (its cookie), then the browser's, then English.
func Choose(query, remembered, acceptLanguage string) string {
	for _, l := range []string{Supported(query), Supported(remembered), Preferred(acceptLanguage)} {
		if l != "" {
			return l
		}
	}
	return Fallback
}

// Loc is a page's language.
type Loc struct {
	Lang string
	msgs map[string]string
}

// For returns the localiser of lang (English for an unknown one).
func For(lang string) *Loc {
	if l := Supported(lang); l != "" {
		return &Loc{Lang: l, msgs: catalogs[l]}
	}
	return &Loc{Lang: Fallback, msgs: catalogs[Fallback]}
}

// English is the localiser of the reference catalogue.
var English = For(Fallback)

// Dir is the page's writing direction.
func (l *Loc) Dir() string {
	if l.Lang == "ar" {
		return "rtl"
	}
	return "ltr"
}

var placeholder = regexp.MustCompile(`\{(\w+)\}`)

// T is the message key, its {name} placeholders filled from args, name
// then value. A key missing from the language falls back to English, then
// to the key itself.
func (l *Loc) T(key string, args ...any) string {
	s, ok := l.msgs[key]
	if !ok {
		if s, ok = catalogs[Fallback][key]; !ok {
			return key
		}
	}
	if len(args) == 0 {
		return s
	}
	vals := map[string]string{}
	for i := 0; i+1 < len(args); i += 2 {
		vals[fmt.Sprint(args[i])] = fmt.Sprint(args[i+1])
	}
	return placeholder.ReplaceAllStringFunc(s, func(m string) string {
		if v, ok := vals[m[1:len(m)-1]]; ok {
			return v
		}
		return m
	})
}

// Has reports whether key is in the catalogues.
func (l *Loc) Has(key string) bool { _, ok := catalogs[Fallback][key]; return ok }

// Script is the JSON of the messages under the given prefixes, for a
// page's <script type="application/json"> block read by its script.
func (l *Loc) Script(prefixes ...string) template.JS {
	out := map[string]string{}
	for k := range catalogs[Fallback] {
		for _, p := range prefixes {
			if strings.HasPrefix(k, p) {
				out[k] = l.T(k)
			}
		}
	}
	b, _ := json.Marshal(map[string]any{"lang": l.Lang, "messages": out})
	return template.JS(b)
}
