package rewards

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"time"
	_ "time/tzdata" // players' zones work on machines without a zoneinfo database

	"casino/bff/ledger"
)

const (
	dayLayout   = "2006-01-02"
	stampLayout = "2006-01-02T15:04:05.000Z"
	// GridDays is the calendar: 4 weeks of 7 days from the Monday of last week.
	GridDays = 28
	// halfHour is the accumulator's period: it resets at :00 and :30.
	halfHour = 30 * time.Minute
)

// Day is one calendar day as get-rakeback-days answers it (SPEC section 3):
// amount in minor units of the player's currency, paidAt once claimed.
type Day struct {
	CanClaimDate string  `json:"canClaimDate"`
	BonusID      *int64  `json:"bonusId"`
	Amount       string  `json:"amount"`
	PaidAt       *string `json:"paidAt"`
}

// player is what the calendar needs to know of the caller.
type player struct {
	id        int64
	currency  ledger.Currency
	zone      *time.Location
	depositor bool
	optedOut  bool
}

// LoadZone checks a time zone name the client sent (IANA, e.g. Europe/Berlin).
func LoadZone(name string) (*time.Location, error) {
	if name == "" || len(name) > 64 {
		return nil, ErrTimeZone
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, ErrTimeZone
	}
	return loc, nil
}

// load returns the player with their calendar zone. The zone is fixed at the
// first visit (from the browser's zone, asked is ""/invalid → UTC): a day's
// window of play must mean the same hours at every claim.
func (s *Service) load(ctx context.Context, userID int64, asked string) (player, error) {
	p := player{id: userID}
	var code string
	var deposits int
	err := s.db.Read.QueryRowContext(ctx, `SELECT currency_code, deposit_count FROM users WHERE id = ?`, userID).Scan(&code, &deposits)
	if err != nil {
		return p, fmt.Errorf("rewards player %d: %w", userID, err)
	}
	if p.currency, err = ledger.LookupCurrency(code); err != nil {
		return p, err
	}
	p.depositor = deposits > 0
	var zone string
	err = s.db.Read.QueryRowContext(ctx, `SELECT time_zone, opted_out FROM rewards_players WHERE player_id = ?`, userID).Scan(&zone, &p.optedOut)
	if errors.Is(err, sql.ErrNoRows) {
		zone = "UTC"
		if _, zerr := LoadZone(asked); zerr == nil {
			zone = asked
		}
		if _, err = s.db.Write.ExecContext(ctx, `INSERT INTO rewards_players(player_id, time_zone) VALUES (?, ?) ON CONFLICT DO NOTHING`, userID, zone); err != nil {
			return p, fmt.Errorf("rewards player %d: %w", userID, err)
		}
		// Another request may have fixed it first: read what stands.
		err = s.db.Write.QueryRowContext(ctx, `SELECT time_zone, opted_out FROM rewards_players WHERE player_id = ?`, userID).Scan(&zone, &p.optedOut)
	}
	if err != nil {
		return p, fmt.Errorf("rewards player %d: %w", userID, err)
	}
	if p.zone, err = time.LoadLocation(zone); err != nil {
		p.zone = time.UTC
	}
	return p, nil
}

// window is the UTC interval of one calendar day in zone: midnight to
// midnight, 23 or 25 hours long on daylight-saving days.
func window(day string, zone *time.Location) (from, to time.Time, err error) {
	d, err := time.ParseInLocation(dayLayout, day, zone)
	if err != nil {
		return from, to, fmt.Errorf("day %q: %w", day, err)
	}
	return d.UTC(), time.Date(d.Year(), d.Month(), d.Day()+1, 0, 0, 0, 0, zone).UTC(), nil
}

// today is the player's calendar date at now.
func today(now time.Time, zone *time.Location) string { return now.In(zone).Format(dayLayout) }

// gridStart is the Monday of last week in zone: the calendar shows last week,
// this week and the two weeks ahead (the calendar front-end's grid).
func gridStart(now time.Time, zone *time.Location) time.Time {
	t := now.In(zone)
	offset := (int(t.Weekday()) + 6) % 7 // Monday → 0
	return time.Date(t.Year(), t.Month(), t.Day()-offset-7, 0, 0, 0, 0, zone)
}

// round is the part of a wallet round the amounts need.
type round struct {
	game    string
	started time.Time
	stake   int64 // real money only: bonus money earns no rakeback
	win     int64
}

// rounds returns p's rounds in the player's currency started in [from, to).
func (s *Service) rounds(ctx context.Context, p player, from, to time.Time) ([]round, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT game_id, started_at, bet_real, win FROM wallet_rounds
		WHERE player_id = ? AND currency = ? AND started_at >= ? AND started_at < ? ORDER BY started_at`,
		p.id, p.currency.Code, from.Format(stampLayout), to.Format(stampLayout))
	if err != nil {
		return nil, fmt.Errorf("rounds of player %d: %w", p.id, err)
	}
	defer rows.Close()
	var out []round
	for rows.Next() {
		var r round
		var started string
		if err := rows.Scan(&r.game, &started, &r.stake, &r.win); err != nil {
			return nil, err
		}
		r.started, _ = time.Parse(stampLayout, started)
		out = append(out, r)
	}
	return out, rows.Err()
}

// edges returns each game's house edge in basis points of a stake
// (10000 − RTP × 100), by slug and by the provider's game id.
func (s *Service) edges(ctx context.Context) (map[string]int64, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT slug, external_id, rtp FROM games`)
	if err != nil {
		return nil, fmt.Errorf("game edges: %w", err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var slug, ext string
		var rtp float64
		if err := rows.Scan(&slug, &ext, &rtp); err != nil {
			return nil, err
		}
		// RTP is stored with two decimals (96.54): exact in basis points.
		edge := 10_000 - int64(rtp*100+0.5)
		if edge < 0 || rtp <= 0 {
			edge = 0
		}
		out[slug], out[ext] = edge, edge
	}
	return out, rows.Err()
}

// amounts is how a set of rounds earns: rakeback by the operator's mode plus
// the accumulator's share of every half hour's net loss.
type amounts struct {
	st              Settings
	rakeback, accum int64 // basis points
	edges           map[string]int64
}

func (s *Service) amounts(ctx context.Context) (amounts, error) {
	st, err := s.Settings(ctx)
	if err != nil {
		return amounts{}, err
	}
	a := amounts{st: st}
	a.rakeback, _ = basisPoints(st.RakebackPercent)
	a.accum, _ = basisPoints(st.AccumulatorPercent)
	if st.Mode == ModeEdge {
		if a.edges, err = s.edges(ctx); err != nil {
			return a, err
		}
	}
	return a, nil
}

// day computes what rounds (one calendar day's) earn, in minor units, rounded
// down: the player is never paid a fraction the ledger cannot hold.
func (a amounts) day(rounds []round) int64 {
	total := new(big.Int)
	var stakes, wins int64
	halves := map[int64]int64{} // half hour → net loss
	for _, r := range rounds {
		stakes += r.stake
		wins += r.win
		halves[r.started.Unix()/int64(halfHour/time.Second)] += r.stake - r.win
		if a.st.Mode == ModeEdge {
			// stake × edge bp × rakeback bp / 10^8, summed exactly first.
			total.Add(total, new(big.Int).Mul(big.NewInt(r.stake), big.NewInt(a.edges[r.game]*a.rakeback)))
		}
	}
	if a.st.Mode == ModeLoss && stakes > wins {
		total.Mul(big.NewInt(stakes-wins), big.NewInt(a.rakeback*10_000))
	}
	for _, loss := range halves {
		if loss > 0 {
			total.Add(total, new(big.Int).Mul(big.NewInt(loss), big.NewInt(a.accum*10_000)))
		}
	}
	return total.Quo(total, big.NewInt(100_000_000)).Int64()
}

// Days answers the player's 28 calendar days.
func (s *Service) Days(ctx context.Context, userID int64, zone string) ([]Day, error) {
	p, err := s.load(ctx, userID, zone)
	if err != nil {
		return nil, err
	}
	if err := p.allowed(); err != nil {
		return nil, err
	}
	now := s.now().Now()
	start := gridStart(now, p.zone)
	end := time.Date(start.Year(), start.Month(), start.Day()+GridDays, 0, 0, 0, 0, p.zone)
	todayDate := today(now, p.zone)
	a, err := s.amounts(ctx)
	if err != nil {
		return nil, err
	}
	rounds, err := s.rounds(ctx, p, start.UTC(), end.UTC())
	if err != nil {
		return nil, err
	}
	byDay := map[string][]round{}
	for _, r := range rounds {
		d := r.started.In(p.zone).Format(dayLayout)
		byDay[d] = append(byDay[d], r)
	}
	paid, err := s.claims(ctx, p.id, start.Format(dayLayout))
	if err != nil {
		return nil, err
	}
	placed, err := cashback(ctx, s.db.Read, p.id, p.currency.Code, start.Format(dayLayout), end.Format(dayLayout))
	if err != nil {
		return nil, err
	}
	out := make([]Day, 0, GridDays)
	for i := 0; i < GridDays; i++ {
		d := time.Date(start.Year(), start.Month(), start.Day()+i, 0, 0, 0, 0, p.zone).Format(dayLayout)
		day := Day{CanClaimDate: d, Amount: "0"}
		cb := placed[d]
		if cb.bonusID != 0 {
			day.BonusID = &cb.bonusID
		}
		if c, ok := paid[d]; ok {
			day.Amount, day.PaidAt = strconv.FormatInt(c.amount, 10), &c.paidAt
		} else if d <= todayDate {
			day.Amount = strconv.FormatInt(a.day(byDay[d])+cb.amount, 10)
		} else {
			day.Amount = strconv.FormatInt(cb.amount, 10) // cashback placed on tomorrow
		}
		out = append(out, day)
	}
	return out, nil
}

type paidClaim struct {
	amount int64
	paidAt string
}

func (s *Service) claims(ctx context.Context, userID int64, since string) (map[string]paidClaim, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT day, amount, paid_at FROM rewards_claims WHERE player_id = ? AND day >= ?`, userID, since)
	if err != nil {
		return nil, fmt.Errorf("claims of player %d: %w", userID, err)
	}
	defer rows.Close()
	out := map[string]paidClaim{}
	for rows.Next() {
		var d string
		var c paidClaim
		if err := rows.Scan(&d, &c.amount, &c.paidAt); err != nil {
			return nil, err
		}
		out[d] = c
	}
	return out, rows.Err()
}

func (p player) allowed() error {
	switch {
	case !p.depositor:
		return ErrDepositRequired
	case p.optedOut:
		return ErrOptedOut
	}
	return nil
}
