package chat

import (
	"encoding/json"
	"net/http"
	"strconv"

	"casino/bff/api"
	"casino/bff/session"
)

// Web serves the chat calls (docs/chat.md). The live stream of a room is
// wired by the server on the realtime hub (GET /chat/{room}/events).
type Web struct {
	Service  *Service
	Sessions *session.Manager
}

// Routes registers history (public), posting and the settings (players).
func (web *Web) Routes(mux *http.ServeMux) {
	mux.Handle("GET /api/core/casino/chat/{room}/messages", api.HandlerFunc(web.history))
	user := func(pattern string, h api.HandlerFunc) { mux.Handle(pattern, web.Sessions.RequireUser(h)) }
	user("POST /api/user/chat/{room}/messages", web.post)
	user("GET /api/user/chat-settings", web.settings)
	user("PUT /api/user/chat-settings", web.saveSettings)
}

func (web *Web) history(w http.ResponseWriter, r *http.Request) error {
	before, _ := strconv.ParseInt(r.URL.Query().Get("before"), 10, 64)
	limit, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || limit <= 0 || limit > 100 {
		limit = 50
	}
	ms, err := web.Service.History(r.Context(), r.PathValue("room"), before, limit)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return api.WriteData(w, map[string]any{"messages": ms})
}

func (web *Web) post(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Text string `json:"text"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 16<<10)).Decode(&body); err != nil {
		return api.ErrValidation.WithField("text", "Invalid format")
	}
	m, err := web.Service.Post(r.Context(), session.PlayerFrom(r.Context()).ID, r.PathValue("room"), body.Text)
	if err != nil {
		return err
	}
	return api.WriteData(w, m)
}

func (web *Web) settings(w http.ResponseWriter, r *http.Request) error {
	st, err := web.Service.SettingsOf(r.Context(), session.PlayerFrom(r.Context()).ID)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return api.WriteData(w, st)
}

func (web *Web) saveSettings(w http.ResponseWriter, r *http.Request) error {
	var st Settings
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4<<10)).Decode(&st); err != nil {
		return api.ErrValidation.WithField("settings", "Invalid format")
	}
	if err := web.Service.SaveSettings(r.Context(), session.PlayerFrom(r.Context()).ID, st); err != nil {
		return err
	}
	return api.WriteData(w, st)
}
