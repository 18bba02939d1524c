package site

import (
	"testing"
)

// Info pages follow the language: content/pages/<lang>/<slug>.md when the
// operator wrote it, else the English page with a note in the page's
// language that it is not translated yet.
func TestInfoPageInTheLanguage(t *testing.T) {
	f := newFixture(t)
	de := f.get("/responsible-gambling?lng=de")
	de.has(t, "<title>Verantwortungsvolles Spielen · ", "<h1", "Limits, die Sie setzen können")
	de.lacks(t, "page-not-translated", "Keep it fun")

	ar := f.get("/responsible-gambling?lng=ar")
	ar.has(t, `dir="rtl"`, "اللعب المسؤول")
	ar.lacks(t, "page-not-translated")

	fr := f.get("/responsible-gambling?lng=fr")
	fr.has(t, `<article class="prose" data-page="responsible-gambling" lang="en">`, `lang="fr" data-testid="page-not-translated"`, "Keep it fun: simple rules")
	// The fixture's catalogue has no French: the shell's English note.
	fr.has(t, "This page is not yet available in your language.")

	en := f.get("/responsible-gambling")
	en.has(t, "Keep it fun: simple rules")
	en.lacks(t, "page-not-translated", `lang="en">`)

	// A page with no German version falls back too.
	f.get("/privacy-policy?lng=de").has(t, `data-testid="page-not-translated"`)
}
