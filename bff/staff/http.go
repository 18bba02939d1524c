package staff

import (
	"context"
	"net/http"
	"slices"
	"strconv"

	"casino/bff/api"
)

// Route is one back-office call and the permission it needs ("" for any
// logged-in member). The permission matrix test walks every one.
type Route struct {
	Pattern    string
	Permission Permission
}

// Handle registers a back-office call on mux: the staff session is checked,
// then the permission, before h runs with the member in its context.
func (s *Service) Handle(mux *http.ServeMux, pattern string, perm Permission, h api.HandlerFunc) {
	r := Route{Pattern: pattern, Permission: perm}
	if !slices.Contains(s.routes, r) { // a second mux of the same server (tests) lists nothing new
		s.routes = append(s.routes, r)
	}
	mux.Handle(pattern, s.Require(perm, h))
}

// Routes lists every call registered through Handle.
func (s *Service) Routes() []Route { return append([]Route(nil), s.routes...) }

type ctxKey struct{}

// Require answers 401 without a staff session (the cookie and the request
// token of RequestHeader) and 403 when the member's role lacks perm.
func (s *Service) Require(perm Permission, h api.HandlerFunc) api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		m, err := s.Resolve(r.Context(), s.tokenFrom(r))
		if err != nil {
			return err
		}
		if err := s.checkRequestToken(r, m); err != nil {
			return err
		}
		if perm != "" && !Can(m.Role, perm) {
			return ErrDenied
		}
		return h(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, m)))
	}
}

// From returns the member Require put in ctx.
func From(ctx context.Context) *Member {
	m, _ := ctx.Value(ctxKey{}).(*Member)
	return m
}

// RegisterRoutes adds the log-in, log-out, the member's own view and the
// audit log.
func (s *Service) RegisterRoutes(mux *http.ServeMux) {
	mux.Handle("POST /api/backoffice/login", api.HandlerFunc(s.handleLogin))
	s.Handle(mux, "POST /api/backoffice/logout", "", s.handleLogout)
	s.Handle(mux, "GET /api/backoffice/me", "", s.handleMe)
	s.Handle(mux, "GET /api/backoffice/audit", AuditRead, s.handleAudit)
}

func (s *Service) handleLogin(w http.ResponseWriter, r *http.Request) error {
	var req LoginRequest
	if err := api.Decode(w, r, &req); err != nil {
		return err
	}
	ip := ""
	if s.ClientIP != nil {
		ip = s.ClientIP(r)
	}
	token, m, err := s.Login(r.Context(), req, ip, r.UserAgent())
	if err != nil {
		return err
	}
	if m.RequestToken, err = s.requestToken(r.Context(), hashToken(token)); err != nil {
		return err
	}
	s.setCookie(w, r, token, int(AbsoluteTTL.Seconds()))
	return api.WriteData(w, m)
}

func (s *Service) handleLogout(w http.ResponseWriter, r *http.Request) error {
	if err := s.Logout(r.Context(), From(r.Context())); err != nil {
		return err
	}
	s.setCookie(w, r, "", -1)
	return api.WriteData(w, map[string]bool{"ok": true})
}

func (s *Service) handleMe(w http.ResponseWriter, r *http.Request) error {
	return api.WriteData(w, From(r.Context()))
}

// handleAudit: GET /api/backoffice/audit?actor=&action=&target=&from=&to=&before=.
func (s *Service) handleAudit(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f := Filter{Actor: q.Get("actor"), Action: q.Get("action"), Target: q.Get("target"), From: q.Get("from"), To: q.Get("to")}
	if v := q.Get("before"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return api.ErrValidation.WithField("before", "Invalid format")
		}
		f.BeforeID = id
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return api.ErrValidation.WithField("limit", "Invalid format")
		}
		f.Limit = n
	}
	list, err := s.Audit(r.Context(), f)
	if err != nil {
		return err
	}
	return api.WriteData(w, list)
}
