package server

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestCloseStopsTheTable: the live table turns from New on and App.Close
// stops its loop (nothing steps it any more once Close returned).
func TestCloseStopsTheTable(t *testing.T) {
	t.Setenv("CASINO_ROULETTE_TIMES", "30ms,10ms,10ms")
	content := t.TempDir()
	os.MkdirAll(filepath.Join(content, "locales"), 0o755)
	os.WriteFile(filepath.Join(content, "locales", "en.json"), []byte(`{"header.login":"Log in"}`), 0o644)
	app, err := New(context.Background(), Config{DataDir: t.TempDir(), ContentDir: content, Geo: testGeoConfig(t)})
	if err != nil {
		t.Fatal(err)
	}
	table := app.Studio.Table
	for deadline := time.Now().Add(5 * time.Second); table.State(time.Now()).Round < 3; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			app.Close()
			t.Fatal("the table does not turn")
		}
	}
	if err := app.Close(); err != nil {
		t.Fatal(err)
	}
	stopped := table.State(time.Now())
	time.Sleep(200 * time.Millisecond)
	if st := table.State(time.Now()); st.Round != stopped.Round || st.Phase != stopped.Phase {
		t.Fatalf("the table still turns after Close: %d %s, then %d %s", stopped.Round, stopped.Phase, st.Round, st.Phase)
	}
}
