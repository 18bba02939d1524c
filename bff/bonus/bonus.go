// Package bonus is the casino's bonus core: the catalogue (get-all-bonus),
// granting a deposit bonus with the deposit that qualifies for it, wagering
// progress on every stake, conversion of the bonus money when wagering is
// done, and cancel/expiry that forfeit it. Every movement of bonus money is
// one ledger transfer with an idempotency key; the wallet's stake split
// (REAL_TO_FUN / REAL_MONEY_ONLY) and the cashier's withdrawal rule read the
// state kept here. See docs/bonus.md.
package bonus

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"casino/bff/database"
	"casino/bff/ledger"
)

// Types of bonus (SPEC section 3).
const (
	TypeNoDeposit       = "no_deposit"
	TypeFreeSpins       = "freespins"
	TypeInstantCashback = "instant_cashback"
	TypeDeposit         = "deposit"
)

// Statuses of a player's bonus.
const (
	StatusActive    = "active"
	StatusCompleted = "completed" // wagering done, bonus money converted
	StatusCancelled = "cancelled" // by the player: bonus money forfeited
	StatusExpired   = "expired"   // past its expiry: bonus money forfeited
)

// Banner is how a bonus is shown (SPEC section 3, Banner).
type Banner struct {
	BannerTitle           string `json:"bannerTitle"`
	BannerTitleSecondary  string `json:"bannerTitleSecondary,omitempty"`
	BannerDescription     string `json:"bannerDescription,omitempty"`
	BannerImageURL        string `json:"bannerImageUrl,omitempty"`
	BannerCtaText         string `json:"bannerCtaText,omitempty"`
	BannerBonusKey        string `json:"bannerBonusKey,omitempty"`
	BannerBackgroundColor string `json:"bannerBackgroundColor,omitempty"`
	Link                  string `json:"link,omitempty"`
}

// Amounts are a bonus's bounds in one currency, in minor units (0 = none).
type Amounts struct {
	MinDeposit        int64
	MaxBonusThreshold int64
	MaxWinAmount      int64
	MaxBet            int64
	BonusAmount       int64 // fixed amount (no_deposit)
	MinLoss           int64 // instant_cashback: the smallest net loss that earns cashback
	FreeSpinBet       int64 // freespins: the bet of one free spin
	MinBalance        int64 // the bonus ends when its bonus balance falls below this
}

// Bonus is a catalogue entry.
type Bonus struct {
	ID                  int64
	Code                string
	Name                string
	Type                string
	Active              bool
	Order               int
	DepositBonusPercent int
	WageringMultiplier  int
	WageringType        string
	DepositsNumber      int // 1: first deposit only; 0: any
	DaysValid           int
	ValidFrom, ValidTo  string // ISO 8601 or empty
	FreeSpinsQuantity   int
	FreeSpinGame        string
	AllowedCountries    []string
	RestrictedCountries []string
	Banners             map[string]Banner // by language
	Terms               string
	Amounts             map[string]Amounts // by currency
	// ValidOnDays are the ISO weekdays (Monday = 1 … Sunday = 7) the bonus
	// is offered on, in the player's calendar zone; empty = every day.
	ValidOnDays []int
	// CashbackPercent is an instant_cashback's share of the player's
	// real-money net loss of the day it is taken on.
	CashbackPercent int
	// Claim rules (POST /api/user/claim-bonus; migration 0070).
	RequiresEmailVerification bool // REQUIRED_EMAIL_VERIFICATION
	RegistrationDays          int  // REGISTRATION_BONUS: within N days of sign-up; 0 = any time
	MaxParticipants           int  // MAXIMUM_PARTICIPANTS: players who may ever take it; 0 = no bound
	RetryDays                 int  // RETRY_PERIOD: again N days after the last grant ended; 0 = once
	CouponOnly                bool // taken only with a coupon: not listed, not claimable by id
	// WageringContribution is the percent of a stake counted towards the
	// wagering by game kind, defaults filled in (contribution.go).
	WageringContribution map[string]int
}

// Service is the bonus core.
type Service struct {
	db     *database.DB
	ledger *ledger.Ledger
	Now    func() time.Time
	// Calendar is the player's rakeback calendar (bff/rewards): weekday
	// rules and instant cashback. Nil: weekdays in UTC, no cashback.
	Calendar Calendar

	stmtOnce sync.Once
	ready    chan struct{} // closed once prepare ran
	stmtErr  error
	qActive  *sql.Stmt
	qStake   *sql.Stmt
	qStaked  *sql.Stmt
}

// New returns the bonus service on db and the ledger (the wallet's, so the
// wagering hook shares its group commits).
func New(db *database.DB, l *ledger.Ledger) *Service {
	return &Service{db: db, ledger: l, Now: time.Now, ready: make(chan struct{})}
}

const timeLayout = "2006-01-02T15:04:05.000Z"

func stamp(t time.Time) string { return t.UTC().Format(timeLayout) }

// parseWhen reads an ISO 8601 time of the catalogue ("" = unbounded).
func parseWhen(s string) (time.Time, bool) {
	if s == "" {
		return time.Time{}, false
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.000Z", "2006-01-02 15:04:05", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

const bonusColumns = `id, code, name, type, is_active, sort_order, deposit_bonus_percent, wagering_multiplier, wagering_type,
	deposits_number, days_valid, valid_from, valid_to, free_spins_quantity, free_spin_game, allowed_countries,
	restricted_countries, banners, terms, valid_on_days, cashback_percent, requires_email_verification, registration_days,
	max_participants, retry_days, coupon_only, wagering_contribution`

type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func scanBonus(row interface{ Scan(...any) error }) (Bonus, error) {
	var (
		b                                Bonus
		allowed, restricted, banns, days string
		contribution                     string
	)
	err := row.Scan(&b.ID, &b.Code, &b.Name, &b.Type, &b.Active, &b.Order, &b.DepositBonusPercent, &b.WageringMultiplier,
		&b.WageringType, &b.DepositsNumber, &b.DaysValid, &b.ValidFrom, &b.ValidTo, &b.FreeSpinsQuantity, &b.FreeSpinGame,
		&allowed, &restricted, &banns, &b.Terms, &days, &b.CashbackPercent, &b.RequiresEmailVerification, &b.RegistrationDays,
		&b.MaxParticipants, &b.RetryDays, &b.CouponOnly, &contribution)
	if err != nil {
		return Bonus{}, err
	}
	json.Unmarshal([]byte(allowed), &b.AllowedCountries)
	json.Unmarshal([]byte(restricted), &b.RestrictedCountries)
	json.Unmarshal([]byte(banns), &b.Banners)
	json.Unmarshal([]byte(days), &b.ValidOnDays)
	b.WageringContribution = withDefaults(contribution)
	b.Amounts = map[string]Amounts{}
	return b, nil
}

// loadAmounts fills the amounts of the given bonuses.
func loadAmounts(ctx context.Context, q queryer, bonuses map[int64]*Bonus) error {
	rows, err := q.QueryContext(ctx, `SELECT bonus_id, currency, min_deposit, max_bonus_threshold, max_win_amount, max_bet, bonus_amount, min_loss, free_spin_bet, min_balance FROM bonus_amounts`)
	if err != nil {
		return fmt.Errorf("bonus amounts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id  int64
			cur string
			a   Amounts
		)
		if err := rows.Scan(&id, &cur, &a.MinDeposit, &a.MaxBonusThreshold, &a.MaxWinAmount, &a.MaxBet, &a.BonusAmount, &a.MinLoss, &a.FreeSpinBet, &a.MinBalance); err != nil {
			return err
		}
		if b, ok := bonuses[id]; ok {
			b.Amounts[cur] = a
		}
	}
	return rows.Err()
}

// Catalogue returns every bonus, active or not, in display order.
func (s *Service) Catalogue(ctx context.Context) ([]Bonus, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT `+bonusColumns+` FROM bonuses ORDER BY sort_order, id`)
	if err != nil {
		return nil, fmt.Errorf("bonus catalogue: %w", err)
	}
	defer rows.Close()
	var list []*Bonus
	byID := map[int64]*Bonus{}
	for rows.Next() {
		b, err := scanBonus(rows)
		if err != nil {
			return nil, err
		}
		list = append(list, &b)
		byID[b.ID] = &b
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	if err := loadAmounts(ctx, s.db.Read, byID); err != nil {
		return nil, err
	}
	out := make([]Bonus, len(list))
	for i, b := range list {
		out[i] = *b
	}
	return out, nil
}

// bonusByRef finds a bonus by its id or its code ("" or unknown:
// ErrNotAvailable).
func bonusByRef(ctx context.Context, q queryer, ref string) (Bonus, error) {
	ref = strings.TrimSpace(ref)
	where, arg := `code = ?`, any(ref)
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
		where, arg = `id = ?`, id
	}
	b, err := scanBonus(q.QueryRowContext(ctx, `SELECT `+bonusColumns+` FROM bonuses WHERE `+where, arg))
	if errors.Is(err, sql.ErrNoRows) {
		return Bonus{}, fmt.Errorf("bonus %q: %w", ref, ErrNotAvailable)
	}
	if err != nil {
		return Bonus{}, err
	}
	if err := loadAmounts(ctx, q, map[int64]*Bonus{b.ID: &b}); err != nil {
		return Bonus{}, err
	}
	return b, nil
}

// banner is the bonus's banner in language, else English, else any.
func (b Bonus) banner(language string) Banner {
	if v, ok := b.Banners[strings.ToLower(language)]; ok {
		return v
	}
	if v, ok := b.Banners["en"]; ok {
		return v
	}
	for _, v := range b.Banners {
		return v
	}
	return Banner{BannerTitle: b.Name}
}

// offeredIn says whether the bonus is offered in the country ("" = unknown:
// not checked).
func (b Bonus) offeredIn(country string) bool {
	if country == "" {
		return true
	}
	country = strings.ToUpper(country)
	has := func(list []string) bool {
		for _, c := range list {
			if strings.EqualFold(c, country) {
				return true
			}
		}
		return false
	}
	if len(b.AllowedCountries) > 0 && !has(b.AllowedCountries) {
		return false
	}
	return !has(b.RestrictedCountries)
}
