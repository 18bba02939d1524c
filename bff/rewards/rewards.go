// Package rewards is the rakeback calendar (SPEC sections 2, 3, 4, 7, 9):
// each calendar day of a player's play earns an amount they claim on that day
// or the next, and a running accumulator shows what the current half hour
// adds. Amounts are computed from the wallet's rounds, never stored before a
// claim, so they can be recomputed and checked; a claim is paid once through
// the ledger. docs/rewards.md explains the rules.
package rewards

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"casino/bff/api"
	"casino/bff/clock"
	"casino/bff/database"
	"casino/bff/ledger"
)

// Modes of the rakeback amount (operator setting).
const (
	// ModeEdge pays a share of the house edge on the day's real-money stakes:
	// stake × (1 − the game's RTP) × percent. It depends only on how much was
	// staked, never on luck.
	ModeEdge = "edge"
	// ModeLoss pays a share of the day's net loss (real stakes − wins).
	ModeLoss = "loss"
)

// Settings are the operator's rules, stored under the settings key "rewards"
// (`casino rewards settings`).
type Settings struct {
	Mode string `json:"mode"`
	// RakebackPercent applies to the house edge (ModeEdge) or the net loss
	// (ModeLoss), with up to two decimals ("20", "12.5").
	RakebackPercent string `json:"rakebackPercent"`
	// AccumulatorPercent of each half hour's net loss is added to that day.
	AccumulatorPercent string `json:"accumulatorPercent"`
}

// DefaultSettings: 20 % of the house edge, plus 5 % of each half hour's net loss.
var DefaultSettings = Settings{Mode: ModeEdge, RakebackPercent: "20", AccumulatorPercent: "5"}

const settingsKey = "rewards"

// Kind is the ledger kind of a paid claim: house → player real.
const Kind ledger.Kind = "rakeback"

var (
	ErrDepositRequired = &api.Error{Status: http.StatusPaymentRequired, Code: "DEPOSIT_REQUIRED", Message: "feature requires a deposit"}
	ErrOptedOut        = &api.Error{Status: http.StatusConflict, Code: "CALENDAR_OPTED_OUT", Message: "You opted out of the rewards calendar. Turn it back on in your profile to claim."}
	ErrClaimDate       = &api.Error{Status: http.StatusUnprocessableEntity, Code: "CLAIM_DATE", Message: "Rakeback can only be claimed for today or yesterday"}
	ErrCustomerDate    = &api.Error{Status: http.StatusUnprocessableEntity, Code: "CUSTOMER_DATE", Message: "Your device's date does not match today's date in your calendar's time zone. Check your clock and try again."}
	ErrNothingToClaim  = &api.Error{Status: http.StatusUnprocessableEntity, Code: "NOTHING_TO_CLAIM", Message: "There is no rakeback to claim for this day. Play to win!"}
	ErrAlreadyClaimed  = &api.Error{Status: http.StatusConflict, Code: "ALREADY_CLAIMED", Message: "This day's rakeback has already been claimed"}
	ErrTimeZone        = api.ErrValidation.WithField("timeZone", "Invalid format")
)

// Service computes and pays the calendar.
type Service struct {
	db     *database.DB
	ledger *ledger.Ledger
	Clock  clock.Clock
	// Claimed, when set, hears of every paid claim (the public feed).
	Claimed func(FeedClaim)
}

// NewService returns the calendar on db and l.
func NewService(db *database.DB, l *ledger.Ledger) *Service {
	return &Service{db: db, ledger: l}
}

func (s *Service) now() clock.Clock { return clock.Or(s.Clock) }

// Settings returns the operator's rules (defaults for what is not set).
func (s *Service) Settings(ctx context.Context) (Settings, error) {
	st := DefaultSettings
	var raw string
	err := s.db.Read.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, settingsKey).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return st, nil
	}
	if err != nil {
		return st, fmt.Errorf("rewards settings: %w", err)
	}
	if err := json.Unmarshal([]byte(raw), &st); err != nil {
		return st, fmt.Errorf("rewards settings: %w", err)
	}
	return st, st.validate()
}

// PutSettings merges patch into the stored settings after checking them.
func (s *Service) PutSettings(ctx context.Context, patch []byte) (Settings, error) {
	return s.PutSettingsWith(ctx, patch, nil)
}

// SettingsHook runs in a settings change's transaction with the rules before
// and after: the audit row is written there.
type SettingsHook func(tx *sql.Tx, before, after Settings) error

// PutSettingsWith is PutSettings running hook in its transaction. A patch
// that is not an object of the settings' keys is refused.
func (s *Service) PutSettingsWith(ctx context.Context, patch []byte, hook SettingsHook) (Settings, error) {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(patch, &keys); err != nil || len(keys) == 0 {
		return Settings{}, fmt.Errorf("rewards settings: the patch is not a JSON object with a key")
	}
	dec := json.NewDecoder(bytes.NewReader(patch))
	dec.DisallowUnknownFields()
	var probe Settings
	if err := dec.Decode(&probe); err != nil {
		return Settings{}, fmt.Errorf("rewards settings: %w", err)
	}
	var st Settings
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		before := DefaultSettings
		var raw string
		err := tx.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, settingsKey).Scan(&raw)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("rewards settings: %w", err)
		}
		if raw != "" {
			if err := json.Unmarshal([]byte(raw), &before); err != nil {
				return fmt.Errorf("rewards settings: %w", err)
			}
		}
		st = before
		if err := json.Unmarshal(patch, &st); err != nil {
			return fmt.Errorf("rewards settings: %w", err)
		}
		if err := st.validate(); err != nil {
			return err
		}
		out, _ := json.Marshal(st)
		if _, err := tx.ExecContext(ctx, `INSERT INTO settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`, settingsKey, string(out)); err != nil || hook == nil {
			return err
		}
		return hook(tx, before, st)
	})
	return st, err
}

func (st Settings) validate() error {
	if st.Mode != ModeEdge && st.Mode != ModeLoss {
		return fmt.Errorf("rewards settings: mode %q: want %q or %q", st.Mode, ModeEdge, ModeLoss)
	}
	for name, p := range map[string]string{"rakebackPercent": st.RakebackPercent, "accumulatorPercent": st.AccumulatorPercent} {
		if _, err := basisPoints(p); err != nil {
			return fmt.Errorf("rewards settings: %s: %w", name, err)
		}
	}
	return nil
}

// basisPoints parses a percent with up to two decimals ("12.5" → 1250).
func basisPoints(p string) (int64, error) {
	whole, frac, _ := strings.Cut(strings.TrimSpace(p), ".")
	if len(frac) > 2 || whole == "" {
		return 0, fmt.Errorf("percent %q: want at most two decimals", p)
	}
	frac += strings.Repeat("0", 2-len(frac))
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil || n < 0 || n > 100_00 {
		return 0, fmt.Errorf("percent %q: want 0 to 100", p)
	}
	return n, nil
}

// SetOptedOut records the player's choice to leave (or rejoin) the calendar;
// zone is the browser's, fixed as the calendar zone if none is yet.
func (s *Service) SetOptedOut(ctx context.Context, userID int64, out bool, zone string) error {
	if _, err := s.load(ctx, userID, zone); err != nil {
		return err
	}
	_, err := s.db.Write.ExecContext(ctx, `UPDATE rewards_players SET opted_out = ? WHERE player_id = ?`, out, userID)
	if err != nil {
		return fmt.Errorf("rewards opt-out of player %d: %w", userID, err)
	}
	return nil
}
