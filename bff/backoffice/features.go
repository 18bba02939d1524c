package backoffice

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"sort"

	"casino/bff/api"
	"casino/bff/settings"
	"casino/bff/staff"
)

// Feature is one feature flag of the site settings.
type Feature struct {
	Name    string `json:"name"`
	Enabled bool   `json:"enabled"`
}

// Features lists the site's feature flags by name.
func (b *Service) Features(ctx context.Context) ([]Feature, error) {
	st, err := b.Settings.Current(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Feature, 0, len(st.Features))
	for name, on := range st.Features {
		out = append(out, Feature{Name: name, Enabled: on})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// SetFeature turns a known feature flag on or off (as `casino settings patch
// '{"features":{…}}'`), audited with the reason in the same transaction. The
// running server applies it at once.
func (b *Service) SetFeature(ctx context.Context, m *staff.Member, name string, enabled bool, reason string) (Feature, error) {
	if reason == "" {
		return Feature{}, staff.ErrReasonRequired
	}
	st, err := b.Settings.Current(ctx)
	if err != nil {
		return Feature{}, err
	}
	if _, ok := st.Features[name]; !ok {
		return Feature{}, fmt.Errorf("feature %q: %w", name, api.ErrNotFound)
	}
	patch, _ := json.Marshal(map[string]map[string]bool{"features": {name: enabled}})
	_, err = b.Settings.UpdateWith(ctx, patch, func(tx *sql.Tx, before, after settings.Settings) error {
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: "setting.feature", Target: "feature:" + name,
			Before: map[string]bool{"enabled": before.Features[name]}, After: map[string]bool{"enabled": after.Features[name]}, Reason: reason})
	})
	if err != nil {
		return Feature{}, err
	}
	return Feature{Name: name, Enabled: enabled}, nil
}
