package staff

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"casino/bff/api"
	"casino/bff/clock"
	"casino/bff/database"
)

func newService(t *testing.T) (*Service, *clock.Manual) {
	t.Helper()
	db, err := database.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	s := NewService(db)
	c := clock.NewManual(time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC))
	s.Clock = c
	return s, c
}

func code(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	c, err := totp.GenerateCodeCustom(secret, at, totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

const pw = "correct horse battery"

func TestLoginNeedsPasswordAndFreshCode(t *testing.T) {
	s, c := newService(t)
	ctx := context.Background()
	m, err := s.Create(ctx, "ops@example.com", RoleFinance, pw, "cli:test", "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(m.URL, "otpauth://totp/") || m.Secret == "" {
		t.Fatalf("created %+v", m)
	}
	if _, err := s.Create(ctx, "OPS@example.com", RoleAdmin, pw, "cli:test", ""); !errors.Is(err, api.ErrValidation) {
		t.Fatalf("duplicate e-mail: %v", err)
	}
	for _, bad := range []LoginRequest{
		{Email: "ops@example.com", Password: "wrong password!", Code: code(t, m.Secret, c.Now())},
		{Email: "ops@example.com", Password: pw, Code: "000000"},
		{Email: "nobody@example.com", Password: pw, Code: code(t, m.Secret, c.Now())},
		{Email: "ops@example.com", Password: pw, Code: code(t, m.Secret, c.Now().Add(-2*time.Minute))},
	} {
		if _, _, err := s.Login(ctx, bad, "10.0.0.1", "ua"); !errors.Is(err, ErrInvalidCredentials) {
			t.Fatalf("%+v: %v", bad, err)
		}
	}
	good := LoginRequest{Email: "ops@example.com", Password: pw, Code: code(t, m.Secret, c.Now())}
	token, member, err := s.Login(ctx, good, "10.0.0.2", "ua")
	if err != nil {
		t.Fatal(err)
	}
	if member.Role != RoleFinance || !Can(member.Role, WithdrawalsDecide) || Can(member.Role, ReleasesWrite) {
		t.Fatalf("member %+v", member)
	}
	// The same code cannot be used twice, even within its 30 seconds.
	if _, _, err := s.Login(ctx, good, "10.0.0.2", "ua"); !errors.Is(err, ErrInvalidCredentials) {
		t.Fatalf("replayed code: %v", err)
	}
	got, err := s.Resolve(ctx, token)
	if err != nil || got.Email != "ops@example.com" {
		t.Fatalf("resolve: %+v %v", got, err)
	}
	// Idle sessions end; so does a logged-out one.
	c.Advance(IdleTTL + time.Minute)
	if _, err := s.Resolve(ctx, token); !errors.Is(err, ErrNoSession) {
		t.Fatalf("idle session: %v", err)
	}
	token, _, err = s.Login(ctx, LoginRequest{Email: "ops@example.com", Password: pw, Code: code(t, m.Secret, c.Now())}, "10.0.0.2", "ua")
	if err != nil {
		t.Fatal(err)
	}
	got, _ = s.Resolve(ctx, token)
	if err := s.Logout(ctx, got); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Resolve(ctx, token); !errors.Is(err, ErrNoSession) {
		t.Fatalf("logged-out session: %v", err)
	}
	// A disabled account cannot log in and its sessions end.
	c.Advance(time.Minute)
	token, _, _ = s.Login(ctx, LoginRequest{Email: "ops@example.com", Password: pw, Code: code(t, m.Secret, c.Now())}, "10.0.0.2", "ua")
	if err := s.Disable(ctx, "ops@example.com", "cli:test", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Resolve(ctx, token); !errors.Is(err, ErrNoSession) {
		t.Fatalf("disabled member's session: %v", err)
	}
}

func TestLoginThrottled(t *testing.T) {
	s, c := newService(t)
	ctx := context.Background()
	m, err := s.Create(ctx, "ops@example.com", RoleAdmin, pw, "cli:test", "")
	if err != nil {
		t.Fatal(err)
	}
	var last error
	for range 8 {
		_, _, last = s.Login(ctx, LoginRequest{Email: "ops@example.com", Password: "guess guess guess", Code: "123456"}, "10.0.0.9", "ua")
	}
	if !errors.Is(last, api.ErrTooManyRequests) {
		t.Fatalf("after 8 failures: %v", last)
	}
	// Even the right password and code are refused while throttled.
	if _, _, err := s.Login(ctx, LoginRequest{Email: "ops@example.com", Password: pw, Code: code(t, m.Secret, c.Now())}, "10.0.0.9", "ua"); !errors.Is(err, api.ErrTooManyRequests) {
		t.Fatalf("throttled good login: %v", err)
	}
}

func TestCreateValidates(t *testing.T) {
	s, _ := newService(t)
	for _, c := range []struct{ email, role, pw string }{
		{"not-an-email", RoleAdmin, pw}, {"a@example.com", "root", pw}, {"a@example.com", RoleAdmin, "short"},
	} {
		if _, err := s.Create(context.Background(), c.email, c.role, c.pw, "cli:test", ""); !errors.Is(err, api.ErrValidation) {
			t.Fatalf("%+v: %v", c, err)
		}
	}
}

func TestAuditIsAppendOnlyAndFiltered(t *testing.T) {
	s, c := newService(t)
	ctx := context.Background()
	if _, err := s.Create(ctx, "boss@example.com", RoleAdmin, pw, "cli:root", ""); err != nil {
		t.Fatal(err)
	}
	m := &Member{ID: 1, Email: "boss@example.com", Role: RoleAdmin}
	c.Advance(time.Hour)
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		return s.Record(ctx, tx, m, Change{Action: "withdrawal.approve", Target: "withdrawal:W1",
			Before: map[string]string{"status": "pending"}, After: map[string]string{"status": "completed"}, Reason: "checked"})
	})
	if err != nil {
		t.Fatal(err)
	}
	// A change that fails takes its audit row with it.
	boom := errors.New("boom")
	if err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := s.Record(ctx, tx, m, Change{Action: "withdrawal.reject", Target: "withdrawal:W2"}); err != nil {
			return err
		}
		return boom
	}); !errors.Is(err, boom) {
		t.Fatal(err)
	}
	all, err := s.Audit(ctx, Filter{})
	if err != nil || len(all) != 2 || all[0].Action != "withdrawal.approve" || all[1].Action != "staff.create" || all[1].Actor != "cli:root" {
		t.Fatalf("audit %+v %v", all, err)
	}
	for _, f := range []Filter{{Actor: "boss@example.com"}, {Action: "withdrawal."}, {Target: "withdrawal:W1"}, {From: "2026-11-26T12:30:00Z"}} {
		if got, _ := s.Audit(ctx, f); len(got) != 1 || got[0].Reason != "checked" {
			t.Fatalf("filter %+v: %+v", f, got)
		}
	}
	if got, _ := s.Audit(ctx, Filter{To: "2026-11-25"}); len(got) != 0 {
		t.Fatalf("before everything: %+v", got)
	}
	for _, q := range []string{`UPDATE staff_audit SET reason = 'x'`, `DELETE FROM staff_audit`} {
		if _, err := s.db.Write.ExecContext(ctx, q); err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// Every permission is held by admin, and the table names only real roles.
func TestPermissionTable(t *testing.T) {
	for _, p := range AllPermissions() {
		if !Can(RoleAdmin, p) {
			t.Errorf("admin lacks %s", p)
		}
		for _, r := range grants[p] {
			if !strings.Contains(strings.Join(Roles, ","), r) {
				t.Errorf("%s grants unknown role %s", p, r)
			}
		}
	}
	if Can(RoleSupport, WithdrawalsDecide) || Can(RoleSupport, KYCReview) || Can(RoleFinance, KYCReview) || Can(RoleCompliance, WithdrawalsDecide) {
		t.Error("a desk holds another desk's decisions")
	}
}
