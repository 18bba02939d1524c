package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"casino/bff/database"
	"casino/bff/ledger"
)

// TestNothingLostAfterSIGKILL: rounds are played against a real `casino
// serve` over HTTP, the server is SIGKILLed in the middle of the load and
// started again on the same data. Every transaction it had acknowledged is
// stored, the ledger's invariants hold, every player's balance equals the
// deposit minus the stakes plus the wins the wallet recorded, every round's
// totals equal its transactions, and the restarted server plays on and
// stops cleanly.
func TestNothingLostAfterSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the casino binary")
	}
	root, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "casino")
	build := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", bin, "./bff/cmd/casino")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	data := filepath.Join(dir, "data")
	const players = 40
	secret, err := prepareData(context.Background(), data, players)
	if err != nil {
		t.Fatal(err)
	}

	srv := startCasino(t, bin, root, data)
	var (
		mu    sync.Mutex
		acked []string
	)
	cfg := loadConfig{URL: srv.url, Secret: secret, Players: players, Concurrency: 32, Duration: 3 * time.Second,
		Game: "fruit-fiesta", Bet: "0.10", Ack: func(ids ...string) {
			mu.Lock()
			acked = append(acked, ids...)
			mu.Unlock()
		}}
	done := make(chan Result)
	go func() { done <- load(cfg) }()
	time.Sleep(1200 * time.Millisecond)
	srv.kill(t)
	during := <-done
	mu.Lock()
	ids := append([]string(nil), acked...)
	mu.Unlock()
	if during.Rounds < 50 || len(ids) == 0 {
		t.Fatalf("too little load before the kill: %+v", during)
	}
	t.Logf("SIGKILL after %d rounds (%d acknowledged transactions); %d calls failed after it", during.Rounds, len(ids), during.Errors)

	t0 := time.Now()
	srv = startCasino(t, bin, root, data)
	t.Logf("restarted in %v", time.Since(t0).Round(time.Millisecond))
	cfg.URL, cfg.Duration, cfg.Ack = srv.url, time.Second, nil
	after := load(cfg)
	if after.Errors != 0 || after.Rounds == 0 {
		t.Fatalf("after the restart: %+v", after)
	}
	t0 = time.Now()
	srv.stop(t)
	t.Logf("stopped in %v", time.Since(t0).Round(time.Millisecond))

	ackFile := filepath.Join(dir, "acked.txt")
	if err := os.WriteFile(ackFile, []byte(strings.Join(ids, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := verify([]string{"--data", data, "--acked", ackFile}); err != nil {
		t.Fatal(err) // a missing acknowledged transaction or a ledger invariant
	}
	checkWalletAgainstLedger(t, data, players)
}

// checkWalletAgainstLedger: the wallet's records and the ledger agree.
func checkWalletAgainstLedger(t *testing.T, data string, players int) {
	ctx := context.Background()
	db, err := database.Open(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	l := ledger.New(db)
	eur := ledger.MustCurrency("EUR")
	deposit := ledger.MustParse(benchDeposit, eur).Minor()
	for i := range players {
		id := int64(firstPlayer + i)
		var staked, won int64
		if err := db.Read.QueryRowContext(ctx, `SELECT COALESCE(SUM(CASE WHEN kind = 'debit' THEN amount END), 0),
			COALESCE(SUM(CASE WHEN kind = 'credit' THEN amount END), 0)
			FROM wallet_transactions WHERE player_id = ? AND status = 'ok' AND rolled_back = 0`, id).Scan(&staked, &won); err != nil {
			t.Fatal(err)
		}
		b, err := l.PlayerBalances(ctx, id, eur)
		if err != nil {
			t.Fatal(err)
		}
		if want := deposit - staked + won; b.Real.Minor() != want {
			t.Fatalf("player %d: ledger %d, wallet records say %d", id, b.Real.Minor(), want)
		}
	}
	var bad int
	if err := db.Read.QueryRowContext(ctx, `SELECT count(*) FROM wallet_rounds r LEFT JOIN (
		SELECT round_ref, SUM(CASE WHEN kind = 'debit' THEN real_amount END) AS bet,
			SUM(CASE WHEN kind = 'credit' THEN amount END) AS win, MAX(kind = 'credit') AS credited
		FROM wallet_transactions WHERE status = 'ok' GROUP BY round_ref) t ON t.round_ref = r.id
		WHERE r.provider = 'studio' AND (r.bet_real <> COALESCE(t.bet, 0) OR r.win <> COALESCE(t.win, 0)
			OR (r.status = 'closed') <> COALESCE(t.credited, 0))`).Scan(&bad); err != nil {
		t.Fatal(err)
	}
	if bad != 0 {
		t.Fatalf("%d rounds disagree with their transactions", bad)
	}
}

// casinoProcess is a running `casino serve`.
type casinoProcess struct {
	url  string
	cmd  *exec.Cmd
	log  *os.File
	exit chan error
}

func startCasino(t *testing.T, bin, root, data string) *casinoProcess {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	logf, err := os.OpenFile(filepath.Join(data, "server.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "serve", "--addr", addr, "--data", data, "--content", filepath.Join(root, "content"))
	cmd.Dir, cmd.Stdout, cmd.Stderr = root, logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &casinoProcess{url: "http://" + addr, cmd: cmd, log: logf, exit: make(chan error, 1)}
	go func() { p.exit <- cmd.Wait() }()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			<-p.exit
		}
		logf.Close()
	})
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		select {
		case err := <-p.exit:
			t.Fatalf("casino serve exited: %v\n%s", err, tail(data))
		default:
		}
		if res, err := http.Get(p.url + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return p
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("casino serve did not start\n%s", tail(data))
		}
	}
}

func (p *casinoProcess) kill(t *testing.T) {
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	var exitErr *exec.ExitError
	if err := <-p.exit; !errors.As(err, &exitErr) || exitErr.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("after SIGKILL: %v", err)
	}
}

// stop ends the server gracefully (SIGTERM) and checks it exits in time.
func (p *casinoProcess) stop(t *testing.T) {
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.exit:
		if err != nil {
			t.Fatalf("casino serve after SIGTERM: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("casino serve did not stop after SIGTERM")
	}
}

func tail(data string) string {
	f, err := os.Open(filepath.Join(data, "server.log"))
	if err != nil {
		return ""
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return strings.Join(lines[max(0, len(lines)-20):], "\n") + fmt.Sprintln()
}
