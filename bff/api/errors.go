package api

import (
	"fmt"
	"maps"
)

// Error is an error the client may see: an HTTP status, a stable code, the
// exact message of the product specification and optional per-field messages.
type Error struct {
	Status  int               `json:"-"`
	Code    string            `json:"code"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
}

func (e *Error) Error() string {
	if len(e.Fields) == 0 {
		return fmt.Sprintf("%s: %s", e.Code, e.Message)
	}
	return fmt.Sprintf("%s: %s %v", e.Code, e.Message, e.Fields)
}

// Is makes errors.Is match on the code, so a copy made by WithField or
// WithMessage still matches the catalogue entry it came from.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// WithField returns a copy of e with one more field message.
func (e *Error) WithField(field, message string) *Error {
	c := *e
	c.Fields = maps.Clone(e.Fields)
	if c.Fields == nil {
		c.Fields = map[string]string{}
	}
	c.Fields[field] = message
	return &c
}

// WithFields returns a copy of e carrying the given field messages.
func (e *Error) WithFields(fields map[string]string) *Error {
	c := *e
	c.Fields = maps.Clone(fields)
	return &c
}

// WithMessage returns a copy of e with a message filled in for this case, for
// example PAYMENT_PROVIDER_LIMIT_THRESHOLD with its {min} and {max}.
func (e *Error) WithMessage(format string, args ...any) *Error {
	c := *e
	c.Message = fmt.Sprintf(format, args...)
	return &c
}

func newError(status int, code, message string) *Error {
	return &Error{Status: status, Code: code, Message: message}
}

// Validation collects field errors; Err returns nil when there are none.
type Validation map[string]string

// Add records the first message for a field.
func (v Validation) Add(field, message string) {
	if _, ok := v[field]; !ok {
		v[field] = message
	}
}

// Err is ErrValidation with the collected fields, or nil.
func (v Validation) Err() error {
	if len(v) == 0 {
		return nil
	}
	return ErrValidation.WithFields(v)
}
