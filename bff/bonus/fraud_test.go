package bonus

import (
	"context"
	"fmt"
	"testing"
)

const secondSeed = `{"bonuses": [
 {"code": "second", "name": "Second deposit", "type": "deposit", "isActive": true, "depositBonusPercent": 50,
  "wageringMultiplier": 1, "wageringType": "REAL_TO_FUN", "depositsNumber": 2, "daysValid": 7,
  "amounts": {"EUR": {"minDeposit": "10.00"}}}
]}`

// DEPOSITS_NUMBER is the first-deposit bonus on a later deposit;
// DEPOSITS_NUMBER2 a later deposit's bonus (depositsNumber ≥ 2) on any
// other deposit, at creation and at credit.
func TestDepositsNumber2(t *testing.T) {
	f := newFixture(t, 3)
	ctx := context.Background()
	if _, err := Seed(ctx, f.db, []byte(secondSeed)); err != nil {
		t.Fatal(err)
	}
	f.deposit(t, 2, "50.00", "")
	f.deposit(t, 3, "50.00", "")
	f.deposit(t, 3, "50.00", "")
	cases := []struct {
		name   string
		player int64
		bonus  string
		code   string
		msg    string
	}{
		{"first deposit bonus on the 2nd", 2, "welcome", "DEPOSITS_NUMBER", "This bonus is only for your first deposit"},
		{"2nd deposit bonus on the 1st", 1, "second", "DEPOSITS_NUMBER2", "This bonus is for your 2nd deposit; this would be your 1st"},
		{"2nd deposit bonus on the 2nd", 2, "second", "", ""},
		{"2nd deposit bonus on the 3rd", 3, "second", "DEPOSITS_NUMBER2", "This bonus is for your 2nd deposit; this would be your 3rd"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := f.svc.CheckDeposit(ctx, c.player, c.bonus, money("20.00"))
			if c.code == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			wantCode(t, err, c.code)
			if e := apiError(err); e.Status != 422 || e.Message != c.msg {
				t.Fatalf("%d %q, want %q", e.Status, e.Message, c.msg)
			}
			if c.code == "DEPOSITS_NUMBER2" && apiError(err).Fields["depositsNumber"] != "2" {
				t.Fatalf("fields %v", apiError(err).Fields)
			}
		})
	}
	// At credit the deposit counts itself: player 1's first deposit is not
	// the second; player 2's next one is, and is granted.
	_, err := f.deposit(t, 1, "20.00", "second")
	wantCode(t, err, "DEPOSITS_NUMBER2")
	if u, err := f.deposit(t, 2, "20.00", "second"); err != nil || u.BonusAmount != "10.00" {
		t.Fatalf("second deposit: %+v %v", u, err)
	}
	if ordinal(11) != "11th" || ordinal(21) != "21st" || ordinal(112) != "112th" || ordinal(3) != "3rd" {
		t.Fatal("ordinal")
	}
	f.check(t)
}

// BONUS_FRAUD: one case per signal. Player 1 claims; player 2 is the other
// account. A shared address alone, or a name and birth date alone, is not
// enough; a deposit bonus is still granted to a duplicate.
func TestBonusFraud(t *testing.T) {
	person := func(id int64, first, last, dob, ip string) string {
		return fmt.Sprintf(`UPDATE users SET first_name = '%s', last_name = '%s', date_of_birth = '%s', registration_ip = '%s' WHERE id = %d`,
			first, last, dob, ip, id)
	}
	cases := []struct {
		name  string
		setup []string
		bonus string
		want  string // "" = granted
	}{
		{"no shared signal", nil, "nd-verified", ""},
		{"same device id", []string{`INSERT INTO user_devices(uid_token, user_id) VALUES ('dev-1', 1), ('dev-1', 2)`}, "nd-verified", "BONUS_FRAUD"},
		{"same device id, free spins", []string{`INSERT INTO user_devices(uid_token, user_id) VALUES ('dev-1', 1), ('dev-1', 2)`}, "spins", "BONUS_FRAUD"},
		{"different device ids", []string{`INSERT INTO user_devices(uid_token, user_id) VALUES ('dev-1', 1), ('dev-2', 2)`}, "nd-verified", ""},
		{"same card", []string{
			`INSERT INTO cashier_deposits(public_id, user_id, method, processor, currency, amount, status, card_fingerprint) VALUES ('d1', 1, 'visa', 'sandbox', 'EUR', 100, 'failed', 'fp-a')`,
			`INSERT INTO cashier_deposits(public_id, user_id, method, processor, currency, amount, status, card_fingerprint) VALUES ('d2', 2, 'visa', 'sandbox', 'EUR', 100, 'rejected', 'fp-a')`,
		}, "nd-verified", "BONUS_FRAUD"},
		{"same IP at sign-up, same name and birth date", []string{person(1, "Ann", "Lee", "1990-01-02", "10.0.0.1"), person(2, " ann", "LEE ", "1990-01-02", "10.0.0.1")},
			"nd-verified", "BONUS_FRAUD"},
		{"same IP at a login, same name and birth date", []string{person(1, "Ann", "Lee", "1990-01-02", "10.0.0.1"), person(2, "Ann", "Lee", "1990-01-02", "10.0.0.9"),
			`INSERT INTO logins(user_id, ip) VALUES (2, '10.0.0.7'), (1, '10.0.0.7')`}, "nd-verified", "BONUS_FRAUD"},
		{"same IP, another birth date", []string{person(1, "Ann", "Lee", "1990-01-02", "10.0.0.1"), person(2, "Ann", "Lee", "1991-01-02", "10.0.0.1")}, "nd-verified", ""},
		{"same name and birth date, other IPs", []string{person(1, "Ann", "Lee", "1990-01-02", "10.0.0.1"), person(2, "Ann", "Lee", "1990-01-02", "10.0.0.2")}, "nd-verified", ""},
		{"same IP, names empty", []string{person(1, "", "", "", "10.0.0.1"), person(2, "", "", "", "10.0.0.1")}, "nd-verified", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := claimFixture(t, 2)
			ctx := context.Background()
			if _, err := Seed(ctx, f.db, []byte(spinsSeedForFraud)); err != nil {
				t.Fatal(err)
			}
			var spins int64
			f.db.Read.QueryRow(`SELECT id FROM bonuses WHERE code = 'spins'`).Scan(&spins)
			f.ids["spins"] = spins
			for _, q := range c.setup {
				if _, err := f.db.Write.Exec(q); err != nil {
					t.Fatal(q, err)
				}
			}
			got, err := f.claim(1, c.bonus)
			if c.want == "" {
				if err != nil || got.Code != BonusActivated {
					t.Fatalf("%+v %v", got, err)
				}
				return
			}
			wantCode(t, err, c.want)
			if e := apiError(err); e.Status != 422 || e.Message != "Bonuses without a deposit and free spins are not available for this account" {
				t.Fatalf("%+v", e)
			}
			// A deposit bonus is not refused to a duplicate.
			if u, err := f.deposit(t, 1, "20.00", "welcome"); err != nil || u.Status != StatusActive {
				t.Fatalf("deposit bonus: %+v %v", u, err)
			}
			f.check(t)
		})
	}
}

const spinsSeedForFraud = `{"bonuses": [
 {"code": "spins", "name": "Spins", "type": "freespins", "isActive": true, "wageringMultiplier": 1, "wageringType": "REAL_TO_FUN",
  "daysValid": 2, "freeSpinsQuantity": 3, "freeSpinGame": "open-game", "amounts": {"EUR": {"freeSpinBet": "0.10"}}}
]}`
