package wallet

import (
	"bytes"
	"fmt"
	"net/http"
	"testing"
	"time"
)

// FuzzSignedBodies: whatever a provider signs and sends to the wallet API,
// the answer is the error shape or a success, never a 5xx, and the ledger
// stays balanced. Signing makes the fuzzer reach the body decoders, which
// an unsigned request never does.
func FuzzSignedBodies(f *testing.F) {
	fx := newFixture(f, 2)
	paths := []string{PathBalance, PathDebit, PathCredit, PathRollback, PathRoundEnd}
	for i := range paths {
		for _, s := range []string{`{}`, `[]`, `null`, `{"playerId":"1","currency":"EUR"}`,
			`{"transactionId":"t1","roundId":"r1","playerId":"1","gameId":"fruit-fiesta","currency":"EUR","amount":"0.10"}`,
			`{"transactionId":"t1","roundId":"r1","playerId":"1","gameId":"fruit-fiesta","currency":"EUR","amount":"-1e400"}`,
			`{"transactionId":"t2","rollbackTransactionId":"t1","playerId":"1","gameId":"fruit-fiesta"}`,
			`{"roundId":"r1","playerId":"99999999999999999999","outcome":{"x":[1,2]}}`, `{"playerId":1}`, "\xff"} {
			f.Add(uint8(i), []byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, body []byte) {
		path := paths[int(i)%len(paths)]
		ts := time.Now().Unix()
		req, _ := http.NewRequest(http.MethodPost, fx.srv.URL+path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(HeaderProvider, fx.client.Provider)
		req.Header.Set(HeaderTimestamp, fmt.Sprint(ts))
		req.Header.Set(HeaderSignature, Sign(fx.client.Secret, ts, path, body))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode >= 500 {
			t.Fatalf("%s %q: %d", path, body, res.StatusCode)
		}
		fx.check(t)
	})
}
