package bonus

import (
	"net/http"

	"casino/bff/api"
)

// Refusals of a bonus (SPEC section 8, "Bonus activation"). SPEC names the
// codes without texts; the texts here are the ones the cashier and the
// profile pages show. Business refusals answer 422, never 403 (the platform
// client ends the session on 403, SPEC section 7).
var (
	ErrActiveBonus    = newError(http.StatusUnprocessableEntity, "ACTIVE_BONUS", "Only one bonus can be active at a time")
	ErrDepositsNumber = newError(http.StatusUnprocessableEntity, "DEPOSITS_NUMBER", "This bonus is only for your first deposit")
	// ErrDepositsNumber2 is DEPOSITS_NUMBER's counterpart for a bonus of a
	// later deposit (depositsNumber ≥ 2): "This bonus is for your 2nd
	// deposit; this would be your 4th" (fields.depositsNumber, fields.deposit).
	ErrDepositsNumber2 = newError(http.StatusUnprocessableEntity, "DEPOSITS_NUMBER2", "This bonus is for another deposit number")
	// ErrBonusFraud: the account shares a device, a card or an address with
	// name and birth date with another account (fraud.go): no no-deposit or
	// free-spins bonus.
	ErrBonusFraud = newError(http.StatusUnprocessableEntity, "BONUS_FRAUD", "Bonuses without a deposit and free spins are not available for this account")
	ErrStartTime  = newError(http.StatusUnprocessableEntity, "START_TIME_ERROR", "This bonus has not started yet")
	ErrEndTime    = newError(http.StatusUnprocessableEntity, "END_TIME_ERROR", "This bonus has ended")
	// ErrMinDeposit's message is filled with the bonus's minimum ("Minimum
	// deposit for the bonus: 20.00 EUR", the cashier page's own text);
	// fields.min carries it. SPEC section 5 asks for the minimum per bonus
	// but section 8 names no code for it, so it has its own.
	ErrMinDeposit = newError(http.StatusUnprocessableEntity, "BONUS_MIN_DEPOSIT", "Minimum deposit for the bonus: {amount}")
	// ErrNotAvailable: unknown, inactive, not a deposit bonus, or not offered
	// in the player's currency or country.
	ErrNotAvailable = newError(http.StatusUnprocessableEntity, "BONUS_NOT_AVAILABLE", "This bonus is not available")
	ErrNotActive    = newError(http.StatusConflict, "BONUS_NOT_ACTIVE", "This bonus is no longer active")
	ErrNotFound     = newError(http.StatusNotFound, "NOT_FOUND", "Not found")
)

func newError(status int, code, message string) *api.Error {
	return &api.Error{Status: status, Code: code, Message: message}
}
