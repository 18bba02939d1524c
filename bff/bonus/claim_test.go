package bonus

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"
)

// claimSeed: no-deposit bonuses, one per claim rule (the fixture's clock is
// Monday 2026-11-23 12:00 UTC).
const claimSeed = `{"bonuses": [
 {"code": "nd-verified", "name": "Verified only", "type": "no_deposit", "isActive": true, "wageringMultiplier": 3,
  "wageringType": "REAL_TO_FUN", "daysValid": 2, "requiresEmailVerification": true, "amounts": {"EUR": {"bonusAmount": "10.00", "maxBet": "2.00"}}},
 {"code": "nd-newbies", "name": "Newbies", "type": "no_deposit", "isActive": true, "wageringMultiplier": 1,
  "wageringType": "REAL_TO_FUN", "daysValid": 2, "registrationDays": 7, "amounts": {"EUR": {"bonusAmount": "1.00"}}},
 {"code": "nd-two", "name": "Two players", "type": "no_deposit", "isActive": true, "wageringMultiplier": 1,
  "wageringType": "REAL_TO_FUN", "daysValid": 2, "maxParticipants": 2, "amounts": {"EUR": {"bonusAmount": "1.00"}}},
 {"code": "nd-weekly", "name": "Weekly", "type": "no_deposit", "isActive": true, "wageringMultiplier": 1,
  "wageringType": "REAL_TO_FUN", "daysValid": 2, "retryDays": 7, "amounts": {"EUR": {"bonusAmount": "1.00"}}},
 {"code": "nd-future", "name": "Future", "type": "no_deposit", "isActive": true, "wageringMultiplier": 1,
  "wageringType": "REAL_TO_FUN", "daysValid": 2, "validFrom": "2026-12-01T00:00:00Z", "amounts": {"EUR": {"bonusAmount": "1.00"}}},
 {"code": "nd-ended", "name": "Ended", "type": "no_deposit", "isActive": true, "wageringMultiplier": 1,
  "wageringType": "REAL_TO_FUN", "daysValid": 2, "validTo": "2026-11-23T12:00:00Z", "amounts": {"EUR": {"bonusAmount": "1.00"}}},
 {"code": "nd-friday", "name": "Friday", "type": "no_deposit", "isActive": true, "wageringMultiplier": 1,
  "wageringType": "REAL_TO_FUN", "daysValid": 2, "validOnDays": [5], "amounts": {"EUR": {"bonusAmount": "1.00"}}},
 {"code": "nd-usd", "name": "USD", "type": "no_deposit", "isActive": true, "wageringMultiplier": 1,
  "wageringType": "REAL_TO_FUN", "daysValid": 2, "amounts": {"USD": {"bonusAmount": "1.00"}}}
]}`

func claimFixture(t *testing.T, players int) *fixture {
	t.Helper()
	f := newFixture(t, players)
	ctx := context.Background()
	if _, err := Seed(ctx, f.db, []byte(claimSeed)); err != nil {
		t.Fatal(err)
	}
	rows, _ := f.db.Read.QueryContext(ctx, `SELECT code, id FROM bonuses`)
	for rows.Next() {
		var (
			code string
			id   int64
		)
		rows.Scan(&code, &id)
		f.ids[code] = id
	}
	rows.Close()
	// Everyone signed up a day before the clock, with a verified e-mail.
	f.db.Write.ExecContext(ctx, `UPDATE users SET is_email_verified = 1, created_at = '2026-11-22T12:00:00.000Z'`)
	return f
}

func (f *fixture) claim(player int64, code string) (Claimed, error) {
	return f.svc.Claim(context.Background(), player, fmt.Sprint(f.ids[code]), "")
}

func TestClaimNoDeposit(t *testing.T) {
	f := claimFixture(t, 1)
	got, err := f.claim(1, "nd-verified")
	if err != nil || got.Code != BonusActivated || got.Amount != "10.00" || got.UserBonus == nil {
		t.Fatalf("claim: %+v %v", got, err)
	}
	u := got.UserBonus
	if u.Type != TypeNoDeposit || u.Status != StatusActive || u.WageringRequired != "30.00" || u.WagerLeft != "30.00" || u.DepositID != "" ||
		u.Expiry != "2026-11-25T12:00:00.000Z" || u.MaxBet != "2.00" {
		t.Fatalf("user bonus %+v", u)
	}
	if real, bonus := f.balances(t, 1); real != "0.00" || bonus != "10.00" {
		t.Fatalf("balances %s %s", real, bonus)
	}
	if typ, maxBet := f.wagering(t, 1); typ != "REAL_TO_FUN" || maxBet != 200 {
		t.Fatalf("wagering rule %s %d", typ, maxBet)
	}
	var key string
	f.db.Read.QueryRow(`SELECT idempotency_key FROM ledger_transactions WHERE id = (SELECT grant_tx_id FROM user_bonuses WHERE id = ?)`, u.ID).Scan(&key)
	if key != fmt.Sprintf("bonus:grant:%d", u.ID) {
		t.Fatalf("ledger key %q", key)
	}
	// Claimed again (a second click, a retried request): the same grant.
	again, err := f.claim(1, "nd-verified")
	if err != nil || again.UserBonus.ID != u.ID {
		t.Fatalf("again: %+v %v", again, err)
	}
	if _, bonus := f.balances(t, 1); bonus != "10.00" {
		t.Fatalf("granted twice: %s", bonus)
	}
	// Wagering it through the wallet converts it.
	for i := range 15 {
		if _, err := f.bet(1, fmt.Sprintf("b%d", i), fmt.Sprintf("r%d", i), "2.00"); err != nil {
			t.Fatal(err)
		}
		if i < 14 {
			if _, err := f.win(1, fmt.Sprintf("w%d", i), fmt.Sprintf("r%d", i), "2.00"); err != nil {
				t.Fatal(err)
			}
		}
	}
	if u := f.userBonus(t, 1, u.ID); u.Status != StatusCompleted || u.ConvertedWinnings != "8.00" {
		t.Fatalf("after 30.00 staked: %+v", u)
	}
	if real, bonus := f.balances(t, 1); real != "8.00" || bonus != "0.00" {
		t.Fatalf("after conversion %s %s", real, bonus)
	}
	f.check(t)
}

func TestClaimRules(t *testing.T) {
	type step struct {
		player int64
		code   string
		want   string // "" = granted
	}
	cases := []struct {
		name  string
		setup func(f *fixture)
		steps []step
	}{
		{"a deposit bonus is claimed with a deposit", nil, []step{{1, "welcome", "BONUS_NOT_AVAILABLE"}}},
		{"inactive", nil, []step{{1, "off", "BONUS_NOT_AVAILABLE"}}},
		{"not in the player's currency", nil, []step{{1, "nd-usd", "BONUS_NOT_AVAILABLE"}}},
		{"restricted country", func(f *fixture) { f.db.Write.Exec(`UPDATE users SET country_code = 'GB'`) }, []step{{1, "gift", "BONUS_NOT_AVAILABLE"}}},
		{"not started", nil, []step{{1, "nd-future", "START_TIME_ERROR"}}},
		{"ended", nil, []step{{1, "nd-ended", "END_TIME_ERROR"}}},
		{"Fridays only, on a Monday", nil, []step{{1, "nd-friday", "VALID_ON_DAYS"}}},
		{"e-mail not verified", func(f *fixture) { f.db.Write.Exec(`UPDATE users SET is_email_verified = 0`) }, []step{{1, "nd-verified", "REQUIRED_EMAIL_VERIFICATION"}}},
		{"within 7 days of sign-up", nil, []step{{1, "nd-newbies", ""}}},
		{"7 days after sign-up", func(f *fixture) { f.db.Write.Exec(`UPDATE users SET created_at = '2026-11-16T12:00:00.000Z'`) },
			[]step{{1, "nd-newbies", "REGISTRATION_BONUS"}}},
		{"one active bonus", nil, []step{{1, "gift", ""}, {1, "nd-newbies", "ACTIVE_BONUS"}}},
		{"two players, a third is refused, the first again answers", nil,
			[]step{{1, "nd-two", ""}, {2, "nd-two", ""}, {3, "nd-two", "MAXIMUM_PARTICIPANTS"}, {1, "nd-two", ""}}},
		{"used: completed", func(f *fixture) {}, []step{{1, "nd-newbies", ""}, {1, "#bet", ""}, {1, "nd-newbies", "RETRY_PERIOD"}}},
		{"cancelled", nil, []step{{1, "gift", ""}, {1, "#cancel", ""}, {1, "gift", "CANCELLED"}}},
		{"expired", nil, []step{{1, "gift", ""}, {1, "#expire", ""}, {1, "gift", "DAYS_VALID"}}},
		{"weekly: again after 7 days", nil, []step{{1, "nd-weekly", ""}, {1, "#cancel", ""}, {1, "nd-weekly", "RETRY_PERIOD"},
			{1, "#week", ""}, {1, "nd-weekly", ""}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := claimFixture(t, 3)
			if tc.setup != nil {
				tc.setup(f)
			}
			var last int64
			for i, st := range tc.steps {
				ctx := context.Background()
				switch st.code {
				case "#bet":
					if _, err := f.bet(st.player, "b", "r", "1.00"); err != nil {
						t.Fatal(err)
					}
					continue
				case "#cancel":
					if _, err := f.svc.Cancel(ctx, st.player, last); err != nil {
						t.Fatal(err)
					}
					continue
				case "#expire":
					f.now.Add(int64(3 * 24 * time.Hour))
					if n, err := f.svc.ExpireDue(ctx); err != nil || n != 1 {
						t.Fatalf("expired %d %v", n, err)
					}
					continue
				case "#week":
					f.now.Add(int64(7 * 24 * time.Hour))
					continue
				}
				got, err := f.claim(st.player, st.code)
				if st.want == "" {
					if err != nil || got.Code != BonusActivated {
						t.Fatalf("step %d: %+v %v", i, got, err)
					}
					last = got.UserBonus.ID
					continue
				}
				wantCode(t, err, st.want)
				if e := apiError(err); e.Status == 500 || e.Status == 403 || e.Message == "" {
					t.Fatalf("step %d: %+v", i, e)
				}
			}
			f.check(t)
		})
	}
}

// 50 concurrent claims of one bonus by one player grant it once; 20 players
// racing for a bonus of 2 participants: 2 get it.
func TestClaimConcurrent(t *testing.T) {
	f := claimFixture(t, 20)
	var wg sync.WaitGroup
	ids := make(chan int64, 50)
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, err := f.claim(1, "nd-verified")
			if err != nil {
				t.Error(err)
				return
			}
			ids <- got.UserBonus.ID
		}()
	}
	wg.Wait()
	close(ids)
	seen := map[int64]bool{}
	for id := range ids {
		seen[id] = true
	}
	var n int
	f.db.Read.QueryRow(`SELECT COUNT(*) FROM user_bonuses WHERE user_id = 1`).Scan(&n)
	if len(seen) != 1 || n != 1 {
		t.Fatalf("grants %v, rows %d", seen, n)
	}
	if _, bonus := f.balances(t, 1); bonus != "10.00" {
		t.Fatalf("bonus balance %s", bonus)
	}

	var granted sync.WaitGroup
	var mu sync.Mutex
	codes := map[string]int{}
	for p := int64(2); p <= 20; p++ {
		granted.Add(1)
		go func() {
			defer granted.Done()
			_, err := f.claim(p, "nd-two")
			code := "granted"
			if err != nil {
				code = apiError(err).Code
			}
			mu.Lock()
			codes[code]++
			mu.Unlock()
		}()
	}
	granted.Wait()
	if codes["granted"] != 2 || codes["MAXIMUM_PARTICIPANTS"] != 17 {
		t.Fatalf("claims %v", codes)
	}
	f.check(t)
}
