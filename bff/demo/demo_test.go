package demo

import (
	"context"
	"os"
	"testing"

	"casino/bff/database"
	"casino/bff/scripts"
	"casino/bff/settings"
)

// The repository's own seed files load, and loading twice changes nothing.
func TestLoadRepositorySeedTwice(t *testing.T) {
	ctx := context.Background()
	db, err := database.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	seed := os.DirFS("../../data/seed")
	for i := range 2 {
		if _, err := Load(ctx, db, seed); err != nil {
			t.Fatalf("load %d: %v", i+1, err)
		}
	}
	st, err := settings.NewStore(db).Current(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.ExcludedCountries) == 0 {
		t.Error("demo settings not applied")
	}
	list, err := scripts.NewStore(db).List(ctx, scripts.Filter{AuthUsers: true, Depositors: true})
	if err != nil || len(list) != 2 {
		t.Fatalf("scripts = %d (%v), want 2", len(list), err)
	}
}
