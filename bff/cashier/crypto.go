package cashier

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"casino/bff/api"
	"casino/bff/cashier/coins"
	"casino/bff/ledger"
)

// CryptoAddress is the answer of GET /api/user/crypto/deposit-address.
type CryptoAddress struct {
	Network       string `json:"network"`
	CurrencyCode  string `json:"currencyCode"`
	Address       string `json:"address"`
	Confirmations int    `json:"confirmations"`
	MinAmount     string `json:"minAmount"`
}

// cryptoMethod is the first crypto method offered to the player in cur.
func (s *Service) cryptoMethod(ctx context.Context, p player, country string, cur ledger.Currency, purpose string, st Settings) (Method, error) {
	all, err := s.Methods(ctx)
	if err != nil {
		return Method{}, err
	}
	refusal := RefusedInactive
	for _, m := range all {
		if m.Kind != KindCrypto {
			continue
		}
		r := m.Offer(p.viewer(), country, cur, purpose, st)
		if r == Offered {
			return m, nil
		}
		refusal = min(refusal, r)
	}
	if refusal == RefusedCountry {
		return Method{}, fmt.Errorf("crypto in %s: %w", country, ErrDepositCountryBlock)
	}
	return Method{}, fmt.Errorf("crypto for %s: %w", cur.Code, ErrCurrency)
}

// DepositAddress returns the player's deposit address on network, creating
// it on first use: the operator wallet's key at (network branch, player).
func (s *Service) DepositAddress(ctx context.Context, c Caller, network string) (CryptoAddress, error) {
	p, err := s.player(ctx, c.UserID)
	if err != nil {
		return CryptoAddress{}, err
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return CryptoAddress{}, err
	}
	country, err := s.checkCashier(ctx, c, p, st)
	if err != nil {
		return CryptoAddress{}, err
	}
	n, err := coins.Lookup(network)
	if err != nil {
		return CryptoAddress{}, api.ErrValidation.WithField("network", MsgCryptoNetwork)
	}
	cur, err := ledger.LookupCurrency(n.Currency)
	if err != nil || cur.Code != p.Currency {
		return CryptoAddress{}, fmt.Errorf("%s deposit for a %s wallet: %w", n.Name, p.Currency, ErrCurrency)
	}
	m, err := s.cryptoMethod(ctx, p, country, cur, ForDeposit, st)
	if err != nil {
		return CryptoAddress{}, err
	}
	if s.wallet == nil {
		return CryptoAddress{}, fmt.Errorf("no crypto wallet configured: %w", ErrProvider)
	}
	lo, _, _ := m.limit(cur, st)
	out := CryptoAddress{Network: n.Name, CurrencyCode: cur.Code, Confirmations: st.confirmations(n), MinAmount: lo.Decimal()}
	err = s.db.Read.QueryRowContext(ctx, `SELECT address FROM cashier_crypto_addresses WHERE user_id = ? AND network = ?`, p.ID, n.Name).Scan(&out.Address)
	if err == nil {
		return out, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return CryptoAddress{}, err
	}
	addr, err := s.wallet.Address(n, p.ID)
	if err != nil {
		return CryptoAddress{}, fmt.Errorf("deposit address: %v: %w", err, ErrProvider)
	}
	if _, err := s.db.Write.ExecContext(ctx, `INSERT INTO cashier_crypto_addresses(user_id, network, address, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT(user_id, network) DO NOTHING`, p.ID, n.Name, addr, s.stamp()); err != nil {
		return CryptoAddress{}, err
	}
	out.Address = addr
	return out, nil
}

// chainProcessor is the ledger clearing account of a network: chain-btc,
// chain-usdt-erc20 ….
func chainProcessor(n coins.Network) string { return "chain-" + strings.ToLower(n.Name) }

// ChainTransfer is the chain watcher's report of a transfer: a transfer to
// one of the players' addresses becomes a pending deposit, and is credited
// once it has the network's confirmations. Reports repeat after every
// block; handling one twice changes nothing.
func (s *Service) ChainTransfer(ctx context.Context, t coins.Transfer) error {
	n, err := coins.Lookup(t.Network)
	if err != nil {
		return err
	}
	var userID int64
	err = s.db.Read.QueryRowContext(ctx, `SELECT user_id FROM cashier_crypto_addresses WHERE network = ? AND address = ?`, n.Name, t.Address).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // not one of ours
	}
	if err != nil {
		return err
	}
	if t.Amount <= 0 || t.TxID == "" {
		return fmt.Errorf("chain transfer %+v: %w", t, api.ErrInvalidFormat)
	}
	cur, err := ledger.LookupCurrency(n.Currency)
	if err != nil {
		return err
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return err
	}
	method := KindCrypto
	if ms, err := s.queryMethods(ctx, `WHERE kind = ? ORDER BY sort_order, id LIMIT 1`, KindCrypto); err == nil && len(ms) > 0 {
		method = ms[0].Name
	}
	proc := chainProcessor(n)
	var publicID, code, status string
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT public_id, error_code, status FROM cashier_deposits WHERE processor = ? AND payment_id = ?`, proc, t.TxID).
			Scan(&publicID, &code, &status)
		if errors.Is(err, sql.ErrNoRows) {
			// The deposit-time checks run once, when the transfer is first
			// seen: a failure holds it for review (hold.go).
			hold, err := s.cryptoHold(ctx, tx, userID, ledger.FromMinor(t.Amount, cur), method, st)
			if err != nil {
				return err
			}
			if hold != "" {
				code = heldPrefix + hold
				slog.Warn("cashier: crypto deposit held for review", "user", userID, "tx", t.TxID, "reason", hold)
			}
			publicID = newID("dep_")
			_, err = tx.ExecContext(ctx, `INSERT INTO cashier_deposits(public_id, user_id, method, processor, currency, amount, status, payment_id,
					network, address, confirmations, error_code, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?)`,
				publicID, userID, method, proc, cur.Code, t.Amount, t.TxID, n.Name, t.Address, t.Confirmations, code, s.stamp(), s.stamp())
			return err
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE cashier_deposits SET confirmations = max(confirmations, ?), updated_at = ? WHERE public_id = ?`,
			t.Confirmations, s.stamp(), publicID)
		return err
	})
	if err != nil {
		return fmt.Errorf("chain transfer %s: %w", t.TxID, err)
	}
	// Held, or rejected by an operator after a hold: not credited.
	if !strings.HasPrefix(code, heldPrefix) && status != DepositRejected && t.Confirmations >= st.confirmations(n) {
		if _, err := s.confirm(ctx, publicID, proc, t.TxID); err != nil {
			return err
		}
	}
	return nil
}
