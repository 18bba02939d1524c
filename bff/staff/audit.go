package staff

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Entry is one audit row: who did what to which target, the state before
// and after, and why.
type Entry struct {
	ID        int64  `json:"id"`
	CreatedAt string `json:"createdAt"`
	StaffID   int64  `json:"staffId,omitempty"`
	Actor     string `json:"actor"`
	Action    string `json:"action"`
	Target    string `json:"target"`
	Before    any    `json:"before"`
	After     any    `json:"after"`
	Reason    string `json:"reason"`
}

// Change is what a write records: the action ("withdrawal.approve"), its
// target ("withdrawal:W…"), the state before and after (anything that
// marshals to JSON; nil for none) and the reason given.
type Change struct {
	Action, Target string
	Before, After  any
	Reason         string
}

// Record appends the change by m (nil: the command line, actor cli) in tx,
// the transaction of the change itself, so the change and its audit row
// commit or fail together.
func (s *Service) Record(ctx context.Context, tx *sql.Tx, m *Member, c Change) error {
	actor, id := "cli", sql.NullInt64{}
	if m != nil {
		actor, id = m.Actor(), sql.NullInt64{Int64: m.ID, Valid: true}
	}
	return s.RecordAs(ctx, tx, actor, id, c)
}

// RecordAs is Record for a named actor without a staff account (the command
// line: "cli:alice").
func (s *Service) RecordAs(ctx context.Context, tx *sql.Tx, actor string, staffID sql.NullInt64, c Change) error {
	before, err := marshal(c.Before)
	if err != nil {
		return err
	}
	after, err := marshal(c.After)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO staff_audit(created_at, staff_id, actor, action, target, before, after, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		s.stamp(), staffID, actor, c.Action, c.Target, before, after, c.Reason)
	if err != nil {
		return fmt.Errorf("audit %s %s: %w", c.Action, c.Target, err)
	}
	return nil
}

func marshal(v any) (string, error) {
	if v == nil {
		return "", nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("audit: %w", err)
	}
	return string(b), nil
}

// Filter narrows the audit log: exact actor, action prefix ("withdrawal."),
// target, a time range (RFC 3339 or a date, inclusive), and paging
// backwards from BeforeID.
type Filter struct {
	Actor, Action, Target string
	From, To              string
	BeforeID              int64
	Limit                 int
}

// Audit lists the log, newest first.
func (s *Service) Audit(ctx context.Context, f Filter) ([]Entry, error) {
	if f.Limit <= 0 || f.Limit > 500 {
		f.Limit = 100
	}
	var where []string
	var args []any
	if f.Actor != "" {
		where, args = append(where, "actor = ?"), append(args, f.Actor)
	}
	if f.Action != "" {
		where, args = append(where, "substr(action, 1, length(?)) = ?"), append(args, f.Action, f.Action)
	}
	if f.Target != "" {
		where, args = append(where, "target = ?"), append(args, f.Target)
	}
	if f.From != "" {
		where, args = append(where, "created_at >= ?"), append(args, f.From)
	}
	if f.To != "" {
		to := f.To
		if len(to) == len("2006-01-02") {
			to += "T23:59:59.999Z"
		}
		where, args = append(where, "created_at <= ?"), append(args, to)
	}
	if f.BeforeID > 0 {
		where, args = append(where, "id < ?"), append(args, f.BeforeID)
	}
	q := `SELECT id, created_at, coalesce(staff_id, 0), actor, action, target, before, after, reason FROM staff_audit`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY id DESC LIMIT " + strconv.Itoa(f.Limit)
	rows, err := s.db.Read.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Entry{}
	for rows.Next() {
		var e Entry
		var before, after string
		if err := rows.Scan(&e.ID, &e.CreatedAt, &e.StaffID, &e.Actor, &e.Action, &e.Target, &before, &after, &e.Reason); err != nil {
			return nil, err
		}
		e.Before, e.After = raw(before), raw(after)
		out = append(out, e)
	}
	return out, rows.Err()
}

func raw(s string) any {
	if s == "" {
		return nil
	}
	return json.RawMessage(s)
}
