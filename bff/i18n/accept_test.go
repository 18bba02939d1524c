package i18n

import "testing"

func TestPreferred(t *testing.T) {
	offered := []string{"en", "de", "fr", "pt", "pt-BR", "zh", "ar", "no"}
	for _, tc := range []struct{ header, want string }{
		{"", ""},
		{"de", "de"},
		{"de-AT,de;q=0.9,en;q=0.8", "de"},
		{"fr-CA", "fr"},
		{"en-US,en;q=0.9", "en"},
		{"pt-BR,pt;q=0.9", "pt-BR"},
		{"pt-PT", "pt"},
		{"zh-Hans-CN", "zh"},
		{"ar-EG", "ar"},
		{"nb-NO", "no"},
		{"ja,ko;q=0.5", ""},         // nothing offered close enough
		{"xx-invalid;;;", ""},       // unreadable
		{"ja;q=0.9,de;q=0.5", "de"}, // the first offered one by weight
		{"*", ""},                   // any: the site's default decides
	} {
		if got := Preferred(tc.header, offered); got != tc.want {
			t.Errorf("Preferred(%q) = %q, want %q", tc.header, got, tc.want)
		}
	}
}
