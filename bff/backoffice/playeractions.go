package backoffice

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"casino/bff/account"
	"casino/bff/api"
	"casino/bff/clock"
	"casino/bff/ledger"
	"casino/bff/protection"
	"casino/bff/staff"
)

// Round is one game round of the player (the wallet's record).
type Round struct {
	ID        int64  `json:"id"`
	Provider  string `json:"provider"`
	RoundID   string `json:"roundId"`
	Game      string `json:"game"`
	Currency  string `json:"currency"`
	Bet       string `json:"bet"`
	BonusBet  string `json:"bonusBet"`
	Win       string `json:"win"`
	Status    string `json:"status"`
	StartedAt string `json:"startedAt"`
	// Recall opens the studio's game recall of the round for this member
	// (a signed link, staff.LinkTTL); empty for other providers.
	Recall string `json:"recall,omitempty"`
}

// RecallPath is the studio's recall page of a round; the back office's link
// carries RecallParam, signed for that path.
func RecallPath(roundID string) string { return "/studio/rounds/" + url.PathEscape(roundID) }

// RecallParam is the query parameter of a signed recall link.
const RecallParam = "staff"

// Rounds lists the player's latest 50 game rounds, newest first.
func (b *Service) Rounds(ctx context.Context, playerID int64) ([]Round, error) {
	rows, err := b.DB.Read.QueryContext(ctx, `SELECT id, provider, round_id, game_id, currency, bet_real, bet_bonus, win, status, started_at
		FROM wallet_rounds WHERE player_id = ? ORDER BY id DESC LIMIT 50`, playerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Round{}
	for rows.Next() {
		var r Round
		var bet, bonus, win int64
		if err := rows.Scan(&r.ID, &r.Provider, &r.RoundID, &r.Game, &r.Currency, &bet, &bonus, &win, &r.Status, &r.StartedAt); err != nil {
			return nil, err
		}
		dec := 2
		if c, err := ledger.LookupCurrency(r.Currency); err == nil {
			dec = c.Decimals
		}
		r.Bet, r.BonusBet, r.Win = ledger.FormatMinor(bet, dec), ledger.FormatMinor(bonus, dec), ledger.FormatMinor(win, dec)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i, r := range out {
		if r.Provider != StudioProvider {
			continue
		}
		p := RecallPath(r.RoundID)
		sig, err := b.Staff.SignLink(ctx, p)
		if err != nil {
			return nil, err
		}
		out[i].Recall = p + "?" + RecallParam + "=" + url.QueryEscape(sig)
	}
	return out, nil
}

// StudioProvider is the in-house studio's name at the wallet (its rounds
// have a recall page).
const StudioProvider = "studio"

// PlayerSession is one live session of the player (the id is the start of
// the token's hash: the token itself is never stored).
type PlayerSession struct {
	ID         string `json:"id"`
	CreatedAt  string `json:"createdAt"`
	LastSeenAt string `json:"lastSeenAt"`
	ExpiresAt  string `json:"expiresAt"`
	IP         string `json:"ip"`
	UserAgent  string `json:"userAgent"`
}

// PlayerSessions lists the player's sessions, the latest used first.
func (b *Service) PlayerSessions(ctx context.Context, playerID int64) ([]PlayerSession, error) {
	rows, err := b.DB.Read.QueryContext(ctx, `SELECT token_hash, created_at, last_seen_at, expires_at, ip, user_agent FROM sessions
		WHERE user_id = ? ORDER BY last_seen_at DESC LIMIT 100`, playerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []PlayerSession{}
	for rows.Next() {
		var s PlayerSession
		var h []byte
		if err := rows.Scan(&h, &s.CreatedAt, &s.LastSeenAt, &s.ExpiresAt, &s.IP, &s.UserAgent); err != nil {
			return nil, err
		}
		s.ID = sessionID(h)
		out = append(out, s)
	}
	return out, rows.Err()
}

func sessionID(hash []byte) string { return hex.EncodeToString(hash[:min(len(hash), 12)]) }

// EndSession ends one of the player's sessions (audited): its next request
// is logged out.
func (b *Service) EndSession(ctx context.Context, m *staff.Member, playerID int64, id, reason string) error {
	if reason == "" {
		return staff.ErrReasonRequired
	}
	list, err := b.PlayerSessions(ctx, playerID)
	if err != nil {
		return err
	}
	var found *PlayerSession
	for i := range list {
		if list[i].ID == id {
			found = &list[i]
		}
	}
	if found == nil {
		return fmt.Errorf("session %s of player %d: %w", id, playerID, api.ErrNotFound)
	}
	return b.DB.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ? AND substr(hex(token_hash), 1, 24) = ?`, playerID, strings.ToUpper(id)); err != nil {
			return err
		}
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: "player.session.end", Target: fmt.Sprintf("player:%d", playerID),
			Before: map[string]string{"session": id, "ip": found.IP, "lastSeenAt": found.LastSeenAt}, After: map[string]string{"session": "ended"}, Reason: reason})
	})
}

// LimitRow is one responsible-gaming limit in the player's currency.
type LimitRow struct {
	Type    string `json:"type"`
	Period  string `json:"period"`
	Amount  string `json:"amount"` // "" = none
	Pending *struct {
		Amount      string `json:"amount"` // "" = removal
		EffectiveAt string `json:"effectiveAt"`
	} `json:"pending,omitempty"`
}

// Protection is the player's responsible-gaming state as staff see it.
type Protection struct {
	Limits []LimitRow `json:"limits"`
	// HighLoyalty: the player's bet limit goes up through support only.
	HighLoyalty bool `json:"highLoyalty"`
	// Frozen is the operator's freeze (nil: none).
	Frozen *account.Freeze `json:"frozen"`
	// SelfFrozenUntil is the player's own freeze (no bets, no deposits).
	SelfFrozenUntil string `json:"selfFrozenUntil"`
}

func (b *Service) protectionOf(ctx context.Context, playerID int64, cur ledger.Currency) (Protection, error) {
	var p Protection
	var err error
	if p.Frozen, err = account.FrozenState(ctx, b.DB.Read, playerID); err != nil {
		return p, err
	}
	p.Limits = []LimitRow{}
	if b.Protection == nil {
		return p, nil
	}
	limits, err := b.Protection.Limits(ctx, playerID)
	if err != nil {
		return p, err
	}
	text := func(n int64) string {
		if n == 0 {
			return ""
		}
		return ledger.FormatMinor(n, cur.Decimals)
	}
	for _, l := range limits {
		row := LimitRow{Type: l.Type, Period: l.Period, Amount: text(l.Amount)}
		if l.Pending != nil {
			row.Pending = &struct {
				Amount      string `json:"amount"`
				EffectiveAt string `json:"effectiveAt"`
			}{text(l.Pending.Amount), l.Pending.EffectiveAt}
		}
		p.Limits = append(p.Limits, row)
	}
	if b.Protection.HighLoyalty != nil {
		if p.HighLoyalty, err = b.Protection.HighLoyalty(ctx, playerID); err != nil {
			return p, err
		}
	}
	if b.Wallet != nil {
		l, err := b.Wallet.LimitsOf(ctx, playerID)
		if err != nil {
			return p, err
		}
		p.SelfFrozenUntil = l.FrozenUntil
	}
	return p, nil
}

func (b *Service) playerCurrency(ctx context.Context, q rowQuerier, playerID int64) (string, ledger.Currency, error) {
	var email, code string
	err := q.QueryRowContext(ctx, `SELECT email, currency_code FROM users WHERE id = ?`, playerID).Scan(&email, &code)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ledger.Currency{}, fmt.Errorf("player %d: %w", playerID, api.ErrNotFound)
	}
	if err != nil {
		return "", ledger.Currency{}, err
	}
	c, err := ledger.LookupCurrency(code)
	return email, c, err
}

// SetBetLimit is support's change of a player's bet limit (a VIP's raise,
// SPEC section 6): at once, with a reason, through the same code as
// `casino limits set-bet` (protection.SupportSetLimit, its own limit audit),
// and in the back office's audit log. amount "" or "0" removes the limit.
func (b *Service) SetBetLimit(ctx context.Context, m *staff.Member, playerID int64, period, amount, reason string) (LimitRow, error) {
	if reason == "" {
		return LimitRow{}, staff.ErrReasonRequired
	}
	if b.Protection == nil {
		return LimitRow{}, api.ErrNotFound
	}
	email, cur, err := b.playerCurrency(ctx, b.DB.Read, playerID)
	if err != nil {
		return LimitRow{}, err
	}
	var minor int64
	if s := strings.TrimSpace(amount); s != "" {
		v, err := ledger.Parse(s, cur)
		if err != nil || v.Sign() < 0 {
			return LimitRow{}, protection.ErrAmount
		}
		minor = v.Minor()
	}
	text := func(n int64) string {
		if n == 0 {
			return ""
		}
		return ledger.FormatMinor(n, cur.Decimals)
	}
	err = b.Protection.SupportSetLimitWith(ctx, playerID, cur, "bet", period, minor, reason, m.Actor(), func(tx *sql.Tx, before int64) error {
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: "player.limit.bet", Target: fmt.Sprintf("player:%d", playerID),
			Before: map[string]string{"player": email, "period": period, "amount": text(before), "currency": cur.Code},
			After:  map[string]string{"period": period, "amount": text(minor), "currency": cur.Code}, Reason: reason})
	})
	if err != nil {
		return LimitRow{}, err
	}
	return LimitRow{Type: "bet", Period: period, Amount: text(minor)}, nil
}

// Freeze freezes a player's account (suspicion of fraud, a complaint under
// review): every session ends at once, the log-in answers ACCOUNT_FROZEN
// until Unfreeze. Audited with the reason.
func (b *Service) Freeze(ctx context.Context, m *staff.Member, playerID int64, reason string) (*account.Freeze, error) {
	if reason == "" {
		return nil, staff.ErrReasonRequired
	}
	f := account.Freeze{FrozenAt: clock.Or(b.Clock).Now().UTC().Format("2006-01-02T15:04:05.000Z"), FrozenBy: m.Actor(), Reason: reason}
	err := b.DB.Tx(ctx, func(tx *sql.Tx) error {
		email, _, err := b.playerCurrency(ctx, tx, playerID)
		if err != nil {
			return err
		}
		var sessions int
		tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM sessions WHERE user_id = ?`, playerID).Scan(&sessions)
		before, err := account.FreezeTx(ctx, tx, playerID, f)
		if err != nil {
			return err
		}
		if before != nil {
			f = *before
			return nil // already frozen: nothing changes, nothing to audit
		}
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: "player.freeze", Target: fmt.Sprintf("player:%d", playerID),
			Before: map[string]any{"player": email, "frozen": false, "sessions": sessions}, After: map[string]any{"frozen": true, "sessions": 0}, Reason: reason})
	})
	if err != nil {
		return nil, err
	}
	// Through the manager too, so whatever it keeps of the sessions goes.
	if b.Sessions != nil {
		if err := b.Sessions.RevokeAll(ctx, playerID); err != nil {
			return nil, err
		}
	}
	if b.Notify != nil {
		b.Notify(playerID)
	}
	return &f, nil
}

// Unfreeze lifts the operator's freeze (audited with the reason).
func (b *Service) Unfreeze(ctx context.Context, m *staff.Member, playerID int64, reason string) error {
	if reason == "" {
		return staff.ErrReasonRequired
	}
	return b.DB.Tx(ctx, func(tx *sql.Tx) error {
		email, _, err := b.playerCurrency(ctx, tx, playerID)
		if err != nil {
			return err
		}
		before, err := account.UnfreezeTx(ctx, tx, playerID)
		if err != nil || before == nil {
			return err
		}
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: "player.unfreeze", Target: fmt.Sprintf("player:%d", playerID),
			Before: map[string]any{"player": email, "frozen": true, "frozenBy": before.FrozenBy, "frozenAt": before.FrozenAt, "reason": before.Reason},
			After:  map[string]any{"frozen": false}, Reason: reason})
	})
}
