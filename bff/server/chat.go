package server

import (
	"context"
	"net/http"
	"strconv"

	"casino/bff/api"
	"casino/bff/bigwins"
	"casino/bff/chat"
	"casino/bff/realtime"
)

func chatTopic(room string) string { return "chat:" + room }

// openChat builds the chat: a room per site language; new and deleted
// messages go out on the room's public realtime topic.
func (a *App) openChat(ctx context.Context) {
	c := chat.New(a.DB, nil)
	c.Rooms = func(ctx context.Context) ([]string, error) {
		st, err := a.Settings.Current(ctx)
		return st.Languages, err
	}
	c.Words = func(ctx context.Context) ([]string, error) {
		st, err := a.Settings.Current(ctx)
		return st.ChatBlockedWords, err
	}
	c.Posted = func(m chat.Message) {
		a.Realtime.Broadcast(chatTopic(m.Room), realtime.Event{Name: "message", Data: m})
	}
	c.Deleted = func(room string, id int64) {
		a.Realtime.Broadcast(chatTopic(room), realtime.Event{Name: "delete", Data: map[string]int64{"id": id}})
	}
	a.Chat = c

	// Big wins (docs/chat.md): the wallet offers every paid win; big ones go
	// out to every room, whose panel shows them to players who want them.
	f := bigwins.New(a.DB, nil)
	f.Name = c.PublicNameOf
	f.Multiplier = func(ctx context.Context) (int, error) {
		st, err := a.Settings.Current(ctx)
		return st.BigWinMultiplier, err
	}
	f.Announce = func(w bigwins.Win) {
		rooms, err := c.Rooms(context.Background())
		if err != nil {
			return
		}
		for _, room := range rooms {
			a.Realtime.Broadcast(chatTopic(room), realtime.Event{Name: BigWinEvent, Data: w})
		}
	}
	a.Games.Wallet.Won = f.Offer
	a.BigWins = f
	go f.Run(ctx)
}

// BigWinEvent is a chat room's event for a line of the big-wins feed.
const BigWinEvent = "bigWin"

// chatRoutes serves the chat calls and each room's live stream (public,
// outside /api/ whose GET time-out would cut it).
func (a *App) chatRoutes(mux *http.ServeMux) {
	web := &chat.Web{Service: a.Chat, Sessions: a.Sessions}
	web.Routes(mux)
	mux.Handle("GET /api/core/casino/big-wins", api.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
		wins, err := a.BigWins.Recent(r.Context(), limit)
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", "no-store")
		return api.WriteData(w, map[string]any{"wins": wins})
	}))
	mux.Handle("GET /chat/{room}/events", api.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		room := r.PathValue("room")
		if _, err := a.Chat.History(r.Context(), room, 0, 1); err != nil {
			return err
		}
		return a.Realtime.TopicHandler(chatTopic(room), nil)(w, r)
	}))
}
