// Package coins knows the crypto networks the cashier offers: which coin
// each carries, how its addresses look, how to derive a player's deposit
// address from the operator's extended public key and how to validate a
// withdrawal address.
package coins

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Family is how a network encodes addresses.
type Family int

const (
	// Bech32 is a SegWit chain (BTC, LTC): witness programs in bech32.
	Bech32 Family = iota
	// EVM is an Ethereum-style chain: 20-byte hex with the EIP-55 checksum.
	EVM
	// Tron is base58check with the 0x41 prefix.
	Tron
)

// Network is one chain a coin travels on.
type Network struct {
	Name     string // BTC, LTC, ETH, USDT-ERC20, TRX, USDT-TRC20
	Currency string // the coin credited: BTC, LTC, ETH, USDT, TRX
	Family   Family
	HRP      string // bech32 human-readable part
	// Branch is the derivation branch of the network's deposit addresses
	// under the operator's extended public key (xpub/Branch/player).
	Branch uint32
	// Confirmations is the default number of blocks after which a deposit
	// counts (operator setting cryptoConfirmations overrides it).
	Confirmations int
}

var networks = []Network{
	{Name: "BTC", Currency: "BTC", Family: Bech32, HRP: "bc", Branch: 0, Confirmations: 2},
	{Name: "LTC", Currency: "LTC", Family: Bech32, HRP: "ltc", Branch: 2, Confirmations: 6},
	{Name: "ETH", Currency: "ETH", Family: EVM, Branch: 60, Confirmations: 12},
	{Name: "USDT-ERC20", Currency: "USDT", Family: EVM, Branch: 61, Confirmations: 12},
	{Name: "TRX", Currency: "TRX", Family: Tron, Branch: 195, Confirmations: 19},
	{Name: "USDT-TRC20", Currency: "USDT", Family: Tron, Branch: 196, Confirmations: 19},
}

// ErrUnknownNetwork: no such network.
var ErrUnknownNetwork = errors.New("unknown network")

// ErrInvalidAddress: the address is not valid for the network.
var ErrInvalidAddress = errors.New("invalid address")

// All returns every network, in display order.
func All() []Network { return slices.Clone(networks) }

// Lookup returns the network with the given name (case-insensitive).
func Lookup(name string) (Network, error) {
	for _, n := range networks {
		if strings.EqualFold(n.Name, name) {
			return n, nil
		}
	}
	return Network{}, fmt.Errorf("network %q: %w", name, ErrUnknownNetwork)
}

// ForCurrency returns the networks that carry currency (USDT: ERC-20 and
// TRC-20), or none for a fiat currency.
func ForCurrency(currency string) []Network {
	var out []Network
	for _, n := range networks {
		if strings.EqualFold(n.Currency, currency) {
			out = append(out, n)
		}
	}
	return out
}

// Validate checks that address is a valid receiving address on the network:
// the checksum, the encoding, the prefix and the length.
func (n Network) Validate(address string) error {
	var err error
	switch n.Family {
	case Bech32:
		err = validateSegwit(n, address)
	case EVM:
		err = validateEVM(address)
	case Tron:
		err = validateTron(address)
	}
	if err != nil {
		return fmt.Errorf("%s address %q: %v: %w", n.Name, address, err, ErrInvalidAddress)
	}
	return nil
}

// Transfer is an incoming transfer seen on a chain: the watcher reports it
// when it enters the mempool (0 confirmations) and after every block.
type Transfer struct {
	Network       string
	TxID          string
	Address       string
	Amount        int64 // minor units of the network's coin (8 decimals)
	Confirmations int
}
