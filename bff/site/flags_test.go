package site

import (
	"os"
	"regexp"
	"testing"
)

// The language menu shows each language's flag as an image from the site's
// flag set (content/assets/flags), loaded lazily with its size reserved.
func TestLanguageMenuFlags(t *testing.T) {
	f := newFixture(t)
	r := f.get("/casino")
	r.has(t, `<img class="lang-flag" src="/api/core/casino/assets/flags/de.svg" width="20" height="15" alt="" loading="lazy" decoding="async"> Deutsch</a>`)
	imgs := regexp.MustCompile(`src="/api/core/casino/assets/flags/([a-z]{2})\.svg"`).FindAllStringSubmatch(r.body, -1)
	if len(imgs) < 35 {
		t.Fatalf("%d flags in the language menu", len(imgs))
	}
	for _, m := range imgs {
		if _, err := os.Stat("../../content/assets/flags/" + m[1] + ".svg"); err != nil {
			t.Errorf("flag %s is not in content/assets/flags: %v", m[1], err)
		}
	}
}
