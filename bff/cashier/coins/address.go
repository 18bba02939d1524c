package coins

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/btcsuite/btcd/btcutil"
	"github.com/btcsuite/btcd/btcutil/base58"
	"github.com/btcsuite/btcd/btcutil/bech32"
	"github.com/btcsuite/btcd/btcutil/hdkeychain"
	"github.com/btcsuite/btcd/chaincfg"
	"golang.org/x/crypto/sha3"
)

// tronPrefix is the version byte of Tron addresses (base58 "T…").
const tronPrefix = 0x41

// LTC legacy base58 version bytes: P2PKH "L…", P2SH "M…" and the old "3…".
var ltcLegacyVersions = map[byte]bool{0x30: true, 0x32: true, 0x05: true}

// Wallet derives deposit addresses from the operator's extended public key.
// It holds no private key: the casino can receive but not spend, and the
// keys that spend stay with the operator's custody.
type Wallet struct {
	xpub *hdkeychain.ExtendedKey
}

// NewWallet reads an extended public key (xpub…). A private key is refused:
// the server must never hold one.
func NewWallet(xpub string) (*Wallet, error) {
	k, err := hdkeychain.NewKeyFromString(xpub)
	if err != nil {
		return nil, fmt.Errorf("crypto wallet key: %w", err)
	}
	if k.IsPrivate() {
		return nil, errors.New("crypto wallet key: an extended private key was given; give its public key (xpub)")
	}
	return &Wallet{xpub: k}, nil
}

// NewSandboxWallet makes a wallet from random seed bytes (16 to 64) and
// returns it with its xpub, for the sandbox chain where nothing is spent.
func NewSandboxWallet(seed []byte) (*Wallet, string, error) {
	master, err := hdkeychain.NewMaster(seed, &chaincfg.MainNetParams)
	if err != nil {
		return nil, "", err
	}
	pub, err := master.Neuter()
	if err != nil {
		return nil, "", err
	}
	return &Wallet{xpub: pub}, pub.String(), nil
}

// Address is the deposit address of player on network: the key at
// xpub/Branch/player, encoded for the network. The same inputs always give
// the same address.
func (w *Wallet) Address(n Network, player int64) (string, error) {
	if player <= 0 || player >= hdkeychain.HardenedKeyStart {
		return "", fmt.Errorf("deposit address: player %d out of the derivation range", player)
	}
	branch, err := w.xpub.Derive(n.Branch)
	if err != nil {
		return "", err
	}
	child, err := branch.Derive(uint32(player))
	if err != nil {
		return "", err
	}
	pub, err := child.ECPubKey()
	if err != nil {
		return "", err
	}
	switch n.Family {
	case Bech32:
		return segwitAddress(n.HRP, 0, btcutil.Hash160(pub.SerializeCompressed()))
	case EVM:
		return checksumHex(evmHash(pub.SerializeUncompressed())), nil
	case Tron:
		return base58.CheckEncode(evmHash(pub.SerializeUncompressed()), tronPrefix), nil
	}
	return "", fmt.Errorf("network %s: %w", n.Name, ErrUnknownNetwork)
}

// evmHash is the 20-byte account of an uncompressed secp256k1 key: the last
// 20 bytes of Keccak-256 over the key without its 0x04 prefix.
func evmHash(uncompressed []byte) []byte {
	h := sha3.NewLegacyKeccak256()
	h.Write(uncompressed[1:])
	return h.Sum(nil)[12:]
}

// checksumHex writes a 20-byte account in EIP-55 mixed case.
func checksumHex(account []byte) string {
	lower := hex.EncodeToString(account)
	h := sha3.NewLegacyKeccak256()
	h.Write([]byte(lower))
	sum := h.Sum(nil)
	out := []byte(lower)
	for i, c := range out {
		nibble := sum[i/2] >> 4
		if i%2 == 1 {
			nibble = sum[i/2] & 0x0f
		}
		if c >= 'a' && nibble >= 8 {
			out[i] = c - 'a' + 'A'
		}
	}
	return "0x" + string(out)
}

func segwitAddress(hrp string, version byte, program []byte) (string, error) {
	conv, err := bech32.ConvertBits(program, 8, 5, true)
	if err != nil {
		return "", err
	}
	data := append([]byte{version}, conv...)
	if version == 0 {
		return bech32.Encode(hrp, data)
	}
	return bech32.EncodeM(hrp, data)
}

// validateSegwit accepts a witness v0 (bech32, 20 or 32 bytes) or v1+
// (bech32m, 2 to 40 bytes) address with the network's prefix, and for
// BTC/LTC also the legacy base58 forms.
func validateSegwit(n Network, address string) error {
	if strings.HasPrefix(strings.ToLower(address), n.HRP+"1") {
		hrp, data, variant, err := bech32.DecodeGeneric(address)
		if err != nil {
			return err
		}
		if hrp != n.HRP || len(data) < 1 {
			return errors.New("wrong prefix")
		}
		version := data[0]
		program, err := bech32.ConvertBits(data[1:], 5, 8, false)
		if err != nil {
			return err
		}
		switch {
		case version > 16:
			return errors.New("bad witness version")
		case version == 0 && variant != bech32.Version0, version > 0 && variant != bech32.VersionM:
			return errors.New("wrong checksum variant")
		case version == 0 && len(program) != 20 && len(program) != 32:
			return errors.New("bad program length")
		case len(program) < 2 || len(program) > 40:
			return errors.New("bad program length")
		}
		return nil
	}
	if n.Name == "BTC" {
		a, err := btcutil.DecodeAddress(address, &chaincfg.MainNetParams)
		if err != nil {
			return err
		}
		if !a.IsForNet(&chaincfg.MainNetParams) {
			return errors.New("not a main-network address")
		}
		switch a.(type) {
		case *btcutil.AddressPubKeyHash, *btcutil.AddressScriptHash:
			return nil
		}
		return errors.New("not a payable address")
	}
	payload, version, err := base58.CheckDecode(address)
	if err != nil {
		return err
	}
	if !ltcLegacyVersions[version] || len(payload) != 20 {
		return errors.New("bad version or length")
	}
	return nil
}

// validateEVM accepts 0x + 40 hex digits; mixed case must carry a valid
// EIP-55 checksum (all lower or all upper case carries none).
func validateEVM(address string) error {
	if len(address) != 42 || !strings.HasPrefix(address, "0x") {
		return errors.New("want 0x and 40 hex digits")
	}
	body := address[2:]
	raw, err := hex.DecodeString(body)
	if err != nil {
		return errors.New("not hex")
	}
	if body == strings.ToLower(body) || body == strings.ToUpper(body) {
		return nil
	}
	if checksumHex(raw) != address {
		return errors.New("bad EIP-55 checksum")
	}
	return nil
}

func validateTron(address string) error {
	payload, version, err := base58.CheckDecode(address)
	if err != nil {
		return err
	}
	if version != tronPrefix || len(payload) != 20 {
		return errors.New("bad version or length")
	}
	return nil
}
