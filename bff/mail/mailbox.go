package mail

import (
	"html/template"
	"net/http"
)

var mailboxPage = template.Must(template.New("mailbox").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Development mailbox</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;background:#0f1220;color:#eef0f8}
article{background:#1a1f35;border-radius:8px;padding:1rem 1.25rem;margin:1rem 0}h1{font-size:1.4rem}h2{font-size:1.05rem;margin:0}
pre{white-space:pre-wrap;word-break:break-all}a{color:#f5b83d}small{color:#9aa3c0}</style></head>
<body><h1>Development mailbox</h1>
<p><small>SMTP is not configured (CASINO_SMTP_HOST), so e-mails stay in the outbox. Newest first.</small></p>
{{range .}}<article data-mail-id="{{.ID}}"><h2>{{.Subject}}</h2><small>to {{.To}} · {{.Kind}} · {{.CreatedAt}}</small><pre>{{.Text}}</pre></article>
{{else}}<p>No e-mails yet.</p>{{end}}
</body></html>`))

// MailboxHandler shows the outbox (GET /dev/mailbox?to=…). It is mounted
// only when no SMTP relay is configured: a development and demo aid.
func (s *Sender) MailboxHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		list, err := s.Recent(r.Context(), r.URL.Query().Get("to"), 50)
		if err != nil {
			http.Error(w, "Service Unavailable", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("X-Robots-Tag", "noindex")
		mailboxPage.Execute(w, list)
	})
}

// Relayed reports whether messages go out through SMTP.
func (s *Sender) Relayed() bool { return s.smtp != nil }
