// Command rngdump writes random bytes from the studio's generators for
// statistical test batteries (Debian's ent and dieharder; see
// e2e/bench/rng.mjs and docs/benchmarks.md):
//
//	crypto   the production CSPRNG source (rng.Crypto), word by word
//	fair     provably fair round streams (HMAC-SHA256 of server seed, client
//	         seed:nonce:cursor) for consecutive nonces of one seed pair
//	intn256  rng.Intn(crypto, 256): the bias-free range mapping itself
//	intn37   rng.Intn(crypto, 37) for roulette, one byte per draw (values 0..36;
//	         for a chi-square over 37 cells, not for byte-level batteries)
//
//	go run ./bff/studio/cmd/rngdump -source crypto -bytes 100000000 -out /tmp/crypto.bin
package main

import (
	"bufio"
	"encoding/binary"
	"flag"
	"io"
	"log"
	"os"

	"casino/bff/studio/fair"
	"casino/bff/studio/rng"
)

func main() {
	source := flag.String("source", "crypto", "crypto, fair, intn256 or intn37")
	n := flag.Int64("bytes", 10<<20, "bytes to write")
	out := flag.String("out", "-", "output file (- for stdout)")
	flag.Parse()
	var w io.Writer = os.Stdout
	if *out != "-" {
		f, err := os.Create(*out)
		if err != nil {
			log.Fatal(err)
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	defer bw.Flush()
	if err := dump(bw, *source, *n); err != nil {
		log.Fatal(err)
	}
}

func dump(w *bufio.Writer, source string, n int64) error {
	var word [4]byte
	switch source {
	case "crypto":
		src := rng.NewCrypto()
		for i := int64(0); i < n; i += 4 {
			binary.BigEndian.PutUint32(word[:], src.Uint32())
			if _, err := w.Write(word[:min(4, n-i)]); err != nil {
				return err
			}
		}
	case "fair":
		seeds, err := fair.NewSeeds("rngdump")
		if err != nil {
			return err
		}
		// 64 words (8 HMAC blocks) per round, as a large slot round draws.
		for i := int64(0); i < n; {
			rs, _ := seeds.Next()
			st := rs.Stream()
			for k := 0; k < 64 && i < n; k++ {
				binary.BigEndian.PutUint32(word[:], st.Uint32())
				if _, err := w.Write(word[:min(4, n-i)]); err != nil {
					return err
				}
				i += 4
			}
		}
	case "intn256", "intn37":
		m := 256
		if source == "intn37" {
			m = 37
		}
		src := rng.NewCrypto()
		for i := int64(0); i < n; i++ {
			if err := w.WriteByte(byte(rng.Intn(src, m))); err != nil {
				return err
			}
		}
	default:
		log.Fatalf("unknown source %q", source)
	}
	return nil
}
