package rewards

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"casino/bff/ledger"
)

// Claimed is the answer of a paid claim (SPEC section 7: amount, bonusId).
type Claimed struct {
	Amount  string `json:"amount"` // minor units of the player's currency
	BonusID *int64 `json:"bonusId"`
	PaidAt  string `json:"paidAt"`
}

// ClaimKey is the ledger idempotency key of a player's claim for a day: two
// tabs, a double click or a retried request can only ever pay it once.
func ClaimKey(userID int64, day string) string {
	return "rakeback:" + strconv.FormatInt(userID, 10) + ":" + day
}

// Claim pays the rakeback of claimDate (today or yesterday in the player's
// calendar zone) to the player's real balance. customerDate is the date the
// player's device shows: it must be today or yesterday too (a device clock
// a day or more off is refused rather than trusted), and the server's own
// date always decides which day may be claimed.
func (s *Service) Claim(ctx context.Context, userID int64, zone, claimDate, customerDate string) (Claimed, error) {
	p, err := s.load(ctx, userID, zone)
	if err != nil {
		return Claimed{}, err
	}
	if err := p.allowed(); err != nil {
		return Claimed{}, err
	}
	now := s.now().Now()
	t := today(now, p.zone)
	y := now.In(p.zone).AddDate(0, 0, -1).Format(dayLayout)
	day := firstDate(claimDate)
	if day != t && day != y {
		return Claimed{}, ErrClaimDate
	}
	if cd := firstDate(customerDate); customerDate != "" && cd != t && cd != y {
		return Claimed{}, ErrCustomerDate
	}
	from, to, err := window(day, p.zone)
	if err != nil {
		return Claimed{}, ErrClaimDate
	}
	a, err := s.amounts(ctx)
	if err != nil {
		return Claimed{}, err
	}
	rounds, err := s.rounds(ctx, p, from, to)
	if err != nil {
		return Claimed{}, err
	}
	rakeback := a.day(rounds)
	key := ClaimKey(p.id, day)
	var paidAt string
	var amount int64
	var bonusID *int64
	err = s.ledger.Do(ctx, func(tx *ledger.Tx) error {
		var exists int
		tx.SQL().QueryRowContext(ctx, `SELECT count(*) FROM rewards_claims WHERE player_id = ? AND day = ?`, p.id, day).Scan(&exists)
		if exists > 0 {
			return ErrAlreadyClaimed
		}
		// Cashback placed on the day is read in the claim's own write
		// transaction: a placement commits before or after it, never half.
		placed, err := cashback(ctx, tx.SQL(), p.id, p.currency.Code, day, day)
		if err != nil {
			return err
		}
		cb := placed[day]
		amount, bonusID = rakeback+cb.amount, nil
		if cb.bonusID != 0 {
			bonusID = &cb.bonusID
		}
		if amount <= 0 {
			return ErrNothingToClaim
		}
		res, err := tx.Post(ledger.Transfer{
			IdempotencyKey: key,
			Kind:           Kind,
			Postings: []ledger.Posting{
				{Account: ledger.House, Amount: ledger.FromMinor(-amount, p.currency)},
				{Account: ledger.PlayerReal(p.id), Amount: ledger.FromMinor(amount, p.currency)},
			},
			Metadata: map[string]string{"day": day, "zone": p.zone.String(), "mode": a.st.Mode,
				"rakeback": strconv.FormatInt(rakeback, 10), "cashback": strconv.FormatInt(cb.amount, 10)},
		})
		if err != nil {
			if errors.Is(err, ledger.ErrIdempotencyConflict) {
				return ErrAlreadyClaimed // the day was paid with another amount: never twice
			}
			return err
		}
		if res.Replayed {
			return ErrAlreadyClaimed
		}
		paidAt = now.UTC().Format(stampLayout)
		_, err = tx.SQL().ExecContext(ctx, `INSERT INTO rewards_claims(player_id, day, currency, amount, ledger_tx_id, paid_at) VALUES (?, ?, ?, ?, ?, ?)`,
			p.id, day, p.currency.Code, amount, res.ID, paidAt)
		return err
	})
	if err != nil {
		return Claimed{}, fmt.Errorf("claim %s for player %d: %w", day, p.id, err)
	}
	s.announce(ctx, p, amount, day, paidAt)
	return Claimed{Amount: strconv.FormatInt(amount, 10), BonusID: bonusID, PaidAt: paidAt}, nil
}

// firstDate is the YYYY-MM-DD at the start of a date or date-time.
func firstDate(s string) string {
	s = strings.TrimSpace(s)
	if len(s) < 10 {
		return s
	}
	return s[:10]
}

// Award is the accumulator's state for the current half hour (SPEC
// calendar-award: ngr, payout, percent), amounts in minor units.
type Award struct {
	NGR          string `json:"ngr"`
	Payout       string `json:"payout"`
	Percent      string `json:"percent"`
	CurrencyCode string `json:"currencyCode"`
	// Decimals of the currency, so the page formats minor units right.
	Decimals int `json:"decimals"`
	// ResetsAt is the end of the half hour (RFC 3339, UTC).
	ResetsAt string `json:"resetsAt"`
}

// Award answers the current half hour: its net gaming result (real stakes −
// wins) and the share of it the half hour adds to today's calendar day. The
// payout is not paid by itself: it is part of the day's amount (Days), which
// is computed from the rounds, so it counts exactly once, also across a
// restart.
func (s *Service) Award(ctx context.Context, userID int64) (Award, error) {
	p, err := s.load(ctx, userID, "")
	if err != nil {
		return Award{}, err
	}
	if err := p.allowed(); err != nil {
		return Award{}, err
	}
	now := s.now().Now()
	from := now.UTC().Truncate(halfHour)
	to := from.Add(halfHour)
	a, err := s.amounts(ctx)
	if err != nil {
		return Award{}, err
	}
	rounds, err := s.rounds(ctx, p, from, to)
	if err != nil {
		return Award{}, err
	}
	var ngr int64
	for _, r := range rounds {
		ngr += r.stake - r.win
	}
	payout := int64(0)
	if ngr > 0 {
		payout = ledger.MulDiv(ngr, a.accum, 10_000)
	}
	return Award{NGR: strconv.FormatInt(ngr, 10), Payout: strconv.FormatInt(payout, 10), Percent: a.st.AccumulatorPercent,
		CurrencyCode: p.currency.Code, Decimals: p.currency.Decimals, ResetsAt: to.Format(time.RFC3339)}, nil
}
