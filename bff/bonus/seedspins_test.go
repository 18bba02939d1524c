package bonus_test

import (
	"encoding/json"
	"os"
	"testing"

	"casino/bff/betlevels"
	"casino/bff/ledger"
	"casino/bff/settings"
	"casino/bff/studio"
)

// Every free spin the demo seed offers must be a bet the studio game takes in
// that currency: a level of the game's 1-2-5 ladder between its minimum and
// maximum, scaled by the currency's bet factor (bff/betlevels).
func TestSeededFreeSpinBetsAreGameBets(t *testing.T) {
	raw, err := os.ReadFile("../../data/seed/bonuses.json")
	if err != nil {
		t.Fatal(err)
	}
	var seed struct {
		Bonuses []struct {
			Code              string `json:"code"`
			FreeSpinsQuantity int    `json:"freeSpinsQuantity"`
			FreeSpinGame      string `json:"freeSpinGame"`
			Amounts           map[string]struct {
				FreeSpinBet string `json:"freeSpinBet"`
			} `json:"amounts"`
		} `json:"bonuses"`
	}
	if err := json.Unmarshal(raw, &seed); err != nil {
		t.Fatal(err)
	}
	catalog, err := studio.Open("../../content")
	if err != nil {
		t.Fatal(err)
	}
	rates := settings.Defaults().GameCurrencyRates
	offered := 0
	for _, b := range seed.Bonuses {
		if b.FreeSpinsQuantity == 0 {
			continue
		}
		game, err := catalog.Title(b.FreeSpinGame)
		if err != nil {
			t.Fatalf("%s: %v", b.Code, err)
		}
		for code, a := range b.Amounts {
			if a.FreeSpinBet == "" {
				continue
			}
			scale, err := betlevels.For(rates, code)
			if err != nil {
				t.Fatalf("%s %s: %v", b.Code, code, err)
			}
			minor, err := ledger.Parse(a.FreeSpinBet, scale.Currency)
			if err != nil {
				t.Fatalf("%s %s: %v", b.Code, code, err)
			}
			cents := minor.Minor() / scale.Factor
			if minor.Minor()%scale.Factor != 0 || cents < game.MinBetMinor || cents > game.MaxBetMinor || !oneTwoFive(cents) {
				t.Errorf("%s %s: free spin bet %s is not a bet of %s (%d–%d cents × %d)", b.Code, code, a.FreeSpinBet, game.ID, game.MinBetMinor, game.MaxBetMinor, scale.Factor)
			}
			offered++
		}
	}
	if offered < 14 {
		t.Fatalf("free spins offered in %d currencies, want the welcome offer's in every fiat currency", offered)
	}
}

func oneTwoFive(n int64) bool {
	for n >= 10 && n%10 == 0 {
		n /= 10
	}
	return n == 1 || n == 2 || n == 5
}
