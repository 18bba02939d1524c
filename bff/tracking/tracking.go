// Package tracking stores client events: page views sent 300 ms after each
// route change, ALTERNATIVE_METHOD_BUTTON clicks and the like, with the
// marketing parameters they came with.
package tracking

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"regexp"

	"casino/bff/api"
	"casino/bff/database"
	"casino/bff/session"
)

// Event is the body of POST /api/user/log-event.
type Event struct {
	Event          string          `json:"event"`
	Data           json.RawMessage `json:"data"`
	Mkt            string          `json:"mkt"`
	UserDeviceType string          `json:"userDeviceType"`
	CpncToSent     string          `json:"cpncToSent"`
}

const maxDataBytes = 4 << 10

var (
	eventName   = regexp.MustCompile(`^[A-Z][A-Z0-9_]{1,63}$`)
	deviceTypes = map[string]bool{"": true, "mobile": true, "tablet": true, "desktop": true}
)

// Validate checks an event before it is stored.
func (e Event) Validate() error {
	v := api.Validation{}
	switch {
	case e.Event == "":
		v.Add("event", "Required")
	case !eventName.MatchString(e.Event):
		v.Add("event", "Invalid format")
	}
	if len(e.Data) > maxDataBytes {
		v.Add("data", "Invalid format")
	} else if len(e.Data) > 0 && string(e.Data) != "null" {
		var obj map[string]any
		if json.Unmarshal(e.Data, &obj) != nil {
			v.Add("data", "Invalid format")
		}
	}
	if !deviceTypes[e.UserDeviceType] {
		v.Add("userDeviceType", "Invalid format")
	}
	if len(e.Mkt) > 255 {
		v.Add("mkt", "Invalid format")
	}
	if len(e.CpncToSent) > 255 {
		v.Add("cpncToSent", "Invalid format")
	}
	return v.Err()
}

// Log stores client events.
type Log struct {
	db       *database.DB
	sessions *session.Manager
}

// NewLog returns a Log on db.
func NewLog(db *database.DB, sessions *session.Manager) *Log {
	return &Log{db: db, sessions: sessions}
}

// Record stores one event for userID (0 for a visitor).
func (l *Log) Record(ctx context.Context, e Event, userID int64, ip string) error {
	if err := e.Validate(); err != nil {
		return err
	}
	data := string(e.Data)
	if data == "" || data == "null" {
		data = "{}"
	}
	var uid any
	if userID > 0 {
		uid = userID
	}
	_, err := l.db.Write.ExecContext(ctx, `INSERT INTO event_log(event, data, user_id, mkt, cpnc, device_type, ip) VALUES (?, json(?), ?, ?, ?, ?, ?)`,
		e.Event, data, uid, e.Mkt, e.CpncToSent, e.UserDeviceType, ip)
	if err != nil {
		return fmt.Errorf("record event %s: %w", e.Event, err)
	}
	return nil
}

// Handler serves POST /api/user/log-event for visitors and players alike.
func (l *Log) Handler() api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var e Event
		if err := api.Decode(w, r, &e); err != nil {
			return err
		}
		var userID int64
		if p, err := l.sessions.FromRequest(r); err != nil {
			return err
		} else if p != nil {
			userID = p.ID
		}
		ip, _, _ := net.SplitHostPort(r.RemoteAddr)
		if err := l.Record(r.Context(), e, userID, ip); err != nil {
			return err
		}
		return api.WriteData(w, map[string]bool{"logged": true})
	}
}
