package i18n

import (
	"strings"
	"sync"

	"golang.org/x/text/language"
)

// Preferred picks the site language a browser asks for first in its
// Accept-Language header ("de-AT,de;q=0.9,en;q=0.8" → "de"), or "" when
// none of them is offered. Regional variants fall back to their language
// and a language to its offered variant ("pt-PT" → "pt", "pt-BR" → "pt-BR").
func Preferred(acceptLanguage string, offered []string) string {
	if acceptLanguage == "" || len(offered) == 0 {
		return ""
	}
	asked, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(asked) == 0 {
		return ""
	}
	m := matcherFor(offered)
	_, i, conf := m.Match(asked...)
	if conf < language.High {
		return "" // no offered language is close enough: the site's default
	}
	return offered[i]
}

// matchers caches one matcher per offered list (the site's languages change
// only with its settings).
var matchers sync.Map // string (joined codes) → language.Matcher

func matcherFor(offered []string) language.Matcher {
	key := strings.Join(offered, ",") // one allocation per request, not one per language
	if m, ok := matchers.Load(key); ok {
		return m.(language.Matcher)
	}
	tags := make([]language.Tag, len(offered))
	for i, c := range offered {
		tags[i] = language.Make(c)
	}
	m := language.NewMatcher(tags)
	matchers.Store(key, m)
	return m
}
