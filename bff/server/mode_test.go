package server

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"time"

	"casino/bff/session"
)

func TestConfigCheck(t *testing.T) {
	long := strings.Repeat("k", MinTokenLength)
	prod := Config{Mode: ModeProduction, PublicURL: "https://casino.example"}
	for _, tt := range []struct {
		name string
		cfg  Config
		want []string // parts of the error; none means it starts
	}{
		{"demo as make run starts it", Config{}, nil},
		{"demo with short tokens", Config{AdminToken: "x", DeployToken: "y"}, nil},
		{"demo, real xpub, sandbox on", Config{CryptoXPUB: "xpub6C…"}, []string{"CASINO_CRYPTO_XPUB", "CASINO_SANDBOX=off"}},
		{"demo, real xpub, sandbox off", Config{CryptoXPUB: "xpub6C…", SandboxOff: true}, nil},
		{"production", prod, nil},
		{"production with long tokens and an xpub", Config{Mode: ModeProduction, PublicURL: "https://casino.example/", AdminToken: long, DeployToken: long, SystemToken: long, CryptoXPUB: "xpub6C…"}, nil},
		{"production, short admin token", Config{Mode: ModeProduction, PublicURL: "https://casino.example", AdminToken: "admin"}, []string{"CASINO_ADMIN_TOKEN is 5 characters"}},
		{"production, short deploy and system tokens", Config{Mode: ModeProduction, PublicURL: "https://casino.example", DeployToken: long[1:], SystemToken: "s"}, []string{"CASINO_DEPLOY_TOKEN is 31", "CASINO_SYSTEM_TOKEN is 1"}},
		{"production without a public URL", Config{Mode: ModeProduction}, []string{"CASINO_PUBLIC_URL"}},
		{"production on plain http", Config{Mode: ModeProduction, PublicURL: "http://casino.example"}, []string{"CASINO_PUBLIC_URL"}},
		{"production with a path", Config{Mode: ModeProduction, PublicURL: "https://casino.example/x"}, []string{"CASINO_PUBLIC_URL"}},
		{"demo with a short minute", Config{DemoMinute: time.Second}, nil},
		{"production with a short minute", Config{Mode: ModeProduction, PublicURL: "https://casino.example", DemoMinute: time.Second}, []string{"CASINO_DEMO_MINUTE=1s", "demo mode only"}},
	} {
		err := tt.cfg.Check()
		if len(tt.want) == 0 {
			if err != nil {
				t.Errorf("%s: refused: %v", tt.name, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: started, want a refusal naming %v", tt.name, tt.want)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q does not say %q", tt.name, err, w)
			}
		}
	}
}

func TestBanner(t *testing.T) {
	var demo, prod bytes.Buffer
	Config{}.PrintBanner(&demo)
	Config{Mode: ModeProduction, PublicURL: "https://casino.example"}.PrintBanner(&prod)
	if !strings.Contains(demo.String(), "DEMO MODE") || !strings.Contains(demo.String(), "mint") {
		t.Errorf("demo banner: %s", demo.String())
	}
	if !strings.Contains(prod.String(), "PRODUCTION") || strings.Contains(prod.String(), "mint") {
		t.Errorf("production banner: %s", prod.String())
	}
}

// Production has no sandbox, no development mailbox and no token in a URL;
// its cookies are Secure __Host- cookies and every answer carries HSTS.
func TestProductionMode(t *testing.T) {
	s := start(t, Config{Mode: ModeProduction, PublicURL: "https://casino.example"})
	for _, path := range []string{"/dev/mailbox", "/dev/mailbox?to=a@example.com", "/sandbox/card/3ds/pay_x", "/sandbox/chain/tx/x"} {
		res, err := http.Get(s.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 404 {
			t.Errorf("production %s: %d, want 404", path, res.StatusCode)
		}
		if res.Header.Get("Strict-Transport-Security") == "" {
			t.Errorf("production %s: no HSTS", path)
		}
	}
	if res, err := http.Post(s.URL+"/sandbox/chain/send", "application/json", strings.NewReader(`{"address":"x","amount":"1"}`)); err != nil || res.StatusCode != 404 {
		t.Errorf("production POST /sandbox/chain/send: %v %v", res.StatusCode, err)
	}
	_, token := cashierPlayer(t, s)
	if code, _ := s.do(t, "GET", "/api/user/get-user-details?accessToken="+token, "", nil); code != 403 {
		t.Errorf("a token in the query string was accepted: %d", code)
	}
	req, _ := http.NewRequest("GET", s.URL+"/api/user/get-user-details", nil)
	req.AddCookie(&http.Cookie{Name: session.CookieName, Value: token})
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != 403 {
		t.Errorf("production took the plain (non-__Host-) cookie: %v %v", res.StatusCode, err)
	}
	req, _ = http.NewRequest("POST", s.URL+"/api/user/logout", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	for _, c := range res.Cookies() {
		if !c.Secure {
			t.Errorf("production cookie %s is not Secure", c.Name)
		}
		if c.Name == session.CookieName {
			t.Errorf("production set the plain session cookie")
		}
	}
	if !strings.Contains(strings.Join(res.Header.Values("Set-Cookie"), "\n"), session.SecureCookieName+"=") {
		t.Errorf("production cookies: %v", res.Header.Values("Set-Cookie"))
	}
}

func TestDemoModeKeepsItsTools(t *testing.T) {
	s := start(t, Config{})
	res, err := http.Get(s.URL + "/dev/mailbox")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Strict-Transport-Security") != "" {
		t.Errorf("demo /dev/mailbox: %d, HSTS %q", res.StatusCode, res.Header.Get("Strict-Transport-Security"))
	}
}
