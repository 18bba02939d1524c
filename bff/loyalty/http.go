package loyalty

import (
	"net/http"

	"casino/bff/api"
	"casino/bff/ledger"
	"casino/bff/session"
)

// Web serves the VIP club calls (docs/loyalty.md).
type Web struct {
	Service  *Service
	Sessions *session.Manager
}

// Routes registers the public level table and the player's standing.
func (web *Web) Routes(mux *http.ServeMux) {
	mux.Handle("GET /api/core/casino/vip-levels", api.HandlerFunc(web.levels))
	mux.Handle("GET /api/user/vip-club", web.Sessions.RequireUser(web.club))
}

// LevelView is a level as the pages show it: percentages and the EUR
// withdrawal limit as decimal strings (null: no limit).
type LevelView struct {
	Level           int     `json:"level"`
	Name            string  `json:"name"`
	MinPoints       int64   `json:"minPoints"`
	RakebackPercent string  `json:"rakebackPercent"`
	CashbackPercent string  `json:"cashbackPercent"`
	WithdrawalLimit *string `json:"withdrawalLimit"`
	LimitCurrency   string  `json:"withdrawalLimitCurrency"`
	PersonalManager bool    `json:"personalManager"`
}

var eur = ledger.MustCurrency("EUR")

// View renders l for the API.
func View(l Level) LevelView {
	v := LevelView{Level: l.Level, Name: l.Name, MinPoints: l.MinPoints, PersonalManager: l.PersonalManager, LimitCurrency: eur.Code,
		RakebackPercent: ledger.FromMinor(l.RakebackBps, eur).Decimal(), CashbackPercent: ledger.FromMinor(l.CashbackBps, eur).Decimal()}
	if l.WithdrawalLimit > 0 {
		s := ledger.FromMinor(l.WithdrawalLimit, eur).Decimal()
		v.WithdrawalLimit = &s
	}
	return v
}

func views(ls []Level) []LevelView {
	out := make([]LevelView, len(ls))
	for i, l := range ls {
		out[i] = View(l)
	}
	return out
}

// ClubView is GET /api/user/vip-club.
type ClubView struct {
	Level    LevelView   `json:"level"`
	Points   int64       `json:"points"`
	Next     *LevelView  `json:"next"`
	Progress int         `json:"progress"`
	Levels   []LevelView `json:"levels"`
}

// Brief is userLoyaltyLevel in get-user-details.
func (st Status) Brief() map[string]any {
	b := map[string]any{"level": st.Level.Level, "name": st.Level.Name, "points": st.Points, "nextLevelPoints": nil, "progress": st.Progress}
	if st.Next != nil {
		b["nextLevelPoints"] = st.Next.MinPoints
	}
	return b
}

func (web *Web) levels(w http.ResponseWriter, r *http.Request) error {
	ls, err := web.Service.Levels(r.Context())
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-cache")
	return api.WriteData(w, map[string]any{"levels": views(ls)})
}

func (web *Web) club(w http.ResponseWriter, r *http.Request) error {
	p := session.PlayerFrom(r.Context())
	st, err := web.Service.Status(r.Context(), p.ID)
	if err != nil {
		return err
	}
	out := ClubView{Level: View(st.Level), Points: st.Points, Progress: st.Progress, Levels: views(st.Levels)}
	if st.Next != nil {
		n := View(*st.Next)
		out.Next = &n
	}
	w.Header().Set("Cache-Control", "no-store")
	return api.WriteData(w, out)
}
