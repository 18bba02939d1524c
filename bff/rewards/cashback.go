package rewards

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"casino/bff/ledger"
)

// Instant cashback placed on the calendar (SPEC section 8, ADD_TO_CALENDAR):
// the bonus core (bff/bonus) decides whether a player may take a cashback
// bonus and how much it is; the calendar keeps it on a day and pays it with
// that day's claim. docs/rewards.md.

// LocalNow is the current time in the player's calendar zone: the zone fixed
// at their first calendar visit, else asked (the browser's) when valid, else
// UTC. It does not fix the zone: browsing the bonus list must not.
func (s *Service) LocalNow(ctx context.Context, userID int64, asked string) (time.Time, error) {
	now := s.now().Now()
	var zone string
	err := s.db.Read.QueryRowContext(ctx, `SELECT time_zone FROM rewards_players WHERE player_id = ?`, userID).Scan(&zone)
	if errors.Is(err, sql.ErrNoRows) {
		zone = asked
	} else if err != nil {
		return now, fmt.Errorf("rewards zone of player %d: %w", userID, err)
	}
	loc, err := LoadZone(zone)
	if err != nil {
		loc = time.UTC
	}
	return now.In(loc), nil
}

// NetLoss is the player's real-money net loss (stakes − wins) so far today,
// their current calendar day, in minor units (negative when winning): the
// period of a day's instant cashback. Rounds count on the day they started,
// as for rakeback.
func (s *Service) NetLoss(ctx context.Context, userID int64, asked string) (int64, error) {
	p, err := s.load(ctx, userID, asked)
	if err != nil {
		return 0, err
	}
	from, to, err := window(today(s.now().Now(), p.zone), p.zone)
	if err != nil {
		return 0, err
	}
	rounds, err := s.rounds(ctx, p, from, to)
	if err != nil {
		return 0, err
	}
	var loss int64
	for _, r := range rounds {
		loss += r.stake - r.win
	}
	return loss, nil
}

// AddToCalendar places a cashback of bonusID on today's calendar day (the
// player's zone), or on tomorrow when today is already claimed (a claimed day
// is never paid again). It is placed once per player, bonus and date: a
// second call that day answers placed false and the day of the first.
// Depositors in the calendar only (DEPOSIT_REQUIRED, CALENDAR_OPTED_OUT).
func (s *Service) AddToCalendar(ctx context.Context, userID, bonusID int64, amount ledger.Money, loss int64, asked string) (string, bool, error) {
	p, err := s.load(ctx, userID, asked)
	if err != nil {
		return "", false, err
	}
	if err := p.allowed(); err != nil {
		return "", false, err
	}
	if amount.Currency().Code != p.currency.Code || amount.Minor() <= 0 {
		return "", false, fmt.Errorf("cashback %s for player %d in %s: %w", amount.Decimal(), p.id, p.currency.Code, ErrNothingToClaim)
	}
	now := s.now().Now().In(p.zone)
	t := now.Format(dayLayout)
	var day string
	placed := false
	err = s.ledger.Do(ctx, func(tx *ledger.Tx) error {
		q := tx.SQL()
		err := q.QueryRowContext(ctx, `SELECT day FROM rewards_cashback WHERE player_id = ? AND bonus_id = ? AND claimed_on = ?`, p.id, bonusID, t).Scan(&day)
		if err == nil {
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		day = t
		var paid int
		if err := q.QueryRowContext(ctx, `SELECT count(*) FROM rewards_claims WHERE player_id = ? AND day = ?`, p.id, t).Scan(&paid); err != nil {
			return err
		}
		if paid > 0 {
			day = time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, p.zone).Format(dayLayout)
		}
		_, err = q.ExecContext(ctx, `INSERT INTO rewards_cashback(player_id, bonus_id, claimed_on, day, currency, amount, loss, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, p.id, bonusID, t, day, p.currency.Code, amount.Minor(), loss, now.UTC().Format(stampLayout))
		placed = err == nil
		return err
	})
	if err != nil {
		return "", false, fmt.Errorf("cashback of bonus %d for player %d: %w", bonusID, p.id, err)
	}
	return day, placed, nil
}

// placedCashback is the cashback on one day: its sum and the last bonus.
type placedCashback struct {
	amount  int64
	bonusID int64
}

type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// cashback returns the cashback placed on the player's days from since on.
func cashback(ctx context.Context, q queryer, userID int64, currency, since, until string) (map[string]placedCashback, error) {
	rows, err := q.QueryContext(ctx, `SELECT day, amount, bonus_id FROM rewards_cashback
		WHERE player_id = ? AND currency = ? AND day >= ? AND day <= ? ORDER BY created_at`, userID, currency, since, until)
	if err != nil {
		return nil, fmt.Errorf("cashback of player %d: %w", userID, err)
	}
	defer rows.Close()
	out := map[string]placedCashback{}
	for rows.Next() {
		var d string
		var a, b int64
		if err := rows.Scan(&d, &a, &b); err != nil {
			return nil, err
		}
		c := out[d]
		c.amount += a
		c.bonusID = b
		out[d] = c
	}
	return out, rows.Err()
}
