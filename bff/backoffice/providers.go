package backoffice

import (
	"context"
	"database/sql"
	"encoding/hex"

	"casino/bff/staff"
	"casino/bff/wallet"
)

// ProviderRow is a game provider of the wallet API with its games.
type ProviderRow struct {
	wallet.Provider
	Games       int `json:"games"`
	ActiveGames int `json:"activeGames"`
}

// Providers lists the wallet's providers (never their secrets).
func (b *Service) Providers(ctx context.Context) ([]ProviderRow, error) {
	list, err := b.Wallet.Providers(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]ProviderRow, 0, len(list))
	for _, p := range list {
		row := ProviderRow{Provider: p}
		err := b.DB.Read.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(g.active), 0) FROM games g JOIN game_providers p ON p.id = g.provider_id
			WHERE p.wallet_provider = ?`, p.Name).Scan(&row.Games, &row.ActiveGames)
		if err != nil {
			return nil, err
		}
		out = append(out, row)
	}
	return out, nil
}

// ProviderGame is a game of a provider's catalogue.
type ProviderGame struct {
	Slug   string  `json:"slug"`
	Name   string  `json:"name"`
	Kind   string  `json:"kind"`
	RTP    float64 `json:"rtp"`
	Active bool    `json:"active"`
}

// ProviderGames lists a provider's games.
func (b *Service) ProviderGames(ctx context.Context, name string) ([]ProviderGame, error) {
	rows, err := b.DB.Read.QueryContext(ctx, `SELECT g.slug, g.name, g.kind, g.rtp, g.active FROM games g JOIN game_providers p ON p.id = g.provider_id
		WHERE p.wallet_provider = ? ORDER BY g.name`, name)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []ProviderGame{}
	for rows.Next() {
		var g ProviderGame
		if err := rows.Scan(&g.Slug, &g.Name, &g.Kind, &g.RTP, &g.Active); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// RotateSecret draws a new wallet secret for a provider and returns it, hex
// encoded: the only time anyone sees it (the audit row says it was rotated,
// never the secret). The old one stops working at once; the in-house studio
// follows by itself, a third-party provider must be given the new one.
func (b *Service) RotateSecret(ctx context.Context, m *staff.Member, name, reason string) (string, error) {
	if reason == "" {
		return "", staff.ErrReasonRequired
	}
	var secret []byte
	err := b.DB.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		if secret, err = wallet.RotateSecretTx(ctx, tx, name); err != nil {
			return err
		}
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: "provider.secret.rotate", Target: "provider:" + name,
			Before: map[string]string{"secret": "previous"}, After: map[string]string{"secret": "new (shown once)"}, Reason: reason})
	})
	if err != nil {
		return "", err
	}
	b.Wallet.ForgetSecrets()
	return hex.EncodeToString(secret), nil
}

// SetProviderActive enables or disables a provider at the wallet: a
// disabled one's calls are refused (its games cannot take bets).
func (b *Service) SetProviderActive(ctx context.Context, m *staff.Member, name string, active bool, reason string) error {
	if reason == "" {
		return staff.ErrReasonRequired
	}
	action := "provider.disable"
	if active {
		action = "provider.enable"
	}
	err := b.DB.Tx(ctx, func(tx *sql.Tx) error {
		was, err := wallet.SetProviderActiveTx(ctx, tx, name, active)
		if err != nil {
			return err
		}
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: action, Target: "provider:" + name,
			Before: map[string]bool{"active": was}, After: map[string]bool{"active": active}, Reason: reason})
	})
	if err != nil {
		return err
	}
	b.Wallet.ForgetSecrets()
	return nil
}

// NewStaff is a new staff account as the back office shows it once: the
// password, the two-factor secret, its otpauth:// URL and QR code.
type NewStaff struct {
	staff.Member
	Password string `json:"password"`
	Secret   string `json:"secret"`
	URL      string `json:"otpauthUrl"`
	QRCode   string `json:"qrCode"` // PNG data URL
}

// CreateStaff adds an account (as `casino staff create`) with a random
// password, audited as done by m.
func (b *Service) CreateStaff(ctx context.Context, m *staff.Member, email, role string) (NewStaff, error) {
	pw := staff.NewPassword()
	c, err := b.Staff.CreateBy(ctx, email, role, pw, m)
	if err != nil {
		return NewStaff{}, err
	}
	qr, err := staff.QRCode(c.URL)
	if err != nil {
		return NewStaff{}, err
	}
	return NewStaff{Member: c.Member, Password: pw, Secret: c.Secret, URL: c.URL, QRCode: qr}, nil
}
