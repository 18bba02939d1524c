package cashier

import (
	"context"
	"testing"
	"time"

	"casino/bff/ledger"
)

// fundedPlayer has deposited amount by card and wagered it once, keeping
// kept (a bet of the deposit and a win of kept).
func fundedPlayer(t *testing.T, s *Service, p testPlayer, amount, kept string) int64 {
	t.Helper()
	ctx := context.Background()
	p.verified = true
	id := addPlayer(t, s, p)
	if _, err := s.Deposit(ctx, Caller{UserID: id}, DepositRequest{Amount: amount, PaymentMethod: "visa", Card: &goodCard}); err != nil {
		t.Fatal(err)
	}
	cur := ledger.MustCurrency(s.mustPlayer(t, id).Currency)
	if _, err := s.ledger.Bet(ctx, "bet:test:"+p.email, id, ledger.MustParse(amount, cur), ledger.FromMinor(0, cur), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ledger.Win(ctx, "win:test:"+p.email, id, ledger.MustParse(kept, cur), ledger.FromMinor(0, cur), nil); err != nil {
		t.Fatal(err)
	}
	return id
}

func (s *Service) mustPlayer(t *testing.T, id int64) player {
	p, err := s.player(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

var bankForm = WithdrawRequest{Amount: "20", PaymentMethod: "banktransfer", BeneficiaryName: "Ada Lovelace", AccountNumber: "DE89370400440532013000",
	Email: "ada@example.com", BankCode: "COBADEFFXXX"}

func TestWithdrawalRules(t *testing.T) {
	s, _ := newTestService(t)
	withSandbox(t, s)
	ctx := context.Background()
	never := addPlayer(t, s, testPlayer{email: "never@example.com", verified: true})
	unverified := fundedPlayer(t, s, testPlayer{email: "unverified@example.com"}, "50", "50")
	s.db.Write.Exec(`UPDATE users SET is_email_verified = 0 WHERE id = ?`, unverified)
	bonus := fundedPlayer(t, s, testPlayer{email: "bonus@example.com"}, "50", "50")
	if _, err := s.ledger.BonusGrant(ctx, "bonus:test", bonus, ledger.MustParse("10", ledger.MustCurrency("EUR")), nil); err != nil {
		t.Fatal(err)
	}
	unwagered := addPlayer(t, s, testPlayer{email: "unwagered@example.com", verified: true})
	if _, err := s.Deposit(ctx, Caller{UserID: unwagered}, DepositRequest{Amount: "50", PaymentMethod: "visa", Card: &goodCard}); err != nil {
		t.Fatal(err)
	}
	ready := fundedPlayer(t, s, testPlayer{email: "ready@example.com"}, "50", "40")
	cases := []struct {
		user int64
		code string
	}{
		{never, "WITHDRAWAL_NEEDS_DEPOSIT"},
		{unverified, "WITHDRAWAL_EMAIL_NOT_VERIFIED"},
		{bonus, "WITHDRAWAL_ACTIVE_BONUS"},
		{unwagered, "WITHDRAWAL_WAGERING_INCOMPLETE"},
		{ready, ""},
	}
	for _, c := range cases {
		_, err := s.Withdraw(ctx, Caller{UserID: c.user}, bankForm)
		if codeOf(err) != c.code {
			t.Errorf("player %d: %v, want %q", c.user, err, c.code)
		}
	}
	// Half the deposit wagered is enough at a multiplier of 0.5.
	setSetting(t, s, `{"depositWageringMultiplier": "0.5"}`)
	if _, err := s.ledger.Bet(ctx, "bet:half", unwagered, ledger.MustParse("25", ledger.MustCurrency("EUR")), ledger.FromMinor(0, ledger.MustCurrency("EUR")), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Withdraw(ctx, Caller{UserID: unwagered}, bankForm); err != nil {
		t.Errorf("wagered half at 0.5: %v", err)
	}
	// A self-excluded player gets the real balance back without wagering it
	// (they cannot play): the exclusion ends an hour after s.now.
	excluded := addPlayer(t, s, testPlayer{email: "excluded@example.com", verified: true})
	if _, err := s.Deposit(ctx, Caller{UserID: excluded}, DepositRequest{Amount: "50", PaymentMethod: "visa", Card: &goodCard}); err != nil {
		t.Fatal(err)
	}
	s.db.Write.Exec(`UPDATE users SET self_exclusion_until = ? WHERE id = ?`, s.now().Add(time.Hour).UTC().Format(time.RFC3339), excluded)
	if _, err := s.Withdraw(ctx, Caller{UserID: excluded}, bankForm); err != nil {
		t.Errorf("self-excluded, unwagered: %v", err)
	}
	// The bonus package's own answer replaces the bonus-balance rule.
	s.ActiveBonus = func(context.Context, int64, ledger.Currency) (bool, error) { return false, nil }
	if _, err := s.Withdraw(ctx, Caller{UserID: bonus}, bankForm); err != nil {
		t.Errorf("no active bonus by the hook: %v", err)
	}
}

func TestWithdrawalForms(t *testing.T) {
	s, _ := newTestService(t)
	withSandbox(t, s)
	withWallet(t, s)
	ctx := context.Background()
	ada := fundedPlayer(t, s, testPlayer{email: "ada@example.com"}, "100", "100")
	indian := fundedPlayer(t, s, testPlayer{email: "in@example.com", currency: "INR", country: "IN"}, "5000", "5000")
	btc := addPlayer(t, s, testPlayer{email: "btc@example.com", currency: "BTC", verified: true})
	s.ledger.Deposit(ctx, "deposit:chain-btc:tx1", btc, "chain-btc", ledger.MustParse("0.5", ledger.MustCurrency("BTC")), nil)
	setSetting(t, s, `{"depositWageringMultiplier": "0"}`)
	edit := func(f func(*WithdrawRequest)) WithdrawRequest { r := bankForm; f(&r); return r }
	cases := []struct {
		name   string
		user   int64
		req    WithdrawRequest
		code   string
		fields map[string]string
	}{
		{"bank ok", ada, bankForm, "", nil},
		{"bank empty", ada, WithdrawRequest{Amount: "20", PaymentMethod: "banktransfer"}, "VALIDATION_ERROR",
			map[string]string{"beneficiaryName": "Required", "accountNumber": "Required", "email": "Required", "bankCode": "Required"}},
		{"bank code 7", ada, edit(func(r *WithdrawRequest) { r.BankCode = "SBIN000" }), "VALIDATION_ERROR", map[string]string{"bankCode": MsgBankCode}},
		{"bank code 16", ada, edit(func(r *WithdrawRequest) { r.BankCode = "SBIN000123456789" }), "VALIDATION_ERROR", map[string]string{"bankCode": MsgBankCode}},
		{"bank code 8", ada, edit(func(r *WithdrawRequest) { r.BankCode = "SBIN0001" }), "", nil},
		{"bad email", ada, edit(func(r *WithdrawRequest) { r.Email = "ada@example" }), "VALIDATION_ERROR", map[string]string{"email": "Invalid format"}},
		{"bad account", ada, edit(func(r *WithdrawRequest) { r.AccountNumber = "12-34" }), "VALIDATION_ERROR", map[string]string{"accountNumber": "Invalid format"}},
		{"netbanking needs bank name", indian, edit(func(r *WithdrawRequest) {
			r.PaymentMethod = "netbanking"
			r.Amount = "1000"
			r.BankCode = "SBIN0001234"
		}),
			"VALIDATION_ERROR", map[string]string{"bankName": "Required"}},
		{"netbanking ok", indian, edit(func(r *WithdrawRequest) {
			r.PaymentMethod, r.Amount, r.BankCode, r.BankName, r.Branch = "netbanking", "1000", "SBIN0001234", "State Bank of India", "Mumbai"
		}), "", nil},
		{"upi missing", indian, WithdrawRequest{PaymentMethod: "upi", Amount: "1000"}, "VALIDATION_ERROR", map[string]string{"upiId": "Required"}},
		{"upi invalid", indian, WithdrawRequest{PaymentMethod: "upi", Amount: "1000", UpiID: "ada at bank"}, "VALIDATION_ERROR", map[string]string{"upiId": MsgUPI}},
		{"upi ok", indian, WithdrawRequest{PaymentMethod: "upi", Amount: "1000", UpiID: "ada.lovelace@okaxis"}, "", nil},
		{"crypto empty", btc, WithdrawRequest{PaymentMethod: "crypto"}, "VALIDATION_ERROR",
			map[string]string{"amount": "Please enter your withdraw amount", "walletAddress": "Please enter wallet address", "network": "Please select network"}},
		{"crypto network of another coin", btc, WithdrawRequest{PaymentMethod: "crypto", Amount: "0.01", Network: "ETH", WalletAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"},
			"VALIDATION_ERROR", map[string]string{"network": "Please select network"}},
		{"crypto bad address", btc, WithdrawRequest{PaymentMethod: "crypto", Amount: "0.01", Network: "BTC", WalletAddress: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5"},
			"VALIDATION_ERROR", map[string]string{"walletAddress": "Invalid wallet address"}},
		{"crypto ok", btc, WithdrawRequest{PaymentMethod: "crypto", Amount: "0.01000001", Network: "BTC", WalletAddress: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"}, "", nil},
		{"method without withdrawals", ada, edit(func(r *WithdrawRequest) { r.PaymentMethod = "visa" }), "VALIDATION_ERROR", map[string]string{"paymentMethod": MsgMethodNotOffers}},
		{"method of another country", ada, edit(func(r *WithdrawRequest) { r.PaymentMethod = "netbanking" }), "VALIDATION_ERROR", map[string]string{"paymentMethod": MsgMethodNotOffers}},
		{"no amount", ada, edit(func(r *WithdrawRequest) { r.Amount = "" }), "ERROR_CALCULATING_WITHDRAWAL", map[string]string{"amount": "Required"}},
		{"zero", ada, edit(func(r *WithdrawRequest) { r.Amount = "0" }), "ERROR_CALCULATING_WITHDRAWAL", nil},
		{"too many decimals", ada, edit(func(r *WithdrawRequest) { r.Amount = "20.001" }), "ERROR_CALCULATING_WITHDRAWAL", nil},
		{"below the method's minimum", ada, edit(func(r *WithdrawRequest) { r.Amount = "9.99" }), "ERROR_CALCULATING_WITHDRAWAL", map[string]string{"min": "10.00", "max": "5000.00"}},
		{"more than the balance", ada, edit(func(r *WithdrawRequest) { r.Amount = "1000" }), "WITHDRAWAL_ERROR", map[string]string{"amount": "Insufficient funds"}},
		{"another currency", ada, edit(func(r *WithdrawRequest) { r.CurrencyCode = "USD" }), "PAYMENT_SERVICE_ERROR", nil},
	}
	for _, c := range cases {
		w, err := s.Withdraw(ctx, Caller{UserID: c.user}, c.req)
		if codeOf(err) != c.code {
			t.Errorf("%s: %v, want %q", c.name, err, c.code)
			continue
		}
		if err == nil && (w.Status != WithdrawalPending || w.Message != "Withdrawal success" || !w.Cancellable || w.Amount != c.req.Amount && w.Amount != c.req.Amount+".00") {
			t.Errorf("%s: %+v", c.name, w)
		}
		if err != nil {
			e := asAPI(err)
			for k, v := range c.fields {
				if e.Fields[k] != v {
					t.Errorf("%s: field %s = %q, want %q (%v)", c.name, k, e.Fields[k], v, e.Fields)
				}
			}
		}
	}
	if b := balances(t, s, btc, "BTC"); b.Real.Decimal() != "0.48999999" || b.OnHold.Decimal() != "0.01000001" {
		t.Errorf("btc balances %+v", b)
	}
	if err := s.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestWithdrawalLifecycle(t *testing.T) {
	s, _ := newTestService(t)
	withSandbox(t, s)
	ctx := context.Background()
	ada := fundedPlayer(t, s, testPlayer{email: "ada@example.com"}, "100", "100")
	eve := fundedPlayer(t, s, testPlayer{email: "eve@example.com"}, "100", "100")
	want := func(real, hold string) {
		t.Helper()
		if b := balances(t, s, ada, "EUR"); b.Real.Decimal() != real || b.OnHold.Decimal() != hold {
			t.Fatalf("real %s hold %s, want %s %s", b.Real.Decimal(), b.OnHold.Decimal(), real, hold)
		}
	}
	request := func(amount string) Withdrawal {
		t.Helper()
		r := bankForm
		r.Amount = amount
		w, err := s.Withdraw(ctx, Caller{UserID: ada}, r)
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	a, b, c := request("10"), request("20"), request("30")
	want("40.00", "60.00")
	list, err := s.Withdrawals(ctx, ada, WithdrawalPending, 1, 20)
	if err != nil || list.Count != 3 || list.Rows[0].WithdrawalID != c.WithdrawalID || !list.Rows[0].Cancellable || list.Rows[0].Details != nil {
		t.Fatalf("pending list %+v %v", list, err)
	}
	if _, err := s.CancelWithdrawal(ctx, eve, a.WithdrawalID); codeOf(err) != "NOT_FOUND" {
		t.Fatalf("another player's cancel: %v", err)
	}
	if w, err := s.CancelWithdrawal(ctx, ada, a.WithdrawalID); err != nil || w.Status != WithdrawalCancelled || w.Cancellable {
		t.Fatalf("cancel: %+v %v", w, err)
	}
	want("50.00", "50.00")
	if _, err := s.CancelWithdrawal(ctx, ada, a.WithdrawalID); codeOf(err) != "WITHDRAWAL_CANCEL_FORBIDDEN" {
		t.Fatalf("second cancel: %v", err)
	}
	if w, err := s.ApproveWithdrawal(ctx, b.WithdrawalID, "cli"); err != nil || w.Status != WithdrawalCompleted || w.DecidedBy != "cli" {
		t.Fatalf("approve: %+v %v", w, err)
	}
	want("50.00", "30.00")
	if _, err := s.ApproveWithdrawal(ctx, b.WithdrawalID, "cli"); codeOf(err) != "WITHDRAWAL_NOT_PENDING" {
		t.Fatalf("second approval: %v", err)
	}
	if _, err := s.CancelWithdrawal(ctx, ada, b.WithdrawalID); codeOf(err) != "WITHDRAWAL_CANCEL_FORBIDDEN" {
		t.Fatalf("cancel after approval: %v", err)
	}
	setSetting(t, s, `{"playerCanCancelWithdrawal": false}`)
	if _, err := s.CancelWithdrawal(ctx, ada, c.WithdrawalID); codeOf(err) != "WITHDRAWAL_CANCEL_FORBIDDEN" {
		t.Fatalf("cancel where the regulator forbids it: %v", err)
	}
	if list, _ := s.Withdrawals(ctx, ada, WithdrawalPending, 1, 20); list.Rows[0].Cancellable {
		t.Fatal("listed as cancellable")
	}
	if w, err := s.RejectWithdrawal(ctx, c.WithdrawalID, "admin", "documents missing"); err != nil || w.Status != WithdrawalRejected || w.Reason != "documents missing" {
		t.Fatalf("reject: %+v %v", w, err)
	}
	want("80.00", "0.00")
	if _, err := s.RejectWithdrawal(ctx, "wd_nope", "admin", ""); codeOf(err) != "NOT_FOUND" {
		t.Fatalf("unknown: %v", err)
	}
	all, _ := s.Withdrawals(ctx, 0, "", 1, 20)
	if all.Count != 3 || all.Rows[0].Email != "ada@example.com" || all.Rows[0].Details["accountNumber"] == "" {
		t.Fatalf("admin list %+v", all)
	}
	paid, _ := s.ledger.Balance(ctx, ledger.Provider("sandbox"), ledger.MustCurrency("EUR"))
	if paid.Decimal() != "-180.00" { // 200 deposited, 20 paid out
		t.Fatalf("provider:sandbox %s", paid.Decimal())
	}
	if err := s.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestReconcile(t *testing.T) {
	s, _ := newTestService(t)
	withSandbox(t, s)
	ctx := context.Background()
	ada := fundedPlayer(t, s, testPlayer{email: "ada@example.com"}, "100", "100")
	eur := ledger.MustCurrency("EUR")
	// Crash after the row, before the hold; and after the hold, before the
	// row learnt of it; and with an approval claimed but not posted.
	s.db.Write.Exec(`INSERT INTO cashier_withdrawals(public_id, user_id, method, processor, currency, amount, status) VALUES ('wd_a', ?, 'banktransfer', 'sandbox', 'EUR', 1000, 'pending')`, ada)
	s.db.Write.Exec(`INSERT INTO cashier_withdrawals(public_id, user_id, method, processor, currency, amount, status) VALUES ('wd_b', ?, 'banktransfer', 'sandbox', 'EUR', 2000, 'pending')`, ada)
	if _, err := s.ledger.WithdrawRequest(ctx, "withdraw:wd_b:request", ada, ledger.MustParse("20", eur), nil); err != nil {
		t.Fatal(err)
	}
	w := request(t, s, ada, "30")
	s.db.Write.Exec(`UPDATE cashier_withdrawals SET status = 'processing', action = 'approve' WHERE public_id = ?`, w.WithdrawalID)
	if err := s.Reconcile(ctx); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.withdrawal(ctx, s.db.Read, "wd_a"); got.Status != WithdrawalPending {
		t.Fatalf("a fresh row was reconciled: %s", got.Status)
	}
	s.now = func() time.Time { return time.Now().Add(3 * time.Minute) }
	if err := s.Reconcile(ctx); err != nil {
		t.Fatal(err)
	}
	for id, status := range map[string]string{"wd_a": WithdrawalFailed, "wd_b": WithdrawalPending, w.WithdrawalID: WithdrawalCompleted} {
		got, err := s.withdrawal(ctx, s.db.Read, id)
		if err != nil || got.Status != status || (status == WithdrawalPending && got.requestTx == 0) {
			t.Errorf("%s: %+v %v, want %s", id, got, err, status)
		}
	}
	if b := balances(t, s, ada, "EUR"); b.Real.Decimal() != "50.00" || b.OnHold.Decimal() != "20.00" {
		t.Fatalf("%+v", b)
	}
	if err := s.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

func request(t *testing.T, s *Service, user int64, amount string) Withdrawal {
	t.Helper()
	r := bankForm
	r.Amount = amount
	w, err := s.Withdraw(context.Background(), Caller{UserID: user}, r)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestCryptoPayout(t *testing.T) {
	s, _ := newTestService(t)
	chain := withWallet(t, s)
	s.SetChainPayer(chain)
	ctx := context.Background()
	setSetting(t, s, `{"depositWageringMultiplier": "0"}`)
	satoshi := addPlayer(t, s, testPlayer{email: "s@example.com", verified: true, currency: "BTC"})
	hal := addPlayer(t, s, testPlayer{email: "h@example.com", verified: true, currency: "BTC"})
	from, _ := s.DepositAddress(ctx, Caller{UserID: satoshi}, "BTC")
	to, _ := s.DepositAddress(ctx, Caller{UserID: hal}, "BTC")
	chain.Send(ctx, "BTC", from.Address, "0.5")
	chain.Mine(ctx)
	chain.Mine(ctx)
	w, err := s.Withdraw(ctx, Caller{UserID: satoshi}, WithdrawRequest{PaymentMethod: "crypto", Amount: "0.2", Network: "BTC", WalletAddress: to.Address})
	if err != nil {
		t.Fatal(err)
	}
	done, err := s.ApproveWithdrawal(ctx, w.WithdrawalID, "ops")
	if err != nil || done.Status != WithdrawalCompleted || done.Details["txid"] == "" {
		t.Fatalf("%+v %v", done, err)
	}
	tx, err := chain.Get(ctx, done.Details["txid"])
	if err != nil || tx.Address != to.Address || tx.Amount != "0.20000000" {
		t.Fatalf("payout on chain: %+v %v", tx, err)
	}
	// The payout lands on Hal's deposit address: his deposit after two blocks.
	chain.Mine(ctx)
	chain.Mine(ctx)
	if b := balances(t, s, hal, "BTC"); b.Real.Decimal() != "0.20000000" {
		t.Fatalf("hal %s", b.Real.Decimal())
	}
	if b := balances(t, s, satoshi, "BTC"); b.Real.Decimal() != "0.30000000" || !b.OnHold.IsZero() {
		t.Fatalf("satoshi %+v", b)
	}
	// A repeated payout under the same key is the same transaction.
	again, _ := chain.Pay(ctx, "BTC", to.Address, 20_000_000, "withdraw:"+w.WithdrawalID)
	if again != done.Details["txid"] {
		t.Fatalf("payout repeated: %s vs %s", again, done.Details["txid"])
	}
	if err := s.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

// Withdrawals of 30 days above the operator's threshold need approved KYC;
// splitting one large amount does not get round it, and older ones age out.
func TestWithdrawalKYCThreshold(t *testing.T) {
	s, _ := newTestService(t)
	withSandbox(t, s)
	ctx := context.Background()
	now := s.now()
	s.now = func() time.Time { return now }
	setSetting(t, s, `{"kycWithdrawalThreshold": {"EUR": "50.00"}}`)
	id := fundedPlayer(t, s, testPlayer{email: "aml@example.com"}, "200", "200")
	withdraw := func(amount string) error {
		form := bankForm
		form.Amount = amount
		_, err := s.Withdraw(ctx, Caller{UserID: id}, form)
		return err
	}
	for _, step := range []struct {
		name, amount, code string
		later              time.Duration
		kyc                string
	}{
		{"within the threshold", "30", "", 0, ""},
		{"the rest of it", "20", "", 0, ""},
		{"above it in 30 days", "10", "WITHDRAWAL_KYC_REQUIRED", 0, ""},
		{"still above 29 days later", "10", "WITHDRAWAL_KYC_REQUIRED", 29 * 24 * time.Hour, ""},
		{"the first ones aged out", "40", "", 31 * 24 * time.Hour, ""},
		{"verified: no threshold", "60", "", 31 * 24 * time.Hour, "APPROVED"},
	} {
		s.now = func() time.Time { return now.Add(step.later) }
		if step.kyc != "" {
			s.db.Write.Exec(`UPDATE users SET kyc_status = ? WHERE id = ?`, step.kyc, id)
		}
		if err := withdraw(step.amount); codeOf(err) != step.code {
			t.Fatalf("%s: %v, want %q", step.name, err, step.code)
		}
	}
}
