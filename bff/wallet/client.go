package wallet

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"casino/bff/api"
)

// Client calls the provider API as one provider: it signs each request with
// the provider's secret. Safe for concurrent use.
type Client struct {
	// BaseURL is the casino's origin ("http://127.0.0.1:8080"); empty with
	// an in-process HTTP transport (see Service.LocalClient).
	BaseURL  string
	Provider string
	Secret   []byte
	// SecretFunc, when set, gives the secret for each call instead (the
	// in-process client follows a rotation).
	SecretFunc  func(context.Context) []byte
	SystemToken string       // sent as X-System-Token when the casino asks for one
	HTTP        *http.Client // nil: http.DefaultClient
	Now         func() time.Time
}

// Balance reads what the player may stake.
func (c *Client) Balance(ctx context.Context, req BalanceRequest) (Balance, error) {
	var out Balance
	err := c.call(ctx, PathBalance, req, &out)
	return out, err
}

// Debit takes a bet.
func (c *Client) Debit(ctx context.Context, req MoneyRequest) (Result, error) {
	var out Result
	err := c.call(ctx, PathDebit, req, &out)
	return out, err
}

// Credit pays a win (zero records a loss).
func (c *Client) Credit(ctx context.Context, req MoneyRequest) (Result, error) {
	var out Result
	err := c.call(ctx, PathCredit, req, &out)
	return out, err
}

// Rollback reverses an earlier debit or credit.
func (c *Client) Rollback(ctx context.Context, req RollbackRequest) (Result, error) {
	var out Result
	err := c.call(ctx, PathRollback, req, &out)
	return out, err
}

// EndRound closes a round.
func (c *Client) EndRound(ctx context.Context, req EndRoundRequest) (Round, error) {
	var out Round
	err := c.call(ctx, PathRoundEnd, req, &out)
	return out, err
}

// call signs and posts body; an error answer comes back as *api.Error.
func (c *Client) call(ctx context.Context, path string, body, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	now := time.Now
	if c.Now != nil {
		now = c.Now
	}
	ts := now().Unix()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(c.BaseURL, "/")+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(HeaderProvider, c.Provider)
	req.Header.Set(HeaderTimestamp, fmt.Sprint(ts))
	secret := c.Secret
	if c.SecretFunc != nil {
		secret = c.SecretFunc(ctx)
	}
	req.Header.Set(HeaderSignature, Sign(secret, ts, path, b))
	if c.SystemToken != "" {
		req.Header.Set("X-System-Token", c.SystemToken)
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return fmt.Errorf("wallet %s: %w", path, err)
	}
	defer resp.Body.Close()
	var env struct {
		Data  json.RawMessage `json:"data"`
		Error *api.Error      `json:"error"`
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("wallet %s: %w", path, err)
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		return fmt.Errorf("wallet %s: status %d: undecodable answer", path, resp.StatusCode)
	}
	if env.Error != nil {
		env.Error.Status = resp.StatusCode
		if resp.StatusCode >= 500 {
			// Unknown outcome: a plain error, so callers retry with the same ids.
			return fmt.Errorf("wallet %s: status %d %s", path, resp.StatusCode, env.Error.Code)
		}
		return env.Error
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("wallet %s: status %d", path, resp.StatusCode)
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(env.Data, out); err != nil {
		return fmt.Errorf("wallet %s: %w", path, err)
	}
	return nil
}

// handlerTransport hands requests to an http.Handler in the same process:
// the request is signed, checked and answered exactly as over a socket.
type handlerTransport struct{ h http.Handler }

func (t handlerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	if req.Body == nil {
		req.Body = http.NoBody
	}
	req.RequestURI = req.URL.RequestURI()
	if req.RemoteAddr == "" {
		req.RemoteAddr = "127.0.0.1:0"
	}
	t.h.ServeHTTP(rec, req)
	if err := req.Context().Err(); err != nil && rec.buf.Len() == 0 {
		return nil, err
	}
	return &http.Response{
		StatusCode: rec.status, Status: http.StatusText(rec.status), Header: rec.header,
		Body: io.NopCloser(&rec.buf), ContentLength: int64(rec.buf.Len()), Request: req,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
	}, nil
}

type recorder struct {
	header http.Header
	status int
	wrote  bool
	buf    bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) WriteHeader(code int) {
	if !r.wrote {
		r.status, r.wrote = code, true
	}
}
func (r *recorder) Write(b []byte) (int, error) {
	r.wrote = true
	return r.buf.Write(b)
}

// IsRetryable reports whether err leaves the outcome unknown (transport
// error or 5xx), so the same request should be sent again.
func IsRetryable(err error) bool {
	var apiErr *api.Error
	return err != nil && !errors.As(err, &apiErr)
}
