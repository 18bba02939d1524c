package referral

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"casino/bff/ledger"
)

// KindCommission is the ledger kind of a referral commission (house → referrer real).
const KindCommission ledger.Kind = "referral_commission"

const batchTransactions = 5000

// qNGR is the real-money result of referred players among ledger
// transactions (lo, hi]: bets take from player:{id}:real, wins pay into
// it, rollbacks of either reverse them; the house's gain is minus their sum.
const qNGR = `SELECT a.player_id, -SUM(p.amount)
	FROM ledger_transactions t
	JOIN ledger_postings p ON p.transaction_id = t.id
	JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'real'
	JOIN referrals f ON f.referred_id = a.player_id
	LEFT JOIN ledger_transactions r ON r.id = t.reverses_id
	WHERE t.id > ? AND t.id <= ? AND t.status = 'committed'
	  AND (t.kind IN ('bet', 'win') OR t.kind = 'rollback' AND r.kind IN ('bet', 'win'))
	GROUP BY a.player_id`

// CatchUp adds the referred players' results committed since the last pass.
func (s *Service) CatchUp(ctx context.Context) (int, error) {
	s.run.Lock()
	defer s.run.Unlock()
	return s.catchUp(ctx)
}

func (s *Service) catchUp(ctx context.Context) (int, error) {
	var cursor, last int64
	if err := s.db.Read.QueryRowContext(ctx, `SELECT transaction_id, (SELECT COALESCE(max(id), 0) FROM ledger_transactions) FROM referral_cursor`).Scan(&cursor, &last); err != nil {
		return 0, fmt.Errorf("referral: cursor: %w", err)
	}
	hi := min(last, cursor+batchTransactions)
	if hi <= cursor {
		return 0, nil
	}
	rows, err := s.db.Read.QueryContext(ctx, qNGR, cursor, hi)
	if err != nil {
		return 0, fmt.Errorf("referral: results: %w", err)
	}
	ngr := map[int64]int64{}
	for rows.Next() {
		var id, n int64
		if err := rows.Scan(&id, &n); err != nil {
			rows.Close()
			return 0, err
		}
		ngr[id] = n
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	err = s.ledger.Do(ctx, func(tx *ledger.Tx) error {
		res, err := tx.SQL().ExecContext(tx.Context(), `UPDATE referral_cursor SET transaction_id = ? WHERE id = 1 AND transaction_id = ?`, hi, cursor)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return fmt.Errorf("referral: cursor moved under a pass")
		}
		for id, n := range ngr {
			if _, err := tx.SQL().ExecContext(tx.Context(), `UPDATE referrals SET ngr_unpaid = ngr_unpaid + ? WHERE referred_id = ?`, n, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return int(hi - cursor), nil
}

type due struct {
	referred, referrer int64
	ngr, settlements   int64
	fromCur, toCur     string
}

// Settle pays each genuine referrer their percent of every referred
// player's positive unsettled result, and returns how many were paid. The
// commission, the result it settles and the settlement count move in one
// ledger transaction; the key referral:{referred}:{n} makes a replay of
// settlement n impossible. A negative result carries over.
func (s *Service) Settle(ctx context.Context) (int, error) {
	s.run.Lock()
	defer s.run.Unlock()
	for {
		n, err := s.catchUp(ctx)
		if err != nil {
			return 0, err
		}
		if n < batchTransactions {
			break
		}
	}
	percent := 0
	if s.Percent != nil {
		var err error
		if percent, err = s.Percent(ctx); err != nil {
			return 0, err
		}
	}
	if percent <= 0 {
		return 0, nil
	}
	// A card is known only once a player deposits with it, long after the
	// sign-up's device and address checks: a referral whose two players
	// have paid with the same card is a self-referral from then on, before
	// any of its result is paid.
	if _, err := s.db.Write.ExecContext(ctx, `UPDATE referrals SET self_referral = 'card'
		WHERE self_referral = '' AND EXISTS (SELECT 1 FROM cashier_deposits a JOIN cashier_deposits b ON b.card_fingerprint = a.card_fingerprint
			WHERE a.user_id = referrals.referred_id AND a.card_fingerprint <> '' AND b.user_id = referrals.referrer_id)`); err != nil {
		return 0, fmt.Errorf("referral: card check: %w", err)
	}
	rows, err := s.db.Read.QueryContext(ctx, `SELECT f.referred_id, f.referrer_id, f.ngr_unpaid, f.settlements, d.currency_code, r.currency_code
		FROM referrals f JOIN users d ON d.id = f.referred_id JOIN users r ON r.id = f.referrer_id
		WHERE f.self_referral = '' AND f.ngr_unpaid > 0`)
	if err != nil {
		return 0, err
	}
	var dues []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.referred, &d.referrer, &d.ngr, &d.settlements, &d.fromCur, &d.toCur); err != nil {
			rows.Close()
			return 0, err
		}
		dues = append(dues, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	paid := 0
	for _, d := range dues {
		amount, err := s.commission(ctx, d, percent)
		if err != nil {
			return paid, err
		}
		if amount.IsZero() {
			continue
		}
		err = s.ledger.Do(ctx, func(tx *ledger.Tx) error {
			if _, err := tx.Post(ledger.Transfer{
				IdempotencyKey: "referral:" + strconv.FormatInt(d.referred, 10) + ":" + strconv.FormatInt(d.settlements+1, 10), Kind: KindCommission,
				Postings: []ledger.Posting{{Account: "house", Amount: amount.Neg()}, {Account: ledger.PlayerReal(d.referrer), Amount: amount}},
				Metadata: map[string]string{"referred": strconv.FormatInt(d.referred, 10), "ngr": strconv.FormatInt(d.ngr, 10), "percent": strconv.Itoa(percent)},
			}); err != nil {
				return err
			}
			_, err := tx.SQL().ExecContext(tx.Context(), `UPDATE referrals SET ngr_unpaid = ngr_unpaid - ?, earned = earned + ?, settlements = settlements + 1
				WHERE referred_id = ? AND settlements = ?`, d.ngr, amount.Minor(), d.referred, d.settlements)
			return err
		})
		if err != nil {
			return paid, fmt.Errorf("referral: commission for %d: %w", d.referred, err)
		}
		paid++
	}
	return paid, nil
}

// commission is percent of the result in the referrer's currency (through
// EUR cents at the operator's game rates when the currencies differ).
func (s *Service) commission(ctx context.Context, d due, percent int) (ledger.Money, error) {
	to, err := ledger.LookupCurrency(d.toCur)
	if err != nil {
		return ledger.Money{}, err
	}
	minor := d.ngr * int64(percent) / 100
	if d.fromCur != d.toCur && s.Scale != nil {
		from, err := s.Scale(ctx, d.fromCur)
		if err != nil {
			return ledger.Money{}, err
		}
		into, err := s.Scale(ctx, d.toCur)
		if err != nil {
			return ledger.Money{}, err
		}
		minor = minor / max(from.Factor, 1) * max(into.Factor, 1)
	}
	return ledger.FromMinor(minor, to), nil
}

// Run settles every interval until ctx ends.
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		n, err := s.Settle(ctx)
		switch {
		case err != nil && ctx.Err() == nil && !strings.Contains(err.Error(), "database is closed"):
			slog.Error("referral: settlement failed", "err", err)
		case n > 0:
			slog.Info("referral: commissions paid", "count", n)
		}
	}
}
