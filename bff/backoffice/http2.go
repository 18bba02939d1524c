package backoffice

import (
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
	h("GET /api/backoffice/bonuses", staff.BonusesRead, b.handleBonuses)
	h("GET /api/backoffice/bonuses/{code}", staff.BonusesRead, b.handleBonus)
	h("PUT /api/backoffice/bonuses/{code}", staff.BonusesWrite, b.handlePutBonus)
	h("POST /api/backoffice/bonuses/{code}/disable", staff.BonusesWrite, b.handleDisableBonus)
	h("GET /api/backoffice/coupons", staff.BonusesRead, b.handleCoupons)
	h("PUT /api/backoffice/coupons/{code}", staff.BonusesWrite, b.handlePutCoupon)
	h("POST /api/backoffice/coupons/{code}/disable", staff.BonusesWrite, b.handleDisableCoupon)
	h("GET /api/backoffice/providers", staff.ProvidersRead, b.handleProviders)
	h("GET /api/backoffice/providers/{name}/games", staff.ProvidersRead, b.handleProviderGames)
	h("POST /api/backoffice/providers/{name}/rotate-secret", staff.ProvidersWrite, b.handleRotate)
	h("POST /api/backoffice/providers/{name}/enable", staff.ProvidersWrite, b.handleProviderActive(true))
	h("POST /api/backoffice/providers/{name}/disable", staff.ProvidersWrite, b.handleProviderActive(false))
	h("GET /api/backoffice/staff", staff.StaffRead, b.handleStaff)
	h("POST /api/backoffice/staff", staff.StaffWrite, b.handleCreateStaff)
	h("POST /api/backoffice/staff/{email}/disable", staff.StaffWrite, b.handleDisableStaff)
	b.siteRoutes(h)
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

func (b *Service) handleBonuses(w http.ResponseWriter, r *http.Request) error {
	list, err := b.Bonuses(r.Context())
	if err != nil {
		return err
	}
	return api.WriteData(w, list)
}

func (b *Service) handleBonus(w http.ResponseWriter, r *http.Request) error {
	sb, err := b.Bonus(r.Context(), r.PathValue("code"))
	if err != nil {
		return err
	}
	return api.WriteData(w, sb)
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

func (b *Service) handleDisableBonus(w http.ResponseWriter, r *http.Request) error {
	body, err := decode(w, r)
	if err != nil {
		return err
	}
	if err := b.DisableBonus(r.Context(), staff.From(r.Context()), r.PathValue("code"), body.Reason); err != nil {
		return err
	}
	return api.WriteData(w, map[string]bool{"ok": true})
}

func (b *Service) handleCoupons(w http.ResponseWriter, r *http.Request) error {
	list, err := b.Coupons(r.Context())
	if err != nil {
		return err
	}
	return api.WriteData(w, list)
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

func (b *Service) handleDisableCoupon(w http.ResponseWriter, r *http.Request) error {
	body, err := decode(w, r)
	if err != nil {
		return err
	}
	if err := b.DisableCoupon(r.Context(), staff.From(r.Context()), r.PathValue("code"), body.Reason); err != nil {
		return err
	}
	return api.WriteData(w, map[string]bool{"ok": true})
}

func (b *Service) handleProviders(w http.ResponseWriter, r *http.Request) error {
	list, err := b.Providers(r.Context())
	if err != nil {
		return err
	}
	return api.WriteData(w, list)
}

func (b *Service) handleProviderGames(w http.ResponseWriter, r *http.Request) error {
	list, err := b.ProviderGames(r.Context(), r.PathValue("name"))
	if err != nil {
		return err
	}
	return api.WriteData(w, list)
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
	return func(w http.ResponseWriter, r *http.Request) error {
		body, err := decode(w, r)
		if err != nil {
			return err
		}
		if err := b.SetProviderActive(r.Context(), staff.From(r.Context()), r.PathValue("name"), active, body.Reason); err != nil {
			return err
		}
		return api.WriteData(w, map[string]any{"name": r.PathValue("name"), "active": active})
	}
}

func (b *Service) handleStaff(w http.ResponseWriter, r *http.Request) error {
	list, err := b.Staff.List(r.Context())
	if err != nil {
		return err
	}
	if list == nil {
		list = []staff.Member{}
	}
	return api.WriteData(w, list)
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

func (b *Service) handleDisableStaff(w http.ResponseWriter, r *http.Request) error {
	body, err := decode(w, r)
	if err != nil {
		return err
	}
	if body.Reason == "" {
		return staff.ErrReasonRequired
	}
	if err := b.Staff.DisableBy(r.Context(), r.PathValue("email"), staff.From(r.Context()), body.Reason); err != nil {
		return err
	}
	return api.WriteData(w, map[string]bool{"ok": true})
}
