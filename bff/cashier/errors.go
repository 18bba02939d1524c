package cashier

import (
	"net/http"

	"casino/bff/api"
)

// Deposit errors (SPEC section 8). The texts are the cashier front end's
// (frontends/cashier/src/messages.ts), so the API and the page say the same.
var (
	ErrGlobal              = newError(http.StatusUnprocessableEntity, "GLOBAL_ERROR", "The cashier could not open. Verification may be needed.")
	ErrDepositCountryBlock = newError(http.StatusUnprocessableEntity, "DEPOSIT_COUNTRY_BLOCK", "Payment methods are unavailable in your country. If you use a VPN, switch it off.")
	ErrEmailVerification   = newError(http.StatusUnprocessableEntity, "REQUIRED_EMAIL_VERIFICATION", "Please verify your email address first.")
	ErrAccountFrozen       = newError(http.StatusConflict, "ACCOUNT_FROZEN", "Your account is frozen: deposits and bets are paused until the freeze ends.")
	ErrPaymentLimit        = newError(http.StatusUnprocessableEntity, "PAYMENT_LIMIT_THRESHOLD", "You reached your daily deposit limit.")
	ErrTransactionFailed   = newError(http.StatusUnprocessableEntity, "TRANSACTION_FAILED", "The transaction failed.")
	ErrAmountBelowZero     = newError(http.StatusBadRequest, "AMOUNT_BELOW_ZERO", "The amount must be greater than 0")
	ErrUnified             = newError(http.StatusUnprocessableEntity, "UNIFIED_ERROR", "Deposit error")
	// ErrProviderLimit's message is filled with the bounds: "Keep the amount
	// between 10.00 and 5000.00."; fields min and max carry them too.
	ErrProviderLimit = newError(http.StatusBadRequest, "PAYMENT_PROVIDER_LIMIT_THRESHOLD", "Keep the amount between {min} and {max}.")
	ErrProvider      = newError(http.StatusBadGateway, "PROVIDER_ERROR", "There was a problem creating a query to the providers.")
	ErrPhone         = newError(http.StatusBadRequest, "PHONE_ERROR", "Phone number is too short. It must be at least 6 characters long.")
	ErrCurrency      = newError(http.StatusBadRequest, "PAYMENT_SERVICE_ERROR", "The service does not support this currency")
	ErrDeposit       = newError(http.StatusBadRequest, "DEPOSIT_ERROR", "Deposit error")
)

// Withdrawal errors: each refusal of SPEC section 6 has its own code.
var (
	ErrWithdrawNeedsDeposit   = newError(http.StatusUnprocessableEntity, "WITHDRAWAL_NEEDS_DEPOSIT", "Withdrawals need one successful deposit")
	ErrWithdrawEmail          = newError(http.StatusUnprocessableEntity, "WITHDRAWAL_EMAIL_NOT_VERIFIED", "Please verify your email address before withdrawing")
	ErrWithdrawActiveBonus    = newError(http.StatusUnprocessableEntity, "WITHDRAWAL_ACTIVE_BONUS", "Withdrawals are not allowed while a bonus is active")
	ErrWithdrawWagering       = newError(http.StatusUnprocessableEntity, "WITHDRAWAL_WAGERING_INCOMPLETE", "Deposit wagering is not completed")
	ErrWithdrawCalculation    = newError(http.StatusBadRequest, "ERROR_CALCULATING_WITHDRAWAL", "Error calculating withdrawal")
	ErrWithdraw               = newError(http.StatusUnprocessableEntity, "WITHDRAWAL_ERROR", "Withdrawal error")
	ErrWithdrawCancel         = newError(http.StatusUnprocessableEntity, "WITHDRAWAL_CANCEL_FORBIDDEN", "This withdrawal cannot be cancelled")
	ErrWithdrawalDecided      = newError(http.StatusConflict, "WITHDRAWAL_NOT_PENDING", "This withdrawal is no longer pending")
	ErrWebhookSignature       = newError(http.StatusBadRequest, "WEBHOOK_SIGNATURE", "Invalid signature")
	ErrWebhookUnknownProvider = newError(http.StatusNotFound, "NOT_FOUND", "Not found")
)

// WithdrawalSuccess is the message of an accepted withdrawal request.
const WithdrawalSuccess = "Withdrawal success"

// Field messages of the withdrawal forms (SPEC section 5).
const (
	MsgRequired        = "Required"
	MsgInvalidFormat   = "Invalid format"
	MsgBankCode        = "Bank code must be 8 to 15 characters"
	MsgUPI             = "Invalid UPI id"
	MsgCryptoAmount    = "Please enter your withdraw amount"
	MsgCryptoAddress   = "Please enter wallet address"
	MsgCryptoNetwork   = "Please select network"
	MsgInvalidAddress  = "Invalid wallet address"
	MsgInsufficient    = "Insufficient funds"
	MsgMethodNotOffers = "This method is not available"
)

func newError(status int, code, message string) *api.Error {
	return &api.Error{Status: status, Code: code, Message: message}
}
