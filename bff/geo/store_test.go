package geo

import (
	"context"
	"testing"
	"time"
)

func TestStoreReportOnce(t *testing.T) {
	s := NewStore(testDB(t), nil)
	ctx := context.Background()
	reports := []struct {
		r    Report
		want bool
	}{
		{Report{IP: "193.99.144.80", Country: "DE", FirstURL: "/casino"}, true},
		{Report{IP: "193.99.144.80", Country: "DE", FirstURL: "/casino"}, false}, // repeat: no-op
		{Report{IP: "193.99.144.80", Country: "DE", FirstURL: "/promotions"}, true},
		{Report{IP: "193.99.144.80", Country: "AT", FirstURL: "/casino"}, true},
		{Report{IP: "200.160.2.3", Country: "DE", FirstURL: "/casino"}, true},
		{Report{IP: "193.99.144.80", Country: "DE", FirstURL: "/casino", UserAgent: "other"}, false},
	}
	for i, tt := range reports {
		created, err := s.SaveReport(ctx, tt.r)
		if err != nil {
			t.Fatalf("report %d: %v", i, err)
		}
		if created != tt.want {
			t.Errorf("report %d %+v: created = %v, want %v", i, tt.r, created, tt.want)
		}
	}
	if n, err := s.CountReports(ctx, "193.99.144.80"); err != nil || n != 3 {
		t.Errorf("CountReports = %d, %v; want 3", n, err)
	}
}

func TestStoreVerificationExpiry(t *testing.T) {
	s := NewStore(testDB(t), nil)
	ctx := context.Background()
	now := time.Date(2026, 6, 20, 12, 0, 0, 0, time.UTC)
	const visitor = "abcdefghijklmnopqrstuv"

	if _, ok, err := s.VerifiedUntil(ctx, visitor, now); err != nil || ok {
		t.Fatalf("unknown visitor verified: %v %v", ok, err)
	}
	v := Verification{Country: "FR", IP: "193.99.144.80", IPCountry: "DE", VerifiedAt: now, ExpiresAt: now.Add(24 * time.Hour)}
	if err := s.SaveVerification(ctx, visitor, v); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		at   time.Time
		want bool
	}{
		{now, true},
		{now.Add(23*time.Hour + 59*time.Minute), true},
		{now.Add(24 * time.Hour), false},
		{now.Add(25 * time.Hour), false},
	}
	for _, tt := range tests {
		until, ok, err := s.VerifiedUntil(ctx, visitor, tt.at)
		if err != nil {
			t.Fatal(err)
		}
		if ok != tt.want {
			t.Errorf("at %v: verified = %v, want %v", tt.at, ok, tt.want)
		}
		if ok && !until.Equal(v.ExpiresAt) {
			t.Errorf("until = %v, want %v", until, v.ExpiresAt)
		}
	}
	if _, ok, _ := s.VerifiedUntil(ctx, "another-visitor-id-xxxx", now); ok {
		t.Error("another visitor is verified")
	}

	// Renewal replaces the record.
	later := now.Add(30 * time.Hour)
	if err := s.SaveVerification(ctx, visitor, Verification{Country: "FR", VerifiedAt: later, ExpiresAt: later.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := s.VerifiedUntil(ctx, visitor, later.Add(30*time.Minute)); !ok {
		t.Error("renewed verification not found")
	}
	if n, err := s.PurgeExpiredVerifications(ctx, later.Add(2*time.Hour)); err != nil || n != 1 {
		t.Errorf("PurgeExpiredVerifications = %d, %v; want 1", n, err)
	}
}
