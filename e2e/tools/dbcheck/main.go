// Command dbcheck is a test helper of the end-to-end suite (there is no sqlite3
// CLI on a fresh machine): it opens a casino database read-only with the same
// driver as the server, runs PRAGMA integrity_check and, optionally, one
// query, and prints the result as JSON.
//
//	go run ./e2e/tools/dbcheck -db restored.db -query "SELECT id FROM event_log"
//	{"integrity":"ok","rows":[[1],[2]]}
package main

import (
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	_ "modernc.org/sqlite"
)

func main() {
	path := flag.String("db", "", "database file")
	query := flag.String("query", "", "SQL query whose rows are printed (optional)")
	flag.Parse()
	if *path == "" {
		fmt.Fprintln(os.Stderr, "usage: dbcheck -db FILE [-query SQL]")
		os.Exit(2)
	}
	if err := run(*path, *query); err != nil {
		fmt.Fprintln(os.Stderr, "dbcheck:", err)
		os.Exit(1)
	}
}

func run(path, query string) error {
	if _, err := os.Stat(path); err != nil {
		return err
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		return err
	}
	defer db.Close()
	out := struct {
		Integrity string  `json:"integrity"`
		Rows      [][]any `json:"rows"`
	}{Rows: [][]any{}}
	rows, err := db.Query("PRAGMA integrity_check")
	if err != nil {
		return fmt.Errorf("integrity_check: %w", err)
	}
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return err
		}
		if out.Integrity != "" {
			out.Integrity += "\n"
		}
		out.Integrity += line
	}
	rows.Close()
	if query != "" {
		rows, err := db.Query(query)
		if err != nil {
			return fmt.Errorf("query: %w", err)
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				return err
			}
			for i, v := range vals {
				if b, ok := v.([]byte); ok {
					vals[i] = string(b)
				}
			}
			out.Rows = append(out.Rows, vals)
		}
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return json.NewEncoder(os.Stdout).Encode(out)
}
