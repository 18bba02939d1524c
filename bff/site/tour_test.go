package site

import (
	"context"
	"encoding/json"
	"html"
	"regexp"
	"testing"
)

var tourAttr = regexp.MustCompile(`id="onboarding-tour" hidden data-tour="([^"]*)"`)

// The header of a player who has not seen the onboarding tour carries it
// (also in the header fragment the root config swaps in after a log-in);
// guests, players who saw it and pages with the flag off do not.
func TestOnboardingTour(t *testing.T) {
	f := newFixture(t)
	seen := map[int64]bool{}
	f.site.deps.TourSeen = func(_ context.Context, id int64) (bool, error) { return seen[id], nil }

	f.get("/casino").lacks(t, "onboarding-tour")

	c := f.login("new@example.com", true)
	r := f.get("/casino", withCookie(c))
	m := tourAttr.FindStringSubmatch(r.body)
	if m == nil {
		t.Fatalf("no tour in the page of a new player")
	}
	var doc struct {
		Labels map[string]string `json:"labels"`
		Menu   string            `json:"menu"`
		Steps  []struct{ ID, Target, Title, Text, Href string }
	}
	if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &doc); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, s := range doc.Steps {
		ids = append(ids, s.ID)
		if s.Title == "" || s.Text == "" || s.Target == "" {
			t.Errorf("step %+v lacks a text or target", s)
		}
	}
	if got := ids; len(got) != 4 || got[0] != "lobby" || got[1] != "deposit" || got[2] != "limits" || got[3] != "calendar" {
		t.Errorf("steps %v", got)
	}
	if doc.Steps[0].Target != `#site-nav a[href="/casino"]` || doc.Steps[2].Href != "/profile2/limits" || doc.Menu == "" {
		t.Errorf("targets: %+v menu %q", doc.Steps, doc.Menu)
	}
	if doc.Labels["next"] != "Next" || doc.Labels["skip"] != "Skip tour" || doc.Labels["progress"] != "Step {step} of {total}" {
		t.Errorf("labels %v", doc.Labels)
	}
	f.get("/casino", withCookie(c), withHeader("HX-Request", "true"), withHeader("HX-Target", "header")).has(t, `id="onboarding-tour"`)

	// Seen (on any device): gone.
	seen[1] = true // the first player of the fresh database
	f.get("/casino", withCookie(c)).lacks(t, "onboarding-tour")

	// Flag off: no tour for a new player either.
	c2 := f.login("other@example.com", false)
	f.get("/casino", withCookie(c2)).has(t, "onboarding-tour")
	if _, err := f.deps.Settings.Update(context.Background(), json.RawMessage(`{"features":{"onboardingTour":false}}`)); err != nil {
		t.Fatal(err)
	}
	f.get("/casino", withCookie(c2)).lacks(t, "onboarding-tour")
}
