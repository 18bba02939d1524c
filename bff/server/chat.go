package server

import (
	"context"
	"net/http"

	"casino/bff/api"
	"casino/bff/chat"
	"casino/bff/realtime"
)

func chatTopic(room string) string { return "chat:" + room }

// openChat builds the chat: a room per site language; new and deleted
// messages go out on the room's public realtime topic.
func (a *App) openChat() {
	c := chat.New(a.DB, nil)
	c.Rooms = func(ctx context.Context) ([]string, error) {
		st, err := a.Settings.Current(ctx)
		return st.Languages, err
	}
	c.Posted = func(m chat.Message) {
		a.Realtime.Broadcast(chatTopic(m.Room), realtime.Event{Name: "message", Data: m})
	}
	c.Deleted = func(room string, id int64) {
		a.Realtime.Broadcast(chatTopic(room), realtime.Event{Name: "delete", Data: map[string]int64{"id": id}})
	}
	a.Chat = c
}

// chatRoutes serves the chat calls and each room's live stream (public,
// outside /api/ whose GET time-out would cut it).
func (a *App) chatRoutes(mux *http.ServeMux) {
	web := &chat.Web{Service: a.Chat, Sessions: a.Sessions}
	web.Routes(mux)
	mux.Handle("GET /chat/{room}/events", api.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		room := r.PathValue("room")
		if _, err := a.Chat.History(r.Context(), room, 0, 1); err != nil {
			return err
		}
		return a.Realtime.TopicHandler(chatTopic(room), nil)(w, r)
	}))
}
