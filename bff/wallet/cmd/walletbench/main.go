// Command walletbench drives full game rounds (a signed debit, then a signed
// credit that closes the round) through the seamless wallet of a running
// casino, as a game provider would, and checks afterwards that every
// acknowledged transaction survived (also after the server was SIGKILLed).
//
//	walletbench prepare --data DIR --players N          players with money, prints the studio secret
//	walletbench run --url URL --secret HEX --players N --concurrency C --seconds S --acked FILE
//	walletbench verify --data DIR --acked FILE           every acknowledged id is stored
//
// e2e/bench/wallet.mjs runs the three around a real `casino serve`.
package main

import (
	"bufio"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"casino/bff/database"
	"casino/bff/games"
	"casino/bff/ledger"
	"casino/bff/wallet"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: walletbench prepare|run|verify [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "prepare":
		err = prepare(os.Args[2:])
	case "run":
		err = run(os.Args[2:])
	case "verify":
		err = verify(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "walletbench:", err)
		os.Exit(1)
	}
}

const firstPlayer = 100000 // ids of the bench players, clear of seeded ones

func prepare(args []string) error {
	fs := flag.NewFlagSet("prepare", flag.ExitOnError)
	data := fs.String("data", "data", "data directory of the casino")
	players := fs.Int("players", 200, "players to create")
	fs.Parse(args)
	secret, err := prepareData(context.Background(), *data, *players)
	if err != nil {
		return err
	}
	fmt.Println(hex.EncodeToString(secret))
	return nil
}

// benchDeposit is what each bench player starts with.
const benchDeposit = "100000.00"

// prepareData creates the bench players with money and the studio provider
// in the casino's database, and returns the provider's secret.
func prepareData(ctx context.Context, data string, players int) ([]byte, error) {
	db, err := database.Open(ctx, data)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	l := ledger.New(db)
	eur := ledger.MustCurrency("EUR")
	for i := range players {
		id := int64(firstPlayer + i)
		if _, err := db.Write.ExecContext(ctx, `INSERT OR IGNORE INTO users(id, email, currency_code) VALUES (?, ?, 'EUR')`, id, fmt.Sprintf("bench%d@example.com", id)); err != nil {
			return nil, err
		}
		if _, err := l.Deposit(ctx, fmt.Sprint("bench-deposit-", id), id, "sandbox", ledger.MustParse(benchDeposit, eur), nil); err != nil {
			return nil, err
		}
	}
	return wallet.NewService(db, l, nil).EnsureProvider(ctx, games.StudioWalletProvider, "Aurum Studio")
}

// Result is what run prints (JSON).
type Result struct {
	Rounds      int64   `json:"rounds"`
	Errors      int64   `json:"errors"`
	Seconds     float64 `json:"seconds"`
	RoundsPerS  float64 `json:"roundsPerSecond"`
	P50Ms       float64 `json:"p50Ms"`
	P99Ms       float64 `json:"p99Ms"`
	Concurrency int     `json:"concurrency"`
	FirstError  string  `json:"firstError,omitempty"`
}

func run(args []string) error {
	fs := flag.NewFlagSet("run", flag.ExitOnError)
	url := fs.String("url", "http://127.0.0.1:8080", "casino origin")
	secretHex := fs.String("secret", "", "studio provider secret (hex, from prepare)")
	players := fs.Int("players", 200, "players (as prepared)")
	conc := fs.Int("concurrency", 64, "rounds in flight")
	seconds := fs.Float64("seconds", 10, "duration")
	game := fs.String("game", "fruit-fiesta", "studio game id")
	bet := fs.String("bet", "0.10", "stake per round")
	acked := fs.String("acked", "", "file to append acknowledged transaction ids to")
	fs.Parse(args)
	secret, err := hex.DecodeString(*secretHex)
	if err != nil || len(secret) == 0 {
		return errors.New("--secret: hex secret required")
	}
	var ackW *bufio.Writer
	var ackMu sync.Mutex
	if *acked != "" {
		f, err := os.OpenFile(*acked, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		ackW = bufio.NewWriter(f)
		defer ackW.Flush()
	}
	ack := func(ids ...string) {
		if ackW == nil {
			return
		}
		ackMu.Lock()
		for _, id := range ids {
			ackW.WriteString(id + "\n")
		}
		ackMu.Unlock()
	}
	r := load(loadConfig{URL: *url, Secret: secret, Players: *players, Concurrency: *conc,
		Duration: time.Duration(*seconds * float64(time.Second)), Game: *game, Bet: *bet, Ack: ack})
	return json.NewEncoder(os.Stdout).Encode(r)
}

// loadConfig is one load run.
type loadConfig struct {
	URL         string
	Secret      []byte
	Players     int
	Concurrency int
	Duration    time.Duration
	Game, Bet   string
	// Ack, when set, is given the id of every transaction the casino
	// acknowledged (answered 200).
	Ack func(ids ...string)
}

// load plays rounds for cfg.Duration and measures them.
func load(cfg loadConfig) Result {
	client := &wallet.Client{BaseURL: cfg.URL, Provider: games.StudioWalletProvider, Secret: cfg.Secret,
		SystemToken: os.Getenv("CASINO_SYSTEM_TOKEN"),
		HTTP:        &http.Client{Timeout: 15 * time.Second, Transport: &http.Transport{MaxIdleConns: cfg.Concurrency * 2, MaxIdleConnsPerHost: cfg.Concurrency * 2}}}
	ack := cfg.Ack
	if ack == nil {
		ack = func(...string) {}
	}
	run := fmt.Sprint(time.Now().UnixNano())
	var (
		seq, rounds, errs atomic.Int64
		firstErr          atomic.Value
		mu                sync.Mutex
		lat               []time.Duration
	)
	ctx := context.Background()
	deadline := time.Now().Add(cfg.Duration)
	start := time.Now()
	var wg sync.WaitGroup
	for range cfg.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for time.Now().Before(deadline) {
				i := seq.Add(1)
				player := fmt.Sprint(firstPlayer + int(i)%cfg.Players)
				round := fmt.Sprintf("b%s-%d", run, i)
				t0 := time.Now()
				d := wallet.MoneyRequest{TransactionID: round + "-d", RoundID: round, PlayerID: player, GameID: cfg.Game, Currency: "EUR", Amount: cfg.Bet}
				if _, err := client.Debit(ctx, d); err != nil {
					errs.Add(1)
					firstErr.CompareAndSwap(nil, err.Error())
					continue
				}
				ack(d.TransactionID)
				win := "0.00"
				if i%4 == 0 {
					win = "0.30"
				}
				c := wallet.MoneyRequest{TransactionID: round + "-c", RoundID: round, PlayerID: player, GameID: cfg.Game, Currency: "EUR", Amount: win, CloseRound: true,
					Outcome: json.RawMessage(`{"bench":true}`)}
				if _, err := client.Credit(ctx, c); err != nil {
					errs.Add(1)
					firstErr.CompareAndSwap(nil, err.Error())
					continue
				}
				ack(c.TransactionID)
				rounds.Add(1)
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start).Seconds()
	slices.Sort(lat)
	r := Result{Rounds: rounds.Load(), Errors: errs.Load(), Seconds: elapsed, Concurrency: cfg.Concurrency}
	r.RoundsPerS = float64(r.Rounds) / elapsed
	if n := len(lat); n > 0 {
		r.P50Ms = float64(lat[n/2].Microseconds()) / 1000
		r.P99Ms = float64(lat[n*99/100].Microseconds()) / 1000
	}
	if v, ok := firstErr.Load().(string); ok {
		r.FirstError = v
	}
	return r
}

func verify(args []string) error {
	fs := flag.NewFlagSet("verify", flag.ExitOnError)
	data := fs.String("data", "data", "data directory of the casino")
	acked := fs.String("acked", "", "file of acknowledged transaction ids")
	fs.Parse(args)
	ctx := context.Background()
	db, err := database.Open(ctx, *data)
	if err != nil {
		return err
	}
	defer db.Close()
	f, err := os.Open(*acked)
	if err != nil {
		return err
	}
	defer f.Close()
	var total, missing int
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		total++
		var n int
		if err := db.Read.QueryRowContext(ctx, `SELECT count(*) FROM wallet_transactions WHERE provider = 'studio' AND transaction_id = ? AND status = 'ok'`, sc.Text()).Scan(&n); err != nil {
			return err
		}
		if n != 1 {
			missing++
		}
	}
	if err := ledger.New(db).Check(ctx); err != nil {
		return err
	}
	fmt.Printf(`{"acknowledged": %d, "missing": %d, "ledgerCheck": "ok"}`+"\n", total, missing)
	if missing > 0 {
		return fmt.Errorf("%d acknowledged transactions lost", missing)
	}
	return nil
}
