package cashier

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
)

// SeedFile is the shape of data/seed/payments.json.
type SeedFile struct {
	Settings json.RawMessage `json:"settings"`
	Methods  []Method        `json:"methods"`
}

// LoadSeed stores the settings and upserts the methods of a payments.json
// document; loading it twice leaves the same data.
func (s *Service) LoadSeed(ctx context.Context, raw []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var f SeedFile
	if err := dec.Decode(&f); err != nil {
		return "", fmt.Errorf("payments seed: %w", err)
	}
	if len(f.Settings) > 0 {
		if err := s.SaveSettings(ctx, f.Settings); err != nil {
			return "", err
		}
	}
	if err := s.SaveMethods(ctx, f.Methods); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d payment methods", len(f.Methods)), nil
}
