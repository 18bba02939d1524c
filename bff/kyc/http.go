package kyc

import (
	"errors"
	"io"
	"net/http"
	"strconv"

	"casino/bff/api"
	"casino/bff/session"
)

// Routes registers the player's document calls (SPEC section 6: they need
// an access token and fail at once without one).
func (s *Service) Routes(mux *http.ServeMux, sessions *session.Manager) {
	handle := func(pattern string, h api.HandlerFunc) { mux.Handle(pattern, sessions.RequireUser(h)) }
	handle("POST /api/user/upload-document", s.handleUpload)
	handle("GET /api/user/documents", s.handleDocuments)
	handle("GET /api/user/document-labels", s.handleLabels)
	handle("GET /api/user/documents/{id}/file", s.handleFile)
}

// handleUpload reads multipart documentType then file, streaming the file to
// disk; a body over the limit is cut off, never read whole.
func (s *Service) handleUpload(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, MaxBytes+64<<10)
	mr, err := r.MultipartReader()
	if err != nil {
		return ErrNoFile
	}
	var kind string
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return ErrNoFile
		}
		if err != nil {
			return sizeOr(err, ErrNoFile)
		}
		switch part.FormName() {
		case "documentType":
			b, _ := io.ReadAll(io.LimitReader(part, 64))
			kind = string(b)
		case "file":
			doc, err := s.Upload(r.Context(), session.PlayerFrom(r.Context()).ID, kind, part.FileName(), part)
			if err != nil {
				return sizeOr(err, err)
			}
			return api.WriteData(w, doc)
		}
	}
}

// sizeOr maps a body cut off by MaxBytesReader to the SPEC's size text.
func sizeOr(err, other error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return ErrFileSize
	}
	return other
}

func (s *Service) handleDocuments(w http.ResponseWriter, r *http.Request) error {
	docs, err := s.Documents(r.Context(), session.PlayerFrom(r.Context()).ID)
	if err != nil {
		return err
	}
	return api.WriteData(w, map[string]any{"count": len(docs), "rows": docs})
}

func (s *Service) handleLabels(w http.ResponseWriter, r *http.Request) error {
	return api.WriteData(w, map[string]any{
		"labels": Kinds, "accepted": []string{"jpg", "jpeg", "png", "pdf"}, "maxBytes": MaxBytes,
		"maxAgeMonths": 6, "reviewHours": 24,
	})
}

// handleFile serves a document to its owner only, as a download.
func (s *Service) handleFile(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		return api.ErrNotFound
	}
	f, d, err := s.Open(r.Context(), id)
	if err != nil {
		return err
	}
	defer f.Close()
	if d.PlayerID != session.PlayerFrom(r.Context()).ID {
		return api.ErrNotFound
	}
	w.Header().Set("Content-Type", d.ContentType)
	w.Header().Set("Content-Disposition", "attachment")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "private, no-store")
	_, err = io.Copy(w, f)
	return err
}
