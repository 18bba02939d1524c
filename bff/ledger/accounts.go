package ledger

import (
	"fmt"
	"strconv"
	"strings"
)

// AccountKind says what an account is for and whether it may go negative.
type AccountKind string

// Account kinds. Player accounts (real, bonus, withdrawal_hold) never go below
// zero; the house, game and provider accounts are counterparties and may.
const (
	AccountReal           AccountKind = "real"            // player:{id}:real — withdrawable money
	AccountBonus          AccountKind = "bonus"           // player:{id}:bonus — bonus money under wagering
	AccountWithdrawalHold AccountKind = "withdrawal_hold" // player:{id}:withdrawal_hold — requested, not yet paid out
	AccountHouse          AccountKind = "house"           // house — the operator
	AccountGame           AccountKind = "game"            // game:{name} — a house account per game provider, if wanted
	AccountProvider       AccountKind = "provider"        // provider:{name} — a payment provider's clearing account
)

// PlayerOnly reports whether the kind belongs to a player and must never go
// negative.
func (k AccountKind) PlayerOnly() bool {
	return k == AccountReal || k == AccountBonus || k == AccountWithdrawalHold
}

// House is the operator's account.
const House = "house"

// PlayerReal is the name of a player's real-money account.
func PlayerReal(playerID int64) string { return playerAccount(playerID, AccountReal) }

// PlayerBonus is the name of a player's bonus-money account.
func PlayerBonus(playerID int64) string { return playerAccount(playerID, AccountBonus) }

// PlayerHold is the name of a player's withdrawal-hold account.
func PlayerHold(playerID int64) string { return playerAccount(playerID, AccountWithdrawalHold) }

func playerAccount(playerID int64, k AccountKind) string {
	return "player:" + strconv.FormatInt(playerID, 10) + ":" + string(k)
}

// Provider is the name of a payment provider's clearing account.
func Provider(name string) string { return "provider:" + name }

// Game is the name of a house game account (for example per game provider).
func Game(name string) string { return "game:" + name }

// account is a parsed account name.
type account struct {
	name     string
	kind     AccountKind
	playerID int64 // 0 unless kind.PlayerOnly()
}

// parseAccount checks an account name against the naming scheme:
// player:{id}:real|bonus|withdrawal_hold, house, provider:{name}, game:{name}
// where name is 1–64 of [a-z0-9_.-].
func parseAccount(name string) (account, error) {
	if name == House {
		return account{name: name, kind: AccountHouse}, nil
	}
	prefix, rest, ok := strings.Cut(name, ":")
	if !ok {
		return account{}, fmt.Errorf("account %q: %w", truncate(name, 80), ErrInvalidTransfer)
	}
	switch prefix {
	case "provider", "game":
		if !ValidLabel(rest) {
			break
		}
		kind := AccountProvider
		if prefix == "game" {
			kind = AccountGame
		}
		return account{name: name, kind: kind}, nil
	case "player":
		idText, kindText, ok := strings.Cut(rest, ":")
		id, err := strconv.ParseInt(idText, 10, 64)
		if !ok || err != nil || id <= 0 || strconv.FormatInt(id, 10) != idText {
			break
		}
		kind := AccountKind(kindText)
		if !kind.PlayerOnly() {
			break
		}
		return account{name: name, kind: kind, playerID: id}, nil
	}
	return account{}, fmt.Errorf("account %q: %w", truncate(name, 80), ErrInvalidTransfer)
}

// ValidLabel reports whether s can name a provider or game account
// (provider:{s}, game:{s}): 1–64 of [a-z0-9_.-].
func ValidLabel(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}
