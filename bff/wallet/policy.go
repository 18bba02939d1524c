package wallet

import (
	"time"

	"casino/bff/api"
)

// Wagering types: how a bet draws on the bonus balance (SPEC section 3).
const (
	RealMoneyOnly = "REAL_MONEY_ONLY" // the default: bonus money is not staked
	RealToFun     = "REAL_TO_FUN"     // real money first, then bonus money
)

// Policy is a player's state that the bet check reads: self-exclusion, the
// freeze, limits (minor units of the player's currency, 0 = none) and the
// wagering rule.
type Policy struct {
	SelfExclusionPermanent bool
	SelfExclusionUntil     string // RFC 3339 or empty
	FrozenUntil            string // RFC 3339 or empty
	MaxBet                 int64
	BetLimits              [3]int64 // daily, weekly, monthly stakes
	LossLimits             [3]int64 // daily, weekly, monthly net losses
	BonusBuyConfirmed      bool
	Wagering               string
	BonusMaxBet            int64
}

// Bet is one debit as the check sees it.
type Bet struct {
	Amount       int64
	BonusBalance int64 // the player's bonus balance before the bet
	BonusBuy     bool
	GameMin      int64 // 0: no bound
	GameMax      int64
	GameExcluded bool     // the game is kept out of bonus play
	Staked       [3]int64 // stakes so far this day, week, month
	Won          [3]int64 // wins so far this day, week, month
}

var periodNames = [3]string{"daily", "weekly", "monthly"}
var periodTitles = [3]string{"Daily", "Weekly", "Monthly"}

// Check is the one player-policy check every debit passes. It returns
// whether the bet used the player's bonus-buy confirmation (which must then
// be consumed), or the first refusal.
func (p Policy) Check(now time.Time, b Bet) (usedConfirmation bool, err error) {
	if until(p.FrozenUntil, now) {
		return false, ErrAccountFrozen
	}
	if p.SelfExclusionPermanent || until(p.SelfExclusionUntil, now) {
		return false, ErrSelfExcluded
	}
	if b.GameMin > 0 && b.Amount < b.GameMin {
		return false, ErrMinBetLimit.WithField("limit", "minBet")
	}
	// A bonus buy debits price × stake in one go, so the game's max bet, which
	// bounds the stake of one spin, cannot apply to it; the provider checks
	// the stake itself before pricing the buy.
	if b.GameMax > 0 && b.Amount > b.GameMax && !b.BonusBuy {
		return false, ErrMaxBetLimit.WithField("limit", "maxBet")
	}
	// Bonus money is in play while bets may draw on a positive bonus balance.
	bonusInPlay := p.Wagering == RealToFun && b.BonusBalance > 0
	if bonusInPlay && b.GameExcluded {
		return false, ErrGameNotEligibleWithBonus
	}
	if bonusInPlay && p.BonusMaxBet > 0 && b.Amount > p.BonusMaxBet {
		return false, ErrBonusBetLimit.WithField("limit", "bonusMaxBet")
	}
	if p.MaxBet > 0 && b.Amount > p.MaxBet {
		switch {
		case p.BonusBuyConfirmed:
			usedConfirmation = true
		case b.BonusBuy:
			return false, ErrBonusBuyConfirmationRequired.WithField("limit", "maxBetLimit")
		default:
			return false, ErrMaxBetLimitReached.WithField("limit", "maxBetLimit")
		}
	}
	for i := range 3 {
		if l := p.BetLimits[i]; l > 0 && b.Staked[i]+b.Amount > l {
			return false, limitError(periodNames[i]+"BetLimit", periodTitles[i]+" bet limit reached")
		}
		if l := p.LossLimits[i]; l > 0 && b.Staked[i]-b.Won[i]+b.Amount > l {
			return false, limitError(periodNames[i]+"LossLimit", periodTitles[i]+" loss limit reached")
		}
	}
	return usedConfirmation, nil
}

func limitError(field, message string) *api.Error {
	return ErrMaxBetLimitReached.WithMessage("%s", message).WithField("limit", field)
}

// until reports whether an RFC 3339 date is set and not in the past.
func until(date string, now time.Time) bool {
	if date == "" {
		return false
	}
	t, err := time.Parse(time.RFC3339, date)
	return err == nil && !t.Before(now)
}

// periodStarts returns the first day (YYYY-MM-DD, UTC) of the day, ISO week
// (Monday) and month containing now.
func periodStarts(now time.Time) [3]string {
	now = now.UTC()
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	week := day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7))
	month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	const f = "2006-01-02"
	return [3]string{day.Format(f), week.Format(f), month.Format(f)}
}
