package geo

import (
	"encoding/json"
	"os"
	"testing"
)

func TestBotDetector(t *testing.T) {
	d := testBots(t)
	if d.Len() < 1000 {
		t.Fatalf("only %d crawler patterns loaded", d.Len())
	}
	tests := []struct {
		name string
		ua   string
		bot  bool
	}{
		{"Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true},
		{"Googlebot smartphone", "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.7204.92 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true},
		{"Bingbot", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", true},
		{"YandexBot", "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", true},
		{"DuckDuckBot", "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)", true},
		{"facebookexternalhit", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", true},
		{"GPTBot", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", true},
		{"Chrome", chromeUA, false},
		{"Firefox", "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0", false},
		{"Safari iPhone", "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1", false},
		{"empty", "", false},
		// Tools a person drives are not exempted from the block by default.
		{"HeadlessChrome", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/138.0.0.0 Safari/537.36", false},
		{"curl", "curl/8.5.0", false},
		{"python-requests", "python-requests/2.32.3", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := d.IsBot(tt.ua); got != tt.bot {
				t.Errorf("IsBot(%q) = %v, want %v", tt.ua, got, tt.bot)
			}
		})
	}
}

// Every example user agent of the list (outside the ignored tags) must be
// recognised: the literal index must not lose a pattern.
func TestBotDetectorRecognisesListInstances(t *testing.T) {
	path := crawlersPath(t)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	all, err := ParseBotDetector(data, []string{})
	if err != nil {
		t.Fatal(err)
	}
	var entries []struct {
		Pattern   string   `json:"pattern"`
		Instances []string `json:"instances"`
	}
	if err := json.Unmarshal(data, &entries); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, e := range entries {
		for _, ua := range e.Instances {
			checked++
			if !all.IsBot(ua) {
				t.Errorf("pattern %q: instance %q not recognised", e.Pattern, ua)
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d instances checked", checked)
	}
	// With no ignored tags, headless browsers count as bots.
	if !all.IsBot("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/138.0.0.0 Safari/537.36") {
		t.Error("HeadlessChrome not a bot with no ignored tags")
	}
}

func TestParseBotDetectorErrors(t *testing.T) {
	tests := map[string]string{
		"not json":    `[`,
		"empty list":  `[]`,
		"bad pattern": `[{"pattern":"(unclosed"}]`,
	}
	for name, data := range tests {
		if _, err := ParseBotDetector([]byte(data), nil); err == nil {
			t.Errorf("%s: ParseBotDetector succeeded", name)
		}
	}
}

func BenchmarkIsBot(b *testing.B) {
	d := testBots(b)
	uas := []string{chromeUA, "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		d.IsBot(uas[i%len(uas)])
		i++
	}
}
