package frontends

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// variantBuild is a valid remote build whose content (so version) depends on tag.
func variantBuild(t *testing.T, tag string) fstest.MapFS {
	b := remoteBuild(t, nil, nil)
	b["remoteEntry.js"] = &fstest.MapFile{Data: []byte("var lobby = {}; // " + tag)}
	return b
}

func TestCanaryServesItsShareAndPromotes(t *testing.T) {
	ctx := context.Background()
	g := newRegistry(t)
	stable, err := g.Release(ctx, "lobby", variantBuild(t, "stable"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.PublishCanary(ctx, "lobby", variantBuild(t, "x"), 0); !errors.Is(err, ErrBadCanary) {
		t.Fatalf("0 %%: %v", err)
	}
	canary, err := g.PublishCanary(ctx, "lobby", variantBuild(t, "canary"), 30)
	if err != nil || canary.Canary != 30 || canary.Current {
		t.Fatalf("canary %+v %v", canary, err)
	}
	for _, tc := range []struct {
		bucket int
		want   string
		key    string
	}{{0, canary.Version, "lobby"}, {29, canary.Version, "lobby"}, {30, stable.Version, ""}, {99, stable.Version, ""}} {
		v, _, err := g.Choose(ctx, tc.bucket)
		if err != nil || v.Releases["lobby"].Version != tc.want || v.Key != tc.key || !v.Canaries {
			t.Errorf("bucket %d: %+v (key %q) %v, want %s", tc.bucket, v.Releases["lobby"], v.Key, err, tc.want)
		}
	}
	if cur, _ := g.Current(ctx); cur["lobby"].Version != stable.Version {
		t.Fatal("a canary replaced the current release")
	}
	promoted, err := g.Promote(ctx, "lobby")
	if err != nil || promoted.Version != canary.Version || !promoted.Current {
		t.Fatalf("promote: %+v %v", promoted, err)
	}
	if v, _, _ := g.Choose(ctx, 99); v.Canaries || v.Releases["lobby"].Version != canary.Version {
		t.Fatalf("after promotion: %+v", v)
	}
	// Rolling back with a canary running stops the canary only.
	g.PublishCanary(ctx, "lobby", variantBuild(t, "next"), 50)
	if r, err := g.Rollback(ctx, "lobby"); err != nil || r.Version != canary.Version {
		t.Fatalf("rollback of a canary: %+v %v", r, err)
	}
	if v, _, _ := g.Choose(ctx, 0); v.Canaries {
		t.Fatal("the canary still runs after rollback")
	}
}

// reportFailures stores n failure reports of name@version at now, as the
// tracking call does.
func reportFailures(t *testing.T, g *Registry, name, version string, n int) {
	for i := 0; i < n; i++ {
		if _, err := g.db.Write.Exec(`INSERT INTO event_log(event, data) VALUES ('MICROFRONTEND_FAILURE', json_object('app', ?, 'version', ?, 'phase', 'load'))`, name, version); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRollBackFailing(t *testing.T) {
	ctx := context.Background()
	policy := RollbackPolicy{Rate: 0.05, Window: 2 * time.Minute, MinViews: 20}
	t.Run("a failing canary stops, with the reason", func(t *testing.T) {
		g := newRegistry(t)
		stable, _ := g.Release(ctx, "lobby", variantBuild(t, "stable"))
		bad, _ := g.PublishCanary(ctx, "lobby", variantBuild(t, "bad"), 50)
		now := time.Now()
		for i := 0; i < 40; i++ {
			g.Served("lobby", bad.Version, now)
			g.Served("lobby", stable.Version, now)
		}
		reportFailures(t, g, "lobby", bad.Version, 2) // exactly 5 %
		reportFailures(t, g, "lobby-modal", stable.Version, 1)
		n, err := g.RollBackFailing(ctx, now, policy)
		if err != nil || n != 1 {
			t.Fatalf("rolled back %d, %v", n, err)
		}
		if v, _, _ := g.Choose(ctx, 0); v.Canaries || v.Releases["lobby"].Version != stable.Version {
			t.Fatalf("the canary is still served: %+v", v.Releases["lobby"])
		}
		list, _ := g.List(ctx, "lobby")
		for _, r := range list {
			if r.Version == bad.Version && !strings.Contains(r.RolledBackReason, "2 failure reports for 40 page views") {
				t.Fatalf("reason %q", r.RolledBackReason)
			}
		}
	})
	t.Run("a failing current release returns to the previous one", func(t *testing.T) {
		g := newRegistry(t)
		old, _ := g.Release(ctx, "cashier", variantBuild(t, "old"))
		bad, _ := g.Release(ctx, "cashier", variantBuild(t, "bad"))
		now := time.Now()
		for i := 0; i < 20; i++ {
			g.Served("cashier", bad.Version, now)
		}
		reportFailures(t, g, "cashier", bad.Version, 20)
		if n, err := g.RollBackFailing(ctx, now, policy); err != nil || n != 1 {
			t.Fatalf("rolled back %d, %v", n, err)
		}
		if cur, _ := g.Current(ctx); cur["cashier"].Version != old.Version {
			t.Fatalf("current %s, want %s", cur["cashier"].Version, old.Version)
		}
	})
	t.Run("kept: too few views, a rate below the limit, old views, nothing to return to", func(t *testing.T) {
		g := newRegistry(t)
		only, _ := g.Release(ctx, "profile", variantBuild(t, "only"))
		g.Release(ctx, "lobby", variantBuild(t, "a"))
		lobby, _ := g.Release(ctx, "lobby", variantBuild(t, "b"))
		now := time.Now()
		for i := 0; i < 19; i++ {
			g.Served("calendar", "v", now)
		}
		for i := 0; i < 100; i++ {
			g.Served("lobby", lobby.Version, now)
			g.Served("profile", only.Version, now)
			g.Served("cashier", "old", now.Add(-3*time.Minute))
		}
		reportFailures(t, g, "calendar", "v", 19)
		reportFailures(t, g, "lobby", lobby.Version, 4)
		reportFailures(t, g, "profile", only.Version, 100)
		if n, err := g.RollBackFailing(ctx, now, policy); err != nil || n != 0 {
			t.Fatalf("rolled back %d, %v", n, err)
		}
	})
}
