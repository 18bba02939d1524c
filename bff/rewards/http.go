package rewards

import (
	"net/http"

	"casino/bff/api"
	"casino/bff/session"
)

// Routes registers the calendar's calls (SPEC section 7). All need a
// player's token: visitors see the front-end's sample data instead.
func (s *Service) Routes(mux *http.ServeMux, sessions *session.Manager) {
	handle := func(pattern string, h api.HandlerFunc) { mux.Handle(pattern, sessions.RequireUser(h)) }
	handle("GET /api/admin/get-rakeback-days", s.handleDays)
	handle("POST /api/user/rakeback-claim", s.handleClaim)
	handle("GET /api/user/calendar-award", s.handleAward)
	handle("GET /api/user/rewards-calendar", s.handleMembership)
	handle("PUT /api/user/rewards-calendar", s.handleMembership)
}

// handleDays answers the 28 days. bonusId (optional, SPEC) names a bonus's
// calendar; the rakeback calendar is the same for every bonus, so the days
// are the player's either way.
func (s *Service) handleDays(w http.ResponseWriter, r *http.Request) error {
	days, err := s.Days(r.Context(), session.PlayerFrom(r.Context()).ID, r.URL.Query().Get("timeZone"))
	if err != nil {
		return err
	}
	return api.WriteData(w, days)
}

// handleClaim pays a day: query timeZone, customerDate, bonusId; body
// bonusId, claimDate, customerDate (the body's dates win over the query's).
func (s *Service) handleClaim(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		BonusID      any    `json:"bonusId"`
		ClaimDate    string `json:"claimDate"`
		CustomerDate string `json:"customerDate"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	q := r.URL.Query()
	if body.CustomerDate == "" {
		body.CustomerDate = q.Get("customerDate")
	}
	if body.ClaimDate == "" {
		return api.ErrValidation.WithField("claimDate", "Required")
	}
	res, err := s.Claim(r.Context(), session.PlayerFrom(r.Context()).ID, q.Get("timeZone"), body.ClaimDate, body.CustomerDate)
	if err != nil {
		return err
	}
	return api.WriteData(w, res)
}

func (s *Service) handleAward(w http.ResponseWriter, r *http.Request) error {
	a, err := s.Award(r.Context(), session.PlayerFrom(r.Context()).ID)
	if err != nil {
		return err
	}
	return api.WriteData(w, map[string]Award{"userCalendarData": a})
}

// handleMembership reads or changes the player's opt-out of the calendar
// (SPEC section 6): GET, or PUT {"optedOut": true|false}; query timeZone is
// the browser's, so a first visit from the profile fixes the right zone.
func (s *Service) handleMembership(w http.ResponseWriter, r *http.Request) error {
	id, zone := session.PlayerFrom(r.Context()).ID, r.URL.Query().Get("timeZone")
	if r.Method == http.MethodPut {
		var body struct {
			OptedOut *bool `json:"optedOut"`
		}
		if err := api.Decode(w, r, &body); err != nil {
			return err
		}
		if body.OptedOut == nil {
			return api.ErrValidation.WithField("optedOut", "Required")
		}
		if err := s.SetOptedOut(r.Context(), id, *body.OptedOut, zone); err != nil {
			return err
		}
	}
	p, err := s.load(r.Context(), id, zone)
	if err != nil {
		return err
	}
	return api.WriteData(w, map[string]any{"optedOut": p.optedOut, "timeZone": p.zone.String()})
}
