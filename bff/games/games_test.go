package games

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"casino/bff/database"
	"casino/bff/wallet"
)

// newCatalogue seeds a fresh database from the repository's data/seed and
// content/games, as `casino seed` and the server's start do.
func newCatalogue(t *testing.T) (*Catalogue, *database.DB) {
	t.Helper()
	ctx := context.Background()
	db, err := database.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	for _, f := range []struct {
		name string
		load func(context.Context, *database.DB, []byte) (string, error)
	}{{"categories.json", SeedCategories}, {"games.json", SeedGames}} {
		raw, err := os.ReadFile("../../data/seed/" + f.name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.load(ctx, db, raw); err != nil {
			t.Fatal(err)
		}
	}
	titles, err := TitlesFromSlots(os.DirFS("../../content"))
	if err != nil {
		t.Fatal(err)
	}
	titles = append(titles, StudioTitle{ID: "european-roulette", Name: "European Roulette Live", Kind: "live", RTP: 97.3,
		MaxMultiplier: 36, MinBet: "0.10", MaxBet: "500.00", MinBetMinor: 10, MaxBetMinor: 50000, ReleaseDate: "2024-05-01"})
	if _, err := SyncStudio(ctx, db, titles); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Write.ExecContext(ctx, `INSERT INTO users(id, email) VALUES (1, 'p1@example.com')`); err != nil {
		t.Fatal(err)
	}
	return New(db), db
}

func TestSeedIsIdempotentAndFiguresComeFromMaths(t *testing.T) {
	ctx := context.Background()
	c, db := newCatalogue(t)
	raw, _ := os.ReadFile("../../data/seed/games.json")
	if _, err := SeedGames(ctx, db, raw); err != nil {
		t.Fatal(err)
	}
	g, err := c.Get(ctx, "fruit-fiesta", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	titles, _ := TitlesFromSlots(os.DirFS("../../content"))
	var want StudioTitle
	for _, ti := range titles {
		if ti.ID == "fruit-fiesta" {
			want = ti
		}
	}
	if g.ReturnToPlayer != want.RTP || g.MaxMultiplier != want.MaxMultiplier || g.ReturnToPlayer < 80 || g.ReturnToPlayer > 100 {
		t.Fatalf("figures %v %v, maths %v %v", g.ReturnToPlayer, g.MaxMultiplier, want.RTP, want.MaxMultiplier)
	}
	if g.Provider != "Aurum Studio" || g.MinBet != want.MinBet || g.PlayURL != "/play/studio/fruit-fiesta" || len(g.Categories) != 2 {
		t.Fatalf("game %+v", g)
	}
	_, err = c.Get(ctx, "nope", "", nil)
	if !errors.Is(err, ErrGameNotFound) || ErrGameNotFound.Message != "GAME NOT FOUND" {
		t.Fatal(err)
	}
	cats, err := c.Categories(ctx, "de")
	if err != nil || len(cats) != 4 || cats[0].Name != "Beliebt" || cats[0].GameCount < 3 {
		t.Fatalf("categories %+v %v", cats, err)
	}
	if cats, _ := c.Categories(ctx, "xx"); cats[1].Name != "Slots" {
		t.Fatalf("fallback %+v", cats)
	}
}

func TestListSearchSort(t *testing.T) {
	ctx := context.Background()
	c, _ := newCatalogue(t)
	names := func(q Query) []string {
		t.Helper()
		p, err := c.List(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, g := range p.Rows {
			out = append(out, g.Slug)
		}
		return out
	}
	eq := func(got []string, want ...string) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("got %v, want %v", got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("got %v, want %v", got, want)
			}
		}
	}
	// The studio adds titles over time: assert orders, not whole lists.
	all := names(Query{Limit: 100})
	eq(all[:3], "triple-sevens", "european-roulette", "fruit-fiesta") // Popular: the seeded popularity
	byName := names(Query{Sort: "name", Limit: 100})
	if !slices.IsSortedFunc(byName, func(a, b string) int { return cmp.Compare(a, b) }) || len(byName) != len(all) {
		t.Fatalf("name order %v", byName)
	}
	desc := names(Query{Sort: "name", Order: "desc", Limit: 100})
	slices.Reverse(desc)
	eq(desc, byName...)
	eq(names(Query{Category: "live-casino"}), "european-roulette")
	eq(names(Query{Search: "FRUIT F"}), "fruit-fiesta")
	eq(names(Query{Search: "no such game"}))
	eq(names(Query{Provider: "other"}))
	page2 := names(Query{Sort: "name", Limit: 2, Page: 2})
	eq(page2, byName[2:4]...)
	for _, sort := range []string{"releaseDate", "maxMultiplier", "returnToPlayer", "maxBet"} {
		p, _ := c.List(ctx, Query{Sort: sort, Limit: 100})
		for i := 1; i < len(p.Rows); i++ {
			a, b := p.Rows[i-1], p.Rows[i]
			if sortOptions[sort](a, b) > 0 {
				t.Fatalf("%s order: %s before %s", sort, a.Slug, b.Slug)
			}
		}
	}
	p, _ := c.List(ctx, Query{Sort: "minBet"})
	for i := 1; i < len(p.Rows); i++ {
		if betValue(p.Rows[i-1].MinBet) > betValue(p.Rows[i].MinBet) {
			t.Fatalf("minBet order %v", p.Rows)
		}
	}
	if betValue("10.00") <= betValue("9.50") || betValue("0.05") >= betValue("0.10") {
		t.Fatal("betValue order")
	}
}

func TestRestrictionsFavoritesAndWalletLookup(t *testing.T) {
	ctx := context.Background()
	c, _ := newCatalogue(t)
	g, _ := c.Get(ctx, "european-roulette", "us", nil)
	if !g.IsRestricted || !g.RequiresDeposit {
		t.Fatalf("roulette from US %+v", g)
	}
	if g, _ := c.Get(ctx, "european-roulette", "DE", nil); g.IsRestricted {
		t.Fatal("DE is allowed")
	}
	if err := c.SetFavorite(ctx, 1, "fruit-fiesta", true); err != nil {
		t.Fatal(err)
	}
	if err := c.SetFavorite(ctx, 1, "fruit-fiesta", true); err != nil {
		t.Fatal(err)
	}
	if err := c.SetFavorite(ctx, 1, "nope", true); !errors.Is(err, ErrGameNotFound) {
		t.Fatal(err)
	}
	favs, _ := c.Favorites(ctx, 1)
	p, _ := c.List(ctx, Query{Favorites: favs, OnlyFavs: true})
	if p.Count != 1 || !p.Rows[0].IsFavorite {
		t.Fatalf("favorites %+v", p)
	}
	if err := c.SetFavorite(ctx, 1, "fruit-fiesta", false); err != nil {
		t.Fatal(err)
	}
	if favs, _ := c.Favorites(ctx, 1); len(favs) != 0 {
		t.Fatal(favs)
	}
	rules, err := c.WalletGame(ctx, "studio", "fruit-fiesta")
	if err != nil || rules.Name != "Fruit Fiesta" || rules.MinBet == "" {
		t.Fatalf("wallet rules %+v %v", rules, err)
	}
	// The seed keeps the live table out of bonus play, and only it.
	if table, err := c.WalletGame(ctx, "studio", "european-roulette"); err != nil || !table.BonusExcluded || rules.BonusExcluded {
		t.Fatalf("bonus exclusion: roulette %+v (%v), fruit fiesta %+v", table, err, rules)
	}
	if _, err := c.WalletGame(ctx, "other", "fruit-fiesta"); !errors.Is(err, wallet.ErrGameNotFound) {
		t.Fatal(err)
	}
}

func TestBonusBuyCategoryFollowsDefinitions(t *testing.T) {
	ctx := context.Background()
	c, _ := newCatalogue(t)
	p, err := c.List(ctx, Query{Category: "bonus-buy", Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	all, _ := c.List(ctx, Query{Limit: 100})
	want := 0
	for _, g := range all.Rows {
		if g.HasBonusBuy {
			want++
		}
	}
	if p.Count != want {
		t.Fatalf("bonus-buy category has %d games, %d titles have a bonus buy", p.Count, want)
	}
}

// The lobby links a studio title to the studio's rules and paytable page;
// another provider's game carries no link (the field is omitted).
func TestRulesURLOnlyForStudioGames(t *testing.T) {
	ctx := context.Background()
	c, db := newCatalogue(t)
	raw := []byte(`{"providers":[{"slug":"other-games","name":"Other Games","walletProvider":"other","position":2}],
		"games":[{"slug":"other-slot","provider":"other-games","externalId":"os-1","categories":["slots"],"name":"Other Slot",
		"kind":"slot","returnToPlayer":96,"maxMultiplier":500,"minBet":"0.10","maxBet":"10.00","releaseDate":"2024-01-01"}]}`)
	if _, err := SeedGames(ctx, db, raw); err != nil {
		t.Fatal(err)
	}
	studioGame, err := c.Get(ctx, "fruit-fiesta", "", nil)
	if err != nil || studioGame.RulesURL != "/studio/games/fruit-fiesta/rules" {
		t.Fatalf("studio game %+v, %v", studioGame, err)
	}
	other, err := c.Get(ctx, "other-slot", "", nil)
	if err != nil || other.RulesURL != "" {
		t.Fatalf("other game %+v, %v", other, err)
	}
	b, _ := json.Marshal(other)
	if strings.Contains(string(b), "rulesUrl") {
		t.Fatalf("other provider's game carries rulesUrl: %s", b)
	}
}
