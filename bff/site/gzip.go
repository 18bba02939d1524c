package site

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
	"net/http"

	"casino/bff/precompress"
)

// A shared page is also kept gzip-compressed, nonce and all: each part
// between two nonces is compressed on its own as a run of DEFLATE blocks
// ending on a byte boundary (a sync flush), so a response is the parts with
// the fresh nonce spliced in between as a stored (uncompressed) block, plus
// the gzip header and a trailer whose CRC-32 is computed per response. The
// result is one ordinary gzip member (RFC 1951/1952) that any client reads.

// gzipHeader: magic, CM=deflate, no flags, no mtime, XFL 0, OS unknown.
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}

type gzipParts struct {
	parts [][]byte // DEFLATE; all but the last end with a sync flush, the last is final
	size  int
}

func compressParts(parts [][]byte) (*gzipParts, error) {
	g := &gzipParts{}
	var buf bytes.Buffer
	for i, p := range parts {
		buf.Reset()
		zw, err := flate.NewWriter(&buf, flate.BestCompression)
		if err != nil {
			return nil, err
		}
		if _, err := zw.Write(p); err != nil {
			return nil, err
		}
		if i < len(parts)-1 {
			err = zw.Flush()
		} else {
			err = zw.Close()
		}
		if err != nil {
			return nil, err
		}
		g.parts = append(g.parts, bytes.Clone(buf.Bytes()))
		g.size += buf.Len()
	}
	return g, nil
}

// length of the gzip response with nonce: header, parts, one stored block
// (5-byte header + nonce) per nonce, the compressed personal header in its
// slot (deflated: headerFrag.deflated), trailer.
func (g *gzipParts) length(plain *renderedPage, nonce string, deflated []byte) int {
	n := len(gzipHeader) + g.size + 8
	for _, h := range plain.header {
		if h {
			n += len(deflated)
		} else {
			n += 5 + len(nonce)
		}
	}
	return n
}

// appendTo appends the gzip member of plain with nonce and the personal
// header hdr (a header slot gets hdr.deflated, a run of DEFLATE blocks that
// ends on a byte boundary); plain is the uncompressed page, for the CRC-32
// and size of the trailer.
func (g *gzipParts) appendTo(b []byte, plain *renderedPage, nonce string, hdr *headerFrag) []byte {
	b = append(b, gzipHeader...)
	n := len(nonce)
	for i, part := range g.parts {
		if i > 0 {
			if plain.header[i-1] {
				b = append(b, hdr.deflated...)
			} else {
				// Stored block, not final: BFINAL=0 BTYPE=00 padded to a byte,
				// LEN, NLEN (little-endian), the bytes.
				b = append(b, 0, byte(n), byte(n>>8), ^byte(n), ^byte(n>>8))
				b = append(b, nonce...)
			}
		}
		b = append(b, part...)
	}
	var crc uint32
	for i, part := range plain.parts {
		if i > 0 {
			if plain.header[i-1] {
				crc = crc32.Update(crc, crc32.IEEETable, hdr.plain)
			} else {
				crc = crc32.Update(crc, crc32.IEEETable, []byte(nonce))
			}
		}
		crc = crc32.Update(crc, crc32.IEEETable, part)
	}
	b = binary.LittleEndian.AppendUint32(b, crc)
	return binary.LittleEndian.AppendUint32(b, uint32(plain.length(nonce, hdr.plain)))
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip
// (listed, or "*", without q=0). Pages stay gzip even when Brotli is
// accepted: they are compressed per response, where Brotli's best setting
// is far too slow; the static files are Brotli (bff/precompress).
func acceptsGzip(r *http.Request) bool {
	return precompress.Accepts(r, precompress.Gzip)
}
