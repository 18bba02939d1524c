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
