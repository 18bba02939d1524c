package studio

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"casino/bff/session"
	"casino/bff/studio/i18n"
)

// The rules page of every game lists every pay of its definition (symbol,
// count, coins), its free-spin awards, its paylines, and the figures of its
// maths; the roulette page every bet type with its odds.
func TestRulesPageListsEveryPayOfTheDefinition(t *testing.T) {
	c := testCatalog(t)
	svc := &Service{Catalog: c}
	mux := http.NewServeMux()
	svc.PageRoutes(mux, session.NewManager(nil), contentDir(t))
	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		return rec.Code, rec.Body.String()
	}
	for _, ti := range c.Titles() {
		code, body := get("/studio/games/" + ti.ID + "/rules")
		if code != 200 {
			t.Fatalf("%s: %d", ti.ID, code)
		}
		// English groups from 5 digits on: "23,435.10×".
		for _, want := range []string{html.EscapeString(ti.Name), ti.RTP + "%", i18n.English.Num(ti.MaxMultiplier) + "×", ti.Layout} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: no %q", ti.ID, want)
			}
		}
		if ti.Kind != KindSlot {
			continue
		}
		g, _ := c.Slot(ti.ID)
		d := g.Definition()
		for _, sym := range d.Symbols {
			if !strings.Contains(body, `data-symbol="`+sym.ID+`"`) || !strings.Contains(body, `data-name="`+html.EscapeString(sym.Name)+`"`) {
				t.Errorf("%s: symbol %s not drawn", ti.ID, sym.ID)
			}
			for count, coins := range d.Pays[sym.ID] {
				if want := fmt.Sprintf(`data-pay="%s:%s" data-coins="%d"`, sym.ID, count, coins); !strings.Contains(body, want) {
					t.Errorf("%s: no %s", ti.ID, want)
				}
			}
			if sym.Scatter && d.Scatter != nil {
				for count, times := range d.Scatter.Pays {
					if want := fmt.Sprintf(`data-pay="%s:%s" data-coins="%d"`, sym.ID, count, times*int64(d.Coins)); !strings.Contains(body, want) {
						t.Errorf("%s: no scatter pay %s", ti.ID, want)
					}
				}
				for count, spins := range d.Scatter.FreeSpins {
					if !strings.Contains(body, fmt.Sprintf(`data-pay="%s:%s"`, sym.ID, count)) || !strings.Contains(body, fmt.Sprintf("+%d free spins", spins)) {
						t.Errorf("%s: no award of %d free spins for %s scatters", ti.ID, spins, count)
					}
				}
			}
		}
		if n := strings.Count(body, `<figure class="mini`); n != len(d.Lines) {
			t.Errorf("%s: %d paylines drawn, want %d", ti.ID, n, len(d.Lines))
		}
		if d.BonusBuy != nil && !strings.Contains(body, fmt.Sprintf("%d× the bet", d.BonusBuy.Price)) {
			t.Errorf("%s: no bonus buy price", ti.ID)
		}
	}
	_, body := get("/studio/games/" + RouletteID + "/rules")
	for _, want := range []string{`data-kind="straight"><th>Straight up (any one number, 0 included)</th><td>1 `, `<td>35:1</td><td>97.30%</td>`,
		`data-kind="dozen"><th>Dozen (1st, 2nd or 3rd 12)</th><td>12 `, `<td>2:1</td>`, `data-kind="red"><th>Red</th><td>18 `, `<td>1:1</td>`,
		`data-kind="split"><th>Split (2 adjacent numbers)</th><td>2 <span class="fs">(17, 20)</span></td><td>17:1</td><td>97.30%</td><td>100.00</td>`,
		`data-kind="street"><th>Street (a row of 3; trios 0-1-2, 0-2-3)</th><td>3 <span class="fs">(16, 17, 18)</span></td><td>11:1</td><td>97.30%</td><td>150.00</td>`,
		`data-kind="corner"><th>Corner (4 numbers; first four 0-1-2-3)</th><td>4 <span class="fs">(17, 18, 20, 21)</span></td><td>8:1</td><td>97.30%</td><td>200.00</td>`,
		`data-kind="line"><th>Six line (2 rows)</th><td>6 <span class="fs">(16, 17, 18, 19, 20, 21)</span></td><td>5:1</td><td>97.30%</td><td>300.00</td>`,
		`<td>35:1</td><td>97.30%</td><td>50.00</td>`, `<td>1:1</td><td>97.30%</td><td>500.00</td>`} {
		if !strings.Contains(body, want) {
			t.Errorf("roulette rules: no %q", want)
		}
	}
	if code, _ := get("/studio/games/nope/rules"); code != 404 {
		t.Errorf("unknown game: %d", code)
	}
}
