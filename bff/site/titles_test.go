package site

import (
	"strings"
	"testing"

	"casino/bff/settings"
	"casino/shell"
)

// Document titles follow the language: the route table's English titles are
// translated with the catalogue's ids, for the server's <title> and for the
// root config's table.
func TestTitlesFollowTheLanguage(t *testing.T) {
	s := settings.Defaults()
	l, err := buildLayout(&s, "de", "v1", map[string]string{"header.deposit": "Einzahlung", "nav.casino": "Casino", "nav.slots": "Spielautomaten"}, "")
	if err != nil {
		t.Fatal(err)
	}
	if l.Titles["Deposit"] != "Einzahlung" || l.Titles["Slots"] != "Spielautomaten" {
		t.Errorf("titles %v", l.Titles)
	}
	if _, ok := l.Titles["Limits"]; ok {
		t.Error("a title without a translation is not in the table (it stays English)")
	}
	if !strings.Contains(l.TitlesJSON, `{"path":"/deposit","title":"Einzahlung"}`) || !strings.Contains(l.TitlesJSON, `"brand":"`+l.Brand+`"`) {
		t.Errorf("titles JSON %s", l.TitlesJSON)
	}
	p := &shell.Page{Layout: l, Title: l.Titles["Deposit"]}
	if got := p.DocumentTitle(); got != "Einzahlung · "+l.Brand {
		t.Errorf("document title %q", got)
	}
}
