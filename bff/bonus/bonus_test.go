package bonus

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"casino/bff/api"
	"casino/bff/ledger"
	"casino/bff/wallet"
)

func TestSeedIsIdempotentAndListFilters(t *testing.T) {
	f := newFixture(t, 1)
	ctx := context.Background()
	if _, err := Seed(ctx, f.db, []byte(testSeed)); err != nil {
		t.Fatal(err)
	}
	var n, amounts int
	f.db.Read.QueryRow(`SELECT COUNT(*), (SELECT COUNT(*) FROM bonus_amounts) FROM bonuses`).Scan(&n, &amounts)
	if n != 7 || amounts != 8 {
		t.Fatalf("after a second seed: %d bonuses, %d amounts; want 7 and 8", n, amounts)
	}
	if _, err := Seed(ctx, f.db, []byte(`{"bonuses":[{"code":"x","name":"X","type":"bogus","wageringType":"REAL_TO_FUN","daysValid":1}]}`)); err == nil {
		t.Fatal("a bad type was seeded")
	}
	codes := func(p Page) string {
		var out []string
		for _, r := range p.Rows {
			out = append(out, r.Code)
		}
		return strings.Join(out, ",")
	}
	cases := []struct {
		name, query, currency, country string
		want                           string
		count                          int
	}{
		{"defaults: every open active bonus in EUR", "", "", "", "welcome,reload,gift", 3},
		{"deposit bonuses", "isDeposit=true", "", "", "welcome,reload", 2},
		{"by type", "type=no_deposit", "", "", "gift", 1},
		{"the player's currency", "", "USD", "", "usd-only", 1},
		{"the query's currency wins", "currencyCode=BTC", "USD", "", "welcome", 1},
		{"a currency with no bonus", "currencyCode=JPY", "", "", "", 0},
		{"paging", "pageNo=2&limit=2", "", "", "gift", 3},
		{"page past the end", "pageNo=9", "", "", "", 3},
		{"country check", "countryCheck=true&countryCode=GB", "", "", "welcome,reload", 2},
		{"country check with the located country", "countryCheck=true", "", "GB", "welcome,reload", 2},
		{"no country check", "countryCode=GB", "", "", "welcome,reload,gift", 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q, err := ParseListQuery(queryGetter(c.query))
			if err != nil {
				t.Fatal(err)
			}
			p, err := f.svc.List(ctx, q, c.currency, c.country)
			if err != nil {
				t.Fatal(err)
			}
			if codes(p) != c.want || p.Count != c.count {
				t.Fatalf("rows %q count %d, want %q count %d", codes(p), p.Count, c.want, c.count)
			}
		})
	}
	q, _ := ParseListQuery(queryGetter("isDeposit=true&language=de"))
	p, _ := f.svc.List(ctx, q, "", "")
	w := p.Rows[0]
	if w.Banner.BannerTitle != "100% Willkommensbonus" || w.MinDeposit != "20.00" || w.MaxBonusThreshold != "1000.00" ||
		w.MaxWinAmount != "" || w.MaxBet != "5.00" || w.CurrencyCode != "EUR" || w.DepositBonusPercent != 100 || w.WageringMultiplier != 2 {
		t.Fatalf("welcome row %+v", w)
	}
	if p.Rows[1].Banner.BannerTitle != "50% reload" { // no German banner: English
		t.Fatalf("fallback banner %+v", p.Rows[1].Banner)
	}
	for _, bad := range []string{"limit=0", "limit=101", "pageNo=-1", "pageNo=x", "isDeposit=maybe", "type=cash"} {
		_, err := ParseListQuery(queryGetter(bad))
		wantCode(t, err, api.ErrValidation.Code)
	}
}

func queryGetter(q string) func(string) string {
	m := map[string]string{}
	for _, kv := range strings.Split(q, "&") {
		if k, v, ok := strings.Cut(kv, "="); ok {
			m[k] = v
		}
	}
	return func(k string) string { return m[k] }
}

// The rules of a deposit bonus, at deposit creation (CheckDeposit) and when
// the deposit is credited (GrantForDeposit).
func TestDepositRules(t *testing.T) {
	f := newFixture(t, 4)
	ctx := context.Background()
	// Player 2 has a first deposit already; player 3 has an active bonus.
	f.deposit(t, 2, "50.00", "")
	if _, err := f.deposit(t, 3, "20.00", "welcome"); err != nil {
		t.Fatal(err)
	}
	id := func(code string) string { return fmt.Sprint(f.ids[code]) }
	cases := []struct {
		name   string
		player int64
		bonus  string
		amount string
		code   string
		msg    string
	}{
		{"welcome by id", 1, id("welcome"), "20.00", "", ""},
		{"welcome by code", 1, "welcome", "25.00", "", ""},
		{"below the minimum", 1, "welcome", "19.99", "BONUS_MIN_DEPOSIT", "Minimum deposit for the bonus: 20.00 EUR"},
		{"welcome is for the first deposit", 2, "welcome", "50.00", "DEPOSITS_NUMBER", "This bonus is only for your first deposit"},
		{"reload on a second deposit", 2, "reload", "10.00", "", ""},
		{"one active bonus at a time", 3, "reload", "50.00", "ACTIVE_BONUS", "Only one bonus can be active at a time"},
		{"not started", 1, "future", "50.00", "START_TIME_ERROR", "This bonus has not started yet"},
		{"ended", 1, "ended", "50.00", "END_TIME_ERROR", "This bonus has ended"},
		{"inactive", 1, "off", "50.00", "BONUS_NOT_AVAILABLE", "This bonus is not available"},
		{"not in the currency", 1, "usd-only", "50.00", "BONUS_NOT_AVAILABLE", ""},
		{"not a deposit bonus", 1, "gift", "50.00", "BONUS_NOT_AVAILABLE", ""},
		{"unknown", 1, "9999", "50.00", "BONUS_NOT_AVAILABLE", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := f.svc.CheckDeposit(ctx, c.player, c.bonus, money(c.amount))
			if c.code == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			wantCode(t, err, c.code)
			var apiErr *api.Error
			errors.As(err, &apiErr)
			if c.msg != "" && apiErr.Message != c.msg {
				t.Fatalf("message %q, want %q", apiErr.Message, c.msg)
			}
			if apiErr.Status != 422 {
				t.Fatalf("status %d, want 422", apiErr.Status)
			}
		})
	}
	if err := f.svc.CheckDeposit(ctx, 1, "", money("1.00")); err != nil {
		t.Fatalf("no bonus: %v", err)
	}
	// At credit time the deposit counts itself: the welcome bonus on the
	// second credited deposit is refused and nothing moves.
	_, err := f.deposit(t, 2, "30.00", "welcome")
	wantCode(t, err, "DEPOSITS_NUMBER")
	if _, bonus := f.balances(t, 2); bonus != "0.00" {
		t.Fatalf("bonus balance %s after a refused grant", bonus)
	}
	_, err = f.deposit(t, 1, "5.00", "reload")
	wantCode(t, err, "BONUS_MIN_DEPOSIT")
	f.check(t)
}

func TestGrantAmountsCapAndReplay(t *testing.T) {
	f := newFixture(t, 3)
	ctx := context.Background()
	cases := []struct {
		player             int64
		bonus, amount      string
		wantBonus, wantReq string
	}{
		{1, "welcome", "50.00", "50.00", "100.00"},
		{2, "welcome", "2500.00", "1000.00", "2000.00"}, // capped at the max bonus threshold
		{3, "reload", "33.33", "16.66", "16.66"},        // 50 %, rounded down
	}
	for _, c := range cases {
		u, err := f.deposit(t, c.player, c.amount, c.bonus)
		if err != nil {
			t.Fatal(err)
		}
		if u.BonusAmount != c.wantBonus || u.WageringRequired != c.wantReq || u.WagerLeft != c.wantReq || u.Status != StatusActive ||
			u.WageredAmount != "0.00" || u.DepositAmount != c.amount || !u.Cancellable {
			t.Fatalf("player %d: %+v", c.player, u)
		}
		if exp, _ := time.Parse(time.RFC3339, u.Expiry); u.Expiry == "" || exp.IsZero() {
			t.Fatalf("expiry %q", u.Expiry)
		}
		real, bonus := f.balances(t, c.player)
		if real != c.amount || bonus != c.wantBonus {
			t.Fatalf("player %d balances %s/%s", c.player, real, bonus)
		}
		tx, err := f.ledger.GetByKey(ctx, fmt.Sprintf("bonus:grant:%d", u.ID))
		if err != nil || tx.Kind != ledger.KindBonusGrant {
			t.Fatalf("grant transaction: %+v %v", tx, err)
		}
	}
	if typ, maxBet := f.wagering(t, 1); typ != wallet.RealToFun || maxBet != 500 {
		t.Fatalf("wallet wagering %s max bet %d", typ, maxBet)
	}
	// The cashier may tell of the same deposit twice (3-D Secure call and
	// webhook): one grant.
	u, _ := f.svc.Active(ctx, 1)
	again, err := f.svc.GrantForDeposit(ctx, Deposit{UserID: 1, DepositID: u.DepositID, BonusID: "welcome", Amount: money("50.00"), Number: 1})
	if err != nil || again.ID != u.ID {
		t.Fatalf("replay: %+v %v", again, err)
	}
	if _, bonus := f.balances(t, 1); bonus != "50.00" {
		t.Fatalf("bonus %s after a replay", bonus)
	}
	if ok, _ := f.svc.HasActive(ctx, 1, eur); !ok {
		t.Fatal("HasActive false")
	}
	f.check(t)
}

func TestWageringProgressAndCompletion(t *testing.T) {
	f := newFixture(t, 2)
	ctx := context.Background()
	// Deposit 20, bonus 20, wagering 2 × 20 = 40, REAL_TO_FUN, max bet 5.
	u, err := f.deposit(t, 1, "20.00", "welcome")
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		bet, win             string
		wagered, real, bonus string
		status               string
	}{
		{"5.00", "", "5.00", "15.00", "20.00", StatusActive},
		{"5.00", "10.00", "10.00", "20.00", "20.00", StatusActive},
		{"5.00", "", "15.00", "15.00", "20.00", StatusActive},
		{"5.00", "", "20.00", "10.00", "20.00", StatusActive},
		{"5.00", "", "25.00", "5.00", "20.00", StatusActive},
		{"5.00", "", "30.00", "0.00", "20.00", StatusActive},
		{"5.00", "8.00", "35.00", "0.00", "23.00", StatusActive}, // staked from bonus: the win goes back to bonus
		// 40 reached: the bonus balance (23 − 5 = 18) becomes real money.
		{"5.00", "", "40.00", "18.00", "0.00", StatusCompleted},
	}
	for i, s := range steps {
		round := fmt.Sprintf("r%d", i)
		if _, err := f.bet(1, "b"+round, round, s.bet); err != nil {
			t.Fatalf("step %d bet: %v", i, err)
		}
		if s.win != "" {
			if _, err := f.win(1, "w"+round, round, s.win); err != nil {
				t.Fatalf("step %d win: %v", i, err)
			}
		}
		got := f.userBonus(t, 1, u.ID)
		real, bonus := f.balances(t, 1)
		if got.WageredAmount != s.wagered || real != s.real || bonus != s.bonus || got.Status != s.status {
			t.Fatalf("step %d: wagered %s real %s bonus %s status %s; want %s %s %s %s", i, got.WageredAmount, real, bonus, got.Status,
				s.wagered, s.real, s.bonus, s.status)
		}
	}
	done := f.userBonus(t, 1, u.ID)
	if done.ConvertedWinnings != "18.00" || done.ForfeitedAmount != "0.00" || done.WagerLeft != "0.00" || done.EndedAt == "" || done.Cancellable {
		t.Fatalf("completed bonus %+v", done)
	}
	if typ, _ := f.wagering(t, 1); typ != wallet.RealMoneyOnly {
		t.Fatalf("wagering type %s after completion", typ)
	}
	if a, _ := f.svc.Active(ctx, 1); a != nil {
		t.Fatalf("still active: %+v", a)
	}
	// Bets after completion count nowhere and draw on real money only.
	if _, err := f.bet(1, "after", "after", "1.00"); err != nil {
		t.Fatal(err)
	}
	if got := f.userBonus(t, 1, u.ID); got.WageredAmount != "40.00" {
		t.Fatalf("wagered %s after completion", got.WageredAmount)
	}
	if _, err := f.ledger.GetByKey(ctx, fmt.Sprintf("bonus:convert:%d", u.ID)); err != nil {
		t.Fatal(err)
	}

	// The max win amount caps the conversion; the rest is forfeited.
	// Reload: deposit 100 → bonus 50, wagering 50, max win 30.
	r, err := f.deposit(t, 2, "100.00", "reload")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		if _, err := f.bet(2, fmt.Sprint("c", i), fmt.Sprint("c", i), "5.00"); err != nil {
			t.Fatal(err)
		}
	}
	got := f.userBonus(t, 2, r.ID)
	real, bonus := f.balances(t, 2)
	if got.Status != StatusCompleted || got.ConvertedWinnings != "30.00" || got.ForfeitedAmount != "20.00" || real != "80.00" || bonus != "0.00" {
		t.Fatalf("capped completion %+v, real %s bonus %s", got, real, bonus)
	}
	f.check(t)
}

// A rolled-back stake comes off the wagering when it counted towards the
// bonus, not when it was placed before the grant.
func TestRollbackTakesStakeOff(t *testing.T) {
	f := newFixture(t, 1)
	ctx := context.Background()
	f.deposit(t, 1, "10.00", "")
	if _, err := f.bet(1, "before", "r0", "4.00"); err != nil { // before the bonus
		t.Fatal(err)
	}
	u, err := f.deposit(t, 1, "20.00", "reload") // bonus 10, wagering 10
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.bet(1, "b1", "r1", "3.00"); err != nil {
		t.Fatal(err)
	}
	rollback := func(id, target, round string) {
		t.Helper()
		if _, err := f.wallet.Rollback(ctx, "studio", wallet.RollbackRequest{TransactionID: id, RollbackTransactionID: target,
			RoundID: round, PlayerID: "1", GameID: "open-game"}); err != nil {
			t.Fatal(err)
		}
	}
	rollback("rb0", "before", "r0")
	if got := f.userBonus(t, 1, u.ID); got.WageredAmount != "3.00" {
		t.Fatalf("wagered %s after rolling back a stake from before the bonus", got.WageredAmount)
	}
	rollback("rb1", "b1", "r1")
	rollback("rb1", "b1", "r1") // a replay takes nothing more off
	if got := f.userBonus(t, 1, u.ID); got.WageredAmount != "0.00" || got.WagerLeft != "10.00" {
		t.Fatalf("after the rollback: %+v", got)
	}
	f.check(t)
}

func TestCancelAndExpiry(t *testing.T) {
	f := newFixture(t, 3)
	ctx := context.Background()
	u1, _ := f.deposit(t, 1, "40.00", "welcome")
	if _, err := f.bet(1, "x", "x", "5.00"); err != nil {
		t.Fatal(err)
	}
	// Another player cannot see or cancel it.
	_, err := f.svc.Cancel(ctx, 2, u1.ID)
	wantCode(t, err, "NOT_FOUND")
	c, err := f.svc.Cancel(ctx, 1, u1.ID)
	if err != nil {
		t.Fatal(err)
	}
	real, bonus := f.balances(t, 1)
	if c.Status != StatusCancelled || c.ForfeitedAmount != "40.00" || c.WageredAmount != "5.00" || real != "35.00" || bonus != "0.00" {
		t.Fatalf("cancelled %+v real %s bonus %s", c, real, bonus)
	}
	_, err = f.svc.Cancel(ctx, 1, u1.ID)
	wantCode(t, err, "BONUS_NOT_ACTIVE")
	if ok, _ := f.svc.HasActive(ctx, 1, eur); ok {
		t.Fatal("still active after cancel")
	}
	if typ, _ := f.wagering(t, 1); typ != wallet.RealMoneyOnly {
		t.Fatalf("wagering %s after cancel", typ)
	}
	// A new bonus after the cancelled one (reload: any deposit).
	if _, err := f.deposit(t, 1, "20.00", "reload"); err != nil {
		t.Fatalf("reload after cancel: %v", err)
	}

	// Expiry: the sweep forfeits bonuses past their expiry, once.
	u2, _ := f.deposit(t, 2, "30.00", "welcome") // 30 days
	u3, _ := f.deposit(t, 3, "30.00", "reload")  // 7 days
	f.now.Add(int64(8 * 24 * time.Hour))
	n, err := f.svc.ExpireDue(ctx)
	if err != nil || n != 2 { // player 3's reload and player 1's reload
		t.Fatalf("expired %d (%v), want 2", n, err)
	}
	if got := f.userBonus(t, 3, u3.ID); got.Status != StatusExpired || got.ForfeitedAmount != "15.00" {
		t.Fatalf("expired %+v", got)
	}
	if got := f.userBonus(t, 2, u2.ID); got.Status != StatusActive {
		t.Fatalf("welcome expired early: %+v", got)
	}
	if n, err := f.svc.ExpireDue(ctx); err != nil || n != 0 {
		t.Fatalf("second sweep %d %v", n, err)
	}
	f.now.Add(int64(30 * 24 * time.Hour))
	if n, err := f.svc.ExpireDue(ctx); err != nil || n != 1 {
		t.Fatalf("third sweep %d %v", n, err)
	}
	if _, bonus := f.balances(t, 2); bonus != "0.00" {
		t.Fatalf("bonus %s after expiry", bonus)
	}
	page, err := f.svc.UserBonuses(ctx, 1, "", 1, 20)
	if err != nil || page.Count != 2 || page.Rows[0].Status != StatusExpired || page.Rows[1].Status != StatusCancelled {
		t.Fatalf("history %+v %v", page, err)
	}
	f.check(t)
}

// TestLateWinAfterBonusEnded: a round staked with bonus money whose win lands
// after the bonus ended pays that share as real money when the bonus
// completed, and to the house when it was cancelled — never onto a bonus
// balance with no bonus behind it.
func TestLateWinAfterBonusEnded(t *testing.T) {
	f := newFixture(t, 2)
	ctx := context.Background()
	for _, p := range []int64{1, 2} {
		// Deposit 20, bonus 20, wagering 40, max bet 5: four bets use up the
		// real money, the fifth (left open) is staked from the bonus.
		if _, err := f.deposit(t, p, "20.00", "welcome"); err != nil {
			t.Fatal(err)
		}
		for i := range 4 {
			if _, err := f.bet(p, fmt.Sprintf("p%d-b%d", p, i), fmt.Sprintf("p%d-r%d", p, i), "5.00"); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := f.bet(p, fmt.Sprintf("p%d-late-bet", p), fmt.Sprintf("p%d-late", p), "5.00"); err != nil {
			t.Fatal(err)
		}
	}
	// Player 1 completes the wagering (40) in other rounds; player 2 cancels.
	for i := range 3 {
		if _, err := f.bet(1, fmt.Sprintf("c%d", i), fmt.Sprintf("c%d", i), "5.00"); err != nil {
			t.Fatal(err)
		}
	}
	active, err := f.svc.Active(ctx, 2)
	if err != nil || active == nil {
		t.Fatalf("player 2 active bonus: %v %v", active, err)
	}
	if _, err := f.svc.Cancel(ctx, 2, active.ID); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		player      int64
		real, bonus string
	}{
		{1, "10.00", "0.00"}, // completed: the share is real money
		{2, "0.00", "0.00"},  // cancelled: the share went to the house
	} {
		if _, err := f.win(tc.player, fmt.Sprintf("p%d-late-win", tc.player), fmt.Sprintf("p%d-late", tc.player), "10.00"); err != nil {
			t.Fatalf("player %d late win: %v", tc.player, err)
		}
		if real, bonus := f.balances(t, tc.player); real != tc.real || bonus != tc.bonus {
			t.Errorf("player %d after the late win: real %s bonus %s, want %s %s", tc.player, real, bonus, tc.real, tc.bonus)
		}
	}
	f.check(t)
}

// TestExcludedGameWhileBonusMoneyIsInPlay: a game the operator keeps out of
// bonus play refuses bets while bets may draw on bonus money, and takes them
// again once the bonus has ended.
func TestExcludedGameWhileBonusMoneyIsInPlay(t *testing.T) {
	f := newFixture(t, 1)
	ctx := context.Background()
	u, err := f.deposit(t, 1, "20.00", "welcome")
	if err != nil {
		t.Fatal(err)
	}
	table := func(tx string) error {
		_, err := f.wallet.Debit(ctx, "studio", wallet.MoneyRequest{TransactionID: tx, RoundID: tx, PlayerID: "1",
			GameID: "table-game", Currency: "EUR", Amount: "1.00"})
		return err
	}
	wantCode(t, table("t1"), "GAME_NOT_ELIGIBLE_WITH_BONUS")
	if real, bonus := f.balances(t, 1); real != "20.00" || bonus != "20.00" {
		t.Fatalf("a refused bet moved money: real %s bonus %s", real, bonus)
	}
	if _, err := f.svc.Cancel(ctx, 1, u.ID); err != nil {
		t.Fatal(err)
	}
	if err := table("t2"); err != nil {
		t.Fatalf("after the bonus ended: %v", err)
	}
	f.check(t)
}

// The stake hook is one statement: a stake in another currency counts
// nowhere, and a sum past int64 saturates at the requirement (completing
// the bonus) instead of wrapping or turning into a float.
func TestStakedCurrencyAndSaturation(t *testing.T) {
	f := newFixture(t, 1)
	ctx := context.Background()
	u, err := f.deposit(t, 1, "20.00", "welcome")
	if err != nil {
		t.Fatal(err)
	}
	stake := func(cur ledger.Currency, amount int64) {
		t.Helper()
		if err := f.ledger.Do(ctx, func(lt *ledger.Tx) error { return f.svc.Staked(lt, 1, cur, amount) }); err != nil {
			t.Fatal(err)
		}
	}
	stake(ledger.MustCurrency("USD"), 500)
	if got := f.userBonus(t, 1, u.ID); got.WageredAmount != "0.00" || got.Status != StatusActive {
		t.Fatalf("after a USD stake %+v", got)
	}
	if _, err := f.db.Write.ExecContext(ctx, `UPDATE user_bonuses SET wagered = 9223372036854775000, wagering_required = 9223372036854775800 WHERE id = ?`, u.ID); err != nil {
		t.Fatal(err)
	}
	stake(eur, 1000)
	var wagered int64
	var status string
	if err := f.db.Write.QueryRowContext(ctx, `SELECT wagered, status FROM user_bonuses WHERE id = ?`, u.ID).Scan(&wagered, &status); err != nil {
		t.Fatal(err)
	}
	if wagered != 9223372036854775800 || status != StatusCompleted {
		t.Fatalf("wagered %d status %s, want saturated and completed", wagered, status)
	}
}

// The bet that completes a bonus answers the balances after the completion
// (bonus money converted, the part over the max win forfeited), not the
// ones from before it.
func TestCompletingBetAnswersBalancesAfterCompletion(t *testing.T) {
	f := newFixture(t, 1)
	// Reload: deposit 100 → bonus 50, wagering 50, max win 30.
	if _, err := f.deposit(t, 1, "100.00", "reload"); err != nil {
		t.Fatal(err)
	}
	var res wallet.Result
	for i := range 10 {
		var err error
		if res, err = f.bet(1, fmt.Sprint("c", i), fmt.Sprint("c", i), "5.00"); err != nil {
			t.Fatal(err)
		}
	}
	real, bonus := f.balances(t, 1)
	if real != "80.00" || bonus != "0.00" {
		t.Fatalf("ledger real %s bonus %s", real, bonus)
	}
	if res.RealBalance != real || res.BonusBalance != bonus || res.Balance != real {
		t.Fatalf("answer balance %s real %s bonus %s; want %s %s %s", res.Balance, res.RealBalance, res.BonusBalance, real, real, bonus)
	}
}
