package i18n

import (
	"testing"
	"time"
)

// The recall's "played" time in the page's language, in UTC.
func TestDateTime(t *testing.T) {
	evening := time.Date(2026, 11, 6, 21, 5, 9, 0, time.UTC)
	morning := time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("CET", 3600)) // 02:04:05 UTC
	for _, c := range []struct {
		lang string
		t    time.Time
		want string
	}{
		{"de", evening, "06.11.2026, 21:05:09 UTC"},
		{"de", morning, "02.01.2026, 02:04:05 UTC"},
		{"fr", evening, "06/11/2026 21:05:09 UTC"},
		{"fr", morning, "02/01/2026 02:04:05 UTC"},
		{"en", evening, "11/6/2026, 9:05:09\u202fPM UTC"},
		{"en", morning, "1/2/2026, 2:04:05\u202fAM UTC"},
		{"ar", evening, "6\u200f/11\u200f/2026، 9:05:09 م UTC"},
		{"ar", morning, "2\u200f/1\u200f/2026، 2:04:05 ص UTC"},
		{"ko", evening, "2026. 11. 6. 오후 9시 05분 09초 UTC"},
		{"th", evening, "6/11/2569 21 นาฬิกา 05 นาที 09 วินาที UTC"},
		{"fi", evening, "6.11.2026 klo 21.05.09 UTC"},
		{"zh", evening, "2026/11/6 UTC 21:05:09"},
		{"en", time.Date(2026, 1, 2, 12, 0, 0, 0, time.UTC), "1/2/2026, 12:00:00\u202fPM UTC"},
		{"en", time.Date(2026, 1, 2, 0, 30, 0, 0, time.UTC), "1/2/2026, 12:30:00\u202fAM UTC"},
	} {
		if got := For(c.lang).DateTime(c.t); got != c.want {
			t.Errorf("%s DateTime(%v) = %q, want %q", c.lang, c.t, got, c.want)
		}
	}
}

// Every catalogue's date.pattern uses only the fields DateTime writes.
func TestEveryDatePatternIsKnown(t *testing.T) {
	for _, lang := range Languages {
		if err := CheckPattern(Catalog(lang)["date.pattern"]); err != nil {
			t.Errorf("%s: %v", lang, err)
		}
	}
	for _, bad := range []string{"d MMM y", "d.M.y 'klo H", "EEEE d.M.y", "d.M.y klo"} {
		if CheckPattern(bad) == nil {
			t.Errorf("CheckPattern(%q) accepted it", bad)
		}
	}
	for _, p := range []string{"d.M.y 'um' HH:mm", "h 'o''clock' a", "y''M"} {
		if err := CheckPattern(p); err != nil {
			t.Errorf("CheckPattern(%q): %v", p, err)
		}
	}
	if got := For("en").dateTime("h 'o''clock' a, y''M", time.Date(2026, 3, 1, 15, 0, 0, 0, time.UTC)); got != "3 o'clock PM, 2026'3" {
		t.Errorf("quotes: %q", got)
	}
}

// The roulette phases' lengths on the rules page.
func TestSeconds(t *testing.T) {
	for _, c := range []struct {
		lang string
		d    time.Duration
		want string
	}{
		{"en", 15 * time.Second, "15\u00a0s"},
		{"de", 15 * time.Second, "15\u00a0Sek."},
		{"de", 1500 * time.Millisecond, "1,5\u00a0Sek."},
		{"fr", 4 * time.Second, "4\u202fs"},
		{"ar", 6 * time.Second, "6\u00a0ث"},
		{"ja", 6 * time.Second, "6\u00a0秒"},
		{"ko", 6 * time.Second, "6초"},
	} {
		if got := For(c.lang).Seconds(c.d); got != c.want {
			t.Errorf("%s Seconds(%v) = %q, want %q", c.lang, c.d, got, c.want)
		}
	}
}
