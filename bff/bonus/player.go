package bonus

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"casino/bff/ledger"
)

// UserBonus is a player's bonus as the API shows it (SPEC section 3 "bonus
// fields seen"): amounts are decimal strings in its currency.
type UserBonus struct {
	ID                int64  `json:"id"`
	BonusID           int64  `json:"bonusId"`
	Name              string `json:"name"`
	Type              string `json:"type"`
	Status            string `json:"status"`
	CurrencyCode      string `json:"currencyCode"`
	DepositID         string `json:"depositId,omitempty"`
	DepositAmount     string `json:"depositAmount"`
	BonusAmount       string `json:"bonusAmount"`
	Multiplier        int    `json:"multiplier"`
	WageringRequired  string `json:"wageringRequired"`
	WageredAmount     string `json:"wageredAmount"`
	WagerLeft         string `json:"wagerLeft"`
	WageringType      string `json:"wageringType"`
	MaxWinAmount      string `json:"maxWinAmount"`
	MaxBet            string `json:"maxBet"`
	ConvertedWinnings string `json:"convertedWinnings"`
	// MinBalance: the bonus ends (status expired, endReason MIN_BALANCE)
	// once its bonus balance is below it ("" = none).
	MinBalance string `json:"minBalance"`
	// ValidTo is the end of the bonus's offer (the catalogue's validTo,
	// "" = open); Expiry is this grant's own end.
	ValidTo string `json:"validTo"`
	// EndReason says why an ended bonus ended when its status does not:
	// MIN_BALANCE.
	EndReason string `json:"endReason,omitempty"`
	// WageringContribution: the percent of a stake that counts towards the
	// wagering by game kind (slot, live, table, other).
	WageringContribution map[string]int `json:"wageringContribution"`
	ForfeitedAmount      string         `json:"forfeitedAmount"`
	Start                string         `json:"start"`
	Expiry               string         `json:"expiry"`
	EndedAt              string         `json:"endedAt,omitempty"`
	Cancellable          bool           `json:"cancellable"`
	// Free spins (a freespins bonus): how many it granted, how many are
	// left, on which studio game and at which bet; their winnings are
	// bonusAmount.
	FreeSpinsQuantity int    `json:"freeSpinsQuantity"`
	FreeSpinsLeft     int    `json:"freeSpinsLeft"`
	FreeSpinGame      string `json:"freeSpinGame,omitempty"`
	FreeSpinBet       string `json:"freeSpinBet,omitempty"`
	Banner            Banner `json:"banner"`

	wagered, required int64
	userID            int64
}

const userBonusColumns = `ub.id, ub.bonus_id, b.name, b.type, ub.status, ub.currency, COALESCE(ub.deposit_id, ''), ub.deposit_amount,
	ub.bonus_amount, b.wagering_multiplier, ub.wagering_required, ub.wagered, ub.wagering_type, ub.max_win_amount, ub.max_bet,
	ub.converted_amount, ub.forfeited_amount, ub.started_at, ub.expires_at, ub.ended_at, ub.user_id, b.banners,
	ub.free_spins_total, ub.free_spins_left, ub.free_spin_game, ub.free_spin_bet, ub.min_balance, b.valid_to, ub.end_reason, ub.wagering_contribution`

func scanUserBonus(row interface{ Scan(...any) error }) (UserBonus, error) {
	var (
		u                                                                 UserBonus
		deposit, amount, maxWin, maxBet, converted, forfeited, multiplier int64
		banners                                                           string
		spinBet, minBalance                                               int64
		endReason, contribution                                           string
	)
	err := row.Scan(&u.ID, &u.BonusID, &u.Name, &u.Type, &u.Status, &u.CurrencyCode, &u.DepositID, &deposit, &amount, &multiplier,
		&u.required, &u.wagered, &u.WageringType, &maxWin, &maxBet, &converted, &forfeited, &u.Start, &u.Expiry, &u.EndedAt,
		&u.userID, &banners, &u.FreeSpinsQuantity, &u.FreeSpinsLeft, &u.FreeSpinGame, &spinBet, &minBalance, &u.ValidTo, &endReason, &contribution)
	if err != nil {
		return UserBonus{}, err
	}
	c, err := ledger.LookupCurrency(u.CurrencyCode)
	if err != nil {
		return UserBonus{}, err
	}
	f := func(v int64) string { return ledger.FormatMinor(v, c.Decimals) }
	left := max(u.required-u.wagered, 0)
	if u.Status != StatusActive {
		left = 0
	}
	u.Multiplier = int(multiplier)
	u.DepositAmount, u.BonusAmount, u.WageringRequired, u.WageredAmount = f(deposit), f(amount), f(u.required), f(u.wagered)
	u.WagerLeft, u.MaxWinAmount, u.MaxBet = f(left), amountText(maxWin, c), amountText(maxBet, c)
	u.ConvertedWinnings, u.ForfeitedAmount = f(converted), f(forfeited)
	u.Cancellable = u.Status == StatusActive
	u.FreeSpinBet = amountText(spinBet, c)
	u.MinBalance = amountText(minBalance, c)
	if contribution != "{}" {
		u.WageringContribution = withDefaults(contribution)
	} else { // granted before contributions: every stake counts in full
		u.WageringContribution = map[string]int{"slot": 100, "live": 100, "table": 100, "other": 100}
	}
	if endReason == reasonMinBalance {
		u.EndReason = "MIN_BALANCE"
	}
	if u.Status != StatusActive {
		u.FreeSpinsLeft = 0
	}
	b := Bonus{Name: u.Name}
	if banners != "" {
		json.Unmarshal([]byte(banners), &b.Banners)
	}
	u.Banner = b.banner("en")
	return u, nil
}

// userBonus reads one of the player's bonuses (another player's: not found).
func (s *Service) userBonus(ctx context.Context, q queryer, userID, id int64) (UserBonus, error) {
	u, err := scanUserBonus(q.QueryRowContext(ctx, `SELECT `+userBonusColumns+` FROM user_bonuses ub JOIN bonuses b ON b.id = ub.bonus_id
		WHERE ub.id = ? AND ub.user_id = ?`, id, userID))
	if errors.Is(err, sql.ErrNoRows) {
		return UserBonus{}, fmt.Errorf("user bonus %d of player %d: %w", id, userID, ErrNotFound)
	}
	return u, err
}

// Active returns the player's active bonus (nil: none).
func (s *Service) Active(ctx context.Context, userID int64) (*UserBonus, error) {
	u, err := scanUserBonus(s.db.Read.QueryRowContext(ctx, `SELECT `+userBonusColumns+` FROM user_bonuses ub JOIN bonuses b ON b.id = ub.bonus_id
		WHERE ub.user_id = ? AND ub.status = 'active'`, userID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("active bonus of player %d: %w", userID, err)
	}
	return &u, nil
}

// HasActive is the cashier's withdrawal rule: does the player have an
// active bonus?
func (s *Service) HasActive(ctx context.Context, userID int64, _ ledger.Currency) (bool, error) {
	var yes bool
	err := s.db.Read.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM user_bonuses WHERE user_id = ? AND status = 'active')`, userID).Scan(&yes)
	return yes, err
}

// UserPage is the answer of the player's bonus list.
type UserPage struct {
	Count int         `json:"count"`
	Rows  []UserBonus `json:"rows"`
}

// UserBonuses lists the player's bonuses, active first, then newest first;
// status filters ("" = all).
func (s *Service) UserBonuses(ctx context.Context, userID int64, status string, pageNo, limit int) (UserPage, error) {
	where, args := `ub.user_id = ?`, []any{userID}
	if status != "" {
		where += ` AND ub.status = ?`
		args = append(args, status)
	}
	p := UserPage{Rows: []UserBonus{}}
	if err := s.db.Read.QueryRowContext(ctx, `SELECT COUNT(*) FROM user_bonuses ub WHERE `+where, args...).Scan(&p.Count); err != nil {
		return UserPage{}, err
	}
	rows, err := s.db.Read.QueryContext(ctx, `SELECT `+userBonusColumns+` FROM user_bonuses ub JOIN bonuses b ON b.id = ub.bonus_id
		WHERE `+where+` ORDER BY ub.status = 'active' DESC, ub.id DESC LIMIT ? OFFSET ?`, append(args, limit, (pageNo-1)*limit)...)
	if err != nil {
		return UserPage{}, err
	}
	defer rows.Close()
	for rows.Next() {
		u, err := scanUserBonus(rows)
		if err != nil {
			return UserPage{}, err
		}
		p.Rows = append(p.Rows, u)
	}
	return p, rows.Err()
}
