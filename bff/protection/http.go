package protection

import (
	"net/http"
	"strings"

	"casino/bff/api"
	"casino/bff/ledger"
	"casino/bff/session"
)

// Routes registers the player's controls (docs/protection.md).
func (s *Service) Routes(mux *http.ServeMux, sessions *session.Manager) {
	handle := func(pattern string, h api.HandlerFunc) { mux.Handle(pattern, sessions.RequireUser(h)) }
	handle("GET /api/user/limits", s.handleLimits)
	handle("POST /api/user/set-limit", s.handleSetLimit)
	handle("POST /api/user/freeze-account", s.handleFreeze)
	handle("POST /api/user/self-exclude", s.handleSelfExclude)
	handle("GET /api/user/session-limit", s.handleSessionLimit)
	handle("POST /api/user/session-limit", s.handleSetSessionLimit)
	handle("DELETE /api/user/session-limit", s.handleRemoveSessionLimit)
	handle("GET /api/user/reality-check", s.handleRealityCheck)
	handle("PUT /api/user/reality-check", s.handleSetRealityCheck)
	handle("POST /api/user/reality-check/continue", s.handleContinue)
}

// RestrictedRoutes are the routes of this package a self-excluded player's
// restricted session may call: reading the limits, and lengthening the
// exclusion.
var RestrictedRoutes = []string{"GET /api/user/limits", "POST /api/user/self-exclude", "GET /api/user/session-limit", "GET /api/user/reality-check"}

// handleSelfExclude: {period: 1h|12h|1d|3d|1w|1m|permanent|custom, months,
// days} → {until, permanent}. The caller's session ends with it.
func (s *Service) handleSelfExclude(w http.ResponseWriter, r *http.Request) error {
	var body ExclusionRequest
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	e, err := s.SelfExclude(r.Context(), session.PlayerFrom(r.Context()).ID, body)
	if err != nil {
		return err
	}
	s.Sessions.ClearCookie(w, r)
	return api.WriteData(w, e)
}

func (s *Service) handleSessionLimit(w http.ResponseWriter, r *http.Request) error {
	l, err := s.SessionLimitOf(r.Context(), session.PlayerFrom(r.Context()))
	if err != nil {
		return err
	}
	return api.WriteData(w, l)
}

// handleSetSessionLimit: {minutes: 10…43200} or {cancelPending: true}.
func (s *Service) handleSetSessionLimit(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Minutes       int  `json:"minutes"`
		CancelPending bool `json:"cancelPending"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	p := session.PlayerFrom(r.Context())
	if body.CancelPending {
		if err := s.CancelPendingSessionLimit(r.Context(), p.ID); err != nil {
			return err
		}
		return api.WriteData(w, Change{Applied: true})
	}
	if body.Minutes == 0 {
		return ErrSessionMinutes
	}
	c, err := s.SetSessionLimit(r.Context(), p.ID, body.Minutes)
	if err != nil {
		return err
	}
	return api.WriteData(w, c)
}

func (s *Service) handleRemoveSessionLimit(w http.ResponseWriter, r *http.Request) error {
	c, err := s.SetSessionLimit(r.Context(), session.PlayerFrom(r.Context()).ID, 0)
	if err != nil {
		return err
	}
	return api.WriteData(w, c)
}

func (s *Service) handleRealityCheck(w http.ResponseWriter, r *http.Request) error {
	rc, err := s.RealityCheckOf(r.Context(), session.PlayerFrom(r.Context()))
	if err != nil {
		return err
	}
	return api.WriteData(w, rc)
}

// handleSetRealityCheck: {intervalMinutes: 0|15|30|60}.
func (s *Service) handleSetRealityCheck(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		IntervalMinutes int `json:"intervalMinutes"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	p := session.PlayerFrom(r.Context())
	if err := s.SetRealityCheck(r.Context(), p.ID, body.IntervalMinutes); err != nil {
		return err
	}
	rc, err := s.RealityCheckOf(r.Context(), p)
	if err != nil {
		return err
	}
	return api.WriteData(w, rc)
}

func (s *Service) handleContinue(w http.ResponseWriter, r *http.Request) error {
	rc, err := s.ContinueAfterRealityCheck(r.Context(), session.PlayerFrom(r.Context()))
	if err != nil {
		return err
	}
	return api.WriteData(w, rc)
}

func (s *Service) handleLimits(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Limits(r.Context(), session.PlayerFrom(r.Context()).ID)
	if err != nil {
		return err
	}
	return api.WriteData(w, map[string]any{"limits": list, "coolingOffHours": int(CoolingOff.Hours())})
}

// handleSetLimit: {type: deposit|loss|bet, period: daily|weekly|monthly,
// amount: "20.00" (in the player's currency; "" or "0" removes it),
// cancelPending: true drops a change waiting out its cooling-off}.
func (s *Service) handleSetLimit(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Type          string `json:"type"`
		Period        string `json:"period"`
		Amount        string `json:"amount"`
		CancelPending bool   `json:"cancelPending"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	p := session.PlayerFrom(r.Context())
	if body.CancelPending {
		if err := s.CancelPending(r.Context(), p.ID, body.Type, body.Period); err != nil {
			return err
		}
		return api.WriteData(w, Change{Applied: true})
	}
	currency, err := ledger.LookupCurrency(p.Currency)
	if err != nil {
		return err
	}
	var minor int64
	if a := strings.TrimSpace(body.Amount); a != "" {
		m, err := ledger.Parse(a, currency)
		if err != nil || m.Sign() < 0 {
			return ErrAmount
		}
		minor = m.Minor()
	}
	change, err := s.SetLimit(r.Context(), p.ID, currency, body.Type, body.Period, minor)
	if err != nil {
		return err
	}
	return api.WriteData(w, change)
}

// handleFreeze: {days: 1|3|7|10} → {frozenUntil}.
func (s *Service) handleFreeze(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Days int `json:"days"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	until, err := s.Freeze(r.Context(), session.PlayerFrom(r.Context()).ID, body.Days)
	if err != nil {
		return err
	}
	return api.WriteData(w, map[string]string{"frozenUntil": until})
}
