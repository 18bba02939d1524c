package cardsandbox

import (
	"database/sql"
	"errors"
	"html/template"
	"log/slog"
	"net/http"
	"strings"

	"casino/bff/ledger"
)

// The hosted page: what an issuer's access control server shows for 3-D
// Secure (or a wallet's approval screen for non-card methods). It posts to
// itself and sends the browser back to the casino with 303.
var page = template.Must(template.New("3ds").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{.Title}}</title><link rel="icon" href="data:,">
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f5;color:#1c2330;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:28px;width:min(420px,92vw)}
h1{font-size:20px;margin:0 0 4px}.muted{color:#5b6575;font-size:14px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:18px 0}dt{color:#5b6575}dd{margin:0;font-weight:600}
label{display:block;font-size:14px;margin:12px 0 4px}input{width:100%;box-sizing:border-box;font:inherit;padding:10px;border:1px solid #b8c0cc;border-radius:8px}
.row{display:flex;gap:8px;margin-top:18px}button{flex:1;font:inherit;padding:10px;border-radius:8px;border:1px solid #1f5fd6;cursor:pointer}
.primary{background:#1f5fd6;color:#fff}.secondary{background:#fff;color:#1f5fd6}.link{border:0;background:none;color:#5b6575;text-decoration:underline;margin-top:14px;width:100%}
</style></head><body><main>
<h1>{{.Title}}</h1><p class="muted">Sandbox processor — no real money moves.</p>
{{if .Message}}<p>{{.Message}}</p>{{else}}
<dl><dt>Merchant</dt><dd>Casino</dd><dt>Amount</dt><dd>{{.Amount}} {{.Currency}}</dd>{{if .Last4}}<dt>Card</dt><dd>•••• {{.Last4}}</dd>{{end}}</dl>
<form method="post" action="{{.Action}}">
{{if .Code}}<label for="code">One-time code (sandbox: {{.Code}})</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="8" autofocus>{{end}}
<div class="row"><button class="primary" name="action" value="authenticate">{{.Confirm}}</button>
<button class="secondary" name="action" value="cancel">Cancel</button></div>
<button class="link" name="action" value="return">Return to merchant</button>
</form>{{end}}
</main></body></html>`))

type pageData struct {
	Title, Message, Amount, Currency, Last4, Action, Code, Confirm string
}

// Handler serves the hosted page under ChallengePath: GET shows it, POST
// records the answer and redirects back to the casino.
func (p *Processor) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := strings.TrimPrefix(r.URL.Path, p.opt.ChallengePath)
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Referrer-Policy", "no-referrer")
		switch r.Method {
		case http.MethodGet:
			p.show(w, r, id)
		case http.MethodPost:
			r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
			back, err := p.decide(r.Context(), id, r.PostFormValue("action"), r.PostFormValue("code"))
			switch {
			case errors.Is(err, errNoPayment):
				render(w, http.StatusNotFound, pageData{Title: "Payment not found", Message: "This payment does not exist."})
			case errors.Is(err, errDecided):
				render(w, http.StatusConflict, pageData{Title: "Payment already completed", Message: "This payment was already answered. You can close this page."})
			case err != nil:
				slog.Error("sandbox: hosted page", "payment", id, "err", err)
				render(w, http.StatusInternalServerError, pageData{Title: "Something went wrong", Message: "Try again later"})
			default:
				http.Redirect(w, r, back, http.StatusSeeOther)
			}
		default:
			w.Header().Set("Allow", "GET, POST")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		}
	})
}

func (p *Processor) show(w http.ResponseWriter, r *http.Request, id string) {
	rec, err := p.load(r.Context(), p.db.Read, id)
	if errors.Is(err, sql.ErrNoRows) {
		render(w, http.StatusNotFound, pageData{Title: "Payment not found", Message: "This payment does not exist."})
		return
	}
	if err != nil {
		slog.Error("sandbox: hosted page", "payment", id, "err", err)
		render(w, http.StatusInternalServerError, pageData{Title: "Something went wrong", Message: "Try again later"})
		return
	}
	d := pageData{Title: "3-D Secure verification", Last4: rec.Last4, Currency: rec.Currency, Action: p.opt.ChallengePath + id,
		Code: ChallengeCode, Confirm: "Authenticate"}
	if rec.Scenario == scenarioApproval {
		d.Title, d.Code, d.Confirm = "Approve payment", "", "Approve"
	}
	if cur, err := ledger.LookupCurrency(rec.Currency); err == nil {
		d.Amount = ledger.FromMinor(rec.Amount, cur).Format(cur.Crypto)
	}
	if rec.Status != "requires_action" {
		d.Message = "This payment was already answered (" + rec.Status + "). You can close this page."
	}
	render(w, http.StatusOK, d)
}

func render(w http.ResponseWriter, status int, d pageData) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err := page.Execute(w, d); err != nil {
		slog.Error("sandbox: render", "err", err)
	}
}
