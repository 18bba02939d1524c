package mail

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"casino/bff/database"
)

// An in-process SMTP relay records what it receives.
type relay struct {
	mu   sync.Mutex
	msgs []string
	fail bool
}

func (r *relay) NewSession(*smtp.Conn) (smtp.Session, error) { return &relaySession{r: r}, nil }

type relaySession struct{ r *relay }

func (s *relaySession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *relaySession) Rcpt(string, *smtp.RcptOptions) error {
	if s.r.fail {
		return &smtp.SMTPError{Code: 550, Message: "mailbox unavailable"}
	}
	return nil
}
func (s *relaySession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	s.r.mu.Lock()
	s.r.msgs = append(s.r.msgs, string(b))
	s.r.mu.Unlock()
	return err
}
func (s *relaySession) Reset()        {}
func (s *relaySession) Logout() error { return nil }

func startRelay(t *testing.T) (*relay, int) {
	t.Helper()
	r := &relay{}
	srv := smtp.NewServer(r)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout, srv.WriteTimeout = 5*time.Second, 5*time.Second
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return r, ln.Addr().(*net.TCPAddr).Port
}

func openDB(t *testing.T) *database.DB {
	db, err := database.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestDeliversThroughSMTPAndKeepsOutbox(t *testing.T) {
	r, port := startRelay(t)
	db := openDB(t)
	s := NewSender(db, &SMTPConfig{Host: "127.0.0.1", Port: port, TLS: "none", From: "no-reply@aurum.example"}, "")
	ctx := context.Background()
	if err := s.Send(ctx, Message{To: "ann@example.com", Subject: "Hello", Text: "Body text", Kind: "test"}); err != nil {
		t.Fatal(err)
	}
	if len(r.msgs) != 1 || !strings.Contains(r.msgs[0], "Subject: Hello") || !strings.Contains(r.msgs[0], "Body text") {
		t.Fatalf("relay got %q", r.msgs)
	}
	list, _ := s.Recent(ctx, "ann@example.com", 10)
	if len(list) != 1 || list[0].SentAt == "" {
		t.Fatalf("outbox = %+v", list)
	}
	// Once relayed, the body (a verification link is a bearer secret) is dropped.
	if list[0].Text != "" || list[0].HTML != "" || list[0].Subject != "Hello" || list[0].Kind != "test" {
		t.Fatalf("sent message still kept its body: %+v", list[0])
	}
}

// A password is delivered but never stored: not before delivery, not after a
// failed one, not without a relay (issue 18, item 9).
func TestPasswordNeverStored(t *testing.T) {
	r, port := startRelay(t)
	ctx := context.Background()
	msg := Message{To: "ann@example.com", Subject: "Login", Text: "Password: hunter2-secret", OutboxText: "Password: (not stored)", Kind: "credentials"}
	relayed := NewSender(openDB(t), &SMTPConfig{Host: "127.0.0.1", Port: port, TLS: "none"}, "no-reply@aurum.example")
	if err := relayed.Send(ctx, msg); err != nil {
		t.Fatal(err)
	}
	if len(r.msgs) != 1 || !strings.Contains(r.msgs[0], "hunter2-secret") {
		t.Fatalf("the relay did not get the password: %q", r.msgs)
	}
	r.fail = true
	failing := NewSender(openDB(t), &SMTPConfig{Host: "127.0.0.1", Port: port, TLS: "none"}, "no-reply@aurum.example")
	failing.Send(ctx, msg)
	outboxOnly := NewSender(openDB(t), nil, "no-reply@aurum.example")
	if err := outboxOnly.Send(ctx, msg); err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]*Sender{"relayed": relayed, "relay down": failing, "no relay": outboxOnly} {
		var n int
		s.db.Read.QueryRow(`SELECT COUNT(*) FROM mail_outbox WHERE body_text LIKE '%hunter2%' OR body_html LIKE '%hunter2%'`).Scan(&n)
		if n != 0 {
			t.Errorf("%s: the outbox holds the password", name)
		}
	}
}

func TestRelayFailureIsReportedAndKept(t *testing.T) {
	r, port := startRelay(t)
	r.fail = true
	db := openDB(t)
	s := NewSender(db, &SMTPConfig{Host: "127.0.0.1", Port: port, TLS: "none"}, "no-reply@aurum.example")
	err := s.Send(context.Background(), Message{To: "ann@example.com", Subject: "x", Text: "y"})
	if !errors.Is(err, ErrNotSent) {
		t.Fatalf("err = %v, want ErrNotSent", err)
	}
	var attempts int
	var lastErr string
	db.Read.QueryRow(`SELECT attempts, last_error FROM mail_outbox`).Scan(&attempts, &lastErr)
	if attempts != 1 || lastErr == "" {
		t.Fatalf("outbox attempts=%d last_error=%q", attempts, lastErr)
	}
}

func TestOutboxOnlyWithoutSMTP(t *testing.T) {
	s := NewSender(openDB(t), nil, "no-reply@aurum.example")
	if err := s.Send(context.Background(), Message{To: "not an address", Subject: "x"}); !errors.Is(err, ErrNotSent) {
		t.Fatalf("bad recipient: %v", err)
	}
	if err := s.Send(context.Background(), Message{To: "bob@example.com", Subject: "x", Text: "y"}); err != nil {
		t.Fatal(err)
	}
	list, _ := s.Recent(context.Background(), "", 10)
	if len(list) != 1 || list[0].SentAt != "" {
		t.Fatalf("outbox = %+v", list)
	}
}
