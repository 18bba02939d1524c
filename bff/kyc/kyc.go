// Package kyc is identity verification with documents (SPEC sections 3, 4,
// 5, 6, 9): a player uploads an Identity Proof, Proof of Address or Bank
// Statement (jpg, png or pdf by content, at most 25 MB); the file is kept
// under the data directory by content hash, readable only by the player's
// operators; an operator confirms or rejects it and the player's KYC status
// follows.
package kyc

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"casino/bff/api"
	"casino/bff/clock"
	"casino/bff/database"
)

// MaxBytes is the largest document (SPEC section 5: max 25MB).
const MaxBytes = 25 << 20

// Kinds of documents and their labels (SPEC section 3).
var Kinds = []Label{
	{Kind: "IDENTITY_PROOF", Label: "Identity Proof"},
	{Kind: "PROOF_OF_ADDRESS", Label: "Proof of Address"},
	{Kind: "BANK_STATEMENT", Label: "Bank Statement"},
}

// Label is one document kind as the document-labels call lists it.
type Label struct {
	Kind  string `json:"kind"`
	Label string `json:"label"`
}

// The texts of SPEC section 5.
var (
	ErrFileType = &api.Error{Status: http.StatusUnprocessableEntity, Code: "FILE_TYPE", Message: "Only jpg, pdf, png accepted"}
	ErrFileSize = &api.Error{Status: http.StatusRequestEntityTooLarge, Code: "FILE_SIZE", Message: "File size must be less than 25MB"}
	ErrKind     = api.ErrValidation.WithField("documentType", "Invalid format")
	ErrNoFile   = api.ErrValidation.WithField("file", "Required")
	ErrReviewed = &api.Error{Status: http.StatusConflict, Code: "DOCUMENT_REVIEWED", Message: "This document was already reviewed"}
)

// Document is one upload as the player and the operator see it.
type Document struct {
	ID           int64   `json:"id"`
	PlayerID     int64   `json:"-"`
	Email        string  `json:"-"`
	DocumentType string  `json:"documentType"`
	FileName     string  `json:"fileName"`
	ContentType  string  `json:"contentType"`
	Size         int64   `json:"size"`
	Status       string  `json:"status"`
	Reason       string  `json:"reason,omitempty"`
	UploadedAt   string  `json:"uploadedAt"`
	ReviewedAt   *string `json:"reviewedAt,omitempty"`
}

// Service stores and reviews documents.
type Service struct {
	db    *database.DB
	dir   string // <data>/kyc
	Clock clock.Clock
}

// NewService keeps files under dataDir/kyc.
func NewService(db *database.DB, dataDir string) *Service {
	return &Service{db: db, dir: filepath.Join(dataDir, "kyc")}
}

const stampLayout = "2006-01-02T15:04:05.000Z"

func (s *Service) now() time.Time { return clock.Or(s.Clock).Now().UTC() }

// sniff names a document's type from its first bytes (never its file name).
func sniff(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
		return "image/jpeg"
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return "image/png"
	case bytes.HasPrefix(head, []byte("%PDF-")):
		return "application/pdf"
	}
	return ""
}

func knownKind(kind string) bool {
	for _, k := range Kinds {
		if k.Kind == kind {
			return true
		}
	}
	return false
}

// Upload stores r (a file of the player's) as a pending document of kind;
// the player's KYC status becomes PENDING. At most MaxBytes are read.
func (s *Service) Upload(ctx context.Context, playerID int64, kind, name string, r io.Reader) (Document, error) {
	if !knownKind(kind) {
		return Document{}, ErrKind
	}
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return Document{}, err
	}
	tmp, err := os.CreateTemp(s.dir, ".upload-")
	if err != nil {
		return Document{}, err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	h := sha256.New()
	head := make([]byte, 8)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return Document{}, err
	}
	ctype := sniff(head[:n])
	if ctype == "" {
		return Document{}, ErrFileType
	}
	size, err := io.Copy(io.MultiWriter(tmp, h), io.LimitReader(io.MultiReader(bytes.NewReader(head[:n]), r), MaxBytes+1))
	if err != nil {
		return Document{}, err
	}
	if size > MaxBytes {
		return Document{}, ErrFileSize
	}
	if err := tmp.Chmod(0o600); err != nil {
		return Document{}, err
	}
	sum := hex.EncodeToString(h.Sum(nil))
	if err := os.Rename(tmp.Name(), filepath.Join(s.dir, sum)); err != nil {
		return Document{}, err
	}
	if len(name) > 200 {
		name = name[:200]
	}
	now := s.now().Format(stampLayout)
	var id int64
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO kyc_documents(player_id, kind, file_hash, content_type, size, file_name, uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			playerID, kind, sum, ctype, size, filepath.Base(name), now)
		if err != nil {
			return err
		}
		id, _ = res.LastInsertId()
		_, err = tx.ExecContext(ctx, `UPDATE users SET kyc_status = 'PENDING' WHERE id = ? AND kyc_status <> 'APPROVED'`, playerID)
		return err
	})
	if err != nil {
		return Document{}, fmt.Errorf("store document of %d: %w", playerID, err)
	}
	return Document{ID: id, PlayerID: playerID, DocumentType: kind, FileName: filepath.Base(name), ContentType: ctype, Size: size, Status: "pending", UploadedAt: now}, nil
}

const docColumns = `d.id, d.player_id, u.email, d.kind, d.file_name, d.content_type, d.size, d.status, d.reason, d.uploaded_at, d.reviewed_at`

func scanDocs(rows *sql.Rows) ([]Document, error) {
	defer rows.Close()
	out := []Document{}
	for rows.Next() {
		var d Document
		var reviewed sql.NullString
		if err := rows.Scan(&d.ID, &d.PlayerID, &d.Email, &d.DocumentType, &d.FileName, &d.ContentType, &d.Size, &d.Status, &d.Reason, &d.UploadedAt, &reviewed); err != nil {
			return nil, err
		}
		if reviewed.Valid {
			d.ReviewedAt = &reviewed.String
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// Documents lists a player's documents, newest first.
func (s *Service) Documents(ctx context.Context, playerID int64) ([]Document, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT `+docColumns+` FROM kyc_documents d JOIN users u ON u.id = d.player_id WHERE d.player_id = ? ORDER BY d.id DESC`, playerID)
	if err != nil {
		return nil, err
	}
	return scanDocs(rows)
}

// Queue lists documents for operators: status "" for all.
func (s *Service) Queue(ctx context.Context, status string) ([]Document, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT `+docColumns+` FROM kyc_documents d JOIN users u ON u.id = d.player_id
		WHERE (? = '' OR d.status = ?) ORDER BY d.id`, status, status)
	if err != nil {
		return nil, err
	}
	return scanDocs(rows)
}

// Review confirms or rejects a pending document (reason required to reject)
// and moves the player's KYC status: APPROVED once an Identity Proof and a
// Proof of Address are confirmed, REJECTED on a rejection (unless already
// approved), else PENDING.
func (s *Service) Review(ctx context.Context, id int64, confirm bool, reason, by string) error {
	return s.ReviewWith(ctx, id, confirm, reason, by, nil)
}

// ReviewHook runs inside the review's transaction after the document and
// the player's status moved, with the document as it was and the player's
// KYC status before and after: the back office writes its audit row there.
type ReviewHook func(tx *sql.Tx, before Document, kycBefore, kycAfter string) error

// ReviewWith is Review running hook in the review's transaction.
func (s *Service) ReviewWith(ctx context.Context, id int64, confirm bool, reason, by string, hook ReviewHook) error {
	if !confirm && reason == "" {
		return api.ErrValidation.WithField("reason", "Required")
	}
	status := "rejected"
	if confirm {
		status = "confirmed"
	}
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT `+docColumns+` FROM kyc_documents d JOIN users u ON u.id = d.player_id WHERE d.id = ?`, id)
		if err != nil {
			return err
		}
		docs, err := scanDocs(rows)
		if err == nil && len(docs) == 0 {
			err = sql.ErrNoRows
		}
		var before Document
		if len(docs) > 0 {
			before = docs[0]
		}
		player, cur := before.PlayerID, before.Status
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("document %d: %w", id, api.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if cur != "pending" {
			return ErrReviewed
		}
		if _, err := tx.ExecContext(ctx, `UPDATE kyc_documents SET status = ?, reason = ?, reviewed_at = ?, reviewed_by = ? WHERE id = ?`,
			status, reason, s.now().Format(stampLayout), by, id); err != nil {
			return err
		}
		kyc := "REJECTED"
		if confirm {
			var kinds int
			if err := tx.QueryRowContext(ctx, `SELECT count(DISTINCT kind) FROM kyc_documents WHERE player_id = ? AND status = 'confirmed'
				AND kind IN ('IDENTITY_PROOF','PROOF_OF_ADDRESS')`, player).Scan(&kinds); err != nil {
				return err
			}
			kyc = "PENDING"
			if kinds == 2 {
				kyc = "APPROVED"
			}
		}
		var kycBefore, kycAfter string
		if err := tx.QueryRowContext(ctx, `SELECT kyc_status FROM users WHERE id = ?`, player).Scan(&kycBefore); err != nil {
			return err
		}
		// A later rejected document does not undo an approval already given.
		if _, err = tx.ExecContext(ctx, `UPDATE users SET kyc_status = ? WHERE id = ? AND (kyc_status <> 'APPROVED' OR ? = 'APPROVED')`, kyc, player, kyc); err != nil {
			return err
		}
		if hook == nil {
			return nil
		}
		if err := tx.QueryRowContext(ctx, `SELECT kyc_status FROM users WHERE id = ?`, player).Scan(&kycAfter); err != nil {
			return err
		}
		return hook(tx, before, kycBefore, kycAfter)
	})
}

// Open returns a document's file for the operator (the player's own call
// checks the owner first).
func (s *Service) Open(ctx context.Context, id int64) (*os.File, Document, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT `+docColumns+`, d.file_hash FROM kyc_documents d JOIN users u ON u.id = d.player_id WHERE d.id = ?`, id)
	if err != nil {
		return nil, Document{}, err
	}
	defer rows.Close()
	if !rows.Next() {
		return nil, Document{}, fmt.Errorf("document %d: %w", id, api.ErrNotFound)
	}
	var d Document
	var reviewed sql.NullString
	var hash string
	if err := rows.Scan(&d.ID, &d.PlayerID, &d.Email, &d.DocumentType, &d.FileName, &d.ContentType, &d.Size, &d.Status, &d.Reason, &d.UploadedAt, &reviewed, &hash); err != nil {
		return nil, Document{}, err
	}
	f, err := os.Open(filepath.Join(s.dir, hash))
	return f, d, err
}
