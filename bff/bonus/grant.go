package bonus

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"casino/bff/ledger"
	"casino/bff/wallet"
)

// Deposit is a credited deposit that names a bonus (the cashier's hook).
type Deposit struct {
	UserID    int64
	DepositID string // the cashier's public id: one grant per deposit
	BonusID   string // as the player sent it: the bonus's id or code
	Amount    ledger.Money
	// Number is the player's count of credited deposits including this one.
	Number int
	// CouponCode: the coupon the bonus came with (its redemption is
	// recorded with the grant; "" = none).
	CouponCode string
}

// Award is what a deposit bonus gives for a deposit: the bonus amount and
// the stakes needed before it converts.
type Award struct {
	Amount   int64
	Required int64
}

// award computes percent × deposit capped at the max bonus threshold, and
// the wagering requirement (multiplier × bonus).
func (b Bonus) award(a Amounts, deposit int64) Award {
	amount := ledger.MulDiv(deposit, int64(b.DepositBonusPercent), 100)
	if a.MaxBonusThreshold > 0 && amount > a.MaxBonusThreshold {
		amount = a.MaxBonusThreshold
	}
	return Award{Amount: amount, Required: ledger.MulDiv(amount, int64(b.WageringMultiplier), 1)}
}

// checkDeposit applies the rules of a deposit bonus to a deposit of amount
// that would be the player's number-th, at now, in order: the bonus exists
// as a deposit bonus offered in the currency and country, its window, one
// active bonus at a time, the deposit number, the minimum deposit.
func (b Bonus) checkDeposit(now time.Time, weekday int, amount ledger.Money, country string, number int, hasActive bool) (Amounts, error) {
	c := amount.Currency()
	a, ok := b.Amounts[c.Code]
	if !b.Active || b.Type != TypeDeposit || !ok || !b.offeredIn(country) {
		return Amounts{}, fmt.Errorf("bonus %d for %s in %q: %w", b.ID, c.Code, country, ErrNotAvailable)
	}
	if err := b.open(now); err != nil {
		return Amounts{}, fmt.Errorf("bonus %d: %w", b.ID, err)
	}
	if !b.offeredOn(weekday) {
		return Amounts{}, ErrValidOnDays.WithMessage("This bonus is offered on %s", weekdayNames(b.ValidOnDays))
	}
	if hasActive {
		return Amounts{}, fmt.Errorf("bonus %d: %w", b.ID, ErrActiveBonus)
	}
	if b.DepositsNumber == 1 && number != 1 {
		return Amounts{}, fmt.Errorf("bonus %d for deposit %d: %w", b.ID, number, ErrDepositsNumber)
	}
	if b.DepositsNumber > 1 && number != b.DepositsNumber {
		return Amounts{}, ErrDepositsNumber2.WithMessage("This bonus is for your %s deposit; this would be your %s", ordinal(b.DepositsNumber), ordinal(number)).
			WithFields(map[string]string{"depositsNumber": strconv.Itoa(b.DepositsNumber), "deposit": strconv.Itoa(number)})
	}
	if amount.Minor() < a.MinDeposit {
		min := ledger.FromMinor(a.MinDeposit, c).Decimal() + " " + c.Code
		return Amounts{}, ErrMinDeposit.WithMessage("Minimum deposit for the bonus: %s", min).WithField("min", ledger.FromMinor(a.MinDeposit, c).Decimal())
	}
	if b.award(a, amount.Minor()).Amount <= 0 {
		return Amounts{}, fmt.Errorf("bonus %d: nothing to award: %w", b.ID, ErrNotAvailable)
	}
	return a, nil
}

// playerFacts are what the rules need to know of the player.
type playerFacts struct {
	country   string
	deposits  int
	hasActive bool
}

func (s *Service) facts(ctx context.Context, q queryer, userID int64) (playerFacts, error) {
	var f playerFacts
	err := q.QueryRowContext(ctx, `SELECT u.country_code, u.deposit_count,
			EXISTS (SELECT 1 FROM user_bonuses b WHERE b.user_id = u.id AND b.status = 'active')
		FROM users u WHERE u.id = ?`, userID).Scan(&f.country, &f.deposits, &f.hasActive)
	if errors.Is(err, sql.ErrNoRows) {
		return f, fmt.Errorf("bonus: player %d: %w", userID, ErrNotFound)
	}
	return f, err
}

// CheckDeposit is the cashier's check when a deposit naming bonusID is
// created: the deposit would be the player's next one. An empty bonusID
// passes.
func (s *Service) CheckDeposit(ctx context.Context, userID int64, bonusID string, amount ledger.Money) error {
	return s.checkDeposit(ctx, userID, bonusID, amount, false)
}

// checkDeposit is CheckDeposit; withCoupon: the deposit comes with a
// coupon of the bonus, so a coupon-only bonus may be taken.
func (s *Service) checkDeposit(ctx context.Context, userID int64, bonusID string, amount ledger.Money, withCoupon bool) error {
	if strings.TrimSpace(bonusID) == "" {
		return nil
	}
	b, err := bonusByRef(ctx, s.db.Read, bonusID)
	if err != nil {
		return err
	}
	if b.CouponOnly && !withCoupon {
		return fmt.Errorf("bonus %d is taken with a coupon: %w", b.ID, ErrNotAvailable)
	}
	f, err := s.facts(ctx, s.db.Read, userID)
	if err != nil {
		return err
	}
	local, err := s.localNow(ctx, userID, "")
	if err != nil {
		return err
	}
	_, err = b.checkDeposit(s.Now(), isoWeekday(local), amount, f.country, f.deposits+1, f.hasActive)
	return err
}

// GrantForDeposit grants the deposit's bonus once it is credited: the rules
// again (they may have changed since the deposit was created), then in one
// write transaction the player's bonus record, the ledger transfer house →
// player bonus under bonus:grant:{userBonusId}, and the wallet's wagering
// rule. Repeating it for the same deposit answers the first grant.
func (s *Service) GrantForDeposit(ctx context.Context, d Deposit) (UserBonus, error) {
	if strings.TrimSpace(d.BonusID) == "" || d.DepositID == "" {
		return UserBonus{}, fmt.Errorf("bonus: deposit without a bonus: %w", ErrNotAvailable)
	}
	s.Prepare(ctx) // outside the write transaction (see prepared)
	local, err := s.localNow(ctx, d.UserID, "")
	if err != nil {
		return UserBonus{}, err
	}
	var id int64
	err = s.ledger.Do(ctx, func(lt *ledger.Tx) error {
		id = 0
		tx, c := lt.SQL(), lt.Context()
		err := tx.QueryRowContext(c, `SELECT id FROM user_bonuses WHERE deposit_id = ?`, d.DepositID).Scan(&id)
		if err == nil {
			return nil // granted before
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		b, err := bonusByRef(c, tx, d.BonusID)
		if err != nil {
			return err
		}
		f, err := s.facts(c, tx, d.UserID)
		if err != nil {
			return err
		}
		now := s.Now()
		a, err := b.checkDeposit(now, isoWeekday(local), d.Amount, f.country, d.Number, f.hasActive)
		if err != nil {
			return err
		}
		var use *couponUse
		if d.CouponCode != "" {
			cp, ok, err := lookupCoupon(c, tx, d.CouponCode)
			if err != nil {
				return err
			}
			if !ok || !cp.active || cp.bonusID != b.ID {
				return ErrCouponNotApplied
			}
			if err := cp.use.check(c, tx, d.UserID, now); err != nil {
				return err
			}
			use = &cp.use
		} else if b.CouponOnly {
			return fmt.Errorf("bonus %d is taken with a coupon: %w", b.ID, ErrNotAvailable)
		}
		aw := b.award(a, d.Amount.Minor())
		cur := d.Amount.Currency()
		// A deposit bonus with free spins (the welcome offer's 100): granted
		// with it on the same record, played like a free-spins bonus's.
		spins, spinGame := 0, ""
		if b.FreeSpinsQuantity > 0 && b.FreeSpinGame != "" && a.FreeSpinBet > 0 {
			spins, spinGame = b.FreeSpinsQuantity, b.FreeSpinGame
		}
		expires := now.Add(time.Duration(b.DaysValid) * 24 * time.Hour)
		err = tx.QueryRowContext(c, `INSERT INTO user_bonuses(user_id, bonus_id, deposit_id, currency, deposit_amount, bonus_amount,
				wagering_required, wagering_type, max_win_amount, max_bet, started_at, expires_at, min_balance, wagering_contribution,
				free_spins_total, free_spins_left, free_spin_game, free_spin_bet)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			d.UserID, b.ID, d.DepositID, cur.Code, d.Amount.Minor(), aw.Amount, aw.Required, b.WageringType, a.MaxWinAmount,
			a.MaxBet, stamp(now), stamp(expires), a.MinBalance, b.grantContribution(), spins, spins, spinGame, a.FreeSpinBet).Scan(&id)
		if err != nil {
			return fmt.Errorf("bonus: record grant: %w", err)
		}
		if err := use.record(c, tx, d.UserID, id, now); err != nil {
			return err
		}
		key := "bonus:grant:" + strconv.FormatInt(id, 10)
		amount := ledger.FromMinor(aw.Amount, cur)
		t, err := lt.Post(ledger.Transfer{IdempotencyKey: key, Kind: ledger.KindBonusGrant,
			Postings: []ledger.Posting{{Account: ledger.House, Amount: amount.Neg()}, {Account: ledger.PlayerBonus(d.UserID), Amount: amount}},
			Metadata: map[string]string{"bonusId": strconv.FormatInt(b.ID, 10), "userBonusId": strconv.FormatInt(id, 10), "depositId": d.DepositID}})
		if err != nil {
			return fmt.Errorf("bonus: grant %d: %w", id, err)
		}
		if _, err := tx.ExecContext(c, `UPDATE user_bonuses SET grant_tx_id = ? WHERE id = ?`, t.ID, id); err != nil {
			return err
		}
		if err := wallet.SetWageringTx(lt, d.UserID, b.WageringType, a.MaxBet); err != nil {
			return err
		}
		if aw.Required == 0 && spins == 0 {
			return s.complete(lt, activeRow{id: id, userID: d.UserID, currency: cur.Code, maxWin: a.MaxWinAmount}, now)
		}
		return nil
	})
	if err != nil {
		return UserBonus{}, err
	}
	return s.userBonus(ctx, s.db.Write, d.UserID, id)
}

// ordinal writes n as 1st, 2nd, 3rd, 4th, 11th, 21st, ….
func ordinal(n int) string {
	suffix := "th"
	switch n % 10 {
	case 1:
		suffix = "st"
	case 2:
		suffix = "nd"
	case 3:
		suffix = "rd"
	}
	if n%100 >= 11 && n%100 <= 13 {
		suffix = "th"
	}
	return strconv.Itoa(n) + suffix
}
