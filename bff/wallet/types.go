package wallet

import (
	"encoding/json"

	"casino/bff/api"
)

// API paths, under one prefix of their own.
const (
	PathPrefix   = "/api/wallet/v1/"
	PathBalance  = PathPrefix + "balance"
	PathDebit    = PathPrefix + "debit"
	PathCredit   = PathPrefix + "credit"
	PathRollback = PathPrefix + "rollback"
	PathRoundEnd = PathPrefix + "round-end"
)

// BalanceRequest is the body of POST balance.
type BalanceRequest struct {
	PlayerID string `json:"playerId"`
	Currency string `json:"currency"`
	GameID   string `json:"gameId,omitempty"`
}

// Balance answers balance.
type Balance struct {
	Balance      string `json:"balance"` // what the player may stake now
	RealBalance  string `json:"realBalance"`
	BonusBalance string `json:"bonusBalance"`
	Currency     string `json:"currency"`
}

// MoneyRequest is the body of debit and credit.
type MoneyRequest struct {
	TransactionID string `json:"transactionId"`
	RoundID       string `json:"roundId"`
	PlayerID      string `json:"playerId"`
	GameID        string `json:"gameId"`
	Currency      string `json:"currency"`
	Amount        string `json:"amount"`
	BonusBuy      bool   `json:"bonusBuy,omitempty"`
	CloseRound    bool   `json:"closeRound,omitempty"`
	// FreeRound marks the debit of a free spin a bonus granted (docs/
	// wallet.md "Free rounds"): nothing is debited, one of the player's free
	// spins on the game at that amount is used; the round's win goes to the
	// bonus balance.
	FreeRound bool            `json:"freeRound,omitempty"`
	Outcome   json.RawMessage `json:"outcome,omitempty"`
}

// RollbackRequest is the body of rollback.
type RollbackRequest struct {
	TransactionID         string `json:"transactionId"`
	RollbackTransactionID string `json:"rollbackTransactionId"`
	RoundID               string `json:"roundId"`
	PlayerID              string `json:"playerId"`
	GameID                string `json:"gameId"`
}

// EndRoundRequest is the body of round-end.
type EndRoundRequest struct {
	RoundID  string          `json:"roundId"`
	PlayerID string          `json:"playerId"`
	GameID   string          `json:"gameId"`
	Outcome  json.RawMessage `json:"outcome,omitempty"`
}

// Rollback statuses (Result.Status); money calls answer StatusOK.
const (
	StatusOK                = "ok"
	StatusRolledBack        = "rolled_back"
	StatusNotFound          = "not_found"
	StatusAlreadyRolledBack = "already_rolled_back"
	StatusNothingMoved      = "nothing_moved"
)

// Result answers debit, credit and rollback.
type Result struct {
	TransactionID       string `json:"transactionId"`
	WalletTransactionID int64  `json:"walletTransactionId"`
	RoundID             string `json:"roundId"`
	Currency            string `json:"currency"`
	Amount              string `json:"amount"`
	RealAmount          string `json:"realAmount"`
	BonusAmount         string `json:"bonusAmount"`
	Balance             string `json:"balance"`
	RealBalance         string `json:"realBalance"`
	BonusBalance        string `json:"bonusBalance"`
	BalanceBefore       string `json:"balanceBefore"`
	Replayed            bool   `json:"replayed"`
	Status              string `json:"status"`

	failure *api.Error // a stored refusal (server side only)
}

// Round is a stored game round (game recall).
type Round struct {
	ID            int64           `json:"id"`
	Provider      string          `json:"provider"`
	RoundID       string          `json:"roundId"`
	PlayerID      int64           `json:"playerId"`
	GameID        string          `json:"gameId"`
	Currency      string          `json:"currency"`
	Bet           string          `json:"bet"`
	Win           string          `json:"win"`
	BalanceBefore string          `json:"balanceBefore"`
	BalanceAfter  string          `json:"balanceAfter"`
	Outcome       json.RawMessage `json:"outcome"`
	Status        string          `json:"status"` // open, closed
	StartedAt     string          `json:"startedAt"`
	EndedAt       string          `json:"endedAt,omitempty"`
}
