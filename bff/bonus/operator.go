package bonus

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"casino/bff/database"
	"casino/bff/ledger"
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
	return PutBonusesWith(ctx, db, raw, nil)
}

// PutBonusesWith is PutBonuses running hook in the change's transaction
// (the back office's audit row).
func PutBonusesWith(ctx context.Context, db *database.DB, raw []byte, hook func(*sql.Tx) error) (string, error) {
	return SeedWith(ctx, db, wrapSeed(raw, "bonuses"), hook)
}

// PutCoupons upserts coupons by code from raw: a seed file, an array of
// coupons, or one coupon ({"code", "bonus", "isActive", "maxRedemptions",
// "validTo"}; its bonus must exist).
func PutCoupons(ctx context.Context, db *database.DB, raw []byte) (string, error) {
	return PutCouponsWith(ctx, db, raw, nil)
}

// PutCouponsWith is PutCoupons running hook in the change's transaction.
func PutCouponsWith(ctx context.Context, db *database.DB, raw []byte, hook func(*sql.Tx) error) (string, error) {
	raw = wrapSeed(raw, "coupons")
	var f SeedFile
	if err := json.Unmarshal(raw, &f); err == nil && len(f.Bonuses) > 0 {
		return "", fmt.Errorf("coupons put: the file has bonuses: use casino bonuses put")
	}
	if _, err := SeedWith(ctx, db, raw, hook); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d coupons", len(f.Coupons)), nil
}

// FreeSpinBetCheck tells whether bet (minor units of currency) is a stake of
// game: the studio's own check under the operator's bet scale
// (studio.Catalog.CheckBet). A free spin is a real round of its game, so a
// bet the game refuses would grant spins nobody can play.
type FreeSpinBetCheck func(ctx context.Context, game, currency string, bet int64) error

// CheckFreeSpinBets checks every free-spin bet of a bonuses document (any
// shape PutBonuses takes) against its game. A document that does not decode
// passes: the put's own decoding reports it.
func CheckFreeSpinBets(ctx context.Context, raw []byte, check FreeSpinBetCheck) error {
	f, err := ParseBonuses(raw)
	if err != nil {
		return nil
	}
	for _, sb := range f.Bonuses {
		for code, a := range sb.Amounts {
			if strings.TrimSpace(a.FreeSpinBet) == "" {
				continue
			}
			c, err := ledger.LookupCurrency(code)
			if err != nil {
				return fmt.Errorf("bonus %q: currency %q: %w", sb.Code, code, err)
			}
			bet, err := parseSeedAmount(a.FreeSpinBet, c, "freeSpinBet")
			if err != nil {
				return fmt.Errorf("bonus %q: %w", sb.Code, err)
			}
			if sb.FreeSpinGame == "" {
				return fmt.Errorf("bonus %q: freeSpinBet without freeSpinGame", sb.Code)
			}
			if err := check(ctx, sb.FreeSpinGame, code, bet); err != nil {
				return fmt.Errorf("bonus %q: freeSpinBet %s %s is not a bet of %s (%v)", sb.Code, a.FreeSpinBet, code, sb.FreeSpinGame, err)
			}
		}
	}
	return nil
}

// ParseBonuses decodes a bonuses document in any shape PutBonuses takes.
func ParseBonuses(raw []byte) (SeedFile, error) {
	var f SeedFile
	err := json.Unmarshal(wrapSeed(raw, "bonuses"), &f)
	return f, err
}

// ParseCoupons decodes a coupons document in any shape PutCoupons takes.
func ParseCoupons(raw []byte) (SeedFile, error) {
	var f SeedFile
	err := json.Unmarshal(wrapSeed(raw, "coupons"), &f)
	return f, err
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
	return DisableBonusWith(ctx, db, ref, nil)
}

// DisableBonusWith is DisableBonus running hook in the change's
// transaction.
func DisableBonusWith(ctx context.Context, db *database.DB, ref string, hook func(*sql.Tx) error) error {
	ref = strings.TrimSpace(ref)
	where, arg := `code = ?`, any(ref)
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
		where, arg = `id = ?`, id
	}
	return db.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE bonuses SET is_active = 0, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE `+where, arg)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return fmt.Errorf("bonus %q: %w", ref, ErrNotFound)
		}
		if hook != nil {
			return hook(tx)
		}
		return nil
	})
}

// DisableCoupon stops a coupon (case-insensitive): COUPON_NOT_APPLIED from
// then on, also for a deposit made with it but not credited yet.
func DisableCoupon(ctx context.Context, db *database.DB, code string) error {
	return DisableCouponWith(ctx, db, code, nil)
}

// DisableCouponWith is DisableCoupon running hook in the change's
// transaction.
func DisableCouponWith(ctx context.Context, db *database.DB, code string, hook func(*sql.Tx) error) error {
	return db.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE coupons SET is_active = 0 WHERE code = ?`, strings.TrimSpace(code))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return fmt.Errorf("coupon %q: %w", code, ErrNotFound)
		}
		if hook != nil {
			return hook(tx)
		}
		return nil
	})
}

type rowQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// ExportBonus reads a bonus (by code) back in the seed's shape: what the
// back office edits and PutBonuses takes again, and the audit's before and
// after.
func ExportBonus(ctx context.Context, q rowQuerier, code string) (SeedBonus, error) {
	var sb SeedBonus
	var id int64
	var allowed, restricted, banners, days, contribution string
	err := q.QueryRowContext(ctx, `SELECT id, code, name, type, is_active, sort_order, deposit_bonus_percent, wagering_multiplier,
			wagering_type, deposits_number, days_valid, valid_from, valid_to, free_spins_quantity, free_spin_game, allowed_countries,
			restricted_countries, banners, terms, valid_on_days, cashback_percent, requires_email_verification, registration_days,
			max_participants, retry_days, coupon_only, wagering_contribution FROM bonuses WHERE code = ?`, code).Scan(
		&id, &sb.Code, &sb.Name, &sb.Type, &sb.IsActive, &sb.Order, &sb.DepositBonusPercent, &sb.WageringMultiplier,
		&sb.WageringType, &sb.DepositsNumber, &sb.DaysValid, &sb.ValidFrom, &sb.ValidTo, &sb.FreeSpinsQuantity, &sb.FreeSpinGame, &allowed,
		&restricted, &banners, &sb.Terms, &days, &sb.CashbackPercent, &sb.RequiresEmailVerification, &sb.RegistrationDays,
		&sb.MaxParticipants, &sb.RetryDays, &sb.CouponOnly, &contribution)
	if errors.Is(err, sql.ErrNoRows) {
		return sb, fmt.Errorf("bonus %q: %w", code, ErrNotFound)
	}
	if err != nil {
		return sb, err
	}
	json.Unmarshal([]byte(allowed), &sb.AllowedCountries)
	json.Unmarshal([]byte(restricted), &sb.RestrictedCountries)
	json.Unmarshal([]byte(banners), &sb.Banner)
	json.Unmarshal([]byte(days), &sb.ValidOnDays)
	json.Unmarshal([]byte(contribution), &sb.WageringContribution)
	if len(sb.WageringContribution) == 0 {
		sb.WageringContribution = nil
	}
	rows, err := q.QueryContext(ctx, `SELECT currency, min_deposit, max_bonus_threshold, max_win_amount, max_bet, bonus_amount, min_loss, free_spin_bet, min_balance
		FROM bonus_amounts WHERE bonus_id = ? ORDER BY currency`, id)
	if err != nil {
		return sb, err
	}
	defer rows.Close()
	sb.Amounts = map[string]SeedAmounts{}
	for rows.Next() {
		var cur string
		var v [8]int64
		if err := rows.Scan(&cur, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]); err != nil {
			return sb, err
		}
		c, err := ledger.LookupCurrency(cur)
		if err != nil {
			return sb, err
		}
		f := func(n int64) string {
			if n == 0 {
				return ""
			}
			return ledger.FormatMinor(n, c.Decimals)
		}
		sb.Amounts[cur] = SeedAmounts{MinDeposit: f(v[0]), MaxBonusThreshold: f(v[1]), MaxWinAmount: f(v[2]), MaxBet: f(v[3]),
			BonusAmount: f(v[4]), MinLoss: f(v[5]), FreeSpinBet: f(v[6]), MinBalance: f(v[7])}
	}
	return sb, rows.Err()
}

// ExportCoupon reads a coupon back in the seed's shape (nil: none).
func ExportCoupon(ctx context.Context, q rowQuerier, code string) (*SeedCoupon, error) {
	var c SeedCoupon
	err := q.QueryRowContext(ctx, `SELECT c.code, b.code, c.is_active, c.max_redemptions, c.valid_to FROM coupons c JOIN bonuses b ON b.id = c.bonus_id
		WHERE c.code = ?`, strings.TrimSpace(code)).Scan(&c.Code, &c.Bonus, &c.IsActive, &c.MaxRedemptions, &c.ValidTo)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &c, nil
}
