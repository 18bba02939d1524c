package account

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"casino/bff/api"
)

// ErrRegistrationClosed is answered outside a mirror domain's registration
// windows for the player's country and device.
var ErrRegistrationClosed = &api.Error{Status: 403, Code: "REGISTRATION_CLOSED",
	Message: "Registration is not available from your country at this time. Please try again later."}

// RegistrationWindow opens registration for a country (or "*") and a device
// type ("mobile", "tablet", "desktop" or "" for all) between From and To,
// "HH:MM" in UTC; To before From spans midnight.
type RegistrationWindow struct {
	Country    string `json:"country"`
	From       string `json:"from"`
	To         string `json:"to"`
	DeviceType string `json:"deviceType"`
}

// MirrorSettings are a mirror domain's own settings.
type MirrorSettings struct {
	LoginOff            bool                 `json:"loginOff"`
	RegistrationConfigs []RegistrationWindow `json:"registrationConfigs"`
}

// MirrorDomain is another address of the casino.
type MirrorDomain struct {
	URL      string         `json:"url"`
	DomainID int64          `json:"domainId"`
	Settings MirrorSettings `json:"settings"`
}

// MirrorFor returns the mirror domain the request came in on, or nil.
func (s *Service) MirrorFor(ctx context.Context, r *http.Request) (*MirrorDomain, error) {
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	var m MirrorDomain
	var raw string
	err := s.db.Read.QueryRowContext(ctx, `SELECT id, url, settings FROM mirror_domains WHERE host = ? AND active = 1`, strings.ToLower(host)).
		Scan(&m.DomainID, &m.URL, &raw)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("mirror domain %q: %w", host, err)
	}
	if err := json.Unmarshal([]byte(raw), &m.Settings); err != nil {
		return nil, fmt.Errorf("mirror domain %q settings: %w", host, err)
	}
	return &m, nil
}

// PutMirror creates or replaces a mirror domain (operator and demo data).
func (s *Service) PutMirror(ctx context.Context, rawURL string, settings MirrorSettings) error {
	return s.PutMirrorWith(ctx, rawURL, settings, nil)
}

// PutMirrorWith is PutMirror running hook (when set) in the same
// transaction with the address's settings before (nil: a new address).
func (s *Service) PutMirrorWith(ctx context.Context, rawURL string, settings MirrorSettings, hook func(tx *sql.Tx, before *MirrorSettings) error) error {
	host := rawURL
	if i := strings.Index(host, "://"); i >= 0 {
		host = host[i+3:]
	}
	host, _, _ = strings.Cut(host, "/")
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	raw, err := json.Marshal(settings)
	if err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		var before *MirrorSettings
		var prev string
		if err := tx.QueryRowContext(ctx, `SELECT settings FROM mirror_domains WHERE url = ? AND active = 1`, rawURL).Scan(&prev); err == nil {
			before = &MirrorSettings{}
			json.Unmarshal([]byte(prev), before)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO mirror_domains(url, host, settings) VALUES (?, ?, ?)
		ON CONFLICT(url) DO UPDATE SET host = excluded.host, settings = excluded.settings, active = 1`, rawURL, strings.ToLower(host), string(raw)); err != nil {
			return err
		}
		if hook != nil {
			return hook(tx, before)
		}
		return nil
	})
}

// RegistrationOpen applies the windows: with no window for the country (or
// "*"), registration is open; otherwise one matching window must contain now.
func (m MirrorSettings) RegistrationOpen(country, device string, now time.Time) bool {
	minute := now.UTC().Hour()*60 + now.UTC().Minute()
	restricted := false
	for _, w := range m.RegistrationConfigs {
		if w.Country != "*" && !strings.EqualFold(w.Country, country) {
			continue
		}
		if w.DeviceType != "" && w.DeviceType != "all" && !strings.EqualFold(w.DeviceType, device) {
			continue
		}
		restricted = true
		from, okFrom := clockMinutes(w.From)
		to, okTo := clockMinutes(w.To)
		if !okFrom || !okTo {
			continue
		}
		if from <= to && minute >= from && minute < to || from > to && (minute >= from || minute < to) {
			return true
		}
	}
	return !restricted
}

func clockMinutes(hhmm string) (int, bool) {
	t, err := time.Parse("15:04", hhmm)
	if err != nil {
		return 0, false
	}
	return t.Hour()*60 + t.Minute(), true
}

func (s *Service) handleMirrorDomain(w http.ResponseWriter, r *http.Request) error {
	m, err := s.MirrorFor(r.Context(), r)
	if err != nil {
		return err
	}
	return api.WriteData(w, map[string]any{"mirrorDomain": m})
}

// Mirrors lists the active mirror domains with their host names.
func (s *Service) Mirrors(ctx context.Context) ([]MirrorDomain, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT id, url, settings FROM mirror_domains WHERE active = 1 ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("list mirror domains: %w", err)
	}
	defer rows.Close()
	var out []MirrorDomain
	for rows.Next() {
		var m MirrorDomain
		var raw string
		if err := rows.Scan(&m.DomainID, &m.URL, &raw); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(raw), &m.Settings); err != nil {
			return nil, fmt.Errorf("mirror domain %s settings: %w", m.URL, err)
		}
		out = append(out, m)
	}
	return out, rows.Err()
}
