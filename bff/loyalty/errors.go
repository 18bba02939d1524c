package loyalty

import (
	"errors"
	"net/http"

	"casino/bff/api"
)

var (
	// ErrInvalidLevel: an operator's level with no name, a negative
	// threshold or a percentage outside 0–100 % (level 0 starts at 0 points).
	ErrInvalidLevel = errors.New("loyalty: invalid level")
	// ErrInvalidRate: a rate that is not a whole number of minor units > 0.
	ErrInvalidRate = errors.New("loyalty: invalid rate")
	// ErrNotFound: no such player.
	ErrNotFound = &api.Error{Status: http.StatusNotFound, Code: "NOT_FOUND", Message: "Not found"}
)
