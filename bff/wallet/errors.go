package wallet

import (
	"net/http"

	"casino/bff/api"
	"casino/bff/ledger"
)

// Errors of the provider API and of the player-policy check (SPEC section 8
// names the bet-limit codes). They are *api.Error values: errors.Is matches
// them by code, on the server and in the Client alike.
var (
	ErrInvalidSignature      = newError(http.StatusUnauthorized, "INVALID_SIGNATURE", "Invalid signature")
	ErrDuplicateTransaction  = newError(http.StatusConflict, "DUPLICATE_TRANSACTION", "Transaction id was already used with other parameters")
	ErrTransactionRolledBack = newError(http.StatusConflict, "TRANSACTION_ROLLED_BACK", "The transaction was rolled back")
	ErrRoundNotFound         = newError(http.StatusNotFound, "ROUND_NOT_FOUND", "Round not found")
	ErrRoundClosed           = newError(http.StatusConflict, "ROUND_CLOSED", "The round is already settled")
	ErrPlayerNotFound        = newError(http.StatusNotFound, "PLAYER_NOT_FOUND", "Player not found")
	ErrGameNotFound          = newError(http.StatusNotFound, "GAME_NOT_FOUND", "GAME NOT FOUND")
	ErrCurrencyMismatch      = newError(http.StatusUnprocessableEntity, "CURRENCY_MISMATCH", "The service does not support this currency")
	// ErrInsufficientFunds is the ledger's refusal, re-exported for providers.
	ErrInsufficientFunds = ledger.ErrInsufficientFunds

	// Policy refusals are 422, not 403: a browser client treats 403 as "session
	// gone" (SPEC section 8) and the studio hands these to the player as they are.
	ErrAccountFrozen                = newError(http.StatusUnprocessableEntity, "ACCOUNT_FROZEN", "Your account is frozen")
	ErrSelfExcluded                 = newError(http.StatusUnprocessableEntity, "SELF_EXCLUDED", "You are self-excluded")
	ErrMinBetLimit                  = newError(http.StatusUnprocessableEntity, "MIN_BET_LIMIT", "The bet is below the game's minimum bet")
	ErrMaxBetLimit                  = newError(http.StatusUnprocessableEntity, "MAX_BET_LIMIT", "The bet is above the game's maximum bet")
	ErrBonusBetLimit                = newError(http.StatusUnprocessableEntity, "BONUS_BET_LIMIT", "The bet is above the bonus bet limit")
	ErrMaxBetLimitReached           = newError(http.StatusUnprocessableEntity, "MAX_BET_LIMIT_REACHED", "Maximum bet limit reached")
	ErrBonusBuyConfirmationRequired = newError(http.StatusUnprocessableEntity, "BONUS_BUY_CONFIRMATION_REQUIRED", "Please confirm the bonus buy")
	ErrGameNotEligibleWithBonus     = newError(http.StatusUnprocessableEntity, "GAME_NOT_ELIGIBLE_WITH_BONUS", "Game not eligible while a bonus is active")
	ErrBetLimitChangeLocked         = newError(http.StatusTooManyRequests, "BET_LIMIT_CHANGE_LOCKED", "The bet limit can be changed once per hour")
)

// storedErrors are refusals kept with the transaction and answered again on
// a retry with the same transaction id.
var storedErrors = map[string]*api.Error{}

func init() {
	for _, e := range []*api.Error{ErrAccountFrozen, ErrSelfExcluded, ErrMinBetLimit, ErrMaxBetLimit, ErrBonusBetLimit,
		ErrMaxBetLimitReached, ErrBonusBuyConfirmationRequired, ErrGameNotEligibleWithBonus, ErrInsufficientFunds, ErrTransactionRolledBack} {
		storedErrors[e.Code] = e
	}
}

func newError(status int, code, message string) *api.Error {
	return &api.Error{Status: status, Code: code, Message: message}
}
