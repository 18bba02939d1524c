package api

import "net/http"

// The catalogue: every error code the product answers with, and its text,
// as the product specification (section 8) names them. Packages wrap these
// with context (fmt.Errorf("…: %w", api.ErrX)); WriteError finds them.

// HTTP-level and general messages.
var (
	ErrForbidden          = newError(http.StatusForbidden, "FORBIDDEN", "Forbidden")
	ErrNotFound           = newError(http.StatusNotFound, "NOT_FOUND", "Not found")
	ErrInternal           = newError(http.StatusInternalServerError, "INTERNAL_SERVER_ERROR", "Internal server error")
	ErrServiceUnavailable = newError(http.StatusServiceUnavailable, "SERVICE_UNAVAILABLE", "Service Unavailable")
	ErrSomethingWentWrong = newError(http.StatusInternalServerError, "SOMETHING_WENT_WRONG", "Something went wrong")
	ErrValidation         = newError(http.StatusBadRequest, "VALIDATION_ERROR", "Please check fields with errors")
	ErrInvalidFormat      = newError(http.StatusBadRequest, "INVALID_FORMAT", "Invalid format")
	ErrRequired           = newError(http.StatusBadRequest, "REQUIRED", "Required")
	ErrPayloadTooLarge    = newError(http.StatusRequestEntityTooLarge, "PAYLOAD_TOO_LARGE", "Request body is too large")
	ErrTooManyRequests    = newError(http.StatusTooManyRequests, "TOO_MANY_REQUESTS", "Try again later")
	ErrMethodNotAllowed   = newError(http.StatusMethodNotAllowed, "METHOD_NOT_ALLOWED", "Method not allowed")
	ErrUnknownLanguage    = newError(http.StatusNotFound, "UNKNOWN_LANGUAGE", "Not found")
)
