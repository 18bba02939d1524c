package cashier

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"casino/bff/api"
	"casino/bff/cashier/payment"
	"casino/bff/ledger"
)

// HandleWebhook processes a processor's signed event (POST
// /webhooks/cashier/{processor}): the signature and its time window are
// checked, an event id is processed once, and the event moves the deposit
// it names. An error asks the processor to retry later; retries are safe.
func (s *Service) HandleWebhook(ctx context.Context, processor, signature string, body []byte) error {
	secret, ok := s.secrets[processor]
	if !ok {
		return fmt.Errorf("webhook for unknown processor %q: %w", processor, ErrWebhookUnknownProvider)
	}
	if err := payment.Verify(secret, signature, body, s.now()); err != nil {
		return fmt.Errorf("webhook from %s: %v: %w", processor, err, ErrWebhookSignature)
	}
	var ev payment.Event
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" || ev.Reference == "" {
		return fmt.Errorf("webhook from %s: malformed event: %w", processor, api.ErrInvalidFormat)
	}
	var seen int
	if err := s.db.Write.QueryRowContext(ctx, `SELECT COUNT(*) FROM cashier_webhook_events WHERE processor = ? AND event_id = ?`, processor, ev.ID).Scan(&seen); err != nil {
		return err
	}
	if seen > 0 {
		return nil // a replay: processed before, nothing moves
	}
	d, err := s.depositByID(ctx, s.db.Write, ev.Reference)
	if err != nil {
		return err
	}
	if d.processor != processor {
		return fmt.Errorf("webhook from %s about a %s deposit: %w", processor, d.processor, api.ErrNotFound)
	}
	// The event must describe the deposit as the casino recorded it: a
	// capture of another amount is an incident, not a credit.
	if cur, err := ledger.LookupCurrency(ev.Currency); err != nil || cur.Code != d.CurrencyCode {
		return fmt.Errorf("webhook %s: currency %q for a %s deposit: %w", ev.ID, ev.Currency, d.CurrencyCode, api.ErrInvalidFormat)
	} else if amt, err := ledger.Parse(ev.Amount, cur); err != nil || amt.Minor() != d.minor {
		return fmt.Errorf("webhook %s: amount %q for a deposit of %s: %w", ev.ID, ev.Amount, d.Amount, api.ErrInvalidFormat)
	}
	switch ev.Type {
	case payment.EventSucceeded:
		_, err = s.confirm(ctx, d.DepositID, processor, ev.PaymentID)
	case payment.EventDeclined:
		_, err = s.finish(ctx, d.DepositID, DepositRejected, ev.PaymentID, ev.DeclineCode)
	case payment.EventFailed:
		_, err = s.finish(ctx, d.DepositID, DepositFailed, ev.PaymentID, ev.DeclineCode)
	case payment.EventCancelled:
		_, err = s.finish(ctx, d.DepositID, DepositCancelled, ev.PaymentID, "")
	default:
		slog.Info("webhook: event type ignored", "processor", processor, "type", ev.Type, "event", ev.ID)
	}
	if err != nil {
		return err
	}
	_, err = s.db.Write.ExecContext(ctx, `INSERT INTO cashier_webhook_events(processor, event_id, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
		processor, ev.ID, s.stamp())
	return err
}
