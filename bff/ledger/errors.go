package ledger

import (
	"net/http"

	"casino/bff/api"
)

// Errors of the ledger. They are *api.Error values, so a handler that returns
// them (wrapped with fmt.Errorf("…: %w", err)) answers with the code and text;
// errors.Is matches them by code.
var (
	// ErrInsufficientFunds: a player's real, bonus or withdrawal-hold balance
	// would go below zero. Stored: a retry with the same key fails the same way.
	ErrInsufficientFunds = newError(http.StatusUnprocessableEntity, "INSUFFICIENT_FUNDS", "Insufficient funds")
	// ErrIdempotencyConflict: the idempotency key was used before for a
	// request with other parameters. Nothing is stored or moved.
	ErrIdempotencyConflict = newError(http.StatusConflict, "IDEMPOTENCY_CONFLICT", "This request was already made with other parameters")
	// ErrAlreadyReversed: the transaction has been rolled back already.
	// Stored, like ErrInsufficientFunds.
	ErrAlreadyReversed = newError(http.StatusConflict, "ALREADY_REVERSED", "The transaction was already rolled back")
	// ErrNotReversible: a failed transaction or a rollback cannot be rolled
	// back. Not stored.
	ErrNotReversible = newError(http.StatusConflict, "NOT_REVERSIBLE", "The transaction cannot be rolled back")
	// ErrTransactionNotFound: no transaction with that id (or key). Not
	// stored, so a rollback that arrives before its bet can be retried.
	ErrTransactionNotFound = newError(http.StatusNotFound, "TRANSACTION_NOT_FOUND", "Transaction does not exist")
	// ErrInvalidTransfer: the request itself is malformed (empty or too long
	// key, unbalanced postings, unknown account name, zero amount). Not stored.
	ErrInvalidTransfer = newError(http.StatusBadRequest, "INVALID_TRANSFER", "Invalid transfer")
)

// storedErrors are the failures that are recorded with the transaction and
// replayed on retry, by code.
var storedErrors = map[string]*api.Error{
	ErrInsufficientFunds.Code: ErrInsufficientFunds,
	ErrAlreadyReversed.Code:   ErrAlreadyReversed,
}

func newError(status int, code, message string) *api.Error {
	return &api.Error{Status: status, Code: code, Message: message}
}
