package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"casino/bff/database"
)

// The command line's catalogue writes are checked like the back office's
// (a free spin must be a bet of its game) and kept in the same audit log.
func TestCatalogueCommandsAreCheckedAndAudited(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := database.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	file := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	spins := func(bet string) string {
		return `{"code": "cli-spins", "name": "CLI spins", "type": "freespins", "wageringType": "REAL_MONEY_ONLY", "daysValid": 7,
			"wageringMultiplier": 1, "freeSpinsQuantity": 10, "freeSpinGame": "fruit-fiesta", "couponOnly": true,
			"amounts": {"EUR": {"freeSpinBet": "` + bet + `"}}}`
	}
	common := []string{"--data", dir, "--content", "../../../content"}
	steps := []struct {
		cmd  func(context.Context, []string) error
		args []string
		want string // "" = succeeds; otherwise a part of the error
	}{
		{bonusesCmd, []string{"put", file("off-ladder.json", spins("0.01"))}, "is not a bet of fruit-fiesta"},
		{bonusesCmd, []string{"put", file("unknown-game.json", strings.Replace(spins("0.10"), "fruit-fiesta", "no-such-slot", 1))}, "is not a bet of no-such-slot"},
		{bonusesCmd, []string{"put", file("spins.json", spins("0.10")), "--by", "tester"}, ""},
		{bonusesCmd, []string{"put", file("spins2.json", spins("0.20")), "--reason", "bigger spins"}, ""},
		{couponsCmd, []string{"put", file("coupon.json", `{"code": "CLI10", "bonus": "cli-spins", "isActive": true}`)}, ""},
		{couponsCmd, []string{"disable", "CLI10", "--reason", "campaign over"}, ""},
		{bonusesCmd, []string{"disable", "cli-spins"}, ""},
		{mirrorsCmd, []string{"--reason", "new address", "put", "https://mirror.example"}, ""},
		{bonusesCmd, []string{"put"}, "usage"},
		{bonusesCmd, []string{"put", "a.json", "b.json"}, "usage"},
	}
	for _, s := range steps {
		err := s.cmd(ctx, append(append([]string{}, common...), s.args...))
		switch {
		case s.want == "" && err != nil:
			t.Errorf("%v: %v", s.args, err)
		case s.want != "" && (err == nil || !strings.Contains(err.Error(), s.want)):
			t.Errorf("%v: error %v, want one with %q", s.args, err, s.want)
		}
	}

	db, err = database.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Read.Query(`SELECT actor, action, target, reason, before != '' FROM staff_audit ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var actor, action, target, reason string
		var hadBefore bool
		if err := rows.Scan(&actor, &action, &target, &reason, &hadBefore); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(actor, "cli") || reason == "" {
			t.Errorf("%s %s: actor %q reason %q", action, target, actor, reason)
		}
		got = append(got, action+" "+target+map[bool]string{true: " (before)"}[hadBefore])
		if action == "bonus.create" && actor != "cli:tester" {
			t.Errorf("bonus.create by %q, want cli:tester", actor)
		}
	}
	want := []string{"bonus.create bonus:cli-spins", "bonus.update bonus:cli-spins (before)", "coupon.create coupon:CLI10",
		"coupon.disable coupon:CLI10 (before)", "bonus.disable bonus:cli-spins (before)", "mirror.create mirror:https://mirror.example"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("audit log:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
