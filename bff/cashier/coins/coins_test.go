package coins

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/btcsuite/btcd/btcutil"
	"github.com/btcsuite/btcd/chaincfg"
)

func TestValidate(t *testing.T) {
	cases := []struct {
		network, address string
		ok               bool
	}{
		{"BTC", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", true},                     // BIP173
		{"BTC", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", true},                     // upper case is valid bech32
		{"BTC", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", false},                    // checksum
		{"BTC", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", true}, // BIP350 taproot
		{"BTC", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", false},                    // v0 with a bech32m checksum
		{"BTC", "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", false},                    // testnet
		{"BTC", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", true},                             // P2PKH
		{"BTC", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", true},                             // P2SH
		{"BTC", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3", false},                            // base58 checksum
		{"BTC", "", false},
		{"LTC", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", false}, // another chain's prefix
		{"ETH", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", true},  // EIP-55
		{"ETH", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359", true},
		{"ETH", "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB", true},
		{"ETH", "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb", true},
		{"ETH", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", true},  // no checksum
		{"ETH", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", false}, // wrong checksum case
		{"USDT-ERC20", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", true},
		{"ETH", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe", false}, // short
		{"ETH", "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00", false},
		{"ETH", "0xZaAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", false},
		{"TRX", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", true}, // the USDT contract
		{"USDT-TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", true},
		{"TRX", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u", false},
		{"TRX", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", false}, // base58check, wrong version
		{"TRX", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", false},
	}
	for _, c := range cases {
		n, err := Lookup(c.network)
		if err != nil {
			t.Fatal(err)
		}
		err = n.Validate(c.address)
		if (err == nil) != c.ok {
			t.Errorf("%s %q: err %v, want ok=%v", c.network, c.address, err, c.ok)
		}
		if err != nil && !errors.Is(err, ErrInvalidAddress) {
			t.Errorf("%s %q: %v is not ErrInvalidAddress", c.network, c.address, err)
		}
	}
}

// BIP32 test vector 1: the sandbox wallet's xpub is the standard master key.
func TestSandboxWalletBIP32Vector(t *testing.T) {
	seed, _ := hex.DecodeString("000102030405060708090a0b0c0d0e0f")
	_, xpub, err := NewSandboxWallet(seed)
	if err != nil {
		t.Fatal(err)
	}
	if want := "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8"; xpub != want {
		t.Fatalf("xpub %s, want %s", xpub, want)
	}
	if _, err := NewWallet("xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LAF1E5w4sYQ9HoqKDmq6H9P1kZ9kJ3y3xJ"); err == nil {
		t.Fatal("a private key was accepted")
	}
}

func TestDerivedAddresses(t *testing.T) {
	seed, _ := hex.DecodeString("000102030405060708090a0b0c0d0e0f")
	w, xpub, err := NewSandboxWallet(seed)
	if err != nil {
		t.Fatal(err)
	}
	again, err := NewWallet(xpub)
	if err != nil {
		t.Fatal(err)
	}
	prefixes := map[string]string{"BTC": "bc1q", "LTC": "ltc1q", "ETH": "0x", "USDT-ERC20": "0x", "TRX": "T", "USDT-TRC20": "T"}
	seen := map[string]bool{}
	for _, n := range All() {
		for _, player := range []int64{1, 2, 1 << 30} {
			a, err := w.Address(n, player)
			if err != nil {
				t.Fatal(err)
			}
			if b, _ := again.Address(n, player); b != a {
				t.Fatalf("%s player %d: %s then %s", n.Name, player, a, b)
			}
			if !strings.HasPrefix(a, prefixes[n.Name]) {
				t.Errorf("%s address %s lacks prefix %s", n.Name, a, prefixes[n.Name])
			}
			if err := n.Validate(a); err != nil {
				t.Errorf("derived address invalid: %v", err)
			}
			if seen[a] {
				t.Errorf("%s player %d: address %s reused", n.Name, player, a)
			}
			seen[a] = true
			if n.Name == "BTC" { // an independent decoder agrees
				dec, err := btcutil.DecodeAddress(a, &chaincfg.MainNetParams)
				if _, ok := dec.(*btcutil.AddressWitnessPubKeyHash); err != nil || !ok {
					t.Errorf("btcutil decodes %s as %T, %v", a, dec, err)
				}
			}
		}
	}
	if _, err := w.Address(All()[0], 0); err == nil {
		t.Error("player 0 accepted")
	}
}

func TestForCurrency(t *testing.T) {
	cases := map[string][]string{"BTC": {"BTC"}, "usdt": {"USDT-ERC20", "USDT-TRC20"}, "EUR": nil}
	for cur, want := range cases {
		var got []string
		for _, n := range ForCurrency(cur) {
			got = append(got, n.Name)
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s: %v, want %v", cur, got, want)
		}
	}
}

// FuzzValidate: no input makes a validator panic, and an accepted address is
// accepted again after a round trip through its own case rules.
func FuzzValidate(f *testing.F) {
	for _, s := range []string{"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
		"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "ltc1", "", "0x", "bc1\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, n := range All() {
			if n.Validate(s) == nil && n.Family == Bech32 && n.Validate(strings.ToUpper(s)) != nil && strings.HasPrefix(strings.ToLower(s), n.HRP+"1") {
				t.Errorf("%s accepts %q but not its upper case", n.Name, s)
			}
		}
	})
}
