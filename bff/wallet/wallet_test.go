package wallet

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestRoundDebitCreditRecallHistory(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 1)
	bal, err := f.client.Balance(ctx, BalanceRequest{PlayerID: "1", Currency: "EUR", GameID: "fruit-fiesta"})
	if err != nil || bal.Balance != "100.00" || bal.BonusBalance != "0.00" {
		t.Fatalf("balance %+v %v", bal, err)
	}
	d, err := f.client.Debit(ctx, debit("s-1", "r-1", "1", "1.00"))
	if err != nil {
		t.Fatal(err)
	}
	if d.Balance != "99.00" || d.BalanceBefore != "100.00" || d.RealAmount != "1.00" || d.Replayed || d.Status != StatusOK {
		t.Fatalf("debit %+v", d)
	}
	c := debit("s-2", "r-1", "1", "2.50")
	c.CloseRound, c.Outcome = true, json.RawMessage(`{"stops":[1,2,3],"win":"2.50"}`)
	cr, err := f.client.Credit(ctx, c)
	if err != nil || cr.Balance != "101.50" {
		t.Fatalf("credit %+v %v", cr, err)
	}
	if real, _ := f.balances(t, 1); real != "101.50" {
		t.Fatalf("real %s", real)
	}
	round, err := f.svc.Round(ctx, cr.WalletTransactionID*0+1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if round.Bet != "1.00" || round.Win != "2.50" || round.BalanceBefore != "100.00" || round.BalanceAfter != "101.50" ||
		round.Status != "closed" || !strings.Contains(string(round.Outcome), `"stops"`) {
		t.Fatalf("round %+v", round)
	}
	if _, err := f.svc.Round(ctx, 1, 2); err == nil {
		t.Fatal("another player's round must not be readable")
	}
	// A credit on the closed round is refused; so is one on an unknown round.
	_, err = f.client.Credit(ctx, debit("s-3", "r-1", "1", "1.00"))
	wantCode(t, err, ErrRoundClosed.Code)
	_, err = f.client.Credit(ctx, debit("s-4", "r-unknown", "1", "1.00"))
	wantCode(t, err, ErrRoundNotFound.Code)

	h, err := f.svc.History(ctx, 1, 1, 20)
	if err != nil || h.Count != 2 || len(h.Rows) != 2 {
		t.Fatalf("history %+v %v", h, err)
	}
	win := h.Rows[0]
	if win.TransactionType != "Win" || win.GameName != "Fruit Fiesta" || win.Provider != "Aurum Studio" ||
		win.BalanceBefore != "99.00" || win.Amount != "2.50" || win.BalanceAfter != "101.50" || win.BonusBalance != "0.00" {
		t.Fatalf("win row %+v", win)
	}
	if h.Rows[1].TransactionType != "Bet" {
		t.Fatalf("bet row %+v", h.Rows[1])
	}
	totals, err := f.ledger.Totals(ctx, 1, eur)
	if err != nil || totals.Spent.Decimal() != "1.00" || totals.Won.Decimal() != "2.50" {
		t.Fatalf("totals %+v %v", totals, err)
	}
	if strings.Join(f.events, "|") != "1 debit 1.00|1 credit 2.50" {
		t.Fatalf("events %q", f.events)
	}
	f.check(t)
}

func TestRetriesAndDuplicates(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	first, err := f.client.Debit(ctx, debit("s-1", "r-1", "1", "5.00"))
	if err != nil {
		t.Fatal(err)
	}
	again, err := f.client.Debit(ctx, debit("s-1", "r-1", "1", "5.00"))
	if err != nil || !again.Replayed || again.WalletTransactionID != first.WalletTransactionID || again.Balance != "95.00" {
		t.Fatalf("retry %+v %v", again, err)
	}
	for name, req := range map[string]MoneyRequest{
		"amount": debit("s-1", "r-1", "1", "6.00"),
		"player": debit("s-1", "r-1", "2", "5.00"),
		"round":  debit("s-1", "r-2", "1", "5.00"),
	} {
		_, err := f.client.Debit(ctx, req)
		if err == nil || !strings.Contains(err.Error(), ErrDuplicateTransaction.Code) {
			t.Errorf("%s: %v, want duplicate", name, err)
		}
	}
	// The same id as a credit is another request too.
	_, err = f.client.Credit(ctx, debit("s-1", "r-1", "1", "5.00"))
	wantCode(t, err, ErrDuplicateTransaction.Code)
	if real, _ := f.balances(t, 1); real != "95.00" {
		t.Fatalf("real %s after retries", real)
	}
	// A refused debit is stored: the retry fails the same way even after a deposit.
	_, err = f.client.Debit(ctx, MoneyRequest{TransactionID: "big", RoundID: "r-9", PlayerID: "2", GameID: "open-game", Currency: "EUR", Amount: "500.00"})
	wantCode(t, err, "INSUFFICIENT_FUNDS")
	if _, err := f.ledger.Deposit(ctx, "more", 2, "sandbox", ledgerEUR("1000.00"), nil); err != nil {
		t.Fatal(err)
	}
	_, err = f.client.Debit(ctx, MoneyRequest{TransactionID: "big", RoundID: "r-9", PlayerID: "2", GameID: "open-game", Currency: "EUR", Amount: "500.00"})
	wantCode(t, err, "INSUFFICIENT_FUNDS")
	if len(f.events) != 1 {
		t.Fatalf("replays and refusals must not publish: %q", f.events)
	}
	f.check(t)
}

func TestValidationAndSignature(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 1)
	cases := []struct {
		name string
		req  MoneyRequest
		code string
	}{
		{"no transaction id", debit("", "r", "1", "1.00"), "VALIDATION_ERROR"},
		{"bad player", debit("s", "r", "x", "1.00"), "VALIDATION_ERROR"},
		{"float amount", debit("s", "r", "1", "1e2"), "VALIDATION_ERROR"},
		{"too many decimals", debit("s", "r", "1", "1.001"), "VALIDATION_ERROR"},
		{"negative", debit("s", "r", "1", "-1.00"), "VALIDATION_ERROR"},
		{"zero debit", debit("s", "r", "1", "0.00"), "VALIDATION_ERROR"},
		{"unknown player", debit("s", "r", "99", "1.00"), "PLAYER_NOT_FOUND"},
		{"wrong currency", MoneyRequest{TransactionID: "s", RoundID: "r", PlayerID: "1", GameID: "fruit-fiesta", Currency: "USD", Amount: "1.00"}, "CURRENCY_MISMATCH"},
		{"unknown game", MoneyRequest{TransactionID: "s", RoundID: "r", PlayerID: "1", GameID: "nope", Currency: "EUR", Amount: "1.00"}, "GAME_NOT_FOUND"},
	}
	for _, c := range cases {
		_, err := f.client.Debit(ctx, c.req)
		if err == nil || !strings.Contains(err.Error(), c.code) {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	// Nothing was stored: the id is still free.
	if _, err := f.client.Debit(ctx, debit("s", "r", "1", "1.00")); err != nil {
		t.Fatal(err)
	}

	bad := *f.client
	bad.Secret = []byte("not the secret, but 32 bytes long")
	_, err := bad.Debit(ctx, debit("x1", "r", "1", "1.00"))
	wantCode(t, err, ErrInvalidSignature.Code)
	stale := *f.client
	stale.Now = func() time.Time { return time.Now().Add(-6 * time.Minute) }
	_, err = stale.Debit(ctx, debit("x2", "r", "1", "1.00"))
	wantCode(t, err, ErrInvalidSignature.Code)
	unknown := *f.client
	unknown.Provider = "other"
	_, err = unknown.Debit(ctx, debit("x3", "r", "1", "1.00"))
	wantCode(t, err, ErrInvalidSignature.Code)
	if err := f.svc.SetProviderActive(ctx, "studio", false); err != nil {
		t.Fatal(err)
	}
	_, err = f.client.Debit(ctx, debit("x4", "r", "1", "1.00"))
	wantCode(t, err, ErrInvalidSignature.Code)

	// A tampered body fails the signature.
	req, _ := http.NewRequest("POST", f.srv.URL+PathDebit, strings.NewReader(`{"transactionId":"t"}`))
	req.Header.Set(HeaderProvider, "studio")
	req.Header.Set(HeaderTimestamp, "1")
	req.Header.Set(HeaderSignature, "sha256=00")
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("tampered: %v %v", resp, err)
	}
	resp.Body.Close()
	if real, _ := f.balances(t, 1); real != "99.00" {
		t.Fatalf("real %s", real)
	}
}

func TestLocalClient(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 1)
	c, err := f.svc.LocalClient(ctx, "studio")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Debit(ctx, debit("l-1", "r-1", "1", "2.00")); err != nil {
		t.Fatal(err)
	}
	r, err := c.EndRound(ctx, EndRoundRequest{RoundID: "r-1", PlayerID: "1", GameID: "fruit-fiesta", Outcome: json.RawMessage(`{"lost":true}`)})
	if err != nil || r.Status != "closed" || r.Bet != "2.00" || r.Win != "0.00" {
		t.Fatalf("end round %+v %v", r, err)
	}
	again, err := c.EndRound(ctx, EndRoundRequest{RoundID: "r-1", PlayerID: "1", GameID: "fruit-fiesta"})
	if err != nil || again.EndedAt != r.EndedAt {
		t.Fatalf("end again %+v %v", again, err)
	}
	_, err = c.EndRound(ctx, EndRoundRequest{RoundID: "r-2", PlayerID: "1", GameID: "fruit-fiesta"})
	wantCode(t, err, ErrRoundNotFound.Code)
}
