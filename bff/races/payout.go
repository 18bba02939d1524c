package races

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"casino/bff/ledger"
)

// KindRacePrize is the ledger kind of a race prize (house → player real).
const KindRacePrize ledger.Kind = "race_prize"

// prize is one place's payment, told to Paid after commit.
type prize struct {
	player int64
	place  int
	amount ledger.Money
}

// payDue pays every unpaid race that ended at or before asOf.
func (s *Service) payDue(ctx context.Context, asOf time.Time) error {
	races, err := s.unpaid(ctx)
	if err != nil {
		return err
	}
	for _, r := range races {
		if r.EndsAt.After(asOf) {
			continue
		}
		if err := s.pay(ctx, r); err != nil {
			return err
		}
	}
	return nil
}

// pay posts the prizes of an ended race and marks it paid, all in one
// ledger transaction: a crash before the commit pays nothing and the next
// pass pays it all; each prize's idempotency key (race:{id}:place:{n}) makes
// a second payment of a place impossible even if the mark were lost.
func (s *Service) pay(ctx context.Context, r Race) error {
	board, err := s.Leaderboard(ctx, r.ID, len(r.Prizes))
	if err != nil {
		return err
	}
	var paid []prize
	err = s.ledger.Do(ctx, func(tx *ledger.Tx) error {
		paid = paid[:0]
		for i, e := range board {
			if i >= len(r.Prizes) || e.Score <= 0 {
				break
			}
			cur, err := ledger.LookupCurrency(e.currency)
			if err != nil {
				return err
			}
			factor := int64(1)
			if s.Scale != nil {
				sc, err := s.Scale(ctx, cur.Code)
				if err != nil {
					return err
				}
				factor = sc.Factor
			}
			amount := ledger.FromMinor(r.Prizes[i]*factor, cur)
			place := i + 1
			if _, err := tx.Post(ledger.Transfer{
				IdempotencyKey: "race:" + r.ID + ":place:" + strconv.Itoa(place), Kind: KindRacePrize,
				Postings: []ledger.Posting{{Account: "house", Amount: amount.Neg()}, {Account: ledger.PlayerReal(e.playerID), Amount: amount}},
				Metadata: map[string]string{"race": r.ID, "place": strconv.Itoa(place)},
			}); err != nil {
				return fmt.Errorf("races: prize %d of %s: %w", place, r.ID, err)
			}
			paid = append(paid, prize{player: e.playerID, place: place, amount: amount})
		}
		if s.crashBeforeMark != nil {
			if err := s.crashBeforeMark(); err != nil {
				return err
			}
		}
		res, err := tx.SQL().ExecContext(tx.Context(), `UPDATE races SET paid_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ? AND paid_at IS NULL`, r.ID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			paid = paid[:0] // paid by another process meanwhile: the keys made this a replay
		}
		return nil
	})
	if err != nil {
		return err
	}
	if s.Paid != nil {
		for _, p := range paid {
			s.Paid(p.player, r.ID, p.place, p.amount)
		}
	}
	return nil
}
