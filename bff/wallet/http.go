package wallet

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"

	"casino/bff/api"
	"casino/bff/session"
)

// maxBody bounds a provider request (the outcome is at most 16 KiB).
const maxBody = 64 << 10

// Handler serves the provider API under PathPrefix.
func (s *Service) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("POST "+PathBalance, s.signed(func(r *http.Request, provider string, body []byte) (any, error) {
		var req BalanceRequest
		if err := decode(body, &req); err != nil {
			return nil, err
		}
		return s.Balance(r.Context(), provider, req)
	}))
	money := func(debit bool) http.Handler {
		return s.signed(func(r *http.Request, provider string, body []byte) (any, error) {
			var req MoneyRequest
			if err := decode(body, &req); err != nil {
				return nil, err
			}
			if debit {
				return s.Debit(r.Context(), provider, req)
			}
			return s.Credit(r.Context(), provider, req)
		})
	}
	mux.Handle("POST "+PathDebit, money(true))
	mux.Handle("POST "+PathCredit, money(false))
	mux.Handle("POST "+PathRollback, s.signed(func(r *http.Request, provider string, body []byte) (any, error) {
		var req RollbackRequest
		if err := decode(body, &req); err != nil {
			return nil, err
		}
		return s.Rollback(r.Context(), provider, req)
	}))
	mux.Handle("POST "+PathRoundEnd, s.signed(func(r *http.Request, provider string, body []byte) (any, error) {
		var req EndRoundRequest
		if err := decode(body, &req); err != nil {
			return nil, err
		}
		return s.EndRound(r.Context(), provider, req)
	}))
	mux.Handle(PathPrefix, api.HandlerFunc(func(http.ResponseWriter, *http.Request) error { return api.ErrNotFound }))
	return mux
}

// signed checks the provider's signature before handing the body on.
func (s *Service) signed(fn func(r *http.Request, provider string, body []byte) (any, error)) api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		if err != nil {
			return api.ErrPayloadTooLarge
		}
		provider := r.Header.Get(HeaderProvider)
		secret, ok, err := s.secret(r.Context(), provider)
		if err != nil {
			return err
		}
		if !ok || !verify(secret, r.Header.Get(HeaderTimestamp), r.URL.Path, body, r.Header.Get(HeaderSignature), s.Now()) {
			return ErrInvalidSignature
		}
		out, err := fn(r, provider, body)
		if err != nil {
			return err
		}
		return api.WriteData(w, out)
	}
}

func decode(body []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(dst); err != nil {
		if errors.Is(err, io.EOF) {
			return api.ErrInvalidFormat.WithField("body", "Required")
		}
		return api.ErrInvalidFormat.WithField("body", "Invalid format")
	}
	return nil
}

// Routes adds the player's calls: game recall, bonus-buy confirmation, the
// casino transaction history (the Games tab) and the Game Pulse rounds.
func (s *Service) Routes(mux *http.ServeMux, sessions *session.Manager) {
	mux.Handle("GET /api/user/game-rounds/{id}", sessions.RequireUser(func(w http.ResponseWriter, r *http.Request) error {
		id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
		if err != nil || id <= 0 {
			return ErrRoundNotFound
		}
		round, err := s.Round(r.Context(), id, session.PlayerFrom(r.Context()).ID)
		if err != nil {
			return err
		}
		return api.WriteData(w, round)
	}))
	mux.Handle("POST /api/user/confirm-bonus-buy", sessions.RequireUser(func(w http.ResponseWriter, r *http.Request) error {
		if err := s.ConfirmBonusBuy(r.Context(), session.PlayerFrom(r.Context()).ID); err != nil {
			return err
		}
		return api.WriteData(w, map[string]bool{"confirmed": true})
	}))
	mux.Handle("GET /api/user/get-casino-transactions", sessions.RequireUser(func(w http.ResponseWriter, r *http.Request) error {
		q := r.URL.Query()
		page, _ := strconv.Atoi(q.Get("pageNo"))
		limit, _ := strconv.Atoi(q.Get("limit"))
		h, err := s.History(r.Context(), session.PlayerFrom(r.Context()).ID, page, limit)
		if err != nil {
			return err
		}
		return api.WriteData(w, h)
	}))
	mux.Handle("GET /api/user/game-pulse", sessions.RequireUser(func(w http.ResponseWriter, r *http.Request) error {
		limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
		p := session.PlayerFrom(r.Context())
		pulse, err := s.Pulse(r.Context(), p.ID, p.Currency, limit)
		if err != nil {
			return err
		}
		return api.WriteData(w, pulse)
	}))
}
