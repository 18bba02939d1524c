package fair

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"testing"

	"casino/bff/studio/rng"
)

// The stream is exactly the documented construction, recomputed here with
// the standard library only.
func TestStreamIsTheDocumentedHMAC(t *testing.T) {
	server := "5f2b4e8a9c1d3f6071829384a5b6c7d8e9f00112233445566778899aabbccdd0"
	client := "player-seed"
	s := NewStream(server, client, 42)
	for block := 0; block < 3; block++ {
		msg := client + ":42"
		if block > 0 {
			msg += ":" + string(rune('0'+block))
		}
		mac := hmac.New(sha256.New, []byte(server))
		mac.Write([]byte(msg))
		want := mac.Sum(nil)
		for i := 0; i < 8; i++ {
			if got := s.Uint32(); got != binary.BigEndian.Uint32(want[4*i:]) {
				t.Fatalf("block %d word %d: %08x", block, i, got)
			}
		}
	}
	if s.Words() != 24 {
		t.Fatalf("words %d", s.Words())
	}
	b := Block(server, client, 42, 1)
	mac := hmac.New(sha256.New, []byte(server))
	mac.Write([]byte(client + ":42:1"))
	if !hmac.Equal(b[:], mac.Sum(nil)) {
		t.Fatal("Block(…, 1)")
	}
	// Same inputs, same outcome; another nonce, another stream.
	if rng.Intn(NewStream(server, client, 7), 37) != rng.Intn(NewStream(server, client, 7), 37) {
		t.Fatal("not deterministic")
	}
}

func TestCommitAndVerify(t *testing.T) {
	seed := NewServerSeed()
	if err := CheckServerSeed(seed); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(seed))
	if Commit(seed) != hex.EncodeToString(sum[:]) {
		t.Fatal("commitment is not SHA-256 of the hex seed")
	}
	if _, err := Verify(seed, Commit(seed), "abc", 1); err != nil {
		t.Fatal(err)
	}
	other := NewServerSeed()
	cases := []struct {
		seed, hash, client string
		nonce              uint64
		want               error
	}{
		{other, Commit(seed), "abc", 1, ErrCommitment},
		{"XYZ", "", "abc", 1, ErrServerSeed},
		{seed, "", "a:b", 1, ErrClientSeed},
		{seed, "", "", 1, ErrClientSeed},
		{seed, "", "abc", 0, ErrNonce},
	}
	for _, c := range cases {
		if _, err := Verify(c.seed, c.hash, c.client, c.nonce); !errors.Is(err, c.want) {
			t.Errorf("Verify(%q…, %q, %d) = %v, want %v", c.seed[:3], c.client, c.nonce, err, c.want)
		}
	}
}

func TestSeedRotation(t *testing.T) {
	s, err := NewSeeds("")
	if err != nil {
		t.Fatal(err)
	}
	first, next := s.ServerSeedHash, s.NextServerSeedHash
	r1, _ := s.Next()
	r2, _ := s.Next()
	if r1.Nonce != 1 || r2.Nonce != 2 || r1.ServerSeedHash != first {
		t.Fatalf("nonces %d %d", r1.Nonce, r2.Nonce)
	}
	old, err := s.SetClientSeed("mine")
	if err != nil {
		t.Fatal(err)
	}
	// The revealed seed matches the commitment shown before play; the
	// pre-committed next seed becomes current; the nonce restarts.
	if Commit(old.ServerSeed) != first || old.Nonce != 2 || s.ServerSeedHash != next || s.Nonce != 0 || s.ClientSeed != "mine" {
		t.Fatalf("rotation: old %+v, now %+v", old, s.Public())
	}
	if _, err := s.SetClientSeed("bad:seed"); !errors.Is(err, ErrClientSeed) {
		t.Fatal("client seed with ':' accepted")
	}
	if pub := s.Public(); pub.ServerSeedHash == "" || pub.NextServerSeedHash == "" {
		t.Fatal("public seeds")
	}
}
