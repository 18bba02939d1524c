package server

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"casino/bff/captcha"
)

// A challenge issued before a restart verifies after it: the HMAC key is
// stored with the other secrets, not drawn per process.
func TestCaptchaKeySurvivesRestart(t *testing.T) {
	content := t.TempDir()
	os.MkdirAll(filepath.Join(content, "locales"), 0o755)
	os.WriteFile(filepath.Join(content, "locales", "en.json"), []byte(`{"header.login":"Log in"}`), 0o644)
	cfg := Config{DataDir: t.TempDir(), ContentDir: content, Geo: testGeoConfig(t)}
	open := func() *App {
		app, err := New(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := app.Handler(); err != nil {
			t.Fatal(err)
		}
		return app
	}
	first := open()
	c, err := first.Accounts.Captcha.(*captcha.Service).ChallengeFor("203.0.113.7")
	if err != nil {
		t.Fatal(err)
	}
	first.Close()
	p, err := captcha.Solve(c)
	if err != nil {
		t.Fatal(err)
	}
	second := open()
	defer second.Close()
	if err := second.Accounts.Captcha.Verify(p.Encode()); err != nil {
		t.Fatalf("challenge from before the restart: %v", err)
	}
}
