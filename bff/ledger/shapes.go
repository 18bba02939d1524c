package ledger

import (
	"context"
	"fmt"
)

// The common shapes of money movement. Each is one Post of a balanced
// transfer; amounts must be positive (for Bet and Win one of the two parts
// may be zero). The idempotency key should name the external event, for
// example "deposit:{provider}:{provider reference}".

// Deposit credits a confirmed deposit: provider clearing → player real.
func (l *Ledger) Deposit(ctx context.Context, key string, playerID int64, provider string, amount Money, meta map[string]string) (Transaction, error) {
	return l.move(ctx, key, KindDeposit, Provider(provider), PlayerReal(playerID), amount, meta)
}

// WithdrawRequest puts a requested withdrawal on hold: player real → player
// hold. It fails with ErrInsufficientFunds when the real balance is short.
func (l *Ledger) WithdrawRequest(ctx context.Context, key string, playerID int64, amount Money, meta map[string]string) (Transaction, error) {
	return l.move(ctx, key, KindWithdrawRequest, PlayerReal(playerID), PlayerHold(playerID), amount, meta)
}

// WithdrawSettle pays a held withdrawal out: player hold → provider clearing.
func (l *Ledger) WithdrawSettle(ctx context.Context, key string, playerID int64, provider string, amount Money, meta map[string]string) (Transaction, error) {
	return l.move(ctx, key, KindWithdrawSettle, PlayerHold(playerID), Provider(provider), amount, meta)
}

// WithdrawCancel returns a held withdrawal (cancelled by the player or
// rejected by the operator): player hold → player real.
func (l *Ledger) WithdrawCancel(ctx context.Context, key string, playerID int64, amount Money, meta map[string]string) (Transaction, error) {
	return l.move(ctx, key, KindWithdrawCancel, PlayerHold(playerID), PlayerReal(playerID), amount, meta)
}

// BonusGrant credits bonus money: house → player bonus.
func (l *Ledger) BonusGrant(ctx context.Context, key string, playerID int64, amount Money, meta map[string]string) (Transaction, error) {
	return l.move(ctx, key, KindBonusGrant, House, PlayerBonus(playerID), amount, meta)
}

// BonusConvert turns wagered bonus money into real money: player bonus →
// player real.
func (l *Ledger) BonusConvert(ctx context.Context, key string, playerID int64, amount Money, meta map[string]string) (Transaction, error) {
	return l.move(ctx, key, KindBonusConvert, PlayerBonus(playerID), PlayerReal(playerID), amount, meta)
}

// BonusForfeit takes back bonus money (cancelled or expired bonus): player
// bonus → house.
func (l *Ledger) BonusForfeit(ctx context.Context, key string, playerID int64, amount Money, meta map[string]string) (Transaction, error) {
	return l.move(ctx, key, KindBonusForfeit, PlayerBonus(playerID), House, amount, meta)
}

// Bet debits a stake: player real and/or bonus → house. Either part may be
// zero, not both; both must be in the same currency.
func (l *Ledger) Bet(ctx context.Context, key string, playerID int64, real, bonus Money, meta map[string]string) (Transaction, error) {
	return l.split(ctx, key, KindBet, playerID, real, bonus, -1, meta)
}

// Win credits a win: house → player real and/or bonus (winnings from bonus
// money under wagering go to bonus). Either part may be zero, not both. A
// zero win (a lost round) moves nothing and must not be posted.
func (l *Ledger) Win(ctx context.Context, key string, playerID int64, real, bonus Money, meta map[string]string) (Transaction, error) {
	return l.split(ctx, key, KindWin, playerID, real, bonus, +1, meta)
}

// Reverse rolls back transaction id exactly (its postings negated), once:
// a second rollback of the same transaction, under any key, fails with
// ErrAlreadyReversed. A rollback that would leave a player's balance below
// zero fails with ErrInsufficientFunds. Both failures are stored under key.
// A rollback of an unknown transaction fails with ErrTransactionNotFound and
// is not stored, so it can be retried once the transaction exists.
func (l *Ledger) Reverse(ctx context.Context, key string, id int64, meta map[string]string) (Transaction, error) {
	return l.Post(ctx, Transfer{IdempotencyKey: key, Kind: KindRollback, Reverses: id, Metadata: meta})
}

// move posts amount from one account to another.
func (l *Ledger) move(ctx context.Context, key string, kind Kind, from, to string, amount Money, meta map[string]string) (Transaction, error) {
	if amount.Sign() <= 0 {
		return Transaction{}, fmt.Errorf("ledger: %s of %s: amount must be positive: %w", kind, amount, ErrInvalidTransfer)
	}
	return l.Post(ctx, Transfer{
		IdempotencyKey: key,
		Kind:           kind,
		Postings:       []Posting{{Account: from, Amount: amount.Neg()}, {Account: to, Amount: amount}},
		Metadata:       meta,
	})
}

// split posts a bet (sign -1: from the player) or a win (sign +1: to the
// player) made of a real and a bonus part, against the house.
func (l *Ledger) split(ctx context.Context, key string, kind Kind, playerID int64, real, bonus Money, sign int64, meta map[string]string) (Transaction, error) {
	if real.Sign() < 0 || bonus.Sign() < 0 || (real.IsZero() && bonus.IsZero()) {
		return Transaction{}, fmt.Errorf("ledger: %s of %s + %s bonus: amounts must be positive: %w", kind, real, bonus, ErrInvalidTransfer)
	}
	cur := real.Currency()
	if real.IsZero() {
		cur = bonus.Currency()
	}
	if (!real.IsZero() && real.Currency() != cur) || (!bonus.IsZero() && bonus.Currency() != cur) {
		return Transaction{}, fmt.Errorf("ledger: %s of %s + %s bonus: %w", kind, real, bonus, ErrCurrencyMismatch)
	}
	total, ok := addInt64(real.Minor(), bonus.Minor())
	if !ok {
		return Transaction{}, fmt.Errorf("ledger: %s: %w", kind, ErrAmountOverflow)
	}
	var postings []Posting
	if !real.IsZero() {
		postings = append(postings, Posting{Account: PlayerReal(playerID), Amount: FromMinor(sign*real.Minor(), cur)})
	}
	if !bonus.IsZero() {
		postings = append(postings, Posting{Account: PlayerBonus(playerID), Amount: FromMinor(sign*bonus.Minor(), cur)})
	}
	postings = append(postings, Posting{Account: House, Amount: FromMinor(-sign*total, cur)})
	return l.Post(ctx, Transfer{IdempotencyKey: key, Kind: kind, Postings: postings, Metadata: meta})
}
