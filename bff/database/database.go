// Package database opens the casino's SQLite database: one writer connection
// (SQLite allows one writer at a time; a single connection turns lock
// contention into a queue in Go) and a pool of read-only connections, with the
// pragmas Litestream needs (WAL, busy_timeout) and numbered, embedded,
// forward-only migrations.
package database

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// FileName is the database file inside the data directory.
const FileName = "casino.db"

// DB holds the writer and the reader pool of one database file.
type DB struct {
	Path  string
	Write *sql.DB // exactly one connection, BEGIN IMMEDIATE transactions
	Read  *sql.DB // query_only connections, deferred transactions
}

// Open opens (creating if needed) the database in dataDir and applies pending
// migrations.
func Open(ctx context.Context, dataDir string) (*DB, error) {
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return nil, fmt.Errorf("create data directory: %w", err)
	}
	return OpenFile(ctx, filepath.Join(dataDir, FileName))
}

// OpenFile opens the database at path and applies pending migrations.
func OpenFile(ctx context.Context, path string) (*DB, error) {
	// synchronous=NORMAL is safe in WAL mode (a crash loses at most the last
	// transactions not yet checkpointed, never corrupts) and is what Litestream
	// recommends; wal_autocheckpoint stays on but Litestream takes over
	// checkpointing while it runs.
	const pragmas = "_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)"
	write, err := sql.Open("sqlite", "file:"+path+"?_txlock=immediate&"+pragmas)
	if err != nil {
		return nil, fmt.Errorf("open writer: %w", err)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	if err := write.PingContext(ctx); err != nil {
		write.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	db := &DB{Path: path, Write: write}
	if err := db.Migrate(ctx); err != nil {
		write.Close()
		return nil, err
	}
	read, err := sql.Open("sqlite", "file:"+path+"?"+pragmas+"&_pragma=query_only(1)")
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("open readers: %w", err)
	}
	readers := max(4, runtime.NumCPU()*2)
	read.SetMaxOpenConns(readers)
	read.SetMaxIdleConns(readers)
	db.Read = read
	return db, nil
}

// Close closes both pools.
func (db *DB) Close() error {
	var firstErr error
	if db.Read != nil {
		firstErr = db.Read.Close()
	}
	if err := db.Write.Close(); err != nil && firstErr == nil {
		firstErr = err
	}
	return firstErr
}

// Tx runs fn in a write transaction (BEGIN IMMEDIATE: the write lock is taken
// up front, so check-and-act inside fn is atomic). It commits when fn returns
// nil and rolls back otherwise.
func (db *DB) Tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := db.Write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}
