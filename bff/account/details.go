package account

import (
	"context"
	"encoding/json"
	"fmt"

	"casino/bff/ledger"
)

// UserLimit is the responsible-gaming part of getUser.
type UserLimit struct {
	IsSelfExclusionPermanent bool    `json:"isSelfExclusionPermanent"`
	SelfExclusion            *string `json:"selfExclusion"`
	IsSelfExcluded           bool    `json:"isSelfExcluded"`
}

// GetUser is the getUser object of get-user-details.
type GetUser struct {
	UserID          int64     `json:"userId"`
	Email           string    `json:"email"`
	FirstName       string    `json:"firstName"`
	LastName        string    `json:"lastName"`
	Phone           string    `json:"phone"`
	PhoneCode       string    `json:"phoneCode"`
	DateOfBirth     string    `json:"dateOfBirth"`
	Gender          string    `json:"gender"`
	CountryCode     string    `json:"countryCode"`
	City            string    `json:"city"`
	Address         string    `json:"address"`
	ZipCode         string    `json:"zipCode"`
	Nickname        string    `json:"nickname"`
	CurrencyCode    string    `json:"currencyCode"`
	CurrencySymbol  string    `json:"currencySymbol"`
	IsEmailVerified bool      `json:"isEmailVerified"`
	KYCStatus       string    `json:"kycStatus"`
	Tags            []string  `json:"tags"`
	Locale          string    `json:"locale"`
	UserLimit       UserLimit `json:"userLimit"`
}

// Wallet balances are integer minor units rendered as decimal strings; the
// ledger fills them.
type Wallet struct {
	CurrencyCode string `json:"currencyCode"`
	Decimals     int    `json:"decimals"`
	Balance      string `json:"balance"`
	BonusBalance string `json:"bonusBalance"`
	Withdrawable string `json:"withdrawable"`
	OnHold       string `json:"onHold"`
}

// Details is the document of GET /api/user/get-user-details.
type Details struct {
	GetUser          GetUser         `json:"getUser"`
	UserWallet       Wallet          `json:"userWallet"`
	DepositCount     int             `json:"depositCount"`
	TotalDeposit     string          `json:"totalDeposit"`
	TotalSpend       string          `json:"totalSpend"`
	IsCrypto         bool            `json:"isCrypto"`
	UserLoyaltyLevel json.RawMessage `json:"userLoyaltyLevel"`
	ReferralData     json.RawMessage `json:"referralData"`
	ActiveBonus      json.RawMessage `json:"activeBonus"`
	CurrencySymbol   string          `json:"currencySymbol"`
	UserMonthlyLimit json.RawMessage `json:"userMonthlyLimit"`
}

// Details builds the user-details document of the player.
func (s *Service) Details(ctx context.Context, userID int64) (Details, error) {
	u, err := s.userByID(ctx, userID)
	if err != nil {
		return Details{}, err
	}
	st, err := s.settings.Current(ctx)
	if err != nil {
		return Details{}, err
	}
	cur, ok := LookupCurrency(u.CurrencyCode, st.CryptoCurrencies)
	if !ok {
		cur = Currency{Code: u.CurrencyCode, Symbol: u.CurrencyCode, Decimals: 2}
	}
	var tags []string
	if err := json.Unmarshal([]byte(u.Tags), &tags); err != nil || tags == nil {
		tags = []string{}
	}
	limit := UserLimit{IsSelfExclusionPermanent: u.SelfExclusionPermanent, IsSelfExcluded: u.SelfExcluded(s.now())}
	if u.SelfExclusionUntil != "" {
		limit.SelfExclusion = &u.SelfExclusionUntil
	}
	money, err := ledger.LookupCurrency(cur.Code)
	if err != nil {
		return Details{}, fmt.Errorf("details of user %d: %w", u.ID, err)
	}
	balances, err := s.ledger.PlayerBalances(ctx, u.ID, money)
	if err != nil {
		return Details{}, err
	}
	totals, err := s.ledger.Totals(ctx, u.ID, money)
	if err != nil {
		return Details{}, err
	}
	active := json.RawMessage("null")
	if s.ActiveBonus != nil {
		b, err := s.ActiveBonus(ctx, u.ID)
		if err != nil {
			return Details{}, err
		}
		if active, err = json.Marshal(b); err != nil {
			return Details{}, err
		}
	}
	zero := ledger.FromMinor(0, money).Decimal()
	referral, _ := json.Marshal(map[string]any{"referralCode": fmt.Sprintf("R%06d", u.ID), "referredCount": 0, "earnings": zero, "percent": st.ReferAFriendPercent})
	if s.ReferralData != nil {
		d, err := s.ReferralData(ctx, u.ID, cur.Code)
		if err != nil {
			return Details{}, err
		}
		if referral, err = json.Marshal(d); err != nil {
			return Details{}, err
		}
	}
	loyalty, _ := json.Marshal(map[string]any{"level": 0, "name": "Bronze", "points": 0, "nextLevelPoints": 1000})
	if s.LoyaltyLevel != nil {
		l, err := s.LoyaltyLevel(ctx, u.ID)
		if err != nil {
			return Details{}, err
		}
		if loyalty, err = json.Marshal(l); err != nil {
			return Details{}, err
		}
	}
	monthly, _ := json.Marshal(map[string]any{"depositLimit": nil, "deposited": zero})
	return Details{
		GetUser: GetUser{
			UserID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, Phone: u.Phone, PhoneCode: u.PhoneCode,
			DateOfBirth: u.DateOfBirth, Gender: u.Gender, CountryCode: u.CountryCode, City: u.City, Address: u.Address,
			ZipCode: u.ZipCode, Nickname: u.Nickname, CurrencyCode: cur.Code, CurrencySymbol: cur.Symbol,
			IsEmailVerified: u.IsEmailVerified, KYCStatus: u.KYCStatus, Tags: tags, Locale: u.Locale, UserLimit: limit,
		},
		UserWallet: Wallet{
			CurrencyCode: cur.Code, Decimals: money.Decimals,
			Balance: balances.Total().Decimal(), BonusBalance: balances.Bonus.Decimal(),
			Withdrawable: balances.Real.Decimal(), OnHold: balances.OnHold.Decimal(),
		},
		DepositCount:     totals.DepositCount,
		TotalDeposit:     totals.Deposited.Decimal(),
		TotalSpend:       totals.Spent.Decimal(),
		IsCrypto:         cur.IsCrypto,
		UserLoyaltyLevel: loyalty,
		ReferralData:     referral,
		ActiveBonus:      active,
		CurrencySymbol:   cur.Symbol,
		UserMonthlyLimit: monthly,
	}, nil
}
