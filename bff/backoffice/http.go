package backoffice

import (
	"encoding/csv"
	"io"
	"net/http"
	"strconv"
	"strings"

	"casino/bff/api"
	"casino/bff/staff"
)

// Routes registers the back office's calls, each with the permission it
// needs (the staff package checks session and permission first).
func (b *Service) Routes(mux *http.ServeMux) {
	h := func(pattern string, perm staff.Permission, fn api.HandlerFunc) {
		b.Staff.Handle(mux, pattern, perm, fn)
	}
	h("GET /api/backoffice/dashboard", staff.DashboardRead, b.handleDashboard)
	h("GET /api/backoffice/players", staff.PlayersRead, b.handlePlayers)
	h("GET /api/backoffice/players/{id}", staff.PlayersRead, b.handlePlayer)
	h("POST /api/backoffice/players/{id}/notes", staff.PlayersNote, b.handleNote)
	h("GET /api/backoffice/withdrawals", staff.WithdrawalsRead, b.handleWithdrawals)
	h("GET /api/backoffice/withdrawals.csv", staff.WithdrawalsRead, b.handleWithdrawalsCSV)
	h("POST /api/backoffice/withdrawals/{id}/approve", staff.WithdrawalsDecide, b.handleApprove)
	h("POST /api/backoffice/withdrawals/{id}/reject", staff.WithdrawalsDecide, b.handleReject)
	h("GET /api/backoffice/documents", staff.KYCRead, b.handleDocuments)
	h("GET /api/backoffice/documents/{id}/file", staff.KYCRead, b.handleDocumentFile)
	h("POST /api/backoffice/documents/{id}/approve", staff.KYCReview, b.handleReview(true))
	h("POST /api/backoffice/documents/{id}/reject", staff.KYCReview, b.handleReview(false))
	h("GET /api/backoffice/features", staff.SettingsRead, b.handleFeatures)
	h("PUT /api/backoffice/features/{name}", staff.SettingsWrite, b.handleSetFeature)
	h("GET /api/backoffice/releases", staff.ReleasesRead, b.handleReleases)
	h("POST /api/backoffice/releases/{name}/activate", staff.ReleasesWrite, b.handleActivate)
	h("POST /api/backoffice/releases/{name}/rollback", staff.ReleasesWrite, b.handleRollback)
	b.moreRoutes(h)
}

// reasonBody is the body of a decision: the reason, and for an activation
// the version.
type reasonBody struct {
	Reason  string `json:"reason"`
	Version string `json:"version"`
	Minutes int    `json:"minutes"` // a chat mute's length
}

func decode(w http.ResponseWriter, r *http.Request) (reasonBody, error) {
	var body reasonBody
	if r.ContentLength != 0 {
		if err := api.Decode(w, r, &body); err != nil {
			return body, err
		}
	}
	body.Reason = strings.TrimSpace(body.Reason)
	if len(body.Reason) > 500 {
		return body, api.ErrValidation.WithField("reason", "Invalid format")
	}
	return body, nil
}

func status(r *http.Request, fallback string) string {
	st := r.URL.Query().Get("status")
	switch st {
	case "":
		return fallback
	case "all":
		return ""
	}
	return st
}

func (b *Service) handleWithdrawals(w http.ResponseWriter, r *http.Request) error {
	page, _ := strconv.Atoi(r.URL.Query().Get("page"))
	rows, count, err := b.Withdrawals(r.Context(), status(r, "pending"), page)
	if err != nil {
		return err
	}
	return api.WriteData(w, map[string]any{"count": count, "rows": rows})
}

// handleWithdrawalsCSV exports up to 100 withdrawals of a page as CSV.
func (b *Service) handleWithdrawalsCSV(w http.ResponseWriter, r *http.Request) error {
	page, _ := strconv.Atoi(r.URL.Query().Get("page"))
	rows, _, err := b.Withdrawals(r.Context(), status(r, ""), page)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="withdrawals.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	c := csv.NewWriter(w)
	c.Write([]string{"id", "created", "player_id", "email", "amount", "currency", "method", "status", "decided_by", "reason"})
	for _, x := range rows {
		c.Write(safeCSV(x.WithdrawalID, x.CreatedAt, strconv.FormatInt(x.UserID, 10), x.Email, x.Amount, x.CurrencyCode, x.Method, x.Status, x.DecidedBy, x.Reason))
	}
	c.Flush()
	return c.Error()
}

// safeCSV keeps a spreadsheet from running a cell as a formula (CSV
// injection through a player-chosen value).
func safeCSV(cells ...string) []string {
	for i, v := range cells {
		if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
			if _, err := strconv.ParseFloat(v, 64); err != nil {
				cells[i] = "'" + v
			}
		}
	}
	return cells
}

func (b *Service) handleApprove(w http.ResponseWriter, r *http.Request) error {
	body, err := decode(w, r)
	if err != nil {
		return err
	}
	out, err := b.Approve(r.Context(), staff.From(r.Context()), r.PathValue("id"), body.Reason)
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}

func (b *Service) handleReject(w http.ResponseWriter, r *http.Request) error {
	body, err := decode(w, r)
	if err != nil {
		return err
	}
	out, err := b.Reject(r.Context(), staff.From(r.Context()), r.PathValue("id"), body.Reason)
	if err != nil {
		return err
	}
	return api.WriteData(w, out)
}

func (b *Service) handleDocuments(w http.ResponseWriter, r *http.Request) error {
	docs, err := b.Documents(r.Context(), status(r, "pending"))
	if err != nil {
		return err
	}
	return api.WriteData(w, map[string]any{"count": len(docs), "rows": docs})
}

func docID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, api.ErrNotFound
	}
	return id, nil
}

// handleDocumentFile shows a document to the reviewer: an image inline, in
// a sandbox (no script of a crafted file runs in the back office's origin),
// a PDF as a download.
func (b *Service) handleDocumentFile(w http.ResponseWriter, r *http.Request) error {
	id, err := docID(r)
	if err != nil {
		return err
	}
	f, d, err := b.KYC.Open(r.Context(), id)
	if err != nil {
		return err
	}
	defer f.Close()
	w.Header().Set("Content-Type", d.ContentType)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if d.ContentType == "application/pdf" {
		// A sandboxed page cannot run the browser's PDF viewer: a PDF is
		// downloaded and opened outside the back office's origin.
		w.Header().Set("Content-Disposition", "attachment")
		w.Header().Set("Content-Security-Policy", "default-src 'none'")
	} else {
		w.Header().Set("Content-Disposition", "inline")
		w.Header().Set("Content-Security-Policy", "sandbox; default-src 'none'; img-src 'self'")
	}
	w.Header().Set("Cache-Control", "private, no-store")
	_, err = io.Copy(w, f)
	return err
}

func (b *Service) handleReview(confirm bool) api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := docID(r)
		if err != nil {
			return err
		}
		body, err := decode(w, r)
		if err != nil {
			return err
		}
		if err := b.Review(r.Context(), staff.From(r.Context()), id, confirm, body.Reason); err != nil {
			return err
		}
		st := "rejected"
		if confirm {
			st = "confirmed"
		}
		return api.WriteData(w, map[string]any{"id": id, "status": st})
	}
}

func (b *Service) handleReleases(w http.ResponseWriter, r *http.Request) error {
	sets, err := b.Releases(r.Context())
	if err != nil {
		return err
	}
	return api.WriteData(w, sets)
}

func (b *Service) handleActivate(w http.ResponseWriter, r *http.Request) error {
	body, err := decode(w, r)
	if err != nil {
		return err
	}
	if body.Version == "" {
		return api.ErrValidation.WithField("version", "Required")
	}
	rel, err := b.Activate(r.Context(), staff.From(r.Context()), r.PathValue("name"), body.Version, body.Reason)
	if err != nil {
		return err
	}
	return api.WriteData(w, rel)
}

func (b *Service) handleRollback(w http.ResponseWriter, r *http.Request) error {
	body, err := decode(w, r)
	if err != nil {
		return err
	}
	rel, err := b.Rollback(r.Context(), staff.From(r.Context()), r.PathValue("name"), body.Reason)
	if err != nil {
		return err
	}
	return api.WriteData(w, rel)
}

func (b *Service) handleDashboard(w http.ResponseWriter, r *http.Request) error {
	d, err := b.Today(r.Context())
	if err != nil {
		return err
	}
	return api.WriteData(w, d)
}

func (b *Service) handlePlayers(w http.ResponseWriter, r *http.Request) error {
	list, err := b.Players(r.Context(), r.URL.Query().Get("q"))
	if err != nil {
		return err
	}
	return api.WriteData(w, list)
}

func (b *Service) handlePlayer(w http.ResponseWriter, r *http.Request) error {
	id, err := docID(r)
	if err != nil {
		return err
	}
	p, err := b.Player(r.Context(), id)
	if err != nil {
		return err
	}
	return api.WriteData(w, p)
}

func (b *Service) handleNote(w http.ResponseWriter, r *http.Request) error {
	id, err := docID(r)
	if err != nil {
		return err
	}
	var body struct {
		Body string `json:"body"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	n, err := b.AddNote(r.Context(), staff.From(r.Context()), id, body.Body)
	if err != nil {
		return err
	}
	return api.WriteData(w, n)
}

func (b *Service) handleFeatures(w http.ResponseWriter, r *http.Request) error {
	list, err := b.Features(r.Context())
	if err != nil {
		return err
	}
	return api.WriteData(w, list)
}

func (b *Service) handleSetFeature(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Enabled *bool  `json:"enabled"`
		Reason  string `json:"reason"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	if body.Enabled == nil {
		return api.ErrValidation.WithField("enabled", "Required")
	}
	reason := strings.TrimSpace(body.Reason)
	if len(reason) > 500 {
		return api.ErrValidation.WithField("reason", "Invalid format")
	}
	f, err := b.SetFeature(r.Context(), staff.From(r.Context()), r.PathValue("name"), *body.Enabled, reason)
	if err != nil {
		return err
	}
	return api.WriteData(w, f)
}
