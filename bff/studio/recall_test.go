package studio

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"casino/bff/session"
	"casino/bff/studio/i18n"
	"casino/bff/studio/roulette"
)

// Recall shows a slot round's windows exactly as recorded (every cell's
// symbol, reel by reel), and a table round's number, bets and payouts; a
// real-money table round only to its player.
func TestRecallShowsTheRecordedRound(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	mux := http.NewServeMux()
	f.svc.PageRoutes(mux, session.NewManager(f.db), contentDir(t))
	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		return rec.Code, rec.Body.String()
	}
	cellRe := regexp.MustCompile(`class="cell[^"]*" data-symbol="([^"]+)"`)
	for _, game := range []string{"fruit-fiesta", "jungle-ways", "pharaohs-book"} {
		res := f.demoSpin(t, game)
		code, body := get("/studio/rounds/" + res.RoundID)
		if code != 200 {
			t.Fatalf("%s recall: %d", game, code)
		}
		var want []string
		windows := [][][]string{res.Round.Base.Window}
		for _, fs := range res.Round.FreeSpins {
			windows = append(windows, fs.Window)
		}
		for _, w := range windows {
			for row := range w[0] {
				for reel := range w {
					want = append(want, w[reel][row])
				}
			}
		}
		var got []string
		for _, m := range cellRe.FindAllStringSubmatch(body, -1) {
			got = append(got, m[1])
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: cells %v, want %v", game, got, want)
		}
		if hits := strings.Count(body, " hit"); (res.Round.Win > 0) != (hits > 0) {
			t.Errorf("%s: win %d but %d cells lit", game, res.Round.Win, hits)
		}
	}

	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	f.svc.Now = func() time.Time { return now }
	table := f.svc.OpenTable(roulette.DefaultConfig, nil)
	l, err := f.svc.Launch(ctx, player1, RouletteID, ModeReal)
	if err != nil {
		t.Fatal(err)
	}
	sess, _ := f.svc.Session(ctx, l.ID)
	round := table.State(now).Round
	if _, err := f.svc.PlaceTableBets(ctx, sess, round, []tableBetJSON{{Kind: "red", Amount: "2.00"}, {Kind: "straight", Number: 7, Amount: "0.50"},
		{Kind: "split", Numbers: []int{7, 8}, Amount: "1.00"}, {Kind: "corner", Numbers: []int{0, 1, 2, 3}, Amount: "0.40"}}); err != nil {
		t.Fatal(err)
	}
	// A set that is not on the layout is refused in the API's shape.
	if _, err := f.svc.PlaceTableBets(ctx, sess, round, []tableBetJSON{{Kind: "split", Numbers: []int{3, 4}, Amount: "1.00"}}); err != ErrTableBet {
		t.Fatalf("split 3-4: %v", err)
	}
	now = now.Add(roulette.DefaultConfig.Betting + roulette.DefaultConfig.Spin)
	table.Step(now)
	table.Step(now)
	table.Wait()
	n := *table.State(now).Number
	id := fmt.Sprintf("rl-%d-%s", round, sess.ID)
	tr, err := f.svc.TableRoundOf(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	split, corner := roulette.Bet{Kind: roulette.Split, Numbers: []int{7, 8}, Amount: 100}, roulette.Bet{Kind: roulette.Corner, Numbers: []int{0, 1, 2, 3}, Amount: 40}
	win := roulette.Bet{Kind: roulette.Red, Amount: 200}.Payout(n) + roulette.Bet{Kind: roulette.Straight, Number: 7, Amount: 50}.Payout(n) + split.Payout(n) + corner.Payout(n)
	if tr.UserID != 1 || tr.Staked != "3.90" || tr.Win != minorText(win) || tr.BalanceAfter != f.real(t) || *tr.Outcome.Number != n || len(tr.Outcome.Bets) != 4 {
		t.Fatalf("recorded %+v, number %d, ledger %s", tr, n, f.real(t))
	}
	rc := tableRecall(tr)
	if !rc.Verified || rc.Number != n || len(rc.Bets) != 4 || rc.Bets[0].Label != "red" || rc.Bets[0].Amount != "2.00" || rc.Bets[1].Label != "7" ||
		rc.Bets[2].Label != "split 7-8" || rc.Bets[2].Pays != 17 || rc.Bets[3].Pays != 8 || rc.Bets[2].Payout != minorText(split.Payout(n)) || rc.Bets[2].Won != (n == 7 || n == 8) ||
		rc.Bets[3].Label != "first four 0-1-2-3" || rc.Bets[3].Payout != minorText(corner.Payout(n)) {
		t.Fatalf("recall %+v", rc)
	}
	// A visitor does not get a player's table round.
	if code, _ := get("/studio/rounds/" + id); code != 404 {
		t.Fatalf("anonymous table recall: %d", code)
	}
}

// The recall page says a round's status in the page's language and names the
// reel-stop table's symbols as the rules page does (the game's names), in
// German and French alike.
func TestRecallStatusAndSymbolNamesInThePageLanguage(t *testing.T) {
	f := newFixture(t)
	mux := http.NewServeMux()
	f.svc.PageRoutes(mux, session.NewManager(f.db), contentDir(t))
	res := f.demoSpin(t, "fruit-fiesta")
	g, err := f.svc.Catalog.Slot("fruit-fiesta")
	if err != nil {
		t.Fatal(err)
	}
	names := symbolNames(g)
	for lang, settled := range map[string]string{"de": "Abgerechnet", "fr": "Réglé"} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", "/studio/rounds/"+res.RoundID+"?lang="+lang, nil))
		body := rec.Body.String()
		if !strings.Contains(body, `<dd id="recall-status">`+settled+`</dd>`) {
			t.Errorf("%s: status not %q", lang, settled)
		}
		details := body[strings.Index(body, "<details>"):]
		for _, reel := range res.Round.Base.Window {
			for _, id := range reel {
				name := names[id]
				if name == "" || name == id {
					t.Fatalf("symbol %s has no name of its own", id)
				}
				if !strings.Contains(details, "<td>"+html.EscapeString(name)+"</td>") {
					t.Errorf("%s: %s not named %q in the reel-stop table", lang, id, name)
				}
				if strings.Contains(details, "<td>"+id+"</td>") {
					t.Errorf("%s: raw symbol id %s in the reel-stop table", lang, id)
				}
			}
		}
	}
	for _, c := range []struct{ lang, status, want string }{
		{"de", "pending", "Ausstehend"}, {"de", "debited", "Einsatz abgebucht, Gewinn noch nicht ausgezahlt"},
		{"de", "refused", "Abgelehnt (nichts abgebucht)"}, {"de", "rolled_back", "Storniert (Einsatz erstattet)"},
		{"fr", "pending", "En attente"}, {"fr", "debited", "Mise débitée, gain pas encore versé"},
		{"fr", "refused", "Refusé (rien de débité)"}, {"fr", "rolled_back", "Annulé (mise remboursée)"},
		{"fr", "something-new", "something-new"},
	} {
		if got := roundStatus(i18n.For(c.lang), c.status); got != c.want {
			t.Errorf("%s %s = %q, want %q", c.lang, c.status, got, c.want)
		}
	}
}
