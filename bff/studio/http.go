package studio

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"casino/bff/api"
	"casino/bff/betlevels"
	"casino/bff/ledger"
	"casino/bff/session"
	"casino/bff/studio/fair"
	"casino/bff/studio/slot"
)

// Routes registers the studio's JSON API (docs/studio.md).
func (s *Service) Routes(mux *http.ServeMux, sessions *session.Manager) {
	h := func(pattern string, fn api.HandlerFunc) { mux.Handle(pattern, fn) }
	s.tableRoutes(mux)
	h("GET /api/studio/games", func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Cache-Control", "public, max-age=300")
		return api.WriteData(w, s.Catalog.Titles())
	})
	h("GET /api/studio/games/{id}", func(w http.ResponseWriter, r *http.Request) error {
		t, err := s.Catalog.Title(r.PathValue("id"))
		if err != nil {
			return ErrGameNotFound
		}
		out := map[string]any{"title": t}
		if g, err := s.Catalog.Slot(t.ID); err == nil {
			out["game"] = g.Info()
			out["maths"], _ = s.Catalog.Figures(t.ID)
		}
		w.Header().Set("Cache-Control", "public, max-age=300")
		return api.WriteData(w, out)
	})
	h("POST /api/studio/sessions", func(w http.ResponseWriter, r *http.Request) error {
		var body struct {
			GameID string `json:"gameId"`
			Mode   string `json:"mode"`
		}
		if err := api.Decode(w, r, &body); err != nil {
			return err
		}
		p, err := sessions.FromRequest(r)
		if err != nil {
			return err
		}
		if body.Mode == ModeDemo {
			p = nil
		}
		l, err := s.Launch(r.Context(), p, body.GameID, body.Mode)
		if err != nil {
			return err
		}
		return api.WriteData(w, l)
	})
	h("GET /api/studio/sessions/{sid}", s.withSession(func(w http.ResponseWriter, r *http.Request, sess *Session) error {
		bal, err := s.Balance(r.Context(), sess)
		if err != nil {
			return err
		}
		seeds, err := s.Seeds(r.Context(), sess)
		if err != nil {
			return err
		}
		return api.WriteData(w, map[string]any{"session": sess, "balance": bal, "seeds": seeds})
	}))
	h("POST /api/studio/sessions/{sid}/spin", s.withSession(func(w http.ResponseWriter, r *http.Request, sess *Session) error {
		var body struct {
			Bet      string `json:"bet"`
			BonusBuy bool   `json:"bonusBuy"`
			FreeSpin bool   `json:"freeSpin"` // one of the player's free spins, at their bet
		}
		if err := api.Decode(w, r, &body); err != nil {
			return err
		}
		spin := func() (*SpinResult, error) { return s.Spin(r.Context(), sess, body.Bet, body.BonusBuy) }
		if body.FreeSpin {
			spin = func() (*SpinResult, error) { return s.FreeSpin(r.Context(), sess) }
		}
		res, err := spin()
		if err != nil {
			return err
		}
		return api.WriteData(w, res)
	}))
	h("GET /api/studio/sessions/{sid}/seeds", s.withSession(func(w http.ResponseWriter, r *http.Request, sess *Session) error {
		st, err := s.Seeds(r.Context(), sess)
		if err != nil {
			return err
		}
		return api.WriteData(w, st)
	}))
	h("POST /api/studio/sessions/{sid}/seeds", s.withSession(func(w http.ResponseWriter, r *http.Request, sess *Session) error {
		var body struct {
			ClientSeed string `json:"clientSeed"`
		}
		if err := api.Decode(w, r, &body); err != nil {
			return err
		}
		st, err := s.RotateSeeds(r.Context(), sess, body.ClientSeed)
		if err != nil {
			return err
		}
		return api.WriteData(w, st)
	}))
	h("GET /api/studio/rounds/{id}", func(w http.ResponseWriter, r *http.Request) error {
		p, err := sessions.FromRequest(r)
		if err != nil {
			return err
		}
		rd, err := s.Round(r.Context(), r.PathValue("id"))
		if err != nil {
			return err
		}
		// Real-money rounds are the player's own; a demo round is readable
		// by whoever holds its (unguessable) id.
		if rd.Mode == ModeReal && (p == nil || p.ID != rd.UserID) {
			return api.ErrNotFound
		}
		return api.WriteData(w, rd)
	})
	h("GET /api/studio/verify", func(w http.ResponseWriter, r *http.Request) error {
		q, err := verifyQueryOf(r, sessions)
		if err != nil {
			return err
		}
		v, err := s.Verify(r.Context(), q)
		if err != nil {
			return err
		}
		return api.WriteData(w, v)
	})
}

func (s *Service) withSession(fn func(http.ResponseWriter, *http.Request, *Session) error) api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		sess, err := s.Session(r.Context(), r.PathValue("sid"))
		if err != nil {
			return err
		}
		return fn(w, r, sess)
	}
}

// StoredRound is a round as stored (game recall).
type StoredRound struct {
	ID             string          `json:"roundId"`
	UserID         int64           `json:"-"`
	GameID         string          `json:"gameId"`
	Mode           string          `json:"mode"`
	Currency       string          `json:"currency"`
	Bet            string          `json:"bet"`
	Cost           string          `json:"cost"`
	Win            string          `json:"win"`
	BalanceBefore  string          `json:"balanceBefore"`
	BalanceAfter   string          `json:"balanceAfter"`
	ServerSeedHash string          `json:"serverSeedHash"`
	ServerSeed     string          `json:"serverSeed,omitempty"` // once revealed
	ClientSeed     string          `json:"clientSeed"`
	Nonce          uint64          `json:"nonce"`
	Status         string          `json:"status"`
	Outcome        json.RawMessage `json:"outcome"`
	CreatedAt      string          `json:"createdAt"`
}

// Round loads a stored round.
func (s *Service) Round(ctx context.Context, id string) (*StoredRound, error) {
	var rd StoredRound
	var user sql.NullInt64
	var bet, cost, win int64
	var outcome string
	err := s.db.Read.QueryRowContext(ctx, `SELECT r.id, r.user_id, r.game_id, r.mode, r.currency, r.bet, r.cost, r.win, r.balance_before, r.balance_after,
		r.server_seed_hash, COALESCE(v.server_seed, ''), r.client_seed, r.nonce, r.status, r.outcome, r.created_at
		FROM studio_rounds r LEFT JOIN studio_revealed_seeds v ON v.server_seed_hash = r.server_seed_hash WHERE r.id = ?`, id).
		Scan(&rd.ID, &user, &rd.GameID, &rd.Mode, &rd.Currency, &bet, &cost, &win, &rd.BalanceBefore, &rd.BalanceAfter,
			&rd.ServerSeedHash, &rd.ServerSeed, &rd.ClientSeed, &rd.Nonce, &rd.Status, &outcome, &rd.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, api.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	rd.UserID = user.Int64
	rd.Bet, rd.Cost, rd.Win = amountText(rd.Currency, bet), amountText(rd.Currency, cost), amountText(rd.Currency, win)
	rd.Outcome = json.RawMessage(outcome)
	return &rd, nil
}

// VerifyQuery is a round to recompute.
type VerifyQuery struct {
	Game           string
	Bet            string
	BonusBuy       bool
	ServerSeed     string
	ServerSeedHash string
	ClientSeed     string
	Nonce          string
	Round          string // a stored round id: fills the other fields
	// Currency of a typed bet ("": euro hundredths, the titles' bets) and,
	// optionally, the factor the round was played with (the wallet's round
	// outcome keeps it); without it the operator's current rate applies.
	Currency string
	Factor   string
	// Player is who asks (0: a visitor). A real-money round is verified for
	// its owner only, as GET /api/studio/rounds/{id} shows it to its owner
	// only; a demo round to whoever holds its unguessable id.
	Player int64
}

// verifyQueryOf reads the query string and the asking player.
func verifyQueryOf(r *http.Request, sessions *session.Manager) (VerifyQuery, error) {
	q := VerifyQueryFrom(r)
	p, err := sessions.FromRequest(r)
	if p != nil {
		q.Player = p.ID
	}
	return q, err
}

// VerifyQueryFrom reads the query string.
func VerifyQueryFrom(r *http.Request) VerifyQuery {
	q := r.URL.Query()
	return VerifyQuery{Game: q.Get("game"), Bet: q.Get("bet"), BonusBuy: q.Get("bonusBuy") == "true" || q.Get("bonusBuy") == "on",
		ServerSeed: q.Get("serverSeed"), ServerSeedHash: q.Get("serverSeedHash"), ClientSeed: q.Get("clientSeed"), Nonce: q.Get("nonce"), Round: q.Get("round"),
		Currency: strings.ToUpper(strings.TrimSpace(q.Get("currency"))), Factor: strings.TrimSpace(q.Get("factor"))}
}

// Verified is a recomputed round.
type Verified struct {
	Query          VerifyQuery `json:"-"`
	Game           string      `json:"game"`
	ServerSeedHash string      `json:"serverSeedHash"`     // SHA-256 of the given server seed
	CommitmentOK   bool        `json:"commitmentOk"`       // equals the given (or stored) commitment
	Currency       string      `json:"currency,omitempty"` // of the round's amounts ("": euro hundredths, typed)
	Round          *slot.Round `json:"round"`
	// Stored is the stored round's outcome when a round id was given, and
	// Matches whether the recomputation equals it.
	Stored  json.RawMessage `json:"stored,omitempty"`
	Matches *bool           `json:"matches,omitempty"`
}

// Verify recomputes a round from a revealed server seed. With a round id the
// stored round supplies game, bet, client seed, nonce, commitment and (once
// revealed) the server seed.
func (s *Service) Verify(ctx context.Context, q VerifyQuery) (*Verified, error) {
	var stored *StoredRound
	currency, factor := "", int64(1)
	if q.Round != "" {
		rd, err := s.Round(ctx, q.Round)
		if err != nil {
			return nil, err
		}
		// Another player's round is as unknown as a missing one, whatever
		// server seed comes with the question (issue 18, item 14).
		if rd.Mode == ModeReal && rd.UserID != q.Player {
			return nil, api.ErrNotFound
		}
		stored = rd
		q.Game, q.Bet, q.ClientSeed, q.ServerSeedHash = rd.GameID, rd.Bet, rd.ClientSeed, rd.ServerSeedHash
		q.Nonce = strconv.FormatUint(rd.Nonce, 10)
		var o slot.Round
		if json.Unmarshal(rd.Outcome, &o) == nil {
			q.BonusBuy = o.BonusBuy
			// Replayed with the factor it was played with, whatever the
			// operator's rates are now.
			currency, factor = rd.Currency, max(o.Factor, 1)
		}
		if q.ServerSeed == "" {
			q.ServerSeed = rd.ServerSeed
		}
		if q.ServerSeed == "" {
			return nil, ErrNotRevealed
		}
	}
	v := api.Validation{}
	g, err := s.Catalog.Slot(q.Game)
	if err != nil {
		v.Add("game", "GAME NOT FOUND")
	}
	if q.Round == "" && q.Currency != "" {
		var field string
		currency, factor, field = s.typedScale(ctx, q.Currency, q.Factor)
		if field != "" {
			v.Add(field, "Invalid format")
			currency, factor = "", 1
		}
	}
	// A typed bet is in euro hundredths (the titles' bets) unless a
	// currency is given; a stored round's is in its currency.
	sc := betlevels.Identity
	if currency != "" {
		if c, err := betlevels.For(nil, currency); err == nil { // any currency's decimals, FUN's too
			sc = c
		}
	}
	bet, ok := sc.Read(q.Bet)
	if ok && bet%factor == 0 {
		bet /= factor
	} else {
		ok = false
	}
	if !ok || (g != nil && g.CheckBet(bet) != nil) {
		v.Add("bet", "Invalid format")
	}
	if fair.CheckServerSeed(q.ServerSeed) != nil {
		v.Add("serverSeed", "Invalid format")
	}
	if fair.CheckClientSeed(q.ClientSeed) != nil {
		v.Add("clientSeed", "Invalid format")
	}
	nonce, err := strconv.ParseUint(q.Nonce, 10, 64)
	if err != nil || nonce == 0 {
		v.Add("nonce", "Invalid format")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	out := &Verified{Query: q, Game: q.Game, ServerSeedHash: fair.Commit(q.ServerSeed)}
	out.CommitmentOK = q.ServerSeedHash == "" || out.ServerSeedHash == q.ServerSeedHash
	src := fair.NewStream(q.ServerSeed, q.ClientSeed, nonce)
	if q.BonusBuy {
		out.Round, err = g.BuyBonus(bet, src)
	} else {
		out.Round, err = g.Spin(bet, src)
	}
	if err != nil {
		return nil, api.ErrValidation.WithField("bonusBuy", "This game has no bonus buy")
	}
	out.Round.Scale(factor)
	out.Currency = currency
	if stored != nil {
		out.Stored = stored.Outcome
		again, _ := json.Marshal(out.Round)
		var a, b any
		json.Unmarshal(again, &a)
		json.Unmarshal(stored.Outcome, &b)
		eq := jsonEqual(a, b)
		out.Matches = &eq
	}
	return out, nil
}

// typedScale is the bet scale of a typed verification in currency: the
// given factor (a positive whole number), or the operator's current one. It
// names the offending field when one is invalid.
func (s *Service) typedScale(ctx context.Context, currency, factorText string) (string, int64, string) {
	if currency != DemoCurrency {
		if _, err := ledger.LookupCurrency(currency); err != nil {
			return "", 0, "currency"
		}
	}
	if factorText != "" {
		f, err := strconv.ParseInt(factorText, 10, 64)
		if err != nil || f < 1 || f > 1<<40 {
			return "", 0, "factor"
		}
		return currency, f, ""
	}
	sc, err := s.scale(ctx, currency)
	if err != nil {
		return "", 0, "currency"
	}
	return currency, sc.Factor, ""
}

// ErrNotRevealed: the round's server seed is still in use.
var ErrNotRevealed = api.ErrValidation.WithField("serverSeed", "The server seed of this round is not revealed yet: rotate your seed pair first")

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
