package server

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"casino/bff/bonus"
	"casino/bff/cashier"
)

// openBonus builds the bonus core and hooks it into the cashier (bonus
// check at deposit, grant when credited, the withdrawal rule), the wallet
// (wagering on every stake) and get-user-details (activeBonus); it starts
// the expiry sweep for the life of ctx. It runs after openCashier and
// openGames.
func (a *App) openBonus(ctx context.Context) {
	b := bonus.New(a.DB, a.Ledger)
	a.Bonus = b
	a.Cashier.CheckBonus = b.CheckDeposit
	a.Cashier.ActiveBonus = b.HasActive
	a.Cashier.OnDepositCredited = func(ctx context.Context, d cashier.CreditedDeposit) error {
		_, err := b.GrantForDeposit(ctx, bonus.Deposit{UserID: d.UserID, DepositID: d.DepositID, BonusID: d.BonusID, Amount: d.Amount, Number: d.Number})
		return err
	}
	a.Games.Wallet.Wagering = b
	a.Accounts.ActiveBonus = func(ctx context.Context, userID int64) (any, error) { return b.Active(ctx, userID) }
	go a.expireBonuses(ctx)
}

// bonusRoutes serves get-all-bonus and the player's bonus calls.
func (a *App) bonusRoutes(mux *http.ServeMux) {
	web := &bonus.Web{Service: a.Bonus, Sessions: a.Sessions, Locate: a.Accounts.Locate}
	web.Routes(mux)
}

// expireBonuses forfeits bonuses past their expiry once a minute.
func (a *App) expireBonuses(ctx context.Context) {
	tick := time.NewTicker(time.Minute)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			n, err := a.Bonus.ExpireDue(ctx)
			if err != nil {
				if ctx.Err() != nil || strings.Contains(err.Error(), "database is closed") {
					return
				}
				slog.Error("bonus: expire", "err", err)
			} else if n > 0 {
				slog.Info("bonus: expired bonuses forfeited", "count", n)
			}
		}
	}
}
