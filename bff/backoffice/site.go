package backoffice

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"casino/bff/account"
	"casino/bff/api"
	"casino/bff/cashier"
	"casino/bff/settings"
	"casino/bff/staff"
)

// Payment methods, site settings and mirror addresses: the same code as the
// seed's cashier upsert, `casino settings patch` and `casino mirrors put`,
// with the member's permission and the audit row in the change's
// transaction. Each applies at once in the running server.

// PaymentMethods lists every method with its filters, in display order.
func (b *Service) PaymentMethods(ctx context.Context) ([]cashier.Method, error) {
	list, err := b.Cashier.Methods(ctx)
	if list == nil {
		list = []cashier.Method{}
	}
	return list, err
}

// PutPaymentMethod creates or replaces a method (its filters: countries,
// currencies, tags, e-mails, limits), checked as the seed is.
func (b *Service) PutPaymentMethod(ctx context.Context, m *staff.Member, method cashier.Method, reason string) (cashier.Method, error) {
	if reason == "" {
		return method, staff.ErrReasonRequired
	}
	before, found, err := b.Cashier.MethodNamed(ctx, method.Name)
	if err != nil {
		return method, err
	}
	action := "payment-method.create"
	var was any
	if found {
		action, was = "payment-method.update", before
	}
	var after cashier.Method
	err = b.Cashier.SaveMethodsWith(ctx, []cashier.Method{method}, func(tx *sql.Tx) error {
		after = method
		after.Name = strings.ToLower(method.Name)
		after.ID = before.ID
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: action, Target: "payment-method:" + after.Name, Before: was, After: after, Reason: reason})
	})
	if err != nil {
		var ae *api.Error
		if errors.As(err, &ae) {
			return method, err
		}
		return method, api.ErrValidation.WithField("method", err.Error())
	}
	out, _, err := b.Cashier.MethodNamed(ctx, method.Name)
	return out, err
}

// SiteSettings is the site settings document (as `casino settings show`).
func (b *Service) SiteSettings(ctx context.Context) (settings.Settings, error) {
	return b.Settings.Current(ctx)
}

// PatchSettings merges a partial settings document (as `casino settings
// patch`), audited with the keys it changed, before and after (for the
// maps merged key by key, the entries it names: settings.Changes).
func (b *Service) PatchSettings(ctx context.Context, m *staff.Member, patch json.RawMessage, reason string) (settings.Settings, error) {
	if reason == "" {
		return settings.Settings{}, staff.ErrReasonRequired
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(patch, &keys); err != nil || len(keys) == 0 {
		return settings.Settings{}, api.ErrValidation.WithField("patch", "Invalid format")
	}
	out, err := b.Settings.UpdateWith(ctx, patch, func(tx *sql.Tx, before, after settings.Settings) error {
		was, now := settings.Changes(before, after, patch)
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: "setting.patch", Target: "settings", Before: was, After: now, Reason: reason})
	})
	if err != nil {
		var ae *api.Error
		if errors.As(err, &ae) {
			return out, err
		}
		return out, api.ErrValidation.WithField("patch", err.Error())
	}
	return out, nil
}

// Mirrors lists the casino's other addresses.
func (b *Service) Mirrors(ctx context.Context) ([]account.MirrorDomain, error) {
	list, err := b.Accounts.Mirrors(ctx)
	if list == nil {
		list = []account.MirrorDomain{}
	}
	return list, err
}

// PutMirror adds an address or changes its settings (as `casino mirrors put`).
func (b *Service) PutMirror(ctx context.Context, m *staff.Member, url string, st account.MirrorSettings, reason string) error {
	if reason == "" {
		return staff.ErrReasonRequired
	}
	url = strings.TrimSpace(url)
	if !strings.HasPrefix(url, "https://") && !strings.HasPrefix(url, "http://") || len(url) > 255 {
		return api.ErrValidation.WithField("url", "Invalid format")
	}
	return b.Accounts.PutMirrorWith(ctx, url, st, func(tx *sql.Tx, before *account.MirrorSettings) error {
		action := "mirror.update"
		var was any
		if before == nil {
			action = "mirror.create"
		} else {
			was = before
		}
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: action, Target: "mirror:" + url, Before: was, After: st, Reason: reason})
	})
}

func (b *Service) siteRoutes(h func(string, staff.Permission, api.HandlerFunc)) {
	h("GET /api/backoffice/payment-methods", staff.SettingsRead, b.handlePaymentMethods)
	h("PUT /api/backoffice/payment-methods/{name}", staff.SettingsWrite, b.handlePutPaymentMethod)
	h("GET /api/backoffice/settings", staff.SettingsRead, b.handleSettings)
	h("PATCH /api/backoffice/settings", staff.SettingsWrite, b.handlePatchSettings)
	h("GET /api/backoffice/mirrors", staff.SettingsRead, b.handleMirrors)
	h("PUT /api/backoffice/mirrors", staff.SettingsWrite, b.handlePutMirror)
}

func (b *Service) handlePaymentMethods(w http.ResponseWriter, r *http.Request) error {
	list, err := b.PaymentMethods(r.Context())
	if err != nil {
		return err
	}
	return api.WriteData(w, list)
}

func (b *Service) handlePutPaymentMethod(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Method cashier.Method `json:"method"`
		Reason string         `json:"reason"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	if !strings.EqualFold(body.Method.Name, r.PathValue("name")) {
		return api.ErrValidation.WithField("name", "Invalid format")
	}
	out, err := b.PutPaymentMethod(r.Context(), staff.From(r.Context()), body.Method, strings.TrimSpace(body.Reason))
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}

func (b *Service) handleSettings(w http.ResponseWriter, r *http.Request) error {
	st, err := b.SiteSettings(r.Context())
	if err != nil {
		return err
	}
	return api.WriteData(w, st)
}

func (b *Service) handlePatchSettings(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Patch  json.RawMessage `json:"patch"`
		Reason string          `json:"reason"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	st, err := b.PatchSettings(r.Context(), staff.From(r.Context()), body.Patch, strings.TrimSpace(body.Reason))
	if err != nil {
		return err
	}
	return api.WriteData(w, st)
}

func (b *Service) handleMirrors(w http.ResponseWriter, r *http.Request) error {
	list, err := b.Mirrors(r.Context())
	if err != nil {
		return err
	}
	return api.WriteData(w, list)
}

func (b *Service) handlePutMirror(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		URL      string                 `json:"url"`
		Settings account.MirrorSettings `json:"settings"`
		Reason   string                 `json:"reason"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	if err := b.PutMirror(r.Context(), staff.From(r.Context()), body.URL, body.Settings, strings.TrimSpace(body.Reason)); err != nil {
		return err
	}
	return api.WriteData(w, map[string]string{"url": strings.TrimSpace(body.URL)})
}
