// Command preview serves the site's pages on a throw-away database, for
// looking at the shell in a browser (screenshots, CSS work) without the rest
// of the BFF. It is a development tool, not part of the casino binary.
//
//	go run ./bff/site/internal/preview -addr 127.0.0.1:8099
//
// /_preview/login logs in a demo depositor; ?cb=1 shows the country-block
// notice on any page.
package main

import (
	"context"
	"flag"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"casino/bff/database"
	"casino/bff/frontends"
	"casino/bff/i18n"
	"casino/bff/scripts"
	"casino/bff/session"
	"casino/bff/settings"
	"casino/bff/site"
	"casino/shell"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8099", "listen address")
	content := flag.String("content", "content", "content directory (pages, locales)")
	flag.Parse()
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "casino-preview-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	db, err := database.Open(ctx, dir)
	if err != nil {
		log.Fatal(err)
	}
	sessions := session.NewManager(db)
	s, err := site.New(site.Deps{
		Settings:  settings.NewStore(db),
		Sessions:  sessions,
		Scripts:   scripts.NewStore(db),
		Frontends: frontends.NewRegistry(db, filepath.Join(dir, "frontends")),
		Catalog:   i18n.NewCatalog(filepath.Join(*content, "locales")),
		Pages:     os.DirFS(filepath.Join(*content, "pages")),
		CountryBlock: func(_ http.ResponseWriter, r *http.Request, _ *settings.Settings, loggedIn bool) (*shell.CountryBlock, error) {
			if loggedIn || r.URL.Query().Get("cb") != "1" {
				return nil, nil
			}
			return &shell.CountryBlock{Country: "US", CountryName: "United States", IP: "203.0.113.7", Date: time.Now()}, nil
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	s.Routes(mux)
	mux.HandleFunc("GET /_preview/login", func(w http.ResponseWriter, r *http.Request) {
		res, err := db.Write.ExecContext(r.Context(), `INSERT INTO users(email, first_name, last_name, deposit_count) VALUES (?, 'Ada', 'Lovelace', 1)
			ON CONFLICT(email) DO UPDATE SET deposit_count = 1`, "ada@example.com")
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		id, _ := res.LastInsertId()
		token, err := sessions.Create(r.Context(), id, "127.0.0.1", r.UserAgent())
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		sessions.SetCookie(w, r, token)
		http.Redirect(w, r, "/casino", http.StatusSeeOther)
	})
	log.Printf("preview on http://%s", *addr)
	log.Fatal(http.ListenAndServe(*addr, mux))
}
