// Package chainsandbox is a stand-in blockchain for development and tests:
// transfers to any valid address of a network enter a mempool, a block is
// mined on every network at a fixed interval, and a watcher reports each
// transfer with its confirmations after every block, as a node watcher
// would. It keeps its state in its own tables.
package chainsandbox

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"casino/bff/api"
	"casino/bff/cashier/coins"
	"casino/bff/database"
	"casino/bff/ledger"
)

// Listener receives every report of a transfer (the cashier's
// ChainTransfer). It must be idempotent: reports repeat.
type Listener func(ctx context.Context, t coins.Transfer) error

// watchDepth is how many blocks a transfer keeps being reported after it was
// mined: more than any network's required confirmations.
const watchDepth = 64

// Chain is the sandbox blockchain.
type Chain struct {
	db     *database.DB
	listen Listener
}

// New returns a chain on db that reports to listen; whoever runs it calls
// Mine at its block interval.
func New(db *database.DB, listen Listener) *Chain {
	return &Chain{db: db, listen: listen}
}

// Tx is a sandbox transaction.
type Tx struct {
	TxID          string `json:"txid"`
	Network       string `json:"network"`
	Address       string `json:"address"`
	Amount        string `json:"amount"`
	Confirmations int    `json:"confirmations"`
}

// ErrUnknownTx: no such transaction.
var ErrUnknownTx = errors.New("unknown transaction")

// Send puts a transfer of amount (a decimal string of the network's coin)
// to address in the mempool and reports it with 0 confirmations.
func (c *Chain) Send(ctx context.Context, network, address, amount string) (Tx, error) {
	n, err := coins.Lookup(network)
	if err != nil {
		return Tx{}, api.ErrValidation.WithField("network", "Please select network")
	}
	if err := n.Validate(strings.TrimSpace(address)); err != nil {
		return Tx{}, api.ErrValidation.WithField("address", "Invalid wallet address")
	}
	cur, _ := ledger.LookupCurrency(n.Currency)
	m, err := ledger.Parse(strings.TrimSpace(amount), cur)
	if err != nil || m.Sign() <= 0 {
		return Tx{}, api.ErrValidation.WithField("amount", "Invalid format")
	}
	txid := randomHex(32)
	if n.Family == coins.EVM {
		txid = "0x" + txid
	}
	if _, err := c.db.Write.ExecContext(ctx, `INSERT INTO sandbox_chain_txs(txid, network, address, amount) VALUES (?, ?, ?, ?)`,
		txid, n.Name, strings.TrimSpace(address), m.Minor()); err != nil {
		return Tx{}, err
	}
	tx := Tx{TxID: txid, Network: n.Name, Address: strings.TrimSpace(address), Amount: m.Decimal()}
	c.report(ctx, n.Name, tx.TxID, tx.Address, m.Minor(), 0)
	return tx, nil
}

// Get returns a transaction with its confirmations.
func (c *Chain) Get(ctx context.Context, txid string) (Tx, error) {
	var (
		tx           Tx
		minor, mined int64
		height       int64
	)
	err := c.db.Read.QueryRowContext(ctx, `SELECT t.txid, t.network, t.address, t.amount, t.mined_at, COALESCE(h.height, 0)
		FROM sandbox_chain_txs t LEFT JOIN sandbox_chain_heights h ON h.network = t.network WHERE t.txid = ?`, txid).
		Scan(&tx.TxID, &tx.Network, &tx.Address, &minor, &mined, &height)
	if errors.Is(err, sql.ErrNoRows) {
		return Tx{}, fmt.Errorf("%s: %w", txid, api.ErrNotFound)
	}
	if err != nil {
		return Tx{}, err
	}
	n, _ := coins.Lookup(tx.Network)
	cur, _ := ledger.LookupCurrency(n.Currency)
	tx.Amount = ledger.FromMinor(minor, cur).Decimal()
	if mined > 0 {
		tx.Confirmations = int(height - mined + 1)
	}
	return tx, nil
}

// Mine adds a block to every network that has transfers to watch: the
// mempool is mined into it, and every transfer up to watchDepth deep is
// reported with its confirmations.
func (c *Chain) Mine(ctx context.Context) error {
	type report struct {
		network, txid, address string
		amount                 int64
		conf                   int
	}
	var reports []report
	// Most ticks have nothing to watch: decide that on the reader pool and
	// leave the single writer alone.
	var watching int
	if err := c.db.Read.QueryRowContext(ctx, `SELECT COUNT(*) FROM sandbox_chain_txs t LEFT JOIN sandbox_chain_heights h ON h.network = t.network
		WHERE t.mined_at = 0 OR COALESCE(h.height, 0) - t.mined_at + 1 < ?`, watchDepth).Scan(&watching); err != nil || watching == 0 {
		return err
	}
	err := c.db.Tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT DISTINCT t.network FROM sandbox_chain_txs t LEFT JOIN sandbox_chain_heights h ON h.network = t.network
			WHERE t.mined_at = 0 OR COALESCE(h.height, 0) - t.mined_at + 1 < ?`, watchDepth)
		if err != nil {
			return err
		}
		var networks []string
		for rows.Next() {
			var n string
			if err := rows.Scan(&n); err != nil {
				rows.Close()
				return err
			}
			networks = append(networks, n)
		}
		rows.Close()
		for _, n := range networks {
			var height int64
			if err := tx.QueryRowContext(ctx, `INSERT INTO sandbox_chain_heights(network, height) VALUES (?, 1)
				ON CONFLICT(network) DO UPDATE SET height = height + 1 RETURNING height`, n).Scan(&height); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE sandbox_chain_txs SET mined_at = ? WHERE network = ? AND mined_at = 0`, height, n); err != nil {
				return err
			}
			rows, err := tx.QueryContext(ctx, `SELECT txid, address, amount, ? - mined_at + 1 FROM sandbox_chain_txs
				WHERE network = ? AND mined_at > 0 AND ? - mined_at + 1 <= ?`, height, n, height, watchDepth)
			if err != nil {
				return err
			}
			for rows.Next() {
				r := report{network: n}
				if err := rows.Scan(&r.txid, &r.address, &r.amount, &r.conf); err != nil {
					rows.Close()
					return err
				}
				reports = append(reports, r)
			}
			rows.Close()
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, r := range reports {
		c.report(ctx, r.network, r.txid, r.address, r.amount, r.conf)
	}
	return nil
}

// report tells the listener; a failure is logged and the next block
// reports again.
func (c *Chain) report(ctx context.Context, network, txid, address string, amount int64, conf int) {
	if c.listen == nil {
		return
	}
	if err := c.listen(ctx, coins.Transfer{Network: network, TxID: txid, Address: address, Amount: amount, Confirmations: conf}); err != nil {
		slog.Warn("sandbox chain: listener failed; reported again next block", "tx", txid, "err", err)
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Pay sends amount (minor units) from the operator's hot wallet to address,
// once per key: the transaction id is derived from the key, so a retry
// finds the first transaction.
func (c *Chain) Pay(ctx context.Context, network, address string, amount int64, key string) (string, error) {
	n, err := coins.Lookup(network)
	if err != nil {
		return "", err
	}
	if err := n.Validate(address); err != nil {
		return "", err
	}
	if amount <= 0 || key == "" {
		return "", errors.New("sandbox chain: payout without amount or key")
	}
	sum := sha256.Sum256([]byte("payout:" + key))
	txid := hex.EncodeToString(sum[:])
	if n.Family == coins.EVM {
		txid = "0x" + txid
	}
	res, err := c.db.Write.ExecContext(ctx, `INSERT INTO sandbox_chain_txs(txid, network, address, amount) VALUES (?, ?, ?, ?) ON CONFLICT(txid) DO NOTHING`,
		txid, n.Name, address, amount)
	if err != nil {
		return "", err
	}
	if k, _ := res.RowsAffected(); k == 1 {
		c.report(ctx, n.Name, txid, address, amount, 0)
	}
	return txid, nil
}
