package kyc

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"casino/bff/database"
)

func newService(t *testing.T) (*Service, int64, string) {
	t.Helper()
	dir := t.TempDir()
	db, err := database.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	res, _ := db.Write.Exec(`INSERT INTO users(email, currency_code, country_code) VALUES ('kyc@example.com', 'EUR', 'DE')`)
	id, _ := res.LastInsertId()
	return NewService(db, dir), id, dir
}

var png = append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{1}, 100)...)

func TestUploadChecksContentNotName(t *testing.T) {
	s, id, dir := newService(t)
	ctx := context.Background()
	tests := []struct {
		name, kind, file string
		body             io.Reader
		want             error
		ctype            string
	}{
		{"png", "IDENTITY_PROOF", "me.png", bytes.NewReader(png), nil, "image/png"},
		{"jpeg named .pdf", "PROOF_OF_ADDRESS", "x.pdf", bytes.NewReader([]byte{0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 4}), nil, "image/jpeg"},
		{"pdf", "BANK_STATEMENT", "s.pdf", bytes.NewReader([]byte("%PDF-1.7\n...")), nil, "application/pdf"},
		{"a program renamed .png", "IDENTITY_PROOF", "evil.png", bytes.NewReader([]byte("MZ\x90\x00\x03\x00\x00\x00")), ErrFileType, ""},
		{"empty", "IDENTITY_PROOF", "e.png", bytes.NewReader(nil), ErrFileType, ""},
		{"over 25 MB", "IDENTITY_PROOF", "big.png", io.MultiReader(bytes.NewReader(png), io.LimitReader(zeros{}, MaxBytes)), ErrFileSize, ""},
		{"unknown kind", "SELFIE", "me.png", bytes.NewReader(png), ErrKind, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := s.Upload(ctx, id, tt.kind, tt.file, tt.body)
			if !errors.Is(err, tt.want) && err != tt.want {
				t.Fatalf("err %v, want %v", err, tt.want)
			}
			if tt.want == nil && (d.ContentType != tt.ctype || d.Status != "pending") {
				t.Fatalf("document %+v", d)
			}
		})
	}
	// Stored by content hash, private; no temporary files left behind.
	entries, _ := os.ReadDir(filepath.Join(dir, "kyc"))
	if len(entries) != 3 {
		t.Fatalf("%d files stored, want 3", len(entries))
	}
	for _, e := range entries {
		info, _ := e.Info()
		if len(e.Name()) != 64 || info.Mode().Perm() != 0o600 {
			t.Fatalf("stored as %s %v", e.Name(), info.Mode())
		}
	}
	var status string
	s.db.Read.QueryRow(`SELECT kyc_status FROM users WHERE id = ?`, id).Scan(&status)
	if status != "PENDING" {
		t.Fatalf("kyc status %s", status)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestReviewMovesTheStatus(t *testing.T) {
	s, id, _ := newService(t)
	ctx := context.Background()
	idDoc, _ := s.Upload(ctx, id, "IDENTITY_PROOF", "id.png", bytes.NewReader(png))
	addr, _ := s.Upload(ctx, id, "PROOF_OF_ADDRESS", "a.png", bytes.NewReader(png))
	status := func() string {
		var st string
		s.db.Read.QueryRow(`SELECT kyc_status FROM users WHERE id = ?`, id).Scan(&st)
		return st
	}
	if err := s.Review(ctx, idDoc.ID, false, "", "op"); err == nil {
		t.Fatal("a rejection without a reason")
	}
	if err := s.Review(ctx, idDoc.ID, true, "", "op"); err != nil || status() != "PENDING" {
		t.Fatalf("one confirmed: %v %s", err, status())
	}
	if err := s.Review(ctx, idDoc.ID, true, "", "op"); !errors.Is(err, ErrReviewed) {
		t.Fatalf("twice: %v", err)
	}
	if err := s.Review(ctx, addr.ID, true, "", "op"); err != nil || status() != "APPROVED" {
		t.Fatalf("both confirmed: %v %s", err, status())
	}
	bank, _ := s.Upload(ctx, id, "BANK_STATEMENT", "b.png", bytes.NewReader(png))
	if err := s.Review(ctx, bank.ID, false, "The statement is older than 6 months", "op"); err != nil || status() != "APPROVED" {
		t.Fatalf("rejected: %v %s", err, status())
	}
	docs, _ := s.Documents(ctx, id)
	if len(docs) != 3 || docs[0].Reason != "The statement is older than 6 months" {
		t.Fatalf("documents %+v", docs)
	}
}
