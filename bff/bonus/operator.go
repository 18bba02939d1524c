package bonus

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"casino/bff/database"
)

// The operator's catalogue commands (casino bonuses … / casino coupons …,
// docs/bonus.md "Operator commands"): they share the seed's validation and
// upsert (Seed), so a file put by hand is checked like data/seed/bonuses.json.

// BonusSummary is a catalogue row as the operator lists it.
type BonusSummary struct {
	ID           int64  `json:"id"`
	Code         string `json:"code"`
	Name         string `json:"name"`
	Type         string `json:"type"`
	IsActive     bool   `json:"isActive"`
	CouponOnly   bool   `json:"couponOnly,omitempty"`
	ValidFrom    string `json:"validFrom,omitempty"`
	ValidTo      string `json:"validTo,omitempty"`
	Currencies   int    `json:"currencies"`
	Granted      int    `json:"granted"` // grants ever
	ActiveGrants int    `json:"activeGrants"`
}

// CouponSummary is a coupon as the operator lists it.
type CouponSummary struct {
	Code           string `json:"code"`
	Bonus          string `json:"bonus"` // the bonus's code
	IsActive       bool   `json:"isActive"`
	MaxRedemptions int    `json:"maxRedemptions"`
	Redemptions    int    `json:"redemptions"`
	ValidTo        string `json:"validTo,omitempty"`
}

// OperatorBonuses lists the whole catalogue, active or not.
func OperatorBonuses(ctx context.Context, db *database.DB) ([]BonusSummary, error) {
	rows, err := db.Read.QueryContext(ctx, `SELECT b.id, b.code, b.name, b.type, b.is_active, b.coupon_only, b.valid_from, b.valid_to,
			(SELECT COUNT(*) FROM bonus_amounts a WHERE a.bonus_id = b.id),
			(SELECT COUNT(*) FROM user_bonuses u WHERE u.bonus_id = b.id),
			(SELECT COUNT(*) FROM user_bonuses u WHERE u.bonus_id = b.id AND u.status = 'active')
		FROM bonuses b ORDER BY b.sort_order, b.id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []BonusSummary{}
	for rows.Next() {
		var s BonusSummary
		if err := rows.Scan(&s.ID, &s.Code, &s.Name, &s.Type, &s.IsActive, &s.CouponOnly, &s.ValidFrom, &s.ValidTo, &s.Currencies,
			&s.Granted, &s.ActiveGrants); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// OperatorCoupons lists every coupon with its redemptions.
func OperatorCoupons(ctx context.Context, db *database.DB) ([]CouponSummary, error) {
	rows, err := db.Read.QueryContext(ctx, `SELECT c.code, b.code, c.is_active, c.max_redemptions, c.valid_to,
			(SELECT COUNT(*) FROM coupon_redemptions r WHERE r.code = c.code)
		FROM coupons c JOIN bonuses b ON b.id = c.bonus_id ORDER BY c.code`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []CouponSummary{}
	for rows.Next() {
		var s CouponSummary
		if err := rows.Scan(&s.Code, &s.Bonus, &s.IsActive, &s.MaxRedemptions, &s.ValidTo, &s.Redemptions); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// PutBonuses upserts bonuses (and coupons) by code from raw: a seed file
// ({"bonuses": […], "coupons": […]}), an array of bonuses, or one bonus.
func PutBonuses(ctx context.Context, db *database.DB, raw []byte) (string, error) {
	return Seed(ctx, db, wrapSeed(raw, "bonuses"))
}

// PutCoupons upserts coupons by code from raw: a seed file, an array of
// coupons, or one coupon ({"code", "bonus", "isActive", "maxRedemptions",
// "validTo"}; its bonus must exist).
func PutCoupons(ctx context.Context, db *database.DB, raw []byte) (string, error) {
	raw = wrapSeed(raw, "coupons")
	var f SeedFile
	if err := json.Unmarshal(raw, &f); err == nil && len(f.Bonuses) > 0 {
		return "", fmt.Errorf("coupons put: the file has bonuses: use casino bonuses put")
	}
	if _, err := Seed(ctx, db, raw); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d coupons", len(f.Coupons)), nil
}

// wrapSeed turns an array or a single object into a seed file under key.
func wrapSeed(raw []byte, key string) []byte {
	t := bytes.TrimSpace(raw)
	switch {
	case len(t) > 0 && t[0] == '[':
		return []byte(`{"` + key + `": ` + string(t) + `}`)
	case len(t) > 0 && t[0] == '{':
		var probe map[string]json.RawMessage
		if json.Unmarshal(t, &probe) == nil {
			if _, ok := probe["bonuses"]; ok {
				return t
			}
			if _, ok := probe["coupons"]; ok {
				return t
			}
			return []byte(`{"` + key + `": [` + string(t) + `]}`)
		}
	}
	return t
}

// DisableBonus takes a bonus (id or code) off the offer: not listed, not
// claimable, not granted with a deposit. Running grants go on to their end.
func DisableBonus(ctx context.Context, db *database.DB, ref string) error {
	ref = strings.TrimSpace(ref)
	where, arg := `code = ?`, any(ref)
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
		where, arg = `id = ?`, id
	}
	res, err := db.Write.ExecContext(ctx, `UPDATE bonuses SET is_active = 0, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE `+where, arg)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("bonus %q: %w", ref, ErrNotFound)
	}
	return nil
}

// DisableCoupon stops a coupon (case-insensitive): COUPON_NOT_APPLIED from
// then on, also for a deposit made with it but not credited yet.
func DisableCoupon(ctx context.Context, db *database.DB, code string) error {
	res, err := db.Write.ExecContext(ctx, `UPDATE coupons SET is_active = 0 WHERE code = ?`, strings.TrimSpace(code))
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("coupon %q: %w", code, ErrNotFound)
	}
	return nil
}
