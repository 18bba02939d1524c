package cashier

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"casino/bff/ledger"
)

// TestConcurrentCashier runs deposits (succeeding, declined, pending),
// withdrawals, player cancellations and operator approvals and rejections
// against one player from many goroutines at once, with every decision
// raced by a second one, then checks the ledger's invariants and that the
// cashier's records and the ledger tell the same story.
func TestConcurrentCashier(t *testing.T) {
	s, _ := newTestService(t)
	sb := withSandbox(t, s)
	ctx := context.Background()
	setSetting(t, s, `{"depositWageringMultiplier": "0", "depositAttemptsPerHour": 0}`)
	ada := addPlayer(t, s, testPlayer{email: "ada@example.com", verified: true})
	const workers, steps = 12, 25
	var (
		mu          sync.Mutex
		withdrawals []string
		wg          sync.WaitGroup
	)
	numbers := []string{"4242424242424242", "4242424242424242", "4000000000000002", "4000000000000077", "4000000000000085"}
	unexpected := func(err error, allowed ...error) {
		if err == nil {
			return
		}
		for _, a := range allowed {
			if errors.Is(err, a) {
				return
			}
		}
		t.Errorf("unexpected: %v", err)
	}
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rnd := rand.New(rand.NewPCG(uint64(w), 7))
			for range steps {
				switch op := rnd.IntN(10); {
				case op < 4:
					_, err := s.Deposit(ctx, Caller{UserID: ada}, DepositRequest{Amount: fmt.Sprint(10 + rnd.IntN(90)), PaymentMethod: "visa", Card: card(numbers[rnd.IntN(len(numbers))])})
					unexpected(err)
				case op < 7:
					r := bankForm
					r.Amount = fmt.Sprint(10 + rnd.IntN(40))
					wd, err := s.Withdraw(ctx, Caller{UserID: ada}, r)
					unexpected(err, ErrWithdraw, ErrWithdrawNeedsDeposit)
					if err == nil {
						mu.Lock()
						withdrawals = append(withdrawals, wd.WithdrawalID)
						mu.Unlock()
					}
				default:
					mu.Lock()
					if len(withdrawals) == 0 {
						mu.Unlock()
						continue
					}
					id := withdrawals[rnd.IntN(len(withdrawals))]
					mu.Unlock()
					// Two decisions race for the same withdrawal: one wins.
					var race sync.WaitGroup
					for range 2 {
						action := rnd.IntN(3)
						race.Add(1)
						go func() {
							defer race.Done()
							var err error
							switch action {
							case 0:
								_, err = s.CancelWithdrawal(ctx, ada, id)
							case 1:
								_, err = s.ApproveWithdrawal(ctx, id, "ops")
							default:
								_, err = s.RejectWithdrawal(ctx, id, "ops", "")
							}
							unexpected(err, ErrWithdrawalDecided, ErrWithdrawCancel)
						}()
					}
					race.Wait()
				}
			}
		}()
	}
	wg.Wait()
	// A pending card resolves PendingDelay (1 ms) after its charge: let the
	// last one fall due, or ResolveDue may leave it open.
	time.Sleep(10 * time.Millisecond)
	if err := sb.ResolveDue(ctx); err != nil {
		t.Fatal(err)
	}
	sb.Wait()
	if err := s.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}

	eur := ledger.MustCurrency("EUR")
	var confirmed, confirmedCount, held, paid, openDeposits int64
	s.db.Read.QueryRow(`SELECT COALESCE(SUM(amount), 0), COUNT(*) FROM cashier_deposits WHERE user_id = ? AND status = 'confirmed'`, ada).Scan(&confirmed, &confirmedCount)
	s.db.Read.QueryRow(`SELECT COUNT(*) FROM cashier_deposits WHERE status IN ('processing','pending')`).Scan(&openDeposits)
	s.db.Read.QueryRow(`SELECT COALESCE(SUM(amount), 0) FROM cashier_withdrawals WHERE user_id = ? AND status = 'pending'`, ada).Scan(&held)
	s.db.Read.QueryRow(`SELECT COALESCE(SUM(amount), 0) FROM cashier_withdrawals WHERE user_id = ? AND status = 'completed'`, ada).Scan(&paid)
	b := balances(t, s, ada, "EUR")
	totals, _ := s.ledger.Totals(ctx, ada, eur)
	switch {
	case openDeposits != 0:
		t.Errorf("%d deposits still open", openDeposits)
	case totals.Deposited.Minor() != confirmed || int64(totals.DepositCount) != confirmedCount:
		t.Errorf("ledger deposits %s (%d), records %d (%d)", totals.Deposited, totals.DepositCount, confirmed, confirmedCount)
	case b.OnHold.Minor() != held:
		t.Errorf("hold %s, pending withdrawals %d", b.OnHold, held)
	case totals.Withdrawn.Minor() != paid:
		t.Errorf("paid out %s, completed withdrawals %d", totals.Withdrawn, paid)
	case b.Real.Minor() != confirmed-held-paid:
		t.Errorf("real %s, want deposits %d - held %d - paid %d", b.Real, confirmed, held, paid)
	}
	var count, processing int64
	s.db.Read.QueryRow(`SELECT deposit_count FROM users WHERE id = ?`, ada).Scan(&count)
	s.db.Read.QueryRow(`SELECT COUNT(*) FROM cashier_withdrawals WHERE status = 'processing'`).Scan(&processing)
	if count != confirmedCount || processing != 0 {
		t.Errorf("deposit_count %d (want %d), %d withdrawals stuck in processing", count, confirmedCount, processing)
	}
	// Every decided withdrawal moved money exactly once.
	var twice int
	s.db.Read.QueryRow(`SELECT COUNT(*) FROM cashier_withdrawals WHERE settle_tx_id IS NOT NULL AND cancel_tx_id IS NOT NULL`).Scan(&twice)
	if twice != 0 {
		t.Errorf("%d withdrawals both paid and returned", twice)
	}
	t.Logf("deposits %d (%s), withdrawals %d, held %d, paid %d, real %s", confirmedCount, totals.Deposited, len(withdrawals), held, paid, b.Real)
}
