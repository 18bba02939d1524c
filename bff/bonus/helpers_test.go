package bonus

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"casino/bff/api"
	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/wallet"
)

var eur = ledger.MustCurrency("EUR")

func money(s string) ledger.Money { return ledger.MustParse(s, eur) }

// testSeed: welcome (first deposit, 100 % up to 1000, min 20, x2 for short
// tests), reload (50 % up to 100, min 10, max win 30, x1), one not started,
// one ended, one inactive, one only in USD, and a no-deposit bonus.
const testSeed = `{"bonuses": [
 {"code": "welcome", "name": "Welcome", "type": "deposit", "isActive": true, "order": 1, "depositBonusPercent": 100,
  "wageringMultiplier": 2, "wageringType": "REAL_TO_FUN", "depositsNumber": 1, "daysValid": 30,
  "banner": {"en": {"bannerTitle": "100% welcome bonus"}, "de": {"bannerTitle": "100% Willkommensbonus"}},
  "amounts": {"EUR": {"minDeposit": "20.00", "maxBonusThreshold": "1000.00", "maxBet": "5.00"}, "BTC": {"minDeposit": "0.0003"}}},
 {"code": "reload", "name": "Reload", "type": "deposit", "isActive": true, "order": 2, "depositBonusPercent": 50,
  "wageringMultiplier": 1, "wageringType": "REAL_TO_FUN", "depositsNumber": 0, "daysValid": 7,
  "banner": {"en": {"bannerTitle": "50% reload"}},
  "amounts": {"EUR": {"minDeposit": "10.00", "maxBonusThreshold": "100.00", "maxWinAmount": "30.00"}}},
 {"code": "future", "name": "Future", "type": "deposit", "isActive": true, "order": 3, "depositBonusPercent": 10,
  "wageringMultiplier": 1, "wageringType": "REAL_TO_FUN", "daysValid": 7, "validFrom": "2099-01-01T00:00:00Z",
  "amounts": {"EUR": {}}},
 {"code": "ended", "name": "Ended", "type": "deposit", "isActive": true, "order": 4, "depositBonusPercent": 10,
  "wageringMultiplier": 1, "wageringType": "REAL_TO_FUN", "daysValid": 7, "validTo": "2000-01-01T00:00:00Z",
  "amounts": {"EUR": {}}},
 {"code": "off", "name": "Off", "type": "deposit", "isActive": false, "order": 5, "depositBonusPercent": 10,
  "wageringMultiplier": 1, "wageringType": "REAL_TO_FUN", "daysValid": 7, "amounts": {"EUR": {}}},
 {"code": "usd-only", "name": "USD only", "type": "deposit", "isActive": true, "order": 6, "depositBonusPercent": 10,
  "wageringMultiplier": 1, "wageringType": "REAL_MONEY_ONLY", "daysValid": 7, "amounts": {"USD": {}}},
 {"code": "gift", "name": "Gift", "type": "no_deposit", "isActive": true, "order": 7, "wageringMultiplier": 10,
  "wageringType": "REAL_TO_FUN", "daysValid": 1, "restrictedCountries": ["GB"], "amounts": {"EUR": {"bonusAmount": "5.00"}}}
]}`

type fixture struct {
	db     *database.DB
	ledger *ledger.Ledger
	svc    *Service
	wallet *wallet.Service
	now    atomic.Int64 // unix nanoseconds
	ids    map[string]int64
	seq    atomic.Int64
}

// testGames: every game is open to bonus play but "table-game", which the
// operator keeps out of it.
func testGames(_ context.Context, provider, gameID string) (wallet.GameRules, error) {
	if gameID == "table-game" {
		return wallet.GameRules{Name: "Table Game", Provider: "Aurum Studio", BonusExcluded: true}, nil
	}
	switch gameID {
	case "slot-game", "live-game", "table-ok":
		kind := map[string]string{"slot-game": "slot", "live-game": "live", "table-ok": "table"}[gameID]
		return wallet.GameRules{Name: gameID, Provider: "Aurum Studio", Kind: kind}, nil
	}
	return wallet.GameRules{Name: "Open Game", Provider: "Aurum Studio"}, nil
}

func newFixture(tb testing.TB, players int) *fixture {
	tb.Helper()
	ctx := context.Background()
	db, err := database.Open(ctx, tb.TempDir())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	f := &fixture{db: db, ledger: ledger.New(db), ids: map[string]int64{}}
	f.now.Store(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC).UnixNano())
	clock := func() time.Time { return time.Unix(0, f.now.Load()).UTC() }
	for i := 1; i <= players; i++ {
		if _, err := db.Write.ExecContext(ctx, `INSERT INTO users(id, email, country_code) VALUES (?, ?, 'DE')`, i, fmt.Sprintf("p%d@example.com", i)); err != nil {
			tb.Fatal(err)
		}
	}
	if _, err := Seed(ctx, db, []byte(testSeed)); err != nil {
		tb.Fatal(err)
	}
	rows, err := db.Read.QueryContext(ctx, `SELECT code, id FROM bonuses`)
	if err != nil {
		tb.Fatal(err)
	}
	for rows.Next() {
		var (
			code string
			id   int64
		)
		rows.Scan(&code, &id)
		f.ids[code] = id
	}
	rows.Close()
	f.svc = New(db, f.ledger)
	f.svc.Now = clock
	f.wallet = wallet.NewService(db, f.ledger, testGames)
	f.wallet.Now = clock
	f.wallet.Wagering = f.svc
	return f
}

// deposit credits amount to the player as the cashier would and, with a
// bonus, grants it for the deposit.
func (f *fixture) deposit(tb testing.TB, player int64, amount, bonusRef string) (UserBonus, error) {
	tb.Helper()
	ctx := context.Background()
	n := f.seq.Add(1)
	id := fmt.Sprintf("dep_%d", n)
	if _, err := f.ledger.Deposit(ctx, "deposit:test:"+id, player, "sandbox", money(amount), nil); err != nil {
		tb.Fatal(err)
	}
	var count int
	if err := f.db.Write.QueryRowContext(ctx, `UPDATE users SET deposit_count = deposit_count + 1 WHERE id = ? RETURNING deposit_count`, player).Scan(&count); err != nil {
		tb.Fatal(err)
	}
	if bonusRef == "" {
		return UserBonus{}, nil
	}
	return f.svc.GrantForDeposit(ctx, Deposit{UserID: player, DepositID: id, BonusID: bonusRef, Amount: money(amount), Number: count})
}

func (f *fixture) balances(tb testing.TB, player int64) (real, bonus string) {
	tb.Helper()
	b, err := f.ledger.PlayerBalances(context.Background(), player, eur)
	if err != nil {
		tb.Fatal(err)
	}
	return b.Real.Decimal(), b.Bonus.Decimal()
}

func (f *fixture) bet(player int64, tx, round, amount string) (wallet.Result, error) {
	return f.wallet.Debit(context.Background(), "studio", wallet.MoneyRequest{TransactionID: tx, RoundID: round,
		PlayerID: fmt.Sprint(player), GameID: "open-game", Currency: "EUR", Amount: amount})
}

func (f *fixture) win(player int64, tx, round, amount string) (wallet.Result, error) {
	return f.wallet.Credit(context.Background(), "studio", wallet.MoneyRequest{TransactionID: tx, RoundID: round,
		PlayerID: fmt.Sprint(player), GameID: "open-game", Currency: "EUR", Amount: amount, CloseRound: true})
}

func (f *fixture) userBonus(tb testing.TB, player, id int64) UserBonus {
	tb.Helper()
	u, err := f.svc.userBonus(context.Background(), f.db.Write, player, id)
	if err != nil {
		tb.Fatal(err)
	}
	return u
}

func (f *fixture) wagering(tb testing.TB, player int64) (string, int64) {
	tb.Helper()
	var (
		typ    string
		maxBet sql.NullInt64
	)
	err := f.db.Read.QueryRowContext(context.Background(), `SELECT wagering_type, bonus_max_bet FROM player_wagering WHERE player_id = ?`, player).Scan(&typ, &maxBet)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0
	}
	if err != nil {
		tb.Fatal(err)
	}
	return typ, maxBet.Int64
}

func (f *fixture) check(tb testing.TB) {
	tb.Helper()
	if err := f.ledger.Check(context.Background()); err != nil {
		tb.Fatal(err)
	}
}

func wantCode(tb testing.TB, err error, code string) {
	tb.Helper()
	var apiErr *api.Error
	if !errors.As(err, &apiErr) || apiErr.Code != code {
		tb.Fatalf("error %v, want %s", err, code)
	}
}

func apiError(err error) *api.Error {
	var apiErr *api.Error
	if errors.As(err, &apiErr) {
		return apiErr
	}
	return &api.Error{Status: 500, Code: fmt.Sprint(err)}
}
