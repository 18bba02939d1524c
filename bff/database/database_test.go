package database

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
)

func TestOpenMigratesAndIsIdempotent(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	migrations, err := Migrations()
	if err != nil {
		t.Fatal(err)
	}
	v, err := db.Version(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := migrations[len(migrations)-1].Version; v != want {
		t.Fatalf("version = %d, want %d", v, want)
	}
	var mode string
	if err := db.Read.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode = %q (%v), want wal", mode, err)
	}
	db.Close()

	db, err = OpenFile(ctx, filepath.Join(dir, FileName))
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer db.Close()
	if v2, _ := db.Version(ctx); v2 != v {
		t.Fatalf("version after reopen = %d, want %d", v2, v)
	}
}

func TestReadersCannotWrite(t *testing.T) {
	db, err := Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Read.Exec(`INSERT INTO settings(key, value) VALUES ('x', '{}')`); err == nil {
		t.Fatal("write through the reader pool succeeded; want query_only error")
	}
}

// Concurrent writers queue on the single writer connection instead of failing
// with SQLITE_BUSY.
func TestConcurrentWritesSerialize(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var wg sync.WaitGroup
	errs := make(chan error, 200)
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- db.Tx(ctx, func(tx *sql.Tx) error {
				_, err := tx.ExecContext(ctx, `INSERT INTO event_log(event, data) VALUES ('TEST', json_object('i', ?))`, i)
				return err
			})
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	var n int
	db.Read.QueryRow(`SELECT COUNT(*) FROM event_log`).Scan(&n)
	if n != 200 {
		t.Fatalf("rows = %d, want 200", n)
	}
}

// A migration that landed after a higher-numbered one is still applied.
func TestMigrateAppliesGaps(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m := func(v int) Migration {
		return Migration{Version: 1000 + v, Name: "t", SQL: fmt.Sprintf("CREATE TABLE gap_%d (x INTEGER)", v)}
	}
	if err := db.apply(ctx, []Migration{m(1), m(3)}); err != nil {
		t.Fatal(err)
	}
	if err := db.apply(ctx, []Migration{m(1), m(2), m(3)}); err != nil {
		t.Fatal(err)
	}
	var n int
	db.Read.QueryRow(`SELECT COUNT(*) FROM sqlite_master WHERE name IN ('gap_1','gap_2','gap_3')`).Scan(&n)
	if n != 3 {
		t.Fatalf("%d of 3 tables exist", n)
	}
}
