package bonus

import (
	"net/http"
	"strconv"
	"strings"

	"casino/bff/api"
	"casino/bff/session"
)

// Web serves the bonus calls (docs/bonus.md).
type Web struct {
	Service  *Service
	Sessions *session.Manager
	// Locate returns the caller's country from the request (IP), "" when
	// unknown; used by get-all-bonus with countryCheck and no countryCode.
	Locate func(*http.Request) string
}

// Routes registers the catalogue and the player's bonus calls.
func (web *Web) Routes(mux *http.ServeMux) {
	mux.Handle("GET /api/admin/get-all-bonus", api.HandlerFunc(web.list))
	user := func(pattern string, h api.HandlerFunc) { mux.Handle(pattern, web.Sessions.RequireUser(h)) }
	user("GET /api/user/get-user-bonuses", web.userBonuses)
	user("POST /api/user/bonuses/{id}/cancel", web.cancel)
	user("POST /api/user/claim-bonus", web.claim)
	user("POST /api/user/redeem-coupon", web.redeemCoupon)
}

// redeemCoupon: POST /api/user/redeem-coupon {code}: the coupon's bonus,
// answered as a claim (BONUS_ACTIVATED); COUPON_NOT_APPLIED,
// COUPON_ALREADY_REDEEMED or the bonus's own refusal.
func (web *Web) redeemCoupon(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Code     string `json:"code"`
		TimeZone string `json:"timeZone"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	if strings.TrimSpace(body.Code) == "" {
		return api.ErrValidation.WithField("code", "Required")
	}
	out, err := web.Service.RedeemCoupon(r.Context(), session.PlayerFrom(r.Context()).ID, body.Code, body.TimeZone)
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}

// claim: POST /api/user/claim-bonus {bonusId} (query timeZone: the
// browser's zone, for a player whose calendar has none yet). Only instant
// cashback is built: it answers code ADD_TO_CALENDAR with the amount placed
// on the rakeback calendar's day.
func (web *Web) claim(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		BonusID  any    `json:"bonusId"`
		TimeZone string `json:"timeZone"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	ref := ""
	switch v := body.BonusID.(type) {
	case string:
		ref = v
	case float64:
		ref = strconv.FormatInt(int64(v), 10)
	}
	if strings.TrimSpace(ref) == "" {
		return api.ErrValidation.WithField("bonusId", "Required")
	}
	zone := r.URL.Query().Get("timeZone")
	if zone == "" {
		zone = body.TimeZone
	}
	out, err := web.Service.Claim(r.Context(), session.PlayerFrom(r.Context()).ID, ref, zone)
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}

// list: GET /api/admin/get-all-bonus. The token is optional: with one, the
// amounts are in the player's currency.
func (web *Web) list(w http.ResponseWriter, r *http.Request) error {
	q, err := ParseListQuery(r.URL.Query().Get)
	if err != nil {
		return err
	}
	currency, country := "", q.CountryCode
	if p, err := web.Sessions.FromRequest(r); err == nil && p != nil {
		currency = p.Currency
		if q.Unlocked, err = web.Service.PromoBonus(r.Context(), p.ID); err != nil {
			return err
		}
	}
	if q.CountryCheck && country == "" && web.Locate != nil {
		country = web.Locate(r)
	}
	page, err := web.Service.List(r.Context(), q, currency, country)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return api.WriteData(w, map[string]Page{"bonus": page})
}

// userBonuses: GET /api/user/get-user-bonuses?status=&pageNo&limit.
func (web *Web) userBonuses(w http.ResponseWriter, r *http.Request) error {
	v := api.Validation{}
	num := func(name string, def, max int) int {
		s := r.URL.Query().Get(name)
		if s == "" {
			return def
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > max {
			v.Add(name, "Invalid format")
		}
		return n
	}
	pageNo, limit := num("pageNo", 1, 1_000_000), num("limit", 20, 100)
	status := strings.TrimSpace(r.URL.Query().Get("status"))
	switch status {
	case "", StatusActive, StatusCompleted, StatusCancelled, StatusExpired:
	default:
		v.Add("status", "Invalid format")
	}
	if err := v.Err(); err != nil {
		return err
	}
	out, err := web.Service.UserBonuses(r.Context(), session.PlayerFrom(r.Context()).ID, status, pageNo, limit)
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}

// cancel: POST /api/user/bonuses/{id}/cancel.
func (web *Web) cancel(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return ErrNotFound
	}
	out, err := web.Service.Cancel(r.Context(), session.PlayerFrom(r.Context()).ID, id)
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}
