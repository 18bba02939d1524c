package rewards

import (
	"context"

	"casino/bff/chat"
	"casino/bff/ledger"
)

// The toast feed of claims (SPEC section 2, "Rakeback modal and a toast
// feed"): every paid claim goes out on a public realtime topic, with the
// player's public name (as in the chat: nickname, first name and initial,
// or "Player 12"; a player in ghost mode stays anonymous).
const (
	FeedTopic = "rewards:claims"
	FeedEvent = "claim"
)

// FeedClaim is one line of the feed.
type FeedClaim struct {
	Name         string `json:"name"`
	Amount       string `json:"amount"` // decimal
	CurrencyCode string `json:"currencyCode"`
	Day          string `json:"day"`
	PaidAt       string `json:"paidAt"`
}

// announce tells Claimed (when set) about a paid claim.
func (s *Service) announce(ctx context.Context, p player, amount int64, day, paidAt string) {
	if s.Claimed == nil {
		return
	}
	var ghost bool
	var nick, first, last string
	err := s.db.Read.QueryRowContext(ctx, `SELECT COALESCE((SELECT ghost FROM player_social WHERE player_id = u.id), 0), u.nickname, u.first_name, u.last_name
		FROM users u WHERE u.id = ?`, p.id).Scan(&ghost, &nick, &first, &last)
	if err != nil {
		ghost = true // never show a name we could not check
	}
	s.Claimed(FeedClaim{Name: chat.PublicName(p.id, ghost, nick, first, last), Amount: ledger.FromMinor(amount, p.currency).Decimal(),
		CurrencyCode: p.currency.Code, Day: day, PaidAt: paidAt})
}
