package account

import (
	"context"
	"maps"
	"strings"
	"testing"
)

// E-mails go out in the player's language where the template has it, else
// in English (issue 17).
func TestEmailLanguage(t *testing.T) {
	f := newFixture(t)
	signUp := func(email, lang string) {
		body := maps.Clone(annSignUp)
		body["email"], body["nickname"], body["preferredLanguage"] = email, strings.Split(email, "@")[0], lang
		if status, res := f.call(t, "POST", "/api/user/sign-up", body, ""); status != 200 {
			t.Fatalf("sign-up %s: %d %v", email, status, res)
		}
	}
	latest := func(to string) (subject, text, html string) {
		msgs, err := f.svc.Mail.Recent(context.Background(), to, 1)
		if err != nil || len(msgs) == 0 {
			t.Fatalf("no mail to %s: %v", to, err)
		}
		return msgs[0].Subject, msgs[0].Text, msgs[0].HTML
	}
	signUp("de@example.com", "de")
	subject, text, html := latest("de@example.com")
	if !strings.HasPrefix(subject, "Bestätigen Sie Ihre E-Mail-Adresse bei ") || !strings.Contains(text, "innerhalb von 48 Stunden") || !linkPattern.MatchString(text) || !strings.Contains(html, `<a href="http`) {
		t.Errorf("German verification: %q %q %q", subject, text, html)
	}
	signUp("ar@example.com", "ar")
	subject, _, html = latest("ar@example.com")
	if !strings.HasPrefix(subject, "أكِّد عنوان بريدك الإلكتروني") || !strings.Contains(html, `dir="rtl"`) {
		t.Errorf("Arabic verification: %q %q", subject, html)
	}
	// French has no template: English.
	signUp("fr@example.com", "fr")
	if subject, _, _ = latest("fr@example.com"); !strings.HasPrefix(subject, "Confirm your e-mail address at ") {
		t.Errorf("fallback: %q", subject)
	}

	if got, lang := emailIn(credentialsEmails, "de"); lang != "de" || !strings.Contains(got.Text, "Passwort: {password}") {
		t.Errorf("German credentials: %s %+v", lang, got)
	}
	if _, lang := emailIn(verifyEmails, "pt-BR"); lang != "en" {
		t.Errorf("pt-BR without pt or pt-BR: %s", lang)
	}
	if _, lang := emailIn(verifyEmails, "de-AT"); lang != "de" {
		t.Errorf("de-AT: %s", lang)
	}
	m := credentialsEmails["de"].fill(map[string]string{"brand": "Aurum <Casino>", "login": "a@b.c", "password": "x&y"})
	if m.Subject != "Ihre Zugangsdaten für Aurum <Casino>" || !strings.Contains(m.Text, "Passwort: x&y") {
		t.Errorf("filled %+v", m)
	}
	v := verifyEmails["en"].fill(map[string]string{"brand": "A<b>", "link": "http://x/?a=1&b=2"})
	if !strings.Contains(v.HTML, "A&lt;b&gt;") || !strings.Contains(v.HTML, `href="http://x/?a=1&amp;b=2"`) {
		t.Errorf("HTML not escaped: %s", v.HTML)
	}
}
