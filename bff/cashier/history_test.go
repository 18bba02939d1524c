package cashier

import (
	"context"
	"fmt"
	"testing"
)

func TestHistory(t *testing.T) {
	s, _ := newTestService(t)
	sb := withSandbox(t, s)
	ctx := context.Background()
	ada := fundedPlayer(t, s, testPlayer{email: "ada@example.com"}, "100", "100")
	eve := fundedPlayer(t, s, testPlayer{email: "eve@example.com"}, "100", "100")
	for i := range 22 {
		number := "4242424242424242"
		if i%5 == 0 {
			number = "4000000000000002"
		}
		if _, err := s.Deposit(ctx, Caller{UserID: ada}, DepositRequest{Amount: fmt.Sprint(10 + i), PaymentMethod: "visa", Card: card(number), BonusID: map[bool]string{true: "7"}[i == 21]}); err != nil {
			t.Fatal(err)
		}
	}
	sb.Wait()
	setSetting(t, s, `{"depositWageringMultiplier": "0"}`)
	w := request(t, s, ada, "15")
	if _, err := s.ApproveWithdrawal(ctx, w.WithdrawalID, "admin"); err != nil {
		t.Fatal(err)
	}
	request(t, s, ada, "16.50")
	cases := []struct {
		user        int64
		tab         string
		page, limit int
		count, rows int
		first       HistoryRow
	}{
		{ada, TabDeposit, 1, 20, 23, 20, HistoryRow{Method: "visa", TransactionType: "Deposit", Amount: "31.00", CurrencyCode: "EUR", Status: "confirmed", IsBonus: true}},
		{ada, TabDeposit, 2, 20, 23, 3, HistoryRow{Method: "visa", TransactionType: "Deposit", Amount: "11.00", Status: "confirmed"}},
		{ada, TabDeposit, 5, 20, 23, 0, HistoryRow{}},
		{ada, TabWithdrawal, 1, 20, 2, 2, HistoryRow{Method: "banktransfer", TransactionType: "Withdrawal", Amount: "16.50", CurrencyCode: "EUR", Status: "pending"}},
		{eve, TabDeposit, 1, 20, 1, 1, HistoryRow{Amount: "100.00", Status: "confirmed"}},
		{eve, TabWithdrawal, 1, 20, 0, 0, HistoryRow{}},
	}
	for _, c := range cases {
		h, err := s.History(ctx, c.user, c.tab, c.page, c.limit)
		if err != nil {
			t.Fatal(err)
		}
		if h.Count != c.count || len(h.Rows) != c.rows {
			t.Errorf("%d %s page %d: count %d rows %d, want %d %d", c.user, c.tab, c.page, h.Count, len(h.Rows), c.count, c.rows)
			continue
		}
		if c.rows == 0 {
			continue
		}
		got := h.Rows[0]
		if got.TransactionID == "" || got.CreatedAt == "" || got.Amount != c.first.Amount || got.Status != c.first.Status || got.IsBonus != c.first.IsBonus ||
			(c.first.Method != "" && got.Method != c.first.Method) || (c.first.TransactionType != "" && got.TransactionType != c.first.TransactionType) {
			t.Errorf("%d %s page %d: first row %+v, want %+v", c.user, c.tab, c.page, got, c.first)
		}
	}
	deps, _ := s.History(ctx, ada, TabDeposit, 1, 100)
	rejected := 0
	for _, r := range deps.Rows {
		if r.Status == "rejected" {
			rejected++
		}
	}
	if rejected != 5 {
		t.Errorf("%d rejected deposits listed, want 5", rejected)
	}
	wds, _ := s.History(ctx, ada, TabWithdrawal, 1, 20)
	if wds.Rows[1].Status != "completed" {
		t.Errorf("approved withdrawal listed as %s", wds.Rows[1].Status)
	}
	if _, err := s.History(ctx, ada, "bonus", 1, 20); codeOf(err) != "VALIDATION_ERROR" {
		t.Errorf("unknown tab: %v", err)
	}
}
