// Package fair implements the studio's provably fair scheme.
//
// Before a player plays, the casino commits to a secret server seed by
// publishing ServerSeedHash = hex(SHA-256(serverSeed)), where serverSeed is
// the 64-character lower-case hex string of 32 random bytes and the hash is
// taken over those 64 ASCII characters. The player chooses a client seed.
// Round number nonce (1, 2, 3, … per seed pair) draws its randomness from the
// byte stream
//
//	block 0: HMAC-SHA256(key = serverSeed, msg = clientSeed + ":" + nonce)
//	block i: HMAC-SHA256(key = serverSeed, msg = clientSeed + ":" + nonce + ":" + i)   (i ≥ 1)
//
// with nonce and i in decimal and the key being the ASCII bytes of the hex
// seed. The blocks are concatenated and read as big-endian 32-bit words; a
// uniform integer in [0, n) is obtained from successive words by rejection
// sampling (rng.Intn): accept word v when v < floor(2^32/n)*n and return
// v mod n. The outcome never depends on the commitment itself.
//
// When the player rotates the seed pair, the casino reveals the old server
// seed; anyone can check SHA-256(seed) against the commitment shown before
// play and recompute every round (Verify / NewStream).
package fair

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"hash"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ServerSeedBytes is the entropy of a server seed.
const ServerSeedBytes = 32

// MaxClientSeedLen is the longest client seed accepted (in bytes).
const MaxClientSeedLen = 64

// Errors of seed management and verification.
var (
	ErrClientSeed   = errors.New("fair: client seed must be 1–64 printable characters without ':'")
	ErrServerSeed   = errors.New("fair: server seed must be 64 lower-case hex characters")
	ErrCommitment   = errors.New("fair: server seed does not match the published commitment")
	ErrNonce        = errors.New("fair: nonce must be at least 1")
	ErrSeedsMissing = errors.New("fair: seed pair not initialised")
)

// NewServerSeed returns a fresh secret server seed (hex of 32 CSPRNG bytes).
func NewServerSeed() string {
	var b [ServerSeedBytes]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// NewClientSeed returns a random default client seed (16 hex characters);
// players may replace it with any seed of their own.
func NewClientSeed() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Commit returns the public commitment of a server seed: hex(SHA-256(seed)).
func Commit(serverSeed string) string {
	h := sha256.Sum256([]byte(serverSeed))
	return hex.EncodeToString(h[:])
}

// CheckServerSeed validates the format of a server seed.
func CheckServerSeed(s string) error {
	if len(s) != 2*ServerSeedBytes {
		return ErrServerSeed
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return ErrServerSeed
		}
	}
	return nil
}

// CheckClientSeed validates a client seed: 1–64 bytes of printable UTF-8 and
// no ':' (the separator of the HMAC message, so that no two (clientSeed,
// nonce, cursor) triples produce the same message).
func CheckClientSeed(s string) error {
	if len(s) == 0 || len(s) > MaxClientSeedLen || !utf8.ValidString(s) || strings.ContainsRune(s, ':') {
		return ErrClientSeed
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return ErrClientSeed
		}
	}
	return nil
}

// Stream is the provably fair word stream of one round. It implements
// rng.Source. It is not safe for concurrent use.
type Stream struct {
	mac    hash.Hash
	prefix string
	cursor uint64
	block  [sha256.Size]byte
	pos    int
	words  int
}

// NewStream returns the stream of round (serverSeed, clientSeed, nonce).
func NewStream(serverSeed, clientSeed string, nonce uint64) *Stream {
	s := &Stream{
		mac:    hmac.New(sha256.New, []byte(serverSeed)),
		prefix: clientSeed + ":" + strconv.FormatUint(nonce, 10),
	}
	s.fill()
	return s
}

func (s *Stream) fill() {
	s.mac.Reset()
	s.mac.Write([]byte(s.Message(s.cursor)))
	s.mac.Sum(s.block[:0])
	s.pos = 0
}

// Message is the HMAC message of block cursor.
func (s *Stream) Message(cursor uint64) string {
	if cursor == 0 {
		return s.prefix
	}
	return s.prefix + ":" + strconv.FormatUint(cursor, 10)
}

// Uint32 returns the next big-endian word of the stream.
func (s *Stream) Uint32() uint32 {
	if s.pos == len(s.block) {
		s.cursor++
		s.fill()
	}
	b := s.block[s.pos : s.pos+4]
	s.pos += 4
	s.words++
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}

// Words is the number of words drawn so far.
func (s *Stream) Words() int { return s.words }

// Block returns block cursor of a round (for verifier pages and tests).
func Block(serverSeed, clientSeed string, nonce, cursor uint64) [sha256.Size]byte {
	s := &Stream{mac: hmac.New(sha256.New, []byte(serverSeed)), prefix: clientSeed + ":" + strconv.FormatUint(nonce, 10), cursor: cursor}
	s.fill()
	return s.block
}

// Seeds is one player's provably fair state for a game family. ServerSeed and
// NextServerSeed are secrets: store them server-side only (the wallet stores
// this struct as is, e.g. as JSON); show players Public().
type Seeds struct {
	ServerSeed         string `json:"serverSeed"`
	ServerSeedHash     string `json:"serverSeedHash"`
	ClientSeed         string `json:"clientSeed"`
	Nonce              uint64 `json:"nonce"` // rounds played with this pair; the next round uses Nonce+1
	NextServerSeed     string `json:"nextServerSeed"`
	NextServerSeedHash string `json:"nextServerSeedHash"`
}

// PublicSeeds is what a player may see: the commitments, never the secrets.
type PublicSeeds struct {
	ServerSeedHash     string `json:"serverSeedHash"`
	ClientSeed         string `json:"clientSeed"`
	Nonce              uint64 `json:"nonce"`
	NextServerSeedHash string `json:"nextServerSeedHash"`
}

// Revealed is a retired seed pair: with it, every round 1..Nonce can be
// verified.
type Revealed struct {
	ServerSeed     string `json:"serverSeed"`
	ServerSeedHash string `json:"serverSeedHash"`
	ClientSeed     string `json:"clientSeed"`
	Nonce          uint64 `json:"nonce"` // last nonce played
}

// RoundSeed identifies the randomness of one round. The wallet stores it with
// the round (ServerSeed may be stored encrypted, or looked up from the seed
// pair when revealed).
type RoundSeed struct {
	ServerSeed     string `json:"-"`
	ServerSeedHash string `json:"serverSeedHash"`
	ClientSeed     string `json:"clientSeed"`
	Nonce          uint64 `json:"nonce"`
}

// Stream returns the round's word stream.
func (r RoundSeed) Stream() *Stream { return NewStream(r.ServerSeed, r.ClientSeed, r.Nonce) }

// NewSeeds starts a seed pair with the given client seed (a random one when
// empty) and a pre-committed next server seed.
func NewSeeds(clientSeed string) (Seeds, error) {
	if clientSeed == "" {
		clientSeed = NewClientSeed()
	}
	if err := CheckClientSeed(clientSeed); err != nil {
		return Seeds{}, err
	}
	cur, next := NewServerSeed(), NewServerSeed()
	return Seeds{
		ServerSeed: cur, ServerSeedHash: Commit(cur), ClientSeed: clientSeed,
		NextServerSeed: next, NextServerSeedHash: Commit(next),
	}, nil
}

// Public returns the player-visible part.
func (s *Seeds) Public() PublicSeeds {
	return PublicSeeds{ServerSeedHash: s.ServerSeedHash, ClientSeed: s.ClientSeed, Nonce: s.Nonce, NextServerSeedHash: s.NextServerSeedHash}
}

// Next reserves the next nonce and returns the round's seed. Persist the
// incremented Seeds before (or atomically with) settling the round.
func (s *Seeds) Next() (RoundSeed, error) {
	if s.ServerSeed == "" {
		return RoundSeed{}, ErrSeedsMissing
	}
	s.Nonce++
	return RoundSeed{ServerSeed: s.ServerSeed, ServerSeedHash: s.ServerSeedHash, ClientSeed: s.ClientSeed, Nonce: s.Nonce}, nil
}

// SetClientSeed changes the client seed. Like most provably fair casinos we
// rotate the server seed at the same time (revealing the old one), so a
// client seed is never combined with a server seed the player has already
// seen results of; the nonce restarts at 0.
func (s *Seeds) SetClientSeed(clientSeed string) (Revealed, error) {
	if err := CheckClientSeed(clientSeed); err != nil {
		return Revealed{}, err
	}
	return s.rotate(clientSeed), nil
}

// Rotate retires the current server seed (returned, now public), promotes the
// pre-committed next seed and commits a new next seed; nonce restarts at 0.
func (s *Seeds) Rotate() Revealed { return s.rotate(s.ClientSeed) }

func (s *Seeds) rotate(clientSeed string) Revealed {
	old := Revealed{ServerSeed: s.ServerSeed, ServerSeedHash: s.ServerSeedHash, ClientSeed: s.ClientSeed, Nonce: s.Nonce}
	if s.NextServerSeed == "" {
		s.NextServerSeed = NewServerSeed()
		s.NextServerSeedHash = Commit(s.NextServerSeed)
	}
	s.ServerSeed, s.ServerSeedHash = s.NextServerSeed, s.NextServerSeedHash
	s.NextServerSeed = NewServerSeed()
	s.NextServerSeedHash = Commit(s.NextServerSeed)
	s.ClientSeed = clientSeed
	s.Nonce = 0
	return old
}

// Verify checks a revealed server seed against its commitment and the other
// inputs, and returns the round's stream for recomputing the outcome.
func Verify(serverSeed, serverSeedHash, clientSeed string, nonce uint64) (*Stream, error) {
	if err := CheckServerSeed(serverSeed); err != nil {
		return nil, err
	}
	if serverSeedHash != "" && !hmac.Equal([]byte(Commit(serverSeed)), []byte(strings.ToLower(serverSeedHash))) {
		return nil, ErrCommitment
	}
	if err := CheckClientSeed(clientSeed); err != nil {
		return nil, err
	}
	if nonce == 0 {
		return nil, ErrNonce
	}
	return NewStream(serverSeed, clientSeed, nonce), nil
}
