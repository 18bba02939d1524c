package frontends

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

// build is a remote's build as webpack writes it: entry, manifest, chunks.
func remoteBuild(t testing.TB, edit func(m map[string]any), extra fstest.MapFS) fstest.MapFS {
	t.Helper()
	shared := []any{}
	for _, name := range PageSingletons {
		v := "19.3.1"
		switch name {
		case "styled-components":
			v = "6.6.0"
		case "react-intl":
			v = "12.1.5"
		case "@casino/platform":
			v = "1.0.0"
		}
		shared = append(shared, map[string]any{"name": name, "version": v, "singleton": true})
	}
	m := map[string]any{
		"exposes": []any{
			map[string]any{"name": "app", "assets": map[string]any{"js": map[string]any{"sync": []string{"app.js"}}}},
			map[string]any{"name": "modal", "assets": map[string]any{"js": map[string]any{"sync": []string{"modal.js"}}}},
		},
		"shared": shared,
	}
	if edit != nil {
		edit(m)
	}
	raw, _ := json.Marshal(m)
	fsys := fstest.MapFS{
		"remoteEntry.js":   {Data: []byte("var lobby = {};")},
		"mf-manifest.json": {Data: raw},
		"app.js":           {Data: []byte("export const app = 1;")},
		"modal.js":         {Data: []byte("export const modal = 1;")},
	}
	for k, v := range extra {
		fsys[k] = v
	}
	return fsys
}

// incompressible returns n bytes gzip cannot shrink (a budget test needs real size).
func incompressible(n int) []byte {
	b := make([]byte, n)
	x := uint32(2463534242)
	for i := range b {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b[i] = byte(x)
	}
	return b
}

func TestCheckRelease(t *testing.T) {
	setShared := func(name string, fields map[string]any) func(map[string]any) {
		return func(m map[string]any) {
			for _, s := range m["shared"].([]any) {
				s := s.(map[string]any)
				if s["name"] == name {
					for k, v := range fields {
						s[k] = v
					}
				}
			}
		}
	}
	page := map[string]*manifest{}
	var pm manifest
	json.Unmarshal(remoteBuild(t, nil, nil)["mf-manifest.json"].Data, &pm)
	page["cashier"] = &pm

	tests := []struct {
		name   string
		app    string
		build  fstest.MapFS
		others map[string]*manifest
		want   string // "" = accepted; else a part of the refusal
	}{
		{"a build like webpack's", "lobby", remoteBuild(t, nil, nil), page, ""},
		{"only a modal", "calendar", remoteBuild(t, func(m map[string]any) { m["exposes"] = m["exposes"].([]any)[1:] }, nil), page, ""},
		{"the root config needs only its entry", "root", fstest.MapFS{"main.js": {Data: []byte("1")}}, page, ""},
		{"no entry", "lobby", fstest.MapFS{"mf-manifest.json": {Data: []byte("{}")}}, page, "remoteEntry.js missing"},
		{"no manifest", "lobby", fstest.MapFS{"remoteEntry.js": {Data: []byte("1")}}, page, "mf-manifest.json missing"},
		{"a broken manifest", "lobby", fstest.MapFS{"remoteEntry.js": {Data: []byte("1")}, "mf-manifest.json": {Data: []byte("{")}}, page, "not valid JSON"},
		{"exposes nothing the shell mounts", "lobby", remoteBuild(t, func(m map[string]any) {
			m["exposes"] = []any{map[string]any{"name": "widget"}}
		}, nil), page, "exposes neither ./app nor ./modal"},
		{"a chunk the manifest names is missing", "lobby", remoteBuild(t, func(m map[string]any) {
			m["exposes"].([]any)[0].(map[string]any)["assets"] = map[string]any{"js": map[string]any{"sync": []string{"gone.js"}}}
		}, nil), page, "names gone.js"},
		{"first load over budget", "lobby", remoteBuild(t, nil, fstest.MapFS{"app.js": {Data: incompressible(FirstLoadBudget)}}), page, "first load is"},
		{"all scripts over budget", "lobby", remoteBuild(t, nil, fstest.MapFS{"lazy.js": {Data: incompressible(TotalJSBudget + 1024)}}), page, "scripts are"},
		{"react not shared", "lobby", remoteBuild(t, func(m map[string]any) { m["shared"] = m["shared"].([]any)[1:] }, nil), page, "does not share react"},
		{"react-intl not a singleton", "lobby", remoteBuild(t, setShared("react-intl", map[string]any{"singleton": false}), nil), page, "react-intl, but not as a singleton"},
		{"another major React than the page", "lobby", remoteBuild(t, setShared("react", map[string]any{"version": "18.2.0"}), nil), page, "react 18.2.0, but the page's cashier release has 19.3.1"},
		{"a minor difference is fine", "lobby", remoteBuild(t, setShared("react", map[string]any{"version": "19.4.0"}), nil), page, ""},
		{"first release on an empty page", "lobby", remoteBuild(t, setShared("react", map[string]any{"version": "18.2.0"}), nil), nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckRelease(tt.app, tt.build, tt.others)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.want != "" && err == nil:
				t.Fatalf("accepted, want a refusal with %q", tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Fatalf("refusal %q does not say %q", err, tt.want)
			}
		})
	}
}

// Release checks against the releases current on the page, then publishes.
func TestReleaseChecksAgainstTheCurrentPage(t *testing.T) {
	g := newRegistry(t)
	ctx := context.Background()
	if _, err := g.Release(ctx, "cashier", remoteBuild(t, nil, nil)); err != nil {
		t.Fatal(err)
	}
	old := remoteBuild(t, func(m map[string]any) {
		for _, s := range m["shared"].([]any) {
			if s := s.(map[string]any); s["name"] == "react-dom" {
				s["version"] = "18.3.1"
			}
		}
	}, nil)
	_, err := g.Release(ctx, "lobby", old)
	if !errors.Is(err, ErrReleaseCheck) || !strings.Contains(err.Error(), "react-dom 18.3.1, but the page's cashier release has 19.3.1") {
		t.Fatalf("conflicting singleton: %v", err)
	}
	if cur, _ := g.Current(ctx); cur["lobby"].Version != "" {
		t.Fatalf("a refused build went live: %+v", cur["lobby"])
	}
	if _, err := g.Release(ctx, "lobby", remoteBuild(t, nil, nil)); err != nil {
		t.Fatal(err)
	}
}
