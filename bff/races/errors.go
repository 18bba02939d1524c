package races

import (
	"errors"
	"net/http"

	"casino/bff/api"
)

var (
	// ErrInvalidRace: an operator's race without an id (a-z, 0-9, -), a
	// name, a metric (stakes, multiplier), an end after its start, or with a
	// prize that is not positive.
	ErrInvalidRace = errors.New("races: invalid race")
	ErrRaceExists  = errors.New("races: a race with that id exists")
	ErrNotFound    = &api.Error{Status: http.StatusNotFound, Code: "NOT_FOUND", Message: "Not found"}
)
