package database

import (
	"bytes"
	"context"
	"sync"
	"testing"
)

func TestSecretIsDrawnOnceAndKept(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	// Callers racing for a new name all get the one key stored first.
	keys := make([][]byte, 8)
	var wg sync.WaitGroup
	for i := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			keys[i], err = db.Secret(ctx, "webhook", 32)
		}()
	}
	wg.Wait()
	for _, k := range keys {
		if len(k) != 32 || !bytes.Equal(k, keys[0]) {
			t.Fatalf("keys differ: %x vs %x", k, keys[0])
		}
	}
	other, err := db.Secret(ctx, "captcha", 32)
	if err != nil || bytes.Equal(other, keys[0]) {
		t.Fatalf("another name: %x (%v)", other, err)
	}
	db.Close()

	db, err = Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	again, err := db.Secret(ctx, "webhook", 32)
	if err != nil || !bytes.Equal(again, keys[0]) {
		t.Fatalf("after reopening: %x (%v), want %x", again, err, keys[0])
	}
}
