package frontends

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"casino/bff/api"
)

// The release check runs before a squad's build goes live (CLI publish and
// HTTP upload): a build that would break the page is refused with the reason,
// instead of being found by players.

// PageSingletons are the modules every micro-frontend must share as
// singletons: two copies of React break hooks, two styled-components or
// react-intl lose the theme and translations, two platform modules split the
// session.
var PageSingletons = []string{"react", "react-dom", "styled-components", "react-intl", "@casino/platform"}

// Budgets of a remote's first load, gzip: its remoteEntry.js plus the largest
// exposed module's initial chunks (today about 17 KB), and every script in
// the build (today at most about 190 KB).
const (
	FirstLoadBudget = 48 << 10
	TotalJSBudget   = 400 << 10
)

// ErrReleaseCheck wraps every refusal of the release check (422).
var ErrReleaseCheck = &api.Error{Status: 422, Code: "RELEASE_CHECK_FAILED", Message: "The build did not pass the release check"}

// manifest is the part of the Module Federation mf-manifest.json the check reads.
type manifest struct {
	Exposes []struct {
		Name   string `json:"name"`
		Assets assets `json:"assets"`
	} `json:"exposes"`
	Shared []struct {
		Name      string `json:"name"`
		Version   string `json:"version"`
		Singleton bool   `json:"singleton"`
	} `json:"shared"`
}

type assets struct {
	JS struct {
		Sync []string `json:"sync"`
	} `json:"js"`
}

const manifestFile = "mf-manifest.json"

func readManifest(src fs.FS) (*manifest, error) {
	raw, err := fs.ReadFile(src, manifestFile)
	if err != nil {
		return nil, fmt.Errorf("%s missing: build with the Module Federation plugin's manifest on", manifestFile)
	}
	var m manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("%s is not valid JSON: %v", manifestFile, err)
	}
	return &m, nil
}

// CheckRelease checks a build of name against the rules above and the
// singletons of the releases current on the page (others; nil skips that
// part). The root config is the host and has no manifest: only its entry is
// required.
func CheckRelease(name string, src fs.FS, others map[string]*manifest) error {
	if _, err := fs.Stat(src, EntryFile(name)); err != nil {
		return fmt.Errorf("%s missing: %w", EntryFile(name), ErrNoEntry)
	}
	if name == "root" {
		return nil
	}
	m, err := readManifest(src)
	if err != nil {
		return refuse(name, err.Error())
	}
	var problems []string
	exposed := map[string]bool{}
	firstLoad := 0
	for _, e := range m.Exposes {
		exposed[strings.TrimPrefix(e.Name, "./")] = true
		size, err := gzipSize(src, e.Assets.JS.Sync...)
		if err != nil {
			return refuse(name, err.Error())
		}
		firstLoad = max(firstLoad, size)
	}
	if !exposed["app"] && !exposed["modal"] {
		problems = append(problems, "it exposes neither ./app nor ./modal")
	}
	entry, err := gzipSize(src, EntryFile(name))
	if err != nil {
		return refuse(name, err.Error())
	}
	if entry+firstLoad > FirstLoadBudget {
		problems = append(problems, fmt.Sprintf("its first load is %d KB gzip, over the budget of %d KB", (entry+firstLoad)>>10, FirstLoadBudget>>10))
	}
	if total, err := totalJS(src); err != nil {
		return refuse(name, err.Error())
	} else if total > TotalJSBudget {
		problems = append(problems, fmt.Sprintf("its scripts are %d KB gzip in all, over the budget of %d KB", total>>10, TotalJSBudget>>10))
	}
	problems = append(problems, singletonProblems(m, others)...)
	if len(problems) > 0 {
		return refuse(name, strings.Join(problems, "; "))
	}
	return nil
}

func refuse(name, why string) error {
	return ErrReleaseCheck.WithMessage("%s refused: %s", name, why)
}

// singletonProblems lists the page singletons m does not share as
// singletons, and those whose major version differs from a current release's
// (the page would load the other copy, or two).
func singletonProblems(m *manifest, others map[string]*manifest) []string {
	var out []string
	for _, want := range PageSingletons {
		found := false
		for _, s := range m.Shared {
			if s.Name != want {
				continue
			}
			found = true
			if !s.Singleton {
				out = append(out, fmt.Sprintf("it shares %s, but not as a singleton", want))
				break
			}
			for other, om := range others {
				for _, theirs := range om.Shared {
					if theirs.Name == want && major(theirs.Version) != major(s.Version) {
						out = append(out, fmt.Sprintf("it shares %s %s, but the page's %s release has %s", want, s.Version, other, theirs.Version))
					}
				}
			}
		}
		if !found {
			out = append(out, fmt.Sprintf("it does not share %s: the page would load a second copy", want))
		}
	}
	return out
}

func major(v string) string {
	v = strings.TrimLeft(v, "^~=v")
	m, _, _ := strings.Cut(v, ".")
	return m
}

func gzipSize(src fs.FS, files ...string) (int, error) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	for _, f := range files {
		raw, err := fs.ReadFile(src, f)
		if err != nil {
			return 0, fmt.Errorf("%s names %s, which the build lacks", manifestFile, f)
		}
		zw.Write(raw)
	}
	zw.Close()
	return buf.Len(), nil
}

func totalJS(src fs.FS) (int, error) {
	total := 0
	err := fs.WalkDir(src, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".js") {
			return err
		}
		n, err := gzipSize(src, path)
		total += n
		return err
	})
	return total, err
}

// currentManifests reads the manifests of the releases current on the page,
// but name's own.
func (g *Registry) currentManifests(ctx context.Context, name string) (map[string]*manifest, error) {
	cur, err := g.Current(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]*manifest{}
	for other, rel := range cur {
		if other == name || other == "root" {
			continue
		}
		m, err := readManifest(os.DirFS(filepath.Join(g.dir, other, rel.Version)))
		if err != nil {
			continue // an older build without a manifest: nothing to compare with
		}
		out[other] = m
	}
	return out, nil
}

// Release checks a build (CheckRelease, against the current releases) and
// publishes it. The CLI and the HTTP upload go through here; Publish alone
// is the storage step. The hooks run in the transaction that makes it
// current.
func (g *Registry) Release(ctx context.Context, name string, src fs.FS, hooks ...Hook) (Release, error) {
	if !knownName(name) {
		return Release{}, fmt.Errorf("publish %q: %w", name, ErrUnknownName)
	}
	others, err := g.currentManifests(ctx, name)
	if err != nil {
		return Release{}, err
	}
	if err := CheckRelease(name, src, others); err != nil {
		var apiErr *api.Error
		if errors.As(err, &apiErr) {
			return Release{}, err
		}
		return Release{}, fmt.Errorf("publish %s: %w", name, err)
	}
	return g.Publish(ctx, name, src, hooks...)
}
