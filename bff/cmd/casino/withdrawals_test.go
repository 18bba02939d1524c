package main

import (
	"context"
	"os"
	"testing"

	"casino/bff/cashier"
	"casino/bff/database"
	"casino/bff/ledger"
)

func TestWithdrawalsCommand(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := database.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	svc := cashier.New(db, ledger.New(db), nil)
	raw, _ := os.ReadFile("../../../data/seed/payments.json")
	if _, err := svc.LoadSeed(ctx, raw); err != nil {
		t.Fatal(err)
	}
	svc.SaveSettings(ctx, []byte(`{"depositWageringMultiplier": "0"}`))
	res, _ := db.Write.Exec(`INSERT INTO users(email, currency_code, country_code, is_email_verified) VALUES ('ada@example.com', 'EUR', 'DE', 1)`)
	ada, _ := res.LastInsertId()
	eur := ledger.MustCurrency("EUR")
	if _, err := ledger.New(db).Deposit(ctx, "deposit:test:1", ada, "sandbox", ledger.MustParse("100", eur), nil); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for range 2 {
		w, err := svc.Withdraw(ctx, cashier.Caller{UserID: ada}, cashier.WithdrawRequest{Amount: "20", PaymentMethod: "banktransfer",
			BeneficiaryName: "Ada", AccountNumber: "12345678", Email: "ada@example.com", BankCode: "SBIN0001"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, w.WithdrawalID)
	}
	db.Close()

	steps := []struct {
		args []string
		ok   bool
	}{
		{[]string{"--data", dir, "list"}, true},
		{[]string{"--data", dir, "list", "--status", "all"}, true},
		{[]string{"--data", dir, "approve", ids[0], "--by", "tester"}, true},
		{[]string{"--data", dir, "approve", ids[0]}, false}, // decided already
		{[]string{"--data", dir, "reject", ids[1], "--reason", "documents missing"}, true},
		{[]string{"--data", dir, "reject", "wd_nope"}, false},
		{[]string{"--data", dir, "approve"}, false},
		{[]string{"--data", dir, "pay"}, false},
	}
	for _, s := range steps {
		if err := withdrawalsCmd(ctx, s.args); (err == nil) != s.ok {
			t.Errorf("%v: %v", s.args, err)
		}
	}
	db, err = database.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b, _ := ledger.New(db).PlayerBalances(ctx, ada, eur)
	if b.Real.Decimal() != "80.00" || !b.OnHold.IsZero() {
		t.Fatalf("balances %+v", b)
	}
	var by, reason string
	db.Read.QueryRow(`SELECT decided_by FROM cashier_withdrawals WHERE public_id = ?`, ids[0]).Scan(&by)
	db.Read.QueryRow(`SELECT reason FROM cashier_withdrawals WHERE public_id = ?`, ids[1]).Scan(&reason)
	if by != "tester" || reason != "documents missing" {
		t.Fatalf("decided by %q, reason %q", by, reason)
	}
	// Each decision is in the back office's audit log, as the command line.
	var actors, actions string
	db.Read.QueryRow(`SELECT group_concat(actor, ','), group_concat(action || ' ' || target || ' ' || reason, ',') FROM (SELECT * FROM staff_audit ORDER BY id)`).Scan(&actors, &actions)
	if actors != "cli:tester,"+operatorName() || actions != "withdrawal.approve withdrawal:"+ids[0]+" command line: casino withdrawals approve "+ids[0]+",withdrawal.reject withdrawal:"+ids[1]+" documents missing" {
		t.Fatalf("audit: %q %q", actors, actions)
	}
}
