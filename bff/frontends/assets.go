package frontends

import (
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"sort"
)

// offlineManifest is the part of mf-manifest.json that names the initial
// chunks of the exposed and shared modules.
type offlineManifest struct {
	Exposes []struct {
		Assets assets `json:"assets"`
	} `json:"exposes"`
	Shared []struct {
		Assets assets `json:"assets"`
	} `json:"shared"`
}

// StartupFiles are the URLs a page needs to start rel (the service worker
// precaches them, bff/pwa): the entry file, the initial chunks of its exposed
// modules and, with shared, those of its shared modules (React, the
// platform…: one remote's set is enough, the page shares one copy). Lazy
// chunks are left to the worker's runtime cache. A build without a manifest
// gives its entry alone.
func (g *Registry) StartupFiles(rel Release, shared bool) []string {
	base := "/mf/" + rel.Name + "/" + rel.Version + "/"
	files := map[string]bool{EntryFile(rel.Name): true}
	if raw, err := os.ReadFile(filepath.Join(g.dir, rel.Name, rel.Version, manifestFile)); err == nil {
		var m offlineManifest
		if json.Unmarshal(raw, &m) == nil {
			for _, e := range m.Exposes {
				for _, f := range e.Assets.JS.Sync {
					files[f] = true
				}
			}
			if shared {
				for _, s := range m.Shared {
					for _, f := range s.Assets.JS.Sync {
						files[f] = true
					}
				}
			}
		}
	}
	out := make([]string, 0, len(files))
	for f := range files {
		clean := path.Clean("/" + f)
		if _, err := os.Stat(filepath.Join(g.dir, rel.Name, rel.Version, filepath.FromSlash(clean))); err != nil {
			continue // named but missing: the worker must not fail on it
		}
		out = append(out, base+clean[1:])
	}
	sort.Strings(out)
	return out
}
