package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"casino/bff/database"
	"casino/bff/frontends"
)

// `casino settings patch`, `casino rewards settings patch`, the chat's
// moderation, `casino kyc EMAIL STATUS`, `casino deposits release|reject`,
// `casino loyalty put-level|set-rate|recompute`, `casino races create`,
// `casino staff create|disable` and `casino frontends publish|promote|
// rollback|activate` each write one audit row (actor cli:$USER or --by, the
// reason, what changed); a refused command writes none.
func TestOperatorWritesAreAudited(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := database.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Write.Exec(`INSERT INTO users(id, email, country_code, nickname) VALUES (7, 'ada@example.com', 'DE', 'ada');
		INSERT INTO chat_messages(id, room, player_id, name, text) VALUES (3, 'en', 7, 'ada', 'buy my bonus codes');
		INSERT INTO cashier_deposits(public_id, user_id, method, processor, currency, amount, status, payment_id, network, error_code) VALUES
			('dep_a', 7, 'crypto', 'chain', 'BTC', 150000, 'pending', 'tx-a', 'testnet', 'held:self-excluded'),
			('dep_b', 7, 'crypto', 'chain', 'BTC', 250000, 'pending', 'tx-b', 'testnet', 'held:deposit-limit');
		INSERT INTO loyalty_players(player_id, points, level) VALUES (7, 1234, 2)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	me := operatorName()
	builds := t.TempDir()
	root, lobbyA, lobbyB := build(t, builds, "root", "a"), build(t, builds, "lobby", "a"), build(t, builds, "lobby", "b")
	type row struct{ actor, action, target, reason, before, after string }
	steps := []struct {
		cmd  func(context.Context, []string) error
		args []string
		err  string // "" = succeeds; otherwise a part of the error
		want *row   // the audit row written (nil: none)
	}{
		// Settings: the patched keys before and after, map entries one by one.
		{settingsCmd, []string{"patch", `{"features":{"captcha":true,"chat":false},"bigWinMultiplier":5}`}, "", &row{me, "setting.patch", "settings",
			"command line: casino settings patch", `{"bigWinMultiplier":20,"features":{"captcha":null,"chat":true}}`, `{"bigWinMultiplier":5,"features":{"captcha":true,"chat":false}}`}},
		{settingsCmd, []string{"patch", `{"supportEmail":"help@casino.example"}`, "--reason", "new mailbox", "--by", "alice"}, "", &row{"cli:alice", "setting.patch", "settings",
			"new mailbox", `{"supportEmail":"support@aurum-casino.example"}`, `{"supportEmail":"help@casino.example"}`}},
		{settingsCmd, []string{"--reason", "again", "patch", `{"supportEmail":"help@casino.example"}`}, "", &row{me, "setting.patch", "settings",
			"again", `{"supportEmail":"help@casino.example"}`, `{"supportEmail":"help@casino.example"}`}},
		{settingsCmd, []string{"patch", `{"featurs":{"chat":true}}`}, "unknown key featurs", nil},
		{settingsCmd, []string{"patch", `[1]`}, "not a JSON object", nil},
		{settingsCmd, []string{"patch", `{}`}, "no key", nil},
		{settingsCmd, []string{"patch", `{"features":5}`}, "do not fit", nil},
		{settingsCmd, []string{"patch"}, "usage", nil},
		{settingsCmd, []string{"show"}, "", nil},

		// The rakeback calendar's rules: before and after whole (three keys).
		{rewardsCmd, []string{"settings", "patch", `{"mode":"loss","rakebackPercent":"10"}`, "--reason", "loss-based rakeback"}, "", &row{me, "setting.patch", "settings:rewards",
			"loss-based rakeback", `{"mode":"edge","rakebackPercent":"20","accumulatorPercent":"5"}`, `{"mode":"loss","rakebackPercent":"10","accumulatorPercent":"5"}`}},
		{rewardsCmd, []string{"settings", "patch", `{"mode":"luck"}`}, "mode", nil},
		{rewardsCmd, []string{"settings", "patch", `{"rakebackPercent":"101"}`}, "0 to 100", nil},
		{rewardsCmd, []string{"settings", "patch", `{"rakeback":"5"}`}, "unknown field", nil},
		{rewardsCmd, []string{"settings", "patch", `{}`}, "not a JSON object", nil},
		{rewardsCmd, []string{"settings", "show"}, "", nil},

		// Chat moderation: the player (target and e-mail), the sanction before and after, the duration.
		{chatCmd, []string{"mute", "ada@example.com", "30m", "spamming", "links"}, "", &row{me, "chat.mute", "player:7",
			"spamming links", ``, `"duration":"30m0s","kind":"mute","player":"ada@example.com","reason":"spamming links","until":"`}},
		{chatCmd, []string{"mute", "ADA@example.com", "24h", "--reason", "again", "--by", "mod"}, "", &row{"cli:mod", "chat.mute", "player:7",
			"again", `{"player":"ADA@example.com","kind":"mute","until":"`, `"duration":"24h0m0s","kind":"mute"`}},
		{chatCmd, []string{"ban", "ada@example.com"}, "", &row{me, "chat.ban", "player:7",
			"command line: casino chat ban ada@example.com", `"kind":"mute"`, `{"kind":"ban","player":"ada@example.com","reason":""}`}},
		{chatCmd, []string{"unban", "ada@example.com", "--reason", "appeal granted"}, "", &row{me, "chat.unban", "player:7",
			"appeal granted", `"kind":"ban"`, ``}},
		{chatCmd, []string{"unban", "ada@example.com"}, "neither muted nor banned", nil},
		{chatCmd, []string{"mute", "nobody@example.com", "1h"}, "no player", nil},
		{chatCmd, []string{"mute", "ada@example.com", "0s"}, "positive duration", nil},
		{chatCmd, []string{"mute", "ada@example.com", "soon"}, "positive duration", nil},
		{chatCmd, []string{"ban", "ada@example.com", "abuse", "--reason", "abuse"}, "reason once", nil},
		{chatCmd, []string{"unban", "ada@example.com", "extra"}, "usage", nil},
		{chatCmd, []string{"kick", "ada@example.com"}, "usage", nil},
		{chatCmd, []string{"delete", "3", "--reason", "advertising"}, "", &row{me, "chat.delete", "chat-message:3",
			"advertising", `"name":"ada","playerId":7,"room":"en","text":"buy my bonus codes"`, `{"deleted":true}`}},
		{chatCmd, []string{"delete", "3"}, "no such message", nil},
		{chatCmd, []string{"delete", "three"}, "a number", nil},
		// A player's KYC status, before and after.
		{kycCmd, []string{"ada@example.com", "approved", "--reason", "passport and bill checked"}, "", &row{me, "kyc.status", "player:7",
			"passport and bill checked", `{"kyc":"NOT_STARTED","player":"ada@example.com"}`, `{"kyc":"APPROVED"}`}},
		{kycCmd, []string{"--by", "kim", "ADA@example.com", "REJECTED"}, "", &row{"cli:kim", "kyc.status", "player:7",
			"command line: casino kyc ADA@example.com REJECTED", `{"kyc":"APPROVED","player":"ada@example.com"}`, `{"kyc":"REJECTED"}`}},
		{kycCmd, []string{"ada@example.com", "DONE"}, "want one of", nil},
		{kycCmd, []string{"nobody@example.com", "APPROVED"}, "no player", nil},
		{kycCmd, []string{"ada@example.com"}, "usage", nil},

		// Held crypto deposits: the hold before, the decision after.
		{depositsCmd, []string{"release", "dep_a", "--reason", "exclusion ended yesterday"}, "", &row{me, "deposit.release", "deposit:dep_a",
			"exclusion ended yesterday", `"amount":"0.00150000","confirmations":0,"currency":"BTC","hold":"self-excluded","network":"testnet","player":7,"status":"held","txId":"tx-a"`,
			`{"decidedBy":"` + me + `","status":"released"}`}},
		{depositsCmd, []string{"reject", "dep_b", "--by", "ops"}, "", &row{"cli:ops", "deposit.reject", "deposit:dep_b",
			"command line: casino deposits reject dep_b", `"hold":"deposit-limit"`, `{"decidedBy":"ops","status":"rejected"}`}},
		{depositsCmd, []string{"release", "dep_b"}, "not held", nil},
		{depositsCmd, []string{"reject", "dep_none"}, "Not found", nil},
		{depositsCmd, []string{"reject"}, "usage", nil},

		// The VIP club's levels and rates; races.
		{loyaltyCmd, []string{"put-level", `{"level":9,"name":"Diamond","minPoints":900000,"rakebackBps":900,"cashbackBps":900}`, "--reason", "new top level"}, "", &row{me,
			"loyalty.level.create", "loyalty-level:9", "new top level", ``, `{"level":9,"name":"Diamond","minPoints":900000,"rakebackBps":900,"cashbackBps":900,"withdrawalLimit":0,"personalManager":false}`}},
		{loyaltyCmd, []string{"put-level", `{"level":9,"name":"Diamond","minPoints":900000,"rakebackBps":1000,"cashbackBps":900,"personalManager":true}`}, "", &row{me,
			"loyalty.level.update", "loyalty-level:9", "command line: casino loyalty put-level", `"rakebackBps":900`, `"rakebackBps":1000`}},
		{loyaltyCmd, []string{"put-level", `{"level":9,"name":"","minPoints":1}`}, "invalid level", nil},
		{loyaltyCmd, []string{"put-level", `{"level":9,"nam":"x"}`}, "unknown field", nil},
		{loyaltyCmd, []string{"--by", "vip", "set-rate", "eur", "50"}, "", &row{"cli:vip", "loyalty.rate", "loyalty-rate:EUR",
			"command line: casino loyalty set-rate", ``, `{"minorPerPoint":50}`}},
		{loyaltyCmd, []string{"set-rate", "EUR", "25", "--reason", "double points"}, "", &row{me, "loyalty.rate", "loyalty-rate:EUR",
			"double points", `{"minorPerPoint":50}`, `{"minorPerPoint":25}`}},
		{loyaltyCmd, []string{"set-rate", "EUR", "0"}, "invalid rate", nil},
		{loyaltyCmd, []string{"set-rate", "XXX", "10"}, "invalid rate", nil},
		{racesCmd, []string{"create", `{"id":"sprint","name":"Sprint","metric":"stakes","startsAt":"2026-12-01T00:00:00Z","endsAt":"2026-12-02T00:00:00Z","prizes":[1000]}`, "--reason", "december"}, "",
			&row{me, "race.create", "race:sprint", "december", ``, `"id":"sprint","name":"Sprint","metric":"stakes","startsAt":"2026-12-01T00:00:00Z","endsAt":"2026-12-02T00:00:00Z","games":[],"prizes":[1000]`}},
		{racesCmd, []string{"create", `{"id":"sprint","name":"Again","metric":"stakes","startsAt":"now","endsAt":"+1h"}`}, "exists", nil},
		{racesCmd, []string{"create", `{"id":"late","name":"Late","metric":"stakes","startsAt":"+2h","endsAt":"+1h"}`}, "invalid race", nil},
		// A recompute moves players to the levels of the current rates: the
		// standing it discards, the postings it replays.
		{loyaltyCmd, []string{"recompute", "--reason", "rates changed"}, "", &row{me, "loyalty.recompute", "loyalty",
			"rates changed", `{"players":1,"points":1234,"levels":{"2":1}}`, `{"rebuiltFrom":"ledger","upToPosting":0}`}},
		{loyaltyCmd, []string{"recompute", "--by", "vip"}, "", &row{"cli:vip", "loyalty.recompute", "loyalty",
			"command line: casino loyalty recompute", `{"players":1,"points":0,"levels":{"0":1}}`, `"rebuiltFrom":"ledger"`}},
		{loyaltyCmd, []string{"recompute", "now"}, "usage", nil},

		// Staff accounts: who and which role, --reason/--by anywhere.
		{staffCmd, []string{"create", "ops@example.com", "finance", "--reason", "new hire", "--by", "hr"}, "", &row{"cli:hr", "staff.create", "staff:ops@example.com",
			"new hire", ``, `{"email":"ops@example.com","role":"finance"}`}},
		{staffCmd, []string{"--reason", "second", "create", "kim@example.com", "support"}, "", &row{me, "staff.create", "staff:kim@example.com",
			"second", ``, `{"email":"kim@example.com","role":"support"}`}},
		{staffCmd, []string{"create", "ops@example.com", "admin"}, "Already exists", nil},
		{staffCmd, []string{"create", "not-an-email", "admin"}, "Invalid format", nil},
		{staffCmd, []string{"create", "boss@example.com", "boss"}, "Invalid format", nil},
		{staffCmd, []string{"create", "boss@example.com"}, "usage", nil},
		{staffCmd, []string{"disable", "kim@example.com"}, "", &row{me, "staff.disable", "staff:kim@example.com",
			"command line: casino staff disable kim@example.com", `{"disabled":false,"role":"support"}`, `{"disabled":true}`}},
		{staffCmd, []string{"disable", "kim@example.com", "--reason", "again"}, "Not found", nil},
		{staffCmd, []string{"list"}, "", nil},

		// Deploys: the release pointers (current, canary) before and after.
		{frontendsCmd, []string{"publish", "root", root}, "", &row{me, "release.publish", "frontend:root",
			"command line: casino frontends publish root " + root, `{"current":""}`, `{"current":"`}},
		{frontendsCmd, []string{"publish", "lobby", lobbyA, "--reason", "first lobby", "--by", "deployer"}, "", &row{"cli:deployer", "release.publish", "frontend:lobby",
			"first lobby", `{"current":""}`, `{"current":"`}},
		{frontendsCmd, []string{"--canary", "10", "publish", "lobby", lobbyB}, "", &row{me, "release.publish", "frontend:lobby",
			"command line: casino frontends publish lobby " + lobbyB + " --canary 10", `{"current":"`, `","canaryPercent":10,"current":"`}},
		{frontendsCmd, []string{"publish", "lobby", lobbyB, "--canary", "150"}, "canary", nil},
		{frontendsCmd, []string{"publish", "lobby", builds}, "missing", nil},
		{frontendsCmd, []string{"publish", "casino", lobbyA}, "unknown micro-frontend", nil},
		{frontendsCmd, []string{"promote", "lobby", "--reason", "canary healthy"}, "", &row{me, "release.promote", "frontend:lobby",
			"canary healthy", `"canaryPercent":10`, `{"current":"`}},
		{frontendsCmd, []string{"promote", "lobby"}, "no canary", nil},
		{frontendsCmd, []string{"rollback", "lobby", "--by", "deployer"}, "", &row{"cli:deployer", "release.rollback", "frontend:lobby",
			"command line: casino frontends rollback lobby", `{"current":"`, `{"current":"`}},
		{frontendsCmd, []string{"activate", "lobby", "0000000000000000"}, "Not found", nil},
		{frontendsCmd, []string{"list"}, "", nil},
	}
	count := func(db *database.DB) (n int) {
		db.Read.QueryRow(`SELECT count(*) FROM staff_audit`).Scan(&n)
		return n
	}
	for _, s := range steps {
		name := strings.Join(s.args, " ")
		db, err := database.Open(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		before := count(db)
		db.Close()
		err = s.cmd(ctx, append([]string{"--data", dir}, s.args...))
		switch {
		case s.err == "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case s.err != "" && (err == nil || !strings.Contains(err.Error(), s.err)):
			t.Errorf("%s: error %v, want one with %q", name, err, s.err)
		}
		if db, err = database.Open(ctx, dir); err != nil {
			t.Fatal(err)
		}
		written := count(db) - before
		var got row
		db.Read.QueryRow(`SELECT actor, action, target, reason, before, after FROM staff_audit ORDER BY id DESC LIMIT 1`).
			Scan(&got.actor, &got.action, &got.target, &got.reason, &got.before, &got.after)
		db.Close()
		switch {
		case s.want == nil && written != 0:
			t.Errorf("%s: %d audit rows written, want none", name, written)
		case s.want == nil:
		case written != 1:
			t.Errorf("%s: %d audit rows written, want 1", name, written)
		case got.actor != s.want.actor || got.action != s.want.action || got.target != s.want.target || got.reason != s.want.reason ||
			!contains(got.before, s.want.before) || !contains(got.after, s.want.after):
			t.Errorf("%s: audit row\n%+v\nwant\n%+v", name, got, *s.want)
		}
	}
}

// contains is strings.Contains, with "" wanting an empty column (no state).
func contains(got, want string) bool {
	if want == "" {
		return got == ""
	}
	return strings.Contains(got, want)
}

// build writes a small build of name that passes the release check (the
// root config's entry; a remote's entry, manifest and exposed module) and
// returns its directory; tag makes its content, so its version, its own.
func build(t *testing.T, dir, name, tag string) string {
	t.Helper()
	out := filepath.Join(dir, name+"-"+tag)
	files := map[string]string{"main.js": "// root " + tag}
	if name != "root" {
		shared := []any{}
		for _, s := range frontends.PageSingletons {
			shared = append(shared, map[string]any{"name": s, "version": "1.0.0", "singleton": true})
		}
		raw, _ := json.Marshal(map[string]any{"shared": shared, "exposes": []any{
			map[string]any{"name": "app", "assets": map[string]any{"js": map[string]any{"sync": []string{"app.js"}}}}}})
		files = map[string]string{frontends.EntryFile(name): "var " + name + " = {}; // " + tag, "mf-manifest.json": string(raw), "app.js": "export const app = 1;"}
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	for f, body := range files {
		if err := os.WriteFile(filepath.Join(out, f), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return out
}
