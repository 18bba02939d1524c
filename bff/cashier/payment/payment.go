// Package payment is the adapter contract between the cashier and a card
// payment processor: the Processor interface, the card form's checks, and
// the signed webhooks a processor sends back. A real processor is added by
// implementing Processor; the sandbox (package cardsandbox) is one.
package payment

import (
	"context"
	"errors"

	"casino/bff/ledger"
)

// Status of a payment at the processor.
type Status string

const (
	StatusSucceeded      Status = "succeeded"       // money captured
	StatusDeclined       Status = "declined"        // refused by the issuer
	StatusPending        Status = "pending"         // the processor decides later (webhook)
	StatusRequiresAction Status = "requires_action" // the player must pass 3-D Secure at ActionURL
	StatusFailed         Status = "failed"          // 3-D Secure failed or processing error
	StatusCancelled      Status = "cancelled"       // the player cancelled or went back
)

// Returns are the casino pages the processor's hosted pages send the
// browser back to, one per outcome. On Authenticated the processor appends
// PaReq and MD to the query.
type Returns struct {
	Authenticated string
	Failed        string
	Cancelled     string
	Returned      string
}

// Request asks the processor to charge a card.
type Request struct {
	Reference string // the casino's deposit id; comes back as MD
	Amount    ledger.Money
	Method    string // the payment method's name (visa, mastercard …)
	Card      Card
	Returns   Returns
}

// Result is the processor's answer.
type Result struct {
	PaymentID   string
	Status      Status
	ActionURL   string // for StatusRequiresAction: the hosted 3-D Secure page
	DeclineCode string // for declines and failures
}

// Processor charges cards. Implementations must be safe for concurrent use.
type Processor interface {
	// Name is the processor's ledger clearing account (provider:{name}) and
	// its webhook path segment.
	Name() string
	// Charge starts a payment.
	Charge(ctx context.Context, r Request) (Result, error)
	// Authenticate completes 3-D Secure with the PaReq the hosted page handed
	// back and captures the payment. Calling it again answers the same.
	Authenticate(ctx context.Context, paymentID, paReq string) (Result, error)
}

// ErrProcessor: the processor could not be reached or answered with an
// error; the payment state is unknown to the casino.
var ErrProcessor = errors.New("payment processor error")

// ErrAuthentication: the PaReq does not belong to the payment or the payment
// was not authenticated.
var ErrAuthentication = errors.New("3-D Secure authentication failed")
