package frontends

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"casino/bff/api"
	"casino/bff/database"
	"casino/bff/staff"
)

type auditRow struct {
	Actor, Action, Target, Reason string
	Before, After                 map[string]any
}

// The deploy token's HTTP writes are audited like the command line's: one
// release.* row per pointer moved, in the move's transaction, as
// "deploy-token:<app>"; a refused call (bad token, unknown app or version)
// writes none, and the token's secret is in no row.
func TestDeployTokenWritesAreAudited(t *testing.T) {
	ctx := context.Background()
	db, err := database.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	reg := NewRegistry(db, t.TempDir())
	a := API{Registry: reg, DeployToken: "s3cret-token", Staff: staff.NewService(db)}
	mux := http.NewServeMux()
	mux.Handle("POST /api/core/casino/frontends/{name}", api.HandlerFunc(a.Upload))
	mux.Handle("PATCH /api/core/casino/frontends/{name}", api.HandlerFunc(a.Patch))

	rows := func() []auditRow {
		t.Helper()
		q, err := db.Read.QueryContext(ctx, `SELECT actor, action, target, reason, before, after FROM staff_audit ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		defer q.Close()
		var out []auditRow
		for q.Next() {
			var r auditRow
			var before, after string
			if err := q.Scan(&r.Actor, &r.Action, &r.Target, &r.Reason, &before, &after); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(before+after+r.Actor+r.Reason, "s3cret") {
				t.Fatalf("the token's secret is in the audit log: %+v", r)
			}
			json.Unmarshal([]byte(before), &r.Before)
			json.Unmarshal([]byte(after), &r.After)
			out = append(out, r)
		}
		return out
	}
	call := func(method, target, token, body string, files map[string]string, want int) Release {
		t.Helper()
		var r *http.Request
		if files != nil {
			r = httptest.NewRequest(method, target, tarGz(t, files))
		} else {
			r = httptest.NewRequest(method, target, strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
		}
		if token != "" {
			r.Header.Set("Authorization", "Bearer "+token)
		}
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, r)
		if rec.Code != want {
			t.Fatalf("%s %s: status %d, want %d: %s", method, target, rec.Code, want, rec.Body)
		}
		var res struct{ Data Release }
		json.Unmarshal(rec.Body.Bytes(), &res)
		return res.Data
	}
	build := func(tag string) map[string]string {
		files := map[string]string{}
		for name, f := range variantBuild(t, tag) {
			files[name] = string(f.Data)
		}
		return files
	}
	expect := func(n int, action, before, after string) auditRow {
		t.Helper()
		got := rows()
		if len(got) != n {
			t.Fatalf("%d audit rows, want %d: %+v", len(got), n, got)
		}
		if action == "" {
			return auditRow{}
		}
		r := got[n-1]
		if r.Actor != "deploy-token:lobby" || r.Action != action || r.Target != "frontend:lobby" || !strings.HasPrefix(r.Reason, "deploy token: ") {
			t.Fatalf("row %+v, want %s by deploy-token:lobby on frontend:lobby", r, action)
		}
		if r.Before["current"] != before || r.After["current"] != after {
			t.Fatalf("%s: current %v → %v, want %q → %q", action, r.Before["current"], r.After["current"], before, after)
		}
		return r
	}
	const lobby = "/api/core/casino/frontends/lobby"

	// Refused: no rows.
	call("POST", lobby, "wrong", "", build("v1"), 403)
	call("POST", "/api/core/casino/frontends/nope", "s3cret-token", "", build("v1"), 404)
	call("POST", lobby, "s3cret-token", "", map[string]string{"remoteEntry.js": "x"}, 422)
	call("PATCH", lobby, "", `{"rollback":true}`, nil, 403)
	expect(0, "", "", "")

	v1 := call("POST", lobby, "s3cret-token", "", build("v1"), 200)
	r := expect(1, "release.publish", "", v1.Version)
	if r.Reason != "deploy token: POST "+lobby {
		t.Errorf("publish reason %q", r.Reason)
	}
	v2 := call("POST", lobby, "s3cret-token", "", build("v2"), 200)
	expect(2, "release.publish", v1.Version, v2.Version)

	canary := call("POST", lobby+"?canary=30", "s3cret-token", "", build("c"), 200)
	r = expect(3, "release.publish", v2.Version, v2.Version)
	if r.After["canary"] != canary.Version || r.After["canaryPercent"] != float64(30) || r.Before["canary"] != nil {
		t.Errorf("canary row %+v", r)
	}
	if !strings.HasSuffix(r.Reason, "?canary=30") {
		t.Errorf("canary reason %q", r.Reason)
	}
	call("PATCH", lobby, "s3cret-token", `{"promote":true}`, nil, 200)
	r = expect(4, "release.promote", v2.Version, canary.Version)
	if r.Before["canary"] != canary.Version || r.After["canary"] != nil {
		t.Errorf("promote row %+v", r)
	}

	// Refused moves: no rows.
	call("PATCH", lobby, "s3cret-token", `{"promote":true}`, nil, 404)   // no canary
	call("PATCH", lobby, "s3cret-token", `{"version":"nope"}`, nil, 404) // not published
	call("PATCH", "/api/core/casino/frontends/nope", "s3cret-token", `{"rollback":true}`, nil, 404)
	call("PATCH", lobby, "wrong", `{"version":"`+v1.Version+`"}`, nil, 403)
	expect(4, "", "", "")

	call("PATCH", lobby, "s3cret-token", `{"version":"`+v1.Version+`"}`, nil, 200)
	r = expect(5, "release.activate", canary.Version, v1.Version)
	if !strings.Contains(r.Reason, "PATCH "+lobby) || !strings.Contains(r.Reason, v1.Version) {
		t.Errorf("activate reason %q", r.Reason)
	}
	call("PATCH", lobby, "s3cret-token", `{"rollback":true}`, nil, 200)
	expect(6, "release.rollback", v1.Version, canary.Version)

	// The caller's own reason follows the endpoint; one too long is refused.
	call("PATCH", lobby, "s3cret-token", `{"version":"`+v2.Version+`","reason":"  chat scroll fix, ticket 812 "}`, nil, 200)
	if r = expect(7, "release.activate", canary.Version, v2.Version); r.Reason != "deploy token: PATCH "+lobby+` {"version":"`+v2.Version+`"}; chat scroll fix, ticket 812` {
		t.Errorf("activate reason %q", r.Reason)
	}
	v3 := call("POST", lobby+"?reason=nightly+build+1042", "s3cret-token", "", build("v3"), 200)
	if r = expect(8, "release.publish", v2.Version, v3.Version); r.Reason != "deploy token: POST "+lobby+"; nightly build 1042" {
		t.Errorf("publish reason %q", r.Reason)
	}
	call("PATCH", lobby, "s3cret-token", `{"rollback":true,"reason":"`+strings.Repeat("x", 501)+`"}`, nil, 400)
	expect(8, "", "", "")
}
