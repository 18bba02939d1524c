package account

import (
	"context"
	"strings"
)

// emailText is one e-mail in one language. {brand}, {link}, {login} and
// {password} are replaced when it is sent (HTML-escaped in HTML).
type emailText struct {
	Subject, Text, HTML string
}

// emailFallback is the language of a template without a translation.
const emailFallback = "en"

// verifyEmails is the e-mail verification message by language.
var verifyEmails = map[string]emailText{
	"en": {
		Subject: "Confirm your e-mail address at {brand}",
		Text: "Welcome to {brand}!\n\nConfirm your e-mail address by opening this link within 48 hours:\n\n{link}\n\n" +
			"If you did not create an account, ignore this message.\n",
		HTML: `<p>Welcome to {brand}!</p><p><a href="{link}">Confirm your e-mail address</a> within 48 hours.</p>` +
			`<p>If you did not create an account, ignore this message.</p>`,
	},
	"de": {
		Subject: "Bestätigen Sie Ihre E-Mail-Adresse bei {brand}",
		Text: "Willkommen bei {brand}!\n\nBestätigen Sie Ihre E-Mail-Adresse, indem Sie innerhalb von 48 Stunden diesen Link öffnen:\n\n{link}\n\n" +
			"Wenn Sie kein Konto erstellt haben, ignorieren Sie diese Nachricht.\n",
		HTML: `<p>Willkommen bei {brand}!</p><p><a href="{link}">Bestätigen Sie Ihre E-Mail-Adresse</a> innerhalb von 48 Stunden.</p>` +
			`<p>Wenn Sie kein Konto erstellt haben, ignorieren Sie diese Nachricht.</p>`,
	},
	"ar": {
		Subject: "أكِّد عنوان بريدك الإلكتروني لدى {brand}",
		Text: "مرحبًا بك في {brand}!\n\nأكِّد عنوان بريدك الإلكتروني بفتح هذا الرابط خلال 48 ساعة:\n\n{link}\n\n" +
			"إذا لم تُنشئ حسابًا، فتجاهل هذه الرسالة.\n",
		HTML: `<div dir="rtl" lang="ar"><p>مرحبًا بك في {brand}!</p><p><a href="{link}">أكِّد عنوان بريدك الإلكتروني</a> خلال 48 ساعة.</p>` +
			`<p>إذا لم تُنشئ حسابًا، فتجاهل هذه الرسالة.</p></div>`,
	},
}

// credentialsEmails is the login-details message by language (text only:
// the password must not be rendered into HTML mail clients' previews).
var credentialsEmails = map[string]emailText{
	"en": {
		Subject: "Your {brand} login details",
		Text:    "Your {brand} account:\n\nLogin: {login}\nPassword: {password}\n\nKeep them safe. You can change the password in your profile.\n",
	},
	"de": {
		Subject: "Ihre Zugangsdaten für {brand}",
		Text:    "Ihr Konto bei {brand}:\n\nLogin: {login}\nPasswort: {password}\n\nBewahren Sie sie sicher auf. Das Passwort können Sie in Ihrem Profil ändern.\n",
	},
	"ar": {
		Subject: "بيانات تسجيل الدخول إلى {brand}",
		Text:    "حسابك في {brand}:\n\nاسم الدخول: {login}\nكلمة المرور: {password}\n\nاحتفظ بها في مكان آمن. يمكنك تغيير كلمة المرور من ملفك الشخصي.\n",
	},
}

// emailIn picks the template of locale: the exact language ("pt-BR"), its
// base language ("pt"), else English. It returns the language chosen.
func emailIn(templates map[string]emailText, locale string) (emailText, string) {
	if t, ok := templates[locale]; ok {
		return t, locale
	}
	if base, _, ok := strings.Cut(locale, "-"); ok {
		if t, ok := templates[base]; ok {
			return t, base
		}
	}
	return templates[emailFallback], emailFallback
}

// fill replaces the placeholders of t; HTML gets escaped values.
func (t emailText) fill(values map[string]string) emailText {
	var plain, escaped []string
	for k, v := range values {
		plain = append(plain, "{"+k+"}", v)
		escaped = append(escaped, "{"+k+"}", htmlEscape(v))
	}
	p := strings.NewReplacer(plain...)
	return emailText{Subject: p.Replace(t.Subject), Text: p.Replace(t.Text), HTML: strings.NewReplacer(escaped...).Replace(t.HTML)}
}

// localeOf is the player's preferred language ("" when unknown). It reads
// the primary: the sign-up that precedes the first verification e-mail has
// just been written.
func (s *Service) localeOf(ctx context.Context, userID int64) string {
	var locale string
	if err := s.db.Write.QueryRowContext(ctx, `SELECT COALESCE(locale, '') FROM users WHERE id = ?`, userID).Scan(&locale); err != nil {
		return ""
	}
	return locale
}
