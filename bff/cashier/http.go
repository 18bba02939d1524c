package cashier

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"io"
	"net/http"
	"strconv"

	"casino/bff/api"
	"casino/bff/session"
)

// Web serves the cashier's calls (docs/cashier.md).
type Web struct {
	Service  *Service
	Sessions *session.Manager
	// Locate returns the caller's country from the request (IP), "" when
	// unknown.
	Locate func(*http.Request) string
	// AdminToken authorises the admin calls (X-Admin-Token); empty turns
	// them off.
	AdminToken string
	// GameHistory serves get-transactions?type=games (the game wallet's
	// casino transactions); without it that tab answers 404.
	GameHistory func(ctx context.Context, userID int64, pageNo, limit int) (any, error)
}

// Routes registers the player, admin and webhook routes.
func (web *Web) Routes(mux *http.ServeMux) {
	handle := func(pattern string, h api.HandlerFunc) { mux.Handle(pattern, h) }
	user := func(pattern string, h api.HandlerFunc) { mux.Handle(pattern, web.Sessions.RequireUser(h)) }
	handle("GET /api/admin/get-payments", web.getPayments)
	user("POST /api/user/deposit", web.deposit)
	user("GET /api/user/deposits/{id}", web.getDeposit)
	user("POST /api/user/3ds-webhook", web.threeDS)
	handle("POST /webhooks/cashier/{processor}", web.webhook)
	user("GET /api/user/crypto/deposit-address", web.depositAddress)
	user("POST /api/user/withdraw", web.withdraw)
	user("GET /api/user/withdrawals", web.withdrawals)
	user("POST /api/user/withdrawals/{id}/cancel", web.cancelWithdrawal)
	user("GET /api/user/get-transactions", web.transactions)
	handle("GET /api/admin/withdrawals", web.admin(web.adminWithdrawals))
	handle("POST /api/admin/withdrawals/{id}/approve", web.admin(web.approve))
	handle("POST /api/admin/withdrawals/{id}/reject", web.admin(web.reject))
	handle("GET /api/admin/cashier/settings", web.admin(web.getSettings))
	handle("PUT /api/admin/cashier/settings", web.admin(web.putSettings))
}

func (web *Web) withdraw(w http.ResponseWriter, r *http.Request) error {
	var req WithdrawRequest
	if err := api.Decode(w, r, &req); err != nil {
		return err
	}
	out, err := web.Service.Withdraw(r.Context(), web.caller(r), req)
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}

func (web *Web) withdrawals(w http.ResponseWriter, r *http.Request) error {
	pageNo, limit := page(r)
	out, err := web.Service.Withdrawals(r.Context(), session.PlayerFrom(r.Context()).ID, r.URL.Query().Get("status"), pageNo, limit)
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}

func (web *Web) cancelWithdrawal(w http.ResponseWriter, r *http.Request) error {
	out, err := web.Service.CancelWithdrawal(r.Context(), session.PlayerFrom(r.Context()).ID, r.PathValue("id"))
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}

// transactions: GET /api/user/get-transactions?type=deposit|withdrawal|games&pageNo&limit.
func (web *Web) transactions(w http.ResponseWriter, r *http.Request) error {
	pageNo, limit := page(r)
	userID := session.PlayerFrom(r.Context()).ID
	tab := r.URL.Query().Get("type")
	if tab == "" {
		tab = TabDeposit
	}
	if tab == TabGames {
		if web.GameHistory == nil {
			return api.ErrNotFound
		}
		out, err := web.GameHistory(r.Context(), userID, pageNo, limit)
		if err != nil {
			return err
		}
		return api.WriteData(w, out)
	}
	out, err := web.Service.History(r.Context(), userID, tab, pageNo, limit)
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}

func (web *Web) adminWithdrawals(w http.ResponseWriter, r *http.Request) error {
	pageNo, limit := page(r)
	out, err := web.Service.Withdrawals(r.Context(), 0, r.URL.Query().Get("status"), pageNo, limit)
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}

func (web *Web) approve(w http.ResponseWriter, r *http.Request) error {
	out, err := web.Service.ApproveWithdrawal(r.Context(), r.PathValue("id"), "admin-api")
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}

func (web *Web) reject(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Reason string `json:"reason"`
	}
	if r.ContentLength != 0 {
		if err := api.Decode(w, r, &body); err != nil {
			return err
		}
	}
	out, err := web.Service.RejectWithdrawal(r.Context(), r.PathValue("id"), "admin-api", body.Reason)
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}

func (web *Web) getSettings(w http.ResponseWriter, r *http.Request) error {
	st, err := web.Service.Settings(r.Context())
	if err != nil {
		return err
	}
	return api.WriteData(w, st)
}

// putSettings changes the operator settings given in the body (a partial
// Settings object).
func (web *Web) putSettings(w http.ResponseWriter, r *http.Request) error {
	var raw json.RawMessage
	if err := api.Decode(w, r, &raw); err != nil {
		return err
	}
	if err := web.Service.SaveSettings(r.Context(), raw); err != nil {
		return api.ErrInvalidFormat.WithField("body", err.Error())
	}
	return web.getSettings(w, r)
}

func (web *Web) depositAddress(w http.ResponseWriter, r *http.Request) error {
	a, err := web.Service.DepositAddress(r.Context(), web.caller(r), r.URL.Query().Get("network"))
	if err != nil {
		return err
	}
	return api.WriteData(w, a)
}

func (web *Web) caller(r *http.Request) Caller {
	c := Caller{UserID: session.PlayerFrom(r.Context()).ID}
	if web.Locate != nil {
		c.Country = web.Locate(r)
	}
	return c
}

// getPayments: GET /api/admin/get-payments?currencyCode=&countryCode=&type=.
// The token is optional: with one, the player's e-mail and tags count.
func (web *Web) getPayments(w http.ResponseWriter, r *http.Request) error {
	q := ListQuery{Currency: r.URL.Query().Get("currencyCode"), Country: r.URL.Query().Get("countryCode"), Purpose: ForDeposit}
	if r.URL.Query().Get("type") == ForWithdrawal {
		q.Purpose = ForWithdrawal
	}
	var profileCountry string
	if p, err := web.Sessions.FromRequest(r); err != nil {
		return err
	} else if p != nil {
		pl, err := web.Service.player(r.Context(), p.ID)
		if err != nil {
			return err
		}
		q.Viewer = pl.viewer()
		profileCountry = pl.Country
		if q.Currency == "" {
			q.Currency = pl.Currency
		}
	}
	if q.Currency == "" {
		q.Currency = "EUR" // SPEC section 9: default currency fallback
	}
	if q.Country == "" && web.Locate != nil {
		q.Country = web.Locate(r)
	}
	if q.Country == "" {
		q.Country = profileCountry
	}
	list, err := web.Service.List(r.Context(), q)
	if err != nil {
		return err
	}
	return api.WriteData(w, list)
}

func (web *Web) deposit(w http.ResponseWriter, r *http.Request) error {
	var req DepositRequest
	if err := api.Decode(w, r, &req); err != nil {
		return err
	}
	d, err := web.Service.Deposit(r.Context(), web.caller(r), req)
	if err != nil {
		return err
	}
	return api.WriteData(w, d)
}

func (web *Web) getDeposit(w http.ResponseWriter, r *http.Request) error {
	d, err := web.Service.PlayerDeposit(r.Context(), session.PlayerFrom(r.Context()).ID, r.PathValue("id"))
	if err != nil {
		return err
	}
	return api.WriteData(w, d)
}

func (web *Web) threeDS(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		PaReq string `json:"PaReq"`
		MD    string `json:"MD"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	d, err := web.Service.Complete3DS(r.Context(), session.PlayerFrom(r.Context()).ID, body.PaReq, body.MD)
	if err != nil {
		return err
	}
	return api.WriteData(w, d)
}

// webhook: POST /webhooks/cashier/{processor}, outside /api/ because a
// processor cannot send the casino's system token; the signature is its
// authentication.
func (web *Web) webhook(w http.ResponseWriter, r *http.Request) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 64<<10))
	if err != nil {
		return api.ErrPayloadTooLarge
	}
	if err := web.Service.HandleWebhook(r.Context(), r.PathValue("processor"), r.Header.Get("Cashier-Signature"), body); err != nil {
		return err
	}
	return api.WriteData(w, map[string]bool{"received": true})
}

// admin wraps an admin call: X-Admin-Token must equal the configured token.
func (web *Web) admin(h api.HandlerFunc) api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		tok := r.Header.Get("X-Admin-Token")
		if web.AdminToken == "" || subtle.ConstantTimeCompare([]byte(tok), []byte(web.AdminToken)) != 1 {
			return api.ErrForbidden
		}
		return h(w, r)
	}
}

// page reads pageNo and limit (SPEC section 9: page 1, size 20).
func page(r *http.Request) (int, int) {
	pageNo, err := strconv.Atoi(r.URL.Query().Get("pageNo"))
	if err != nil || pageNo < 1 {
		pageNo = 1
	}
	limit, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || limit < 1 {
		limit = 20
	}
	// Clamped so (pageNo-1)*limit cannot overflow (issue 18, item 19).
	return min(pageNo, 1_000_000), min(limit, 100)
}
