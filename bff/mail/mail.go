// Package mail sends the casino's e-mails. Every message is first written to
// the outbox table (so nothing is lost when the relay is down and tests and
// the demo can read what was sent); when SMTP is configured, it is then
// delivered through the relay, marked sent and its body dropped. A password
// is never written to the outbox at all (Message.OutboxText).
package mail

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"time"

	gomail "github.com/wneessen/go-mail"

	"casino/bff/database"
)

// Message is one e-mail.
type Message struct {
	To      string
	Subject string
	Text    string
	HTML    string
	Kind    string // verify-email, credentials, …
	// Lang is the language of the message ("de"): its Content-Language.
	Lang string
	// OutboxText, when set, is what the outbox keeps instead of Text: a
	// message carrying a secret (a password) is delivered whole but never
	// stored (the database and its replicas would keep it for ever).
	OutboxText string
}

// SMTPConfig configures the relay (CASINO_SMTP_* variables).
type SMTPConfig struct {
	Host     string
	Port     int
	Username string
	Password string
	From     string
	// TLS: "starttls" (default, required), "tls" (implicit) or "none" (local relays only).
	TLS string
}

// Sender queues and delivers messages.
type Sender struct {
	db   *database.DB
	smtp *SMTPConfig
	from string
}

// NewSender returns a Sender; smtp nil keeps messages in the outbox only
// (development and demo: see them at /dev/mailbox).
func NewSender(db *database.DB, smtp *SMTPConfig, from string) *Sender {
	if smtp != nil && smtp.From != "" {
		from = smtp.From
	}
	return &Sender{db: db, smtp: smtp, from: from}
}

// ErrNotSent means the message could not be queued or delivered.
var ErrNotSent = errors.New("mail not sent")

// Send records msg in the outbox and delivers it when a relay is configured.
func (s *Sender) Send(ctx context.Context, msg Message) error {
	if _, err := mail.ParseAddress(msg.To); err != nil {
		return fmt.Errorf("%w: bad recipient: %v", ErrNotSent, err)
	}
	stored, html := msg.Text, msg.HTML
	if msg.OutboxText != "" {
		stored, html = msg.OutboxText, ""
	}
	res, err := s.db.Write.ExecContext(ctx, `INSERT INTO mail_outbox(recipient, sender, subject, body_text, body_html, kind) VALUES (?, ?, ?, ?, ?, ?)`,
		msg.To, s.from, msg.Subject, stored, html, msg.Kind)
	if err != nil {
		return fmt.Errorf("%w: queue: %v", ErrNotSent, err)
	}
	if s.smtp == nil {
		return nil
	}
	id, _ := res.LastInsertId()
	if err := s.deliver(ctx, msg); err != nil {
		s.db.Write.ExecContext(ctx, `UPDATE mail_outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?`, err.Error(), id)
		return fmt.Errorf("%w: %v", ErrNotSent, err)
	}
	// Once the relay has it, the body (verification links are bearer
	// secrets) is of no further use here: recipient, subject and kind stay
	// as the record of what was sent.
	_, err = s.db.Write.ExecContext(ctx, `UPDATE mail_outbox SET attempts = attempts + 1, sent_at = strftime('%Y-%m-%dT%H:%M:%fZ','now'),
		body_text = '', body_html = '' WHERE id = ?`, id)
	return err
}

func (s *Sender) deliver(ctx context.Context, msg Message) error {
	m := gomail.NewMsg()
	if err := m.From(s.from); err != nil {
		return err
	}
	if err := m.To(msg.To); err != nil {
		return err
	}
	m.Subject(msg.Subject)
	if msg.Lang != "" {
		m.SetGenHeader(gomail.HeaderContentLang, msg.Lang)
	}
	m.SetBodyString(gomail.TypeTextPlain, msg.Text)
	if msg.HTML != "" {
		m.AddAlternativeString(gomail.TypeTextHTML, msg.HTML)
	}
	opts := []gomail.Option{gomail.WithPort(s.smtp.Port), gomail.WithTimeout(10 * time.Second)}
	switch s.smtp.TLS {
	case "tls":
		opts = append(opts, gomail.WithSSL())
	case "none":
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if s.smtp.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain), gomail.WithUsername(s.smtp.Username), gomail.WithPassword(s.smtp.Password))
	}
	client, err := gomail.NewClient(s.smtp.Host, opts...)
	if err != nil {
		return err
	}
	return client.DialAndSendWithContext(ctx, m)
}

// Stored is an outbox entry.
type Stored struct {
	ID        int64  `json:"id"`
	To        string `json:"to"`
	Subject   string `json:"subject"`
	Text      string `json:"text"`
	HTML      string `json:"html"`
	Kind      string `json:"kind"`
	CreatedAt string `json:"createdAt"`
	SentAt    string `json:"sentAt"`
}

// Recent lists the newest outbox messages, optionally for one recipient.
func (s *Sender) Recent(ctx context.Context, to string, limit int) ([]Stored, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT id, recipient, subject, body_text, body_html, kind, created_at, COALESCE(sent_at, '')
		FROM mail_outbox WHERE (? = '' OR recipient = ?) ORDER BY id DESC LIMIT ?`, to, to, limit)
	if err != nil {
		return nil, fmt.Errorf("read outbox: %w", err)
	}
	defer rows.Close()
	var out []Stored
	for rows.Next() {
		var m Stored
		if err := rows.Scan(&m.ID, &m.To, &m.Subject, &m.Text, &m.HTML, &m.Kind, &m.CreatedAt, &m.SentAt); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}
