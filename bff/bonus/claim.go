package bonus

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"casino/bff/api"
	"casino/bff/ledger"
	"casino/bff/wallet"
)

// Claims of a bonus granted at once, without a deposit (POST
// /api/user/claim-bonus, docs/bonus.md "Claims"): a no-deposit bonus puts
// its fixed amount into the bonus balance with its wagering requirement.

// BonusActivated is the code of a claim that granted the bonus at once.
const BonusActivated = "BONUS_ACTIVATED"

// Refusals of a claim (SPEC section 8, "Bonus activation"; SPEC gives the
// codes, the texts are ours).
var (
	ErrEmailVerification   = newError(http.StatusUnprocessableEntity, "REQUIRED_EMAIL_VERIFICATION", "Verify your e-mail address to take this bonus")
	ErrRegistrationBonus   = newError(http.StatusUnprocessableEntity, "REGISTRATION_BONUS", "This bonus is only for new players shortly after sign-up")
	ErrMaximumParticipants = newError(http.StatusConflict, "MAXIMUM_PARTICIPANTS", "This bonus has reached its maximum number of players")
	ErrCancelled           = newError(http.StatusConflict, "CANCELLED", "You cancelled this bonus, so it cannot be taken again")
	ErrActiveFreeSpins     = newError(http.StatusUnprocessableEntity, "ACTIVE_FREE_SPINS", "You already have free spins: play or cancel them before taking more")
	ErrDaysValid           = newError(http.StatusConflict, "DAYS_VALID", "Your time to use this bonus has run out, so it cannot be taken again")
	// ErrUnified is an unexpected failure of a claim: the text carries a
	// reference (promotion id, user id, user bonus id) support can look up.
	ErrUnified = newError(http.StatusInternalServerError, "UNIFIED_ERROR", "Something went wrong with this bonus")
)

// claimer is what the claim rules read of the player, inside the write
// transaction.
type claimer struct {
	currency      string
	country       string
	emailVerified bool
	registered    time.Time
	activeID      int64 // 0: no active bonus
	activeType    string
	participated  bool // has had this bonus before
	last          struct {
		id     int64
		status string
		ended  string
		reason string
	}
}

func readClaimer(ctx context.Context, q queryer, userID, bonusID int64) (claimer, error) {
	var (
		c          claimer
		registered string
	)
	err := q.QueryRowContext(ctx, `SELECT u.currency_code, u.country_code, u.is_email_verified, u.created_at,
			COALESCE((SELECT id FROM user_bonuses WHERE user_id = u.id AND status = 'active'), 0),
			COALESCE((SELECT b.type FROM user_bonuses ub JOIN bonuses b ON b.id = ub.bonus_id WHERE ub.user_id = u.id AND ub.status = 'active'), '')
		FROM users u WHERE u.id = ?`, userID).Scan(&c.currency, &c.country, &c.emailVerified, &registered, &c.activeID, &c.activeType)
	if errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("bonus: player %d: %w", userID, ErrNotFound)
	}
	if err != nil {
		return c, err
	}
	c.registered, _ = parseWhen(registered)
	err = q.QueryRowContext(ctx, `SELECT id, status, ended_at, end_reason FROM user_bonuses WHERE user_id = ? AND bonus_id = ? ORDER BY id DESC LIMIT 1`,
		userID, bonusID).Scan(&c.last.id, &c.last.status, &c.last.ended, &c.last.reason)
	if err == nil {
		c.participated = true
	} else if !errors.Is(err, sql.ErrNoRows) {
		return c, err
	}
	return c, nil
}

// checkClaim applies the rules of a claimed bonus at now (weekday in the
// player's calendar zone), in order: offered (active, claimable type, an
// amount in the player's currency, the country), the window, the weekday,
// a verified e-mail, the registration period, the player's earlier grant
// of it (still active: again = true, the same grant answers), one active
// bonus at a time. Participants are counted by the caller.
func (b Bonus) checkClaim(now time.Time, weekday int, c claimer) (a Amounts, again bool, err error) {
	a, ok := b.Amounts[c.currency]
	switch b.Type {
	case TypeNoDeposit:
		ok = ok && a.BonusAmount > 0
	case TypeFreeSpins:
		ok = ok && a.FreeSpinBet > 0 && b.FreeSpinsQuantity > 0 && b.FreeSpinGame != ""
	default:
		ok = false
	}
	if !b.Active || !ok || !b.offeredIn(c.country) {
		return Amounts{}, false, fmt.Errorf("bonus %d for %s in %q: %w", b.ID, c.currency, c.country, ErrNotAvailable)
	}
	if err := b.open(now); err != nil {
		return Amounts{}, false, err
	}
	if !b.offeredOn(weekday) {
		return Amounts{}, false, ErrValidOnDays.WithMessage("This bonus is offered on %s", weekdayNames(b.ValidOnDays))
	}
	if b.RequiresEmailVerification && !c.emailVerified {
		return Amounts{}, false, ErrEmailVerification
	}
	if b.RegistrationDays > 0 && !c.registered.IsZero() && !now.Before(c.registered.Add(time.Duration(b.RegistrationDays)*24*time.Hour)) {
		return Amounts{}, false, ErrRegistrationBonus.WithMessage("This bonus is only for players in their first %s after sign-up", days(b.RegistrationDays))
	}
	if c.participated {
		if c.last.status == StatusActive {
			return a, true, nil
		}
		ended, _ := parseWhen(c.last.ended)
		if b.RetryDays == 0 {
			switch c.last.status {
			case StatusCancelled:
				return Amounts{}, false, ErrCancelled
			case StatusExpired:
				if c.last.reason == reasonMinBalance {
					return Amounts{}, false, ErrRetryPeriod.WithMessage("You have already used this bonus")
				}
				return Amounts{}, false, ErrDaysValid.WithMessage("Your %s to use this bonus have run out, so it cannot be taken again", days(b.DaysValid))
			default:
				return Amounts{}, false, ErrRetryPeriod.WithMessage("You have already used this bonus")
			}
		}
		if next := ended.Add(time.Duration(b.RetryDays) * 24 * time.Hour); now.Before(next) {
			return Amounts{}, false, ErrRetryPeriod.WithMessage("You have already used this bonus: you can take it again from %s UTC", next.UTC().Format("2006-01-02 15:04")).
				WithField("retryFrom", stamp(next))
		}
	}
	if c.activeID != 0 && c.activeType == TypeFreeSpins && b.Type == TypeFreeSpins {
		return Amounts{}, false, ErrActiveFreeSpins
	}
	if c.activeID != 0 {
		return Amounts{}, false, ErrActiveBonus
	}
	return a, false, nil
}

func days(n int) string {
	if n == 1 {
		return "1 day"
	}
	return strconv.Itoa(n) + " days"
}

// claimGrant grants a no-deposit bonus: the rules, then in one write
// transaction the player's bonus record, the ledger transfer house →
// player bonus (bonus:grant:{userBonusId}) and the wallet's wagering rule.
// The rules run inside the single writer's transaction, so concurrent
// claims of one player grant once (the others answer that grant) and
// MAXIMUM_PARTICIPANTS holds under claims of many players.
//
// coupon, when set, runs first in the transaction (its own refusals) and
// records its redemption with the grant (coupon.go).
func (s *Service) claimGrant(ctx context.Context, userID int64, b Bonus, zone string, coupon *couponUse) (Claimed, error) {
	s.Prepare(ctx) // outside the write transaction (see prepared)
	local, err := s.localNow(ctx, userID, zone)
	if err != nil {
		return Claimed{}, err
	}
	var id int64
	err = s.ledger.Do(ctx, func(lt *ledger.Tx) error {
		id = 0
		tx, c := lt.SQL(), lt.Context()
		now := s.Now()
		if coupon != nil {
			if err := coupon.check(c, tx, userID, now); err != nil {
				return err
			}
		}
		p, err := readClaimer(c, tx, userID, b.ID)
		if err != nil {
			return err
		}
		a, again, err := b.checkClaim(now, isoWeekday(local), p)
		if err != nil {
			return err
		}
		if again && coupon != nil {
			return ErrRetryPeriod.WithMessage("You already have this bonus")
		}
		if again {
			id = p.last.id
			return nil
		}
		if dup, err := duplicateOf(c, tx, userID); err != nil {
			return err
		} else if dup != "" {
			slog.Warn("bonus: duplicate account refused", "user", userID, "bonus", b.ID, "signal", dup)
			return ErrBonusFraud
		}

		if b.MaxParticipants > 0 && !p.participated {
			var n int
			if err := tx.QueryRowContext(c, `SELECT COUNT(DISTINCT user_id) FROM user_bonuses WHERE bonus_id = ?`, b.ID).Scan(&n); err != nil {
				return err
			}
			if n >= b.MaxParticipants {
				return ErrMaximumParticipants
			}
		}
		cur, err := ledger.LookupCurrency(p.currency)
		if err != nil {
			return err
		}
		expires := now.Add(time.Duration(b.DaysValid) * 24 * time.Hour)
		if b.Type == TypeFreeSpins {
			// No money yet: the rounds, their game and bet. Winnings
			// become the bonus amount as they land (FreeRoundWon).
			err = tx.QueryRowContext(c, `INSERT INTO user_bonuses(user_id, bonus_id, currency, bonus_amount, wagering_required, wagering_type,
					max_win_amount, max_bet, started_at, expires_at, free_spins_total, free_spins_left, free_spin_game, free_spin_bet, min_balance, wagering_contribution)
				VALUES (?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
				userID, b.ID, cur.Code, b.WageringType, a.MaxWinAmount, a.MaxBet, stamp(now), stamp(expires), b.FreeSpinsQuantity,
				b.FreeSpinsQuantity, b.FreeSpinGame, a.FreeSpinBet, a.MinBalance, b.grantContribution()).Scan(&id)
			if err != nil {
				return fmt.Errorf("bonus: record free spins: %w", err)
			}
			if err := coupon.record(c, tx, userID, id, now); err != nil {
				return err
			}
			return wallet.SetWageringTx(lt, userID, b.WageringType, a.MaxBet)
		}
		required := ledger.MulDiv(a.BonusAmount, int64(b.WageringMultiplier), 1)
		err = tx.QueryRowContext(c, `INSERT INTO user_bonuses(user_id, bonus_id, currency, bonus_amount, wagering_required, wagering_type,
				max_win_amount, max_bet, started_at, expires_at, min_balance, wagering_contribution)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			userID, b.ID, cur.Code, a.BonusAmount, required, b.WageringType, a.MaxWinAmount, a.MaxBet, stamp(now), stamp(expires), a.MinBalance,
			b.grantContribution()).Scan(&id)
		if err != nil {
			return fmt.Errorf("bonus: record claim: %w", err)
		}
		if err := coupon.record(c, tx, userID, id, now); err != nil {
			return err
		}
		key := "bonus:grant:" + strconv.FormatInt(id, 10)
		amount := ledger.FromMinor(a.BonusAmount, cur)
		t, err := lt.Post(ledger.Transfer{IdempotencyKey: key, Kind: ledger.KindBonusGrant,
			Postings: []ledger.Posting{{Account: ledger.House, Amount: amount.Neg()}, {Account: ledger.PlayerBonus(userID), Amount: amount}},
			Metadata: map[string]string{"bonusId": strconv.FormatInt(b.ID, 10), "userBonusId": strconv.FormatInt(id, 10), "reason": "claim"}})
		if err != nil {
			return fmt.Errorf("bonus: grant %d: %w", id, err)
		}
		if _, err := tx.ExecContext(c, `UPDATE user_bonuses SET grant_tx_id = ? WHERE id = ?`, t.ID, id); err != nil {
			return err
		}
		if err := wallet.SetWageringTx(lt, userID, b.WageringType, a.MaxBet); err != nil {
			return err
		}
		if required == 0 {
			return s.complete(lt, activeRow{id: id, userID: userID, currency: cur.Code, maxWin: a.MaxWinAmount}, now)
		}
		return nil
	})
	if err != nil {
		var apiErr *api.Error
		if errors.As(err, &apiErr) || errors.Is(err, context.Canceled) {
			return Claimed{}, err
		}
		ref := fmt.Sprintf("%d-%d-%d", b.ID, userID, id)
		slog.Error("bonus claim failed", "ref", ref, "err", err)
		return Claimed{}, ErrUnified.WithMessage("Something went wrong with this bonus. Reference: %s", ref).WithField("reference", ref)
	}
	u, err := s.userBonus(ctx, s.db.Write, userID, id)
	if err != nil {
		return Claimed{}, err
	}
	if u.Type == TypeFreeSpins {
		return Claimed{Code: BonusActivated, BonusID: b.ID, Amount: u.BonusAmount, CurrencyCode: u.CurrencyCode, UserBonus: &u,
			Message: fmt.Sprintf("%d free spins at %s %s: play them in %s", u.FreeSpinsQuantity, u.FreeSpinBet, u.CurrencyCode, u.FreeSpinGame)}, nil
	}
	return Claimed{Code: BonusActivated, BonusID: b.ID, Amount: u.BonusAmount, CurrencyCode: u.CurrencyCode, UserBonus: &u,
		Message: fmt.Sprintf("%s %s added to your bonus balance: wager %s %s to turn it into real money", u.BonusAmount, u.CurrencyCode,
			u.WageringRequired, u.CurrencyCode)}, nil
}
