package studio

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"casino/bff/session"
	"casino/bff/studio/roulette"
)

// The numbers the server writes on the rules and recall pages follow the
// page's language: German and French write a decimal comma, English keeps
// its point.
func TestRulesAndRecallNumbersFollowThePageLanguage(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	f.svc.Now = func() time.Time { return now }
	table := f.svc.OpenTable(roulette.DefaultConfig, nil)
	mux := http.NewServeMux()
	f.svc.PageRoutes(mux, session.NewManager(f.db), contentDir(t))
	get := func(path string) string {
		t.Helper()
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != 200 {
			t.Fatalf("%s: %d", path, rec.Code)
		}
		return rec.Body.String()
	}
	// A decimal point between digits in the page's text (not in its tags);
	// German's group separator is a point too, and so is its date's.
	text := regexp.MustCompile(`>[^<]+<`)
	iso := regexp.MustCompile(`\d{4}-\d\d-\d\dT[\d:.]+Z`)
	date := regexp.MustCompile(`^\d\d\.\d\d\.\d{4},?$`)
	num := regexp.MustCompile(`[\d.,]*\d\.\d[\d.,]*`)
	grouped := regexp.MustCompile(`^\d{1,3}(\.\d{3})+(,\d+)?$`)
	has := func(page, body string, want ...string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(body, w) {
				t.Errorf("%s: no %q", page, w)
			}
		}
	}
	noPoint := func(page, body string) {
		t.Helper()
		for _, txt := range text.FindAllString(body, -1) {
			if iso.MatchString(txt) {
				t.Errorf("%s: an ISO time: %s", page, txt)
			}
			for _, m := range num.FindAllString(txt, -1) {
				if !grouped.MatchString(m) && !date.MatchString(m) {
					t.Errorf("%s: a decimal point: %s", page, txt)
				}
			}
		}
	}

	// Rules: a slot's figures and pays, the table's returns and limits.
	for _, lang := range []string{"de", "fr"} {
		for _, game := range []string{"fruit-fiesta", "pharaohs-book", RouletteID} {
			noPoint(lang+" "+game+" rules", get("/studio/games/"+game+"/rules?lang="+lang))
		}
	}
	ti, _ := f.svc.Catalog.Title("fruit-fiesta")
	rtp := strings.Replace(ti.RTP, ".", ",", 1) + "%"
	has("de slot rules", get("/studio/games/fruit-fiesta/rules?lang=de"), rtp)
	has("de roulette rules", get("/studio/games/"+RouletteID+"/rules?lang=de"), "97,30%", "0,10 bis 500,00 EUR pro Einsatz, bis zu 1000,00 EUR pro Runde", "<td>50,00</td>")
	has("fr roulette rules", get("/studio/games/"+RouletteID+"/rules?lang=fr"), "97,30%", "0,10 à 500,00 EUR par mise")
	has("en roulette rules", get("/studio/games/"+RouletteID+"/rules?lang=en"), "97.30%", "0.10 to 500.00 EUR a bet")
	// The phases' lengths, each language's own way of writing seconds.
	has("de roulette rules", get("/studio/games/"+RouletteID+"/rules?lang=de"), "15\u00a0Sek. zum Setzen · 4\u00a0Sek. Drehung · 6\u00a0Sek. Anzeige des Ergebnisses")
	has("fr roulette rules", get("/studio/games/"+RouletteID+"/rules?lang=fr"), "15\u202fs pour miser · 4\u202fs de rotation · 6\u202fs d")
	has("en roulette rules", get("/studio/games/"+RouletteID+"/rules?lang=en"), "15\u00a0s to bet · 4\u00a0s spin · 6\u00a0s showing the result")

	// Recall of a slot round (fun money: 1000.00 FUN, a 1.00 bet).
	res := f.demoSpin(t, "fruit-fiesta")
	for _, lang := range []string{"de", "fr"} {
		body := get("/studio/rounds/" + res.RoundID + "?lang=" + lang)
		noPoint(lang+" slot recall", body)
		has(lang+" slot recall", body, `id="recall-bet">1,00 FUN`, "1000,00 → ")
	}
	has("en slot recall", get("/studio/rounds/"+res.RoundID+"?lang=en"), `id="recall-bet">1.00 FUN`)
	// Its "played" time: the stored UTC time as a date and time of the
	// page's language, the stored text kept for machines.
	var stored string
	if err := f.db.Read.QueryRowContext(ctx, `SELECT created_at FROM studio_rounds WHERE id = ?`, res.RoundID).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	at, err := time.Parse(time.RFC3339Nano, stored)
	if err != nil {
		t.Fatal(err)
	}
	played := func(lang, want string) {
		t.Helper()
		has(lang+" slot recall played", get("/studio/rounds/"+res.RoundID+"?lang="+lang),
			`<time id="recall-played" datetime="`+stored+`">`+want+`</time>`)
	}
	played("de", at.Format("02.01.2006, 15:04:05")+" UTC")
	played("fr", at.Format("02/01/2006 15:04:05")+" UTC")
	played("en", at.Format("1/2/2006, 3:04:05\u202fPM")+" UTC")
	ar := strings.NewReplacer("AM", "ص", "PM", "م").Replace(at.Format("2\u200f/1\u200f/2006، 3:04:05 PM")) + " UTC"
	played("ar", ar)

	// Recall of a table round (fun money).
	tl, err := f.svc.Launch(ctx, nil, RouletteID, ModeDemo)
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := f.svc.Session(ctx, tl.ID)
	round := table.State(now).Round
	if _, err := f.svc.PlaceTableBets(ctx, ts, round, []tableBetJSON{{Kind: "red", Amount: "2.50"}, {Kind: "straight", Number: 7, Amount: "0.50"}}); err != nil {
		t.Fatal(err)
	}
	now = now.Add(roulette.DefaultConfig.Betting + roulette.DefaultConfig.Spin)
	table.Step(now)
	table.Step(now)
	table.Wait()
	id := fmt.Sprintf("rl-%d-%s", round, ts.ID)
	for _, lang := range []string{"de", "fr"} {
		body := get("/studio/rounds/" + id + "?lang=" + lang)
		noPoint(lang+" table recall", body)
		has(lang+" table recall", body, `id="recall-bet">3,00 FUN`, "<td>2,50</td>", "<td>0,50</td>", `<time id="recall-played" datetime="`)
	}
}
