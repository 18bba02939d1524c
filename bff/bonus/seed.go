package bonus

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"casino/bff/database"
	"casino/bff/ledger"
)

// SeedAmounts are a bonus's bounds in one currency as the seed writes them:
// decimal strings in the currency ("" = none).
type SeedAmounts struct {
	MinDeposit        string `json:"minDeposit"`
	MaxBonusThreshold string `json:"maxBonusThreshold"`
	MaxWinAmount      string `json:"maxWinAmount"`
	MaxBet            string `json:"maxBet"`
	BonusAmount       string `json:"bonusAmount"`
	MinLoss           string `json:"minLoss,omitempty"`
	FreeSpinBet       string `json:"freeSpinBet,omitempty"`
	MinBalance        string `json:"minBalance,omitempty"`
}

// SeedBonus is one bonus of data/seed/bonuses.json.
type SeedBonus struct {
	Code                string                 `json:"code"`
	Name                string                 `json:"name"`
	Type                string                 `json:"type"`
	IsActive            bool                   `json:"isActive"`
	Order               int                    `json:"order"`
	DepositBonusPercent int                    `json:"depositBonusPercent"`
	WageringMultiplier  int                    `json:"wageringMultiplier"`
	WageringType        string                 `json:"wageringType"`
	DepositsNumber      int                    `json:"depositsNumber"`
	DaysValid           int                    `json:"daysValid"`
	ValidFrom           string                 `json:"validFrom"`
	ValidTo             string                 `json:"validTo"`
	FreeSpinsQuantity   int                    `json:"freeSpinsQuantity"`
	FreeSpinGame        string                 `json:"freeSpinGame"`
	AllowedCountries    []string               `json:"allowedCountries"`
	RestrictedCountries []string               `json:"restrictedCountries"`
	Banner              map[string]Banner      `json:"banner"`
	Terms               string                 `json:"terms"`
	Amounts             map[string]SeedAmounts `json:"amounts"`
	ValidOnDays         []int                  `json:"validOnDays,omitempty"`
	CashbackPercent     int                    `json:"cashbackPercent,omitempty"`
	// Claim rules of a bonus taken without a deposit (docs/bonus.md).
	RequiresEmailVerification bool `json:"requiresEmailVerification,omitempty"`
	RegistrationDays          int  `json:"registrationDays,omitempty"`
	MaxParticipants           int  `json:"maxParticipants,omitempty"`
	RetryDays                 int  `json:"retryDays,omitempty"`
	CouponOnly                bool `json:"couponOnly,omitempty"`
	// WageringContribution: percent of a stake counted towards the
	// wagering by game kind (slot, live, table, other); missing kinds take
	// DefaultContribution's.
	WageringContribution map[string]int `json:"wageringContribution,omitempty"`
}

// SeedFile is the shape of data/seed/bonuses.json.
type SeedFile struct {
	Bonuses []SeedBonus  `json:"bonuses"`
	Coupons []SeedCoupon `json:"coupons,omitempty"`
}

// SeedCoupon is a coupon of the seed: its code and the code of its bonus.
type SeedCoupon struct {
	Code           string `json:"code"`
	Bonus          string `json:"bonus"`
	IsActive       bool   `json:"isActive"`
	MaxRedemptions int    `json:"maxRedemptions,omitempty"`
	ValidTo        string `json:"validTo,omitempty"`
}

func parseSeedAmount(s string, c ledger.Currency, what string) (int64, error) {
	if strings.TrimSpace(s) == "" {
		return 0, nil
	}
	m, err := ledger.Parse(s, c)
	if err != nil || m.Sign() < 0 {
		return 0, fmt.Errorf("%s %q in %s: %v", what, s, c.Code, err)
	}
	return m.Minor(), nil
}

func (sb SeedBonus) check() error {
	switch sb.Type {
	case TypeNoDeposit, TypeFreeSpins, TypeInstantCashback, TypeDeposit:
	default:
		return fmt.Errorf("bonus %q: type %q", sb.Code, sb.Type)
	}
	if sb.Code == "" || len(sb.Code) > 64 || sb.Name == "" {
		return fmt.Errorf("bonus %q: code and name are required", sb.Code)
	}
	if sb.WageringType != "REAL_TO_FUN" && sb.WageringType != "REAL_MONEY_ONLY" {
		return fmt.Errorf("bonus %q: wageringType %q", sb.Code, sb.WageringType)
	}
	if sb.DaysValid <= 0 {
		return fmt.Errorf("bonus %q: daysValid must be positive", sb.Code)
	}
	for _, t := range []string{sb.ValidFrom, sb.ValidTo} {
		if _, ok := parseWhen(t); t != "" && !ok {
			return fmt.Errorf("bonus %q: time %q", sb.Code, t)
		}
	}
	if sb.Type == TypeDeposit && sb.DepositBonusPercent <= 0 {
		return fmt.Errorf("bonus %q: a deposit bonus needs depositBonusPercent", sb.Code)
	}
	if sb.Type == TypeInstantCashback && (sb.CashbackPercent <= 0 || sb.CashbackPercent > 100) {
		return fmt.Errorf("bonus %q: an instant cashback needs cashbackPercent 1 to 100", sb.Code)
	}
	if sb.Type == TypeFreeSpins && (sb.FreeSpinsQuantity <= 0 || sb.FreeSpinGame == "") {
		return fmt.Errorf("bonus %q: a free-spins bonus needs freeSpinsQuantity and freeSpinGame", sb.Code)
	}
	if sb.RegistrationDays < 0 || sb.MaxParticipants < 0 || sb.RetryDays < 0 {
		return fmt.Errorf("bonus %q: registrationDays, maxParticipants and retryDays cannot be negative", sb.Code)
	}
	for k, v := range sb.WageringContribution {
		if !contributionKinds[k] || v < 0 || v > 100 {
			return fmt.Errorf("bonus %q: wageringContribution %s %d: want slot, live, table or other at 0 to 100", sb.Code, k, v)
		}
	}
	for _, d := range sb.ValidOnDays {
		if d < 1 || d > 7 {
			return fmt.Errorf("bonus %q: validOnDays %d: want 1 (Monday) to 7 (Sunday)", sb.Code, d)
		}
	}
	return nil
}

// Seed upserts the bonuses of a bonuses.json document by code; loading it
// twice leaves the same data. It has the signature of the demo seed steps.
func Seed(ctx context.Context, db *database.DB, raw []byte) (string, error) {
	return SeedWith(ctx, db, raw, nil)
}

// SeedWith is Seed running hook (when set) in the same transaction, after
// the upserts: the back office's audit row commits with the change.
func SeedWith(ctx context.Context, db *database.DB, raw []byte, hook func(*sql.Tx) error) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var f SeedFile
	if err := dec.Decode(&f); err != nil {
		return "", fmt.Errorf("bonuses seed: %w", err)
	}
	err := db.Tx(ctx, func(tx *sql.Tx) error {
		for _, sb := range f.Bonuses {
			if err := sb.check(); err != nil {
				return err
			}
			if err := upsert(ctx, tx, sb); err != nil {
				return err
			}
		}
		for _, c := range f.Coupons {
			if err := upsertCoupon(ctx, tx, c); err != nil {
				return err
			}
		}
		if hook != nil {
			return hook(tx)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d bonuses", len(f.Bonuses)), nil
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	if string(b) == "null" {
		return "[]"
	}
	return string(b)
}

func upsert(ctx context.Context, tx *sql.Tx, sb SeedBonus) error {
	banners, _ := json.Marshal(sb.Banner)
	if sb.Banner == nil {
		banners = []byte("{}")
	}
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO bonuses(code, name, type, is_active, sort_order, deposit_bonus_percent, wagering_multiplier,
			wagering_type, deposits_number, days_valid, valid_from, valid_to, free_spins_quantity, free_spin_game, allowed_countries,
			restricted_countries, banners, terms, valid_on_days, cashback_percent, requires_email_verification, registration_days,
			max_participants, retry_days, coupon_only, wagering_contribution)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT(code) DO UPDATE SET name = excluded.name, type = excluded.type, is_active = excluded.is_active,
			sort_order = excluded.sort_order, deposit_bonus_percent = excluded.deposit_bonus_percent,
			wagering_multiplier = excluded.wagering_multiplier, wagering_type = excluded.wagering_type,
			deposits_number = excluded.deposits_number, days_valid = excluded.days_valid, valid_from = excluded.valid_from,
			valid_to = excluded.valid_to, free_spins_quantity = excluded.free_spins_quantity, free_spin_game = excluded.free_spin_game,
			allowed_countries = excluded.allowed_countries, restricted_countries = excluded.restricted_countries,
			banners = excluded.banners, terms = excluded.terms, valid_on_days = excluded.valid_on_days,
			cashback_percent = excluded.cashback_percent, requires_email_verification = excluded.requires_email_verification,
			registration_days = excluded.registration_days, max_participants = excluded.max_participants,
			retry_days = excluded.retry_days, coupon_only = excluded.coupon_only,
			wagering_contribution = excluded.wagering_contribution, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
		RETURNING id`,
		sb.Code, sb.Name, sb.Type, sb.IsActive, sb.Order, sb.DepositBonusPercent, sb.WageringMultiplier, sb.WageringType,
		sb.DepositsNumber, sb.DaysValid, sb.ValidFrom, sb.ValidTo, sb.FreeSpinsQuantity, sb.FreeSpinGame,
		jsonText(sb.AllowedCountries), jsonText(sb.RestrictedCountries), string(banners), sb.Terms, jsonText(sb.ValidOnDays), sb.CashbackPercent,
		sb.RequiresEmailVerification, sb.RegistrationDays, sb.MaxParticipants, sb.RetryDays, sb.CouponOnly, contributionText(sb.WageringContribution)).Scan(&id)
	if err != nil {
		return fmt.Errorf("bonus %q: %w", sb.Code, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM bonus_amounts WHERE bonus_id = ?`, id); err != nil {
		return err
	}
	for code, a := range sb.Amounts {
		c, err := ledger.LookupCurrency(code)
		if err != nil || c.Code != code {
			return fmt.Errorf("bonus %q: currency %q", sb.Code, code)
		}
		var v [8]int64
		for i, f := range []struct{ s, what string }{{a.MinDeposit, "minDeposit"}, {a.MaxBonusThreshold, "maxBonusThreshold"},
			{a.MaxWinAmount, "maxWinAmount"}, {a.MaxBet, "maxBet"}, {a.BonusAmount, "bonusAmount"}, {a.MinLoss, "minLoss"}, {a.FreeSpinBet, "freeSpinBet"},
			{a.MinBalance, "minBalance"}} {
			if v[i], err = parseSeedAmount(f.s, c, f.what); err != nil {
				return fmt.Errorf("bonus %q: %w", sb.Code, err)
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO bonus_amounts(bonus_id, currency, min_deposit, max_bonus_threshold, max_win_amount, max_bet, bonus_amount, min_loss, free_spin_bet, min_balance)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, code, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]); err != nil {
			return fmt.Errorf("bonus %q %s: %w", sb.Code, code, err)
		}
	}
	return nil
}
