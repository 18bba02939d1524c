package bigwins

import (
	"context"
	"testing"
	"time"

	"casino/bff/chat"
	"casino/bff/clock"
	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/wallet"
)

func TestBig(t *testing.T) {
	eur := ledger.MustCurrency("EUR")
	for _, tc := range []struct {
		name       string
		win        wallet.Win
		multiplier int
		want       bool
	}{
		{"exactly the multiple", wallet.Win{Currency: eur, Stake: 100, Amount: 2000}, 20, true},
		{"one cent short", wallet.Win{Currency: eur, Stake: 100, Amount: 1999}, 20, false},
		{"far above", wallet.Win{Currency: eur, Stake: 20, Amount: 100_000}, 20, true},
		{"free round: nothing staked", wallet.Win{Currency: eur, Stake: 0, Amount: 5000, Free: true}, 20, false},
		{"free flag with a stake", wallet.Win{Currency: eur, Stake: 100, Amount: 5000, Free: true}, 20, false},
		{"feed off", wallet.Win{Currency: eur, Stake: 100, Amount: 100_000}, 0, false},
		{"no stake recorded", wallet.Win{Currency: eur, Stake: 0, Amount: 100}, 20, false},
	} {
		if got := Big(tc.win, tc.multiplier); got != tc.want {
			t.Errorf("%s: Big = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// A big win is stored and announced under the name others may see: "Ghost"
// for a player in ghost mode, never the nickname; small and free wins stay
// out; the feed reads newest first with the multiple.
func TestFeedKeepsPublicNamesOnly(t *testing.T) {
	ctx := context.Background()
	db, err := database.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Write.Exec(`INSERT INTO users(id, email, country_code, nickname, first_name, last_name) VALUES
		(1, 'a@example.com', 'DE', 'ada', 'Ada', 'Lovelace'), (2, 'b@example.com', 'DE', 'hidden_grace', 'Grace', 'Hopper')`); err != nil {
		t.Fatal(err)
	}
	c := clock.NewManual(time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC))
	names := chat.New(db, c)
	if err := names.SaveSettings(ctx, 2, chat.Settings{GhostMode: true, ShowBigWins: true}); err != nil {
		t.Fatal(err)
	}
	f := New(db, c)
	f.Name = names.PublicNameOf
	f.Multiplier = func(context.Context) (int, error) { return 20, nil }
	var announced []Win
	f.Announce = func(w Win) { announced = append(announced, w) }

	eur, btc := ledger.MustCurrency("EUR"), ledger.MustCurrency("BTC")
	for _, w := range []wallet.Win{
		{PlayerID: 1, GameID: "aztec-sun", GameName: "Aztec Sun", Currency: eur, Stake: 200, Amount: 5100},
		{PlayerID: 1, GameID: "aztec-sun", GameName: "Aztec Sun", Currency: eur, Stake: 200, Amount: 400},         // 2×: small
		{PlayerID: 1, GameID: "aztec-sun", GameName: "Aztec Sun", Currency: eur, Amount: 9000, Free: true},        // free round
		{PlayerID: 2, GameID: "neon-nights", GameName: "Neon Nights", Currency: btc, Stake: 1000, Amount: 40_000}, // ghost
	} {
		f.Offer(w)
	}
	close(f.queue)
	for w := range f.queue {
		if _, err := f.Add(ctx, w); err != nil {
			t.Fatal(err)
		}
	}
	got, err := f.Recent(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || len(announced) != 2 {
		t.Fatalf("feed %+v, announced %+v: want the two big wins", got, announced)
	}
	ghost, ada := got[0], got[1]
	if ghost.Name != chat.GhostName || ghost.Amount != "0.00040000" || ghost.CurrencyCode != "BTC" || ghost.Multiplier != "40.0" || ghost.GameName != "Neon Nights" {
		t.Errorf("ghost line %+v", ghost)
	}
	if ada.Name != "ada" || ada.Amount != "51.00" || ada.Multiplier != "25.5" || !ada.At.Equal(c.Now()) {
		t.Errorf("ada's line %+v", ada)
	}
	for _, w := range announced {
		if w.Name == "hidden_grace" || w.Name == "Grace H." {
			t.Errorf("a ghost's name went out: %+v", w)
		}
	}
}
