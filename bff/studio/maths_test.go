package studio

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"casino/bff/studio/slot"
)

// TestStoredMathsAreExact recomputes every game's maths from its definition
// and compares with content/games/maths: the lobby's figures are the
// maths', never typed. The largest games take tens of seconds to
// enumerate; -short checks only the figures' hashes for those.
func TestStoredMathsAreExact(t *testing.T) {
	dir := filepath.Join(contentDir(t), "games")
	games, err := slot.LoadDir(os.DirFS(dir), "slots")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		t.Run(g.ID(), func(t *testing.T) {
			t.Parallel()
			raw, err := os.ReadFile(filepath.Join(dir, "slots", g.ID()+".json"))
			if err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(dir, "maths", g.ID()+".json"))
			if err != nil {
				t.Fatalf("no stored maths (run go run ./bff/studio/cmd/slotgen -maths): %v", err)
			}
			var stored Figures
			if err := json.Unmarshal(b, &stored); err != nil {
				t.Fatal(err)
			}
			big := len(g.Definition().Reels) > 3
			if testing.Short() && big {
				if slot.DefinitionHash(raw) != stored.DefinitionSHA256 || g.Stored() == nil {
					t.Fatal("maths file is stale")
				}
				t.Skip("full enumeration skipped with -short")
			}
			want, err := FiguresOf(g, raw)
			if err != nil {
				t.Fatal(err)
			}
			x, _ := json.Marshal(want)
			y, _ := json.Marshal(stored)
			if string(x) != string(y) {
				t.Fatalf("stored maths differ:\n%s\n%s", y, x)
			}
		})
	}
}
