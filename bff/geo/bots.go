package geo

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
)

// DefaultBotIgnoreTags are tags of the crawler list whose entries are NOT
// treated as bots for the country block: tools a person drives (headless
// browsers, curl, python-requests) rather than crawlers that index the site.
// Exempting them would let anyone skip the notice with a one-line script, and
// would hide the notice from end-to-end tests run in headless Chromium.
var DefaultBotIgnoreTags = []string{"browser-automation", "http-library"}

// BotDetector recognises crawlers by their User-Agent, with the list of the
// npm package crawler-user-agents (MIT licence, file crawler-user-agents.json:
// [{pattern, instances, tags, …}]) read at start.
//
// The list holds ~1,500 regular expressions. Running them all on every request
// would cost tens of microseconds, so each pattern is indexed by a literal
// that every match must contain (for example "bingbot"), keyed by its first
// three bytes in lower case; a User-Agent only runs the patterns whose key
// occurs in it. Patterns without such a literal are always run.
type BotDetector struct {
	byTrigram map[string][]*botPattern
	always    []*botPattern
	count     int
}

type botPattern struct {
	literal string // lower case, required in every match ("" for always-run)
	plain   bool   // the pattern is exactly this literal, case-sensitive
	exact   string // the literal in its original case when plain
	re      *regexp.Regexp
}

type crawlerEntry struct {
	Pattern string   `json:"pattern"`
	Tags    []string `json:"tags"`
}

// LoadBotDetector reads the crawler-user-agents JSON file at path. Entries
// carrying any of ignoreTags are left out.
func LoadBotDetector(path string, ignoreTags []string) (*BotDetector, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read crawler list: %w", err)
	}
	d, err := ParseBotDetector(data, ignoreTags)
	if err != nil {
		return nil, fmt.Errorf("crawler list %s: %w", path, err)
	}
	return d, nil
}

// ParseBotDetector builds a detector from crawler-user-agents JSON.
func ParseBotDetector(data []byte, ignoreTags []string) (*BotDetector, error) {
	var entries []crawlerEntry
	if err := json.Unmarshal(data, &entries); err != nil {
		return nil, fmt.Errorf("parse crawler list: %w", err)
	}
	d := &BotDetector{byTrigram: map[string][]*botPattern{}}
	for _, e := range entries {
		if e.Pattern == "" || slices.ContainsFunc(e.Tags, func(t string) bool { return slices.Contains(ignoreTags, t) }) {
			continue
		}
		p, err := compileBotPattern(e.Pattern)
		if err != nil {
			return nil, err
		}
		if len(p.literal) >= 3 {
			key := p.literal[:3]
			d.byTrigram[key] = append(d.byTrigram[key], p)
		} else {
			d.always = append(d.always, p)
		}
		d.count++
	}
	if d.count == 0 {
		return nil, errors.New("no crawler patterns")
	}
	return d, nil
}

func compileBotPattern(pattern string) (*botPattern, error) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, fmt.Errorf("crawler pattern %q: %w", pattern, err)
	}
	parsed, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil, fmt.Errorf("crawler pattern %q: %w", pattern, err)
	}
	parsed = parsed.Simplify()
	p := &botPattern{re: re}
	if parsed.Op == syntax.OpLiteral && parsed.Flags&syntax.FoldCase == 0 {
		p.plain, p.exact = true, string(parsed.Rune)
	}
	p.literal = strings.ToLower(requiredLiteral(parsed))
	return p, nil
}

// requiredLiteral returns the longest literal that every text matching re
// contains (case folding aside), or "".
func requiredLiteral(re *syntax.Regexp) string {
	switch re.Op {
	case syntax.OpLiteral:
		return string(re.Rune)
	case syntax.OpCapture, syntax.OpPlus:
		return requiredLiteral(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return requiredLiteral(re.Sub[0])
		}
	case syntax.OpConcat:
		longest := ""
		for _, sub := range re.Sub {
			if s := requiredLiteral(sub); len(s) > len(longest) {
				longest = s
			}
		}
		return longest
	}
	return ""
}

// Len is the number of patterns in use.
func (d *BotDetector) Len() int { return d.count }

// IsBot reports whether userAgent belongs to a listed crawler. An empty
// User-Agent is not a bot: browsers always send one, and treating its absence
// as a crawler would let anyone skip the country block by dropping it.
func (d *BotDetector) IsBot(userAgent string) bool {
	if userAgent == "" {
		return false
	}
	lower := strings.ToLower(userAgent)
	for i := 0; i+3 <= len(lower); i++ {
		for _, p := range d.byTrigram[lower[i:i+3]] {
			if p.matches(userAgent, lower) {
				return true
			}
		}
	}
	for _, p := range d.always {
		if p.re.MatchString(userAgent) {
			return true
		}
	}
	return false
}

func (p *botPattern) matches(ua, lower string) bool {
	if p.plain {
		return strings.Contains(ua, p.exact)
	}
	return strings.Contains(lower, p.literal) && p.re.MatchString(ua)
}
