package server

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"casino/bff/bonus"
	"casino/bff/cashier"
	"casino/bff/studio"
)

// openBonus builds the bonus core and hooks it into the cashier (bonus
// check at deposit, grant when credited, the withdrawal rule), the wallet
// (wagering on every stake) and get-user-details (activeBonus); it starts
// the expiry sweep for the life of ctx. It runs after openCashier and
// openGames.
func (a *App) openBonus(ctx context.Context) {
	b := bonus.New(a.DB, a.Ledger)
	if err := b.Prepare(ctx); err != nil { // the hook then runs its SQL unprepared
		slog.Error("bonus: prepare", "err", err)
	}
	a.Bonus = b
	a.Cashier.CheckBonus = b.CheckDeposit
	a.Cashier.DepositCoupon = b.DepositCoupon
	a.Cashier.ActiveBonus = b.HasActive
	a.Cashier.OnDepositCredited = func(ctx context.Context, d cashier.CreditedDeposit) error {
		_, err := b.GrantForDeposit(ctx, bonus.Deposit{UserID: d.UserID, DepositID: d.DepositID, BonusID: d.BonusID, CouponCode: d.CouponCode, Amount: d.Amount, Number: d.Number})
		return err
	}
	a.Games.Wallet.Wagering = b
	a.Accounts.ActiveBonus = func(ctx context.Context, userID int64) (any, error) {
		ub, err := b.Active(ctx, userID)
		if ub == nil { // an untyped nil: account tests "no active bonus" with == nil
			return nil, err
		}
		return ub, err
	}
	// Free spins: the studio plays a freespins bonus's rounds through the
	// wallet as free rounds (the wallet's FreeRounds hook is b).
	if a.Studio != nil {
		a.Studio.FreeSpins = func(ctx context.Context, userID int64, gameID string) (*studio.FreeSpins, error) {
			f, err := b.FreeSpinsOn(ctx, userID, gameID)
			if f == nil || err != nil {
				return nil, err
			}
			return &studio.FreeSpins{Left: f.Left, Total: f.Total, Bet: f.Bet, Winnings: f.Winnings}, nil
		}
	}
	go every(ctx, time.Minute, "bonus: expired bonuses forfeited", b.ExpireDue)
	go every(ctx, time.Minute, "bonus: bonuses below their min balance ended", b.EndBelowMinBalance)
}

// bonusRoutes serves get-all-bonus and the player's bonus calls.
func (a *App) bonusRoutes(mux *http.ServeMux) {
	web := &bonus.Web{Service: a.Bonus, Sessions: a.Sessions, Locate: a.Accounts.Locate}
	web.Routes(mux)
}
