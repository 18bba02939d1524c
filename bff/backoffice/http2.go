package backoffice

import (
	"context"
	"net/http"
	"strings"

	"casino/bff/api"
	"casino/bff/bonus"
	"casino/bff/staff"
)

// moreRoutes registers the player page's actions, the bonus catalogue and
// coupons, the game providers and the staff accounts.
func (b *Service) moreRoutes(h func(string, staff.Permission, api.HandlerFunc)) {
	h("POST /api/backoffice/players/{id}/sessions/{session}/end", staff.PlayersSessions, b.handleEndSession)
	h("PUT /api/backoffice/players/{id}/limits/bet/{period}", staff.PlayersLimits, b.handleBetLimit)
	h("POST /api/backoffice/players/{id}/freeze", staff.PlayersFreeze, b.handleFreeze(true))
	h("POST /api/backoffice/players/{id}/unfreeze", staff.PlayersFreeze, b.handleFreeze(false))
	h("GET /api/backoffice/bonuses", staff.BonusesRead, readAll(b.Bonuses))
	h("GET /api/backoffice/bonuses/{code}", staff.BonusesRead, readOne("code", b.Bonus))
	h("PUT /api/backoffice/bonuses/{code}", staff.BonusesWrite, b.handlePutBonus)
	h("POST /api/backoffice/bonuses/{code}/disable", staff.BonusesWrite, reasoned("code", b.DisableBonus, nil))
	h("GET /api/backoffice/coupons", staff.BonusesRead, readAll(b.Coupons))
	h("PUT /api/backoffice/coupons/{code}", staff.BonusesWrite, b.handlePutCoupon)
	h("POST /api/backoffice/coupons/{code}/disable", staff.BonusesWrite, reasoned("code", b.DisableCoupon, nil))
	h("GET /api/backoffice/providers", staff.ProvidersRead, readAll(b.Providers))
	h("GET /api/backoffice/providers/{name}/games", staff.ProvidersRead, readOne("name", b.ProviderGames))
	h("POST /api/backoffice/providers/{name}/rotate-secret", staff.ProvidersWrite, b.handleRotate)
	h("POST /api/backoffice/providers/{name}/enable", staff.ProvidersWrite, b.handleProviderActive(true))
	h("POST /api/backoffice/providers/{name}/disable", staff.ProvidersWrite, b.handleProviderActive(false))
	h("GET /api/backoffice/staff", staff.StaffRead, readAll(b.staffList))
	h("POST /api/backoffice/staff", staff.StaffWrite, b.handleCreateStaff)
	h("POST /api/backoffice/staff/{email}/disable", staff.StaffWrite, reasoned("email", b.disableStaff, nil))
	b.siteRoutes(h)
	if b.Chat != nil {
		b.chatRoutes(h)
	}
}

func (b *Service) handleEndSession(w http.ResponseWriter, r *http.Request) error {
	id, err := docID(r)
	if err != nil {
		return err
	}
	body, err := decode(w, r)
	if err != nil {
		return err
	}
	if err := b.EndSession(r.Context(), staff.From(r.Context()), id, r.PathValue("session"), body.Reason); err != nil {
		return err
	}
	return api.WriteData(w, map[string]bool{"ok": true})
}

func (b *Service) handleBetLimit(w http.ResponseWriter, r *http.Request) error {
	id, err := docID(r)
	if err != nil {
		return err
	}
	var body struct {
		Amount string `json:"amount"`
		Reason string `json:"reason"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	reason := strings.TrimSpace(body.Reason)
	if len(reason) > 500 {
		return api.ErrValidation.WithField("reason", "Invalid format")
	}
	out, err := b.SetBetLimit(r.Context(), staff.From(r.Context()), id, r.PathValue("period"), body.Amount, reason)
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}

func (b *Service) handleFreeze(freeze bool) api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := docID(r)
		if err != nil {
			return err
		}
		body, err := decode(w, r)
		if err != nil {
			return err
		}
		if freeze {
			f, err := b.Freeze(r.Context(), staff.From(r.Context()), id, body.Reason)
			if err != nil {
				return err
			}
			return api.WriteData(w, map[string]any{"frozen": f})
		}
		if err := b.Unfreeze(r.Context(), staff.From(r.Context()), id, body.Reason); err != nil {
			return err
		}
		return api.WriteData(w, map[string]any{"frozen": nil})
	}
}

func (b *Service) handlePutBonus(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Bonus  bonus.SeedBonus `json:"bonus"`
		Reason string          `json:"reason"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	if body.Bonus.Code != r.PathValue("code") {
		return api.ErrValidation.WithField("code", "Invalid format")
	}
	out, err := b.PutBonus(r.Context(), staff.From(r.Context()), body.Bonus, strings.TrimSpace(body.Reason))
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}

func (b *Service) handlePutCoupon(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Coupon bonus.SeedCoupon `json:"coupon"`
		Reason string           `json:"reason"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	if !strings.EqualFold(body.Coupon.Code, r.PathValue("code")) {
		return api.ErrValidation.WithField("code", "Invalid format")
	}
	out, err := b.PutCoupon(r.Context(), staff.From(r.Context()), body.Coupon, strings.TrimSpace(body.Reason))
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}

func (b *Service) handleRotate(w http.ResponseWriter, r *http.Request) error {
	body, err := decode(w, r)
	if err != nil {
		return err
	}
	secret, err := b.RotateSecret(r.Context(), staff.From(r.Context()), r.PathValue("name"), body.Reason)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return api.WriteData(w, map[string]string{"name": r.PathValue("name"), "secret": secret})
}

func (b *Service) handleProviderActive(active bool) api.HandlerFunc {
	set := func(ctx context.Context, m *staff.Member, name, reason string) error {
		return b.SetProviderActive(ctx, m, name, active, reason)
	}
	return reasoned("name", set, func(name string) any { return map[string]any{"name": name, "active": active} })
}

func (b *Service) handleCreateStaff(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Email string `json:"email"`
		Role  string `json:"role"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	out, err := b.CreateStaff(r.Context(), staff.From(r.Context()), body.Email, body.Role)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return api.WriteData(w, out)
}

func (b *Service) staffList(ctx context.Context) ([]staff.Member, error) {
	list, err := b.Staff.List(ctx)
	if list == nil {
		list = []staff.Member{}
	}
	return list, err
}

func (b *Service) disableStaff(ctx context.Context, m *staff.Member, email, reason string) error {
	if reason == "" {
		return staff.ErrReasonRequired
	}
	return b.Staff.DisableBy(ctx, email, m, reason)
}

// readAll answers a GET with what get returns.
func readAll[T any](get func(context.Context) (T, error)) api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		out, err := get(r.Context())
		if err != nil {
			return err
		}
		return api.WriteData(w, out)
	}
}

// readOne answers a GET with what get returns for the route's {key}.
func readOne[T any](key string, get func(context.Context, string) (T, error)) api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		out, err := get(r.Context(), r.PathValue(key))
		if err != nil {
			return err
		}
		return api.WriteData(w, out)
	}
}

// reasoned runs a member's decision on the route's {key} whose body is
// {"reason": …} and answers answer(key), or {"ok": true} when answer is nil.
func reasoned(key string, do func(ctx context.Context, m *staff.Member, value, reason string) error, answer func(value string) any) api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		body, err := decode(w, r)
		if err != nil {
			return err
		}
		value := r.PathValue(key)
		if err := do(r.Context(), staff.From(r.Context()), value, body.Reason); err != nil {
			return err
		}
		if answer == nil {
			return api.WriteData(w, map[string]bool{"ok": true})
		}
		return api.WriteData(w, answer(value))
	}
}
