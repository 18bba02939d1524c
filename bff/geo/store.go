package geo

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// timeLayout matches strftime('%Y-%m-%dT%H:%M:%fZ') so stored times compare
// as strings.
const timeLayout = "2006-01-02T15:04:05.000Z"

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

// Store keeps block reports and verifications. Writes go to the single writer
// connection, reads to the reader pool.
type Store struct {
	write *sql.DB
	read  *sql.DB
}

// NewStore uses write for inserts and read for queries (they may be the same
// pool).
func NewStore(write, read *sql.DB) *Store {
	if read == nil {
		read = write
	}
	return &Store{write: write, read: read}
}

// Report is one country-blocked report.
type Report struct {
	IP        string
	Country   string
	FirstURL  string
	UserAgent string
}

// SaveReport stores r once per (IP, Country, FirstURL). created is false when
// the same report was stored before.
func (s *Store) SaveReport(ctx context.Context, r Report) (created bool, err error) {
	res, err := s.write.ExecContext(ctx, `
		INSERT INTO country_block_reports (ip, country, first_url, user_agent)
		VALUES (?, ?, ?, ?)
		ON CONFLICT (ip, country, first_url) DO NOTHING`,
		r.IP, r.Country, r.FirstURL, r.UserAgent)
	if err != nil {
		return false, fmt.Errorf("save country block report: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("save country block report: %w", err)
	}
	return n == 1, nil
}

// CountReports returns how many reports are stored for ip (for tests and the
// back office).
func (s *Store) CountReports(ctx context.Context, ip string) (int, error) {
	var n int
	err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM country_block_reports WHERE ip = ?`, ip).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count country block reports: %w", err)
	}
	return n, nil
}

// Verification records that a visitor passed Reverify Location.
type Verification struct {
	Country    string // resolved from the coordinates
	IP         string // client address at the time
	IPCountry  string // country of IP at the time
	VerifiedAt time.Time
	ExpiresAt  time.Time
}

func visitorHash(visitorID string) []byte {
	sum := sha256.Sum256([]byte(visitorID))
	return sum[:]
}

// SaveVerification stores (or renews) the verification of visitorID.
func (s *Store) SaveVerification(ctx context.Context, visitorID string, v Verification) error {
	_, err := s.write.ExecContext(ctx, `
		INSERT INTO country_verifications (visitor_hash, country, ip, ip_country, verified_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (visitor_hash) DO UPDATE SET
			country = excluded.country, ip = excluded.ip, ip_country = excluded.ip_country,
			verified_at = excluded.verified_at, expires_at = excluded.expires_at`,
		visitorHash(visitorID), v.Country, v.IP, v.IPCountry, formatTime(v.VerifiedAt), formatTime(v.ExpiresAt))
	if err != nil {
		return fmt.Errorf("save country verification: %w", err)
	}
	return nil
}

// VerifiedUntil returns the expiry of visitorID's verification when it is
// still valid at now; ok is false when there is none or it has expired.
func (s *Store) VerifiedUntil(ctx context.Context, visitorID string, now time.Time) (until time.Time, ok bool, err error) {
	var expires string
	err = s.read.QueryRowContext(ctx, `
		SELECT expires_at FROM country_verifications
		WHERE visitor_hash = ? AND expires_at > ?`,
		visitorHash(visitorID), formatTime(now)).Scan(&expires)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, fmt.Errorf("read country verification: %w", err)
	}
	until, err = time.Parse(timeLayout, expires)
	if err != nil {
		return time.Time{}, false, fmt.Errorf("read country verification: bad expires_at %q: %w", expires, err)
	}
	return until, true, nil
}

// PurgeExpiredVerifications deletes verifications that expired before now.
func (s *Store) PurgeExpiredVerifications(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.write.ExecContext(ctx, `DELETE FROM country_verifications WHERE expires_at <= ?`, formatTime(now))
	if err != nil {
		return 0, fmt.Errorf("purge country verifications: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("purge country verifications: %w", err)
	}
	return n, nil
}
