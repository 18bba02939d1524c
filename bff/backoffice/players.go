package backoffice

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"casino/bff/api"
	"casino/bff/cashier"
	"casino/bff/clock"
	"casino/bff/kyc"
	"casino/bff/ledger"
	"casino/bff/session"
	"casino/bff/staff"
)

// PlayerRow is a player in the search results.
type PlayerRow struct {
	ID           int64  `json:"id"`
	Email        string `json:"email"`
	Name         string `json:"name"`
	Country      string `json:"country"`
	Currency     string `json:"currency"`
	KYCStatus    string `json:"kycStatus"`
	CreatedAt    string `json:"createdAt"`
	SelfExcluded bool   `json:"selfExcluded"`
}

const playerColumns = `id, email, trim(first_name || ' ' || last_name), country_code, currency_code, kyc_status, created_at, self_exclusion_until, self_exclusion_permanent`

func (b *Service) scanPlayer(row interface{ Scan(...any) error }, extra ...any) (PlayerRow, string, bool, error) {
	var p PlayerRow
	var until string
	var permanent bool
	err := row.Scan(append([]any{&p.ID, &p.Email, &p.Name, &p.Country, &p.Currency, &p.KYCStatus, &p.CreatedAt, &until, &permanent}, extra...)...)
	p.SelfExcluded = session.SelfExcluded(until, permanent, clock.Or(b.Clock).Now())
	return p, until, permanent, err
}

// Players finds players by id or part of the e-mail (at most 50, newest
// first).
func (b *Service) Players(ctx context.Context, q string) ([]PlayerRow, error) {
	q = strings.TrimSpace(q)
	out := []PlayerRow{}
	if q == "" {
		return out, nil
	}
	if len(q) > 254 {
		return nil, api.ErrValidation.WithField("q", "Invalid format")
	}
	id, _ := strconv.ParseInt(q, 10, 64)
	like := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(q) + "%"
	rows, err := b.DB.Read.QueryContext(ctx, `SELECT `+playerColumns+` FROM users WHERE id = ? OR email LIKE ? ESCAPE '\' ORDER BY id DESC LIMIT 50`, id, like)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		p, _, _, err := b.scanPlayer(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// StatementLine is one posting of the player's ledger statement.
type StatementLine struct {
	Date         string `json:"date"`
	Kind         string `json:"kind"`
	Account      string `json:"account"`
	Amount       string `json:"amount"`
	BalanceAfter string `json:"balanceAfter"`
}

// Player is one player's page: profile, balances, protection state, the
// latest ledger postings, documents and withdrawals.
type Player struct {
	PlayerRow
	EmailVerified          bool   `json:"emailVerified"`
	Phone                  string `json:"phone"`
	DateOfBirth            string `json:"dateOfBirth"`
	Address                string `json:"address"`
	DepositCount           int    `json:"depositCount"`
	SelfExclusionUntil     string `json:"selfExclusionUntil"`
	SelfExclusionPermanent bool   `json:"selfExclusionPermanent"`
	Balances               struct {
		Real   string `json:"real"`
		Bonus  string `json:"bonus"`
		OnHold string `json:"onHold"`
	} `json:"balances"`
	Statement   []StatementLine      `json:"statement"`
	Notes       []Note               `json:"notes"`
	Documents   []kyc.Document       `json:"documents"`
	Withdrawals []cashier.Withdrawal `json:"withdrawals"`
	Rounds      []Round              `json:"rounds"`
	Sessions    []PlayerSession      `json:"sessions"`
	Protection  Protection           `json:"protection"`
}

// Player returns one player's page.
func (b *Service) Player(ctx context.Context, id int64) (Player, error) {
	var p Player
	var phoneCode, phone, city, zip string
	row, until, permanent, err := b.scanPlayer(b.DB.Read.QueryRowContext(ctx, `SELECT `+playerColumns+`, is_email_verified, phone_code, phone, date_of_birth,
		address, city, zip_code, deposit_count FROM users WHERE id = ?`, id),
		&p.EmailVerified, &phoneCode, &phone, &p.DateOfBirth, &p.Address, &city, &zip, &p.DepositCount)
	if errors.Is(err, sql.ErrNoRows) {
		return p, fmt.Errorf("player %d: %w", id, api.ErrNotFound)
	}
	if err != nil {
		return p, err
	}
	p.PlayerRow, p.SelfExclusionUntil, p.SelfExclusionPermanent = row, until, permanent
	p.Phone = strings.TrimSpace(phoneCode + " " + phone)
	p.Address = strings.Trim(strings.Join([]string{p.Address, zip, city}, ", "), ", ")
	cur, err := ledger.LookupCurrency(p.Currency)
	if err != nil {
		return p, err
	}
	bal, err := b.Ledger.PlayerBalances(ctx, id, cur)
	if err != nil {
		return p, err
	}
	p.Balances.Real, p.Balances.Bonus, p.Balances.OnHold = bal.Real.Decimal(), bal.Bonus.Decimal(), bal.OnHold.Decimal()
	st, err := b.Ledger.Statement(ctx, ledger.StatementQuery{PlayerID: id, Limit: 50})
	if err != nil {
		return p, err
	}
	p.Statement = make([]StatementLine, 0, len(st.Rows))
	for _, r := range st.Rows {
		p.Statement = append(p.Statement, StatementLine{Date: r.Date.UTC().Format(time.RFC3339), Kind: string(r.Kind), Account: string(r.Account),
			Amount: r.Amount.Decimal(), BalanceAfter: r.BalanceAfter.Decimal()})
	}
	if p.Documents, err = b.KYC.Documents(ctx, id); err != nil {
		return p, err
	}
	w, err := b.Cashier.Withdrawals(ctx, id, "", 1, 20)
	if err != nil {
		return p, err
	}
	p.Withdrawals = w.Rows
	if p.Rounds, err = b.Rounds(ctx, id); err != nil {
		return p, err
	}
	if p.Sessions, err = b.PlayerSessions(ctx, id); err != nil {
		return p, err
	}
	if p.Protection, err = b.protectionOf(ctx, id, cur); err != nil {
		return p, err
	}
	p.Notes, err = b.notes(ctx, id)
	return p, err
}

// Note is a staff member's note on a player.
type Note struct {
	ID        int64  `json:"id"`
	Author    string `json:"author"`
	Body      string `json:"body"`
	CreatedAt string `json:"createdAt"`
}

func (b *Service) notes(ctx context.Context, playerID int64) ([]Note, error) {
	rows, err := b.DB.Read.QueryContext(ctx, `SELECT id, author, body, created_at FROM staff_player_notes WHERE player_id = ? ORDER BY id DESC LIMIT 100`, playerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Note{}
	for rows.Next() {
		var n Note
		if err := rows.Scan(&n.ID, &n.Author, &n.Body, &n.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// AddNote appends m's note on a player, audited in the same transaction.
func (b *Service) AddNote(ctx context.Context, m *staff.Member, playerID int64, body string) (Note, error) {
	body = strings.TrimSpace(body)
	if body == "" {
		return Note{}, api.ErrValidation.WithField("body", "Required")
	}
	if len(body) > 2000 {
		return Note{}, api.ErrValidation.WithField("body", "Invalid format")
	}
	n := Note{Author: m.Email, Body: body, CreatedAt: clock.Or(b.Clock).Now().UTC().Format("2006-01-02T15:04:05.000Z")}
	err := b.DB.Tx(ctx, func(tx *sql.Tx) error {
		var email string
		err := tx.QueryRowContext(ctx, `SELECT email FROM users WHERE id = ?`, playerID).Scan(&email)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("player %d: %w", playerID, api.ErrNotFound)
		}
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO staff_player_notes(player_id, staff_id, author, body, created_at) VALUES (?, ?, ?, ?, ?)`,
			playerID, m.ID, m.Email, body, n.CreatedAt)
		if err != nil {
			return err
		}
		n.ID, _ = res.LastInsertId()
		return b.Staff.Record(ctx, tx, m, staff.Change{Action: "player.note", Target: fmt.Sprintf("player:%d", playerID),
			After: map[string]string{"player": email, "note": body}})
	})
	return n, err
}
