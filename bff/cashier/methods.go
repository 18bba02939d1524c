package cashier

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"casino/bff/cashier/coins"
	"casino/bff/ledger"
)

// Method kinds.
const (
	KindCard       = "card"
	KindCrypto     = "crypto"
	KindBank       = "bank"
	KindNetbanking = "netbanking"
	KindUPI        = "upi"
	KindWallet     = "wallet"
)

// Limit is a method's minimum and maximum amount in one currency, decimal
// strings in the currency's precision.
type Limit struct {
	Min string `json:"min"`
	Max string `json:"max"`
}

// Method is an operator's payment method as stored and seeded (the
// settings fields of SPEC section 3).
type Method struct {
	ID                     int64               `json:"id,omitempty"`
	Name                   string              `json:"name"`
	Kind                   string              `json:"paymentMethod"`
	Processor              string              `json:"processor"`
	Title                  string              `json:"title"`
	RawTitle               string              `json:"rawTitle"`
	Description            string              `json:"description"`
	ThumbnailURL           string              `json:"thumbnailUrl"`
	Order                  int                 `json:"order"`
	IsActive               bool                `json:"isActive"`
	Hidden                 bool                `json:"hidden"`
	WithdrawalExist        bool                `json:"withdrawalExist"`
	RequiresPhone          bool                `json:"requiresPhone"`
	AllowedCountries       []string            `json:"allowedCountries"`
	RestrictedCountries    []string            `json:"restrictedCountries"`
	TagRestrictedCountries map[string][]string `json:"tagRestrictedCountries"`
	AllowedCurrencies      []string            `json:"allowedCurrencies"`
	RestrictedCurrencies   []string            `json:"restrictedCurrencies"`
	AllowEmails            []string            `json:"allowEmails"`
	AllowTags              []string            `json:"allowTags"`
	Limits                 map[string]Limit    `json:"limits"`
}

// cardFormNames are the method names that use the card form; any other name
// falls back to the carouseller method on the client (SPEC section 3).
var cardFormNames = []string{"visa", "master", "mastercard", "card", "cards"}

// IsCardForm reports whether the method collects a card.
func (m Method) IsCardForm() bool { return slices.Contains(cardFormNames, strings.ToLower(m.Name)) }

// TRY rule of SPEC section 9: for Turkish lira, methods without their own
// TRY limit accept 5 to 100000.
var tryLimit = Limit{Min: "5", Max: "100000"}

// limit returns the method's bounds in cur: its own, the TRY rule, or the
// operator's default for the currency; ok is false when the method does not
// take the currency.
func (m Method) limit(cur ledger.Currency, st Settings) (lo, hi ledger.Money, ok bool) {
	l, found := m.Limits[cur.Code]
	if !found && cur.Code == "TRY" {
		l, found = tryLimit, true
	}
	if !found {
		l, found = st.DefaultLimits[cur.Code]
	}
	if !found {
		return ledger.Money{}, ledger.Money{}, false
	}
	lo, err1 := ledger.Parse(l.Min, cur)
	hi, err2 := ledger.Parse(l.Max, cur)
	if err1 != nil || err2 != nil || lo.Sign() <= 0 || hi.Minor() < lo.Minor() {
		return ledger.Money{}, ledger.Money{}, false
	}
	return lo, hi, true
}

const methodColumns = `id, name, kind, processor, title, raw_title, description, thumbnail_url, sort_order, is_active, hidden,
	withdrawal_exist, requires_phone, allowed_countries, restricted_countries, tag_restricted_countries, allowed_currencies,
	restricted_currencies, allow_emails, allow_tags, limits`

// Methods returns every stored method, in display order.
func (s *Service) Methods(ctx context.Context) ([]Method, error) {
	return s.queryMethods(ctx, `ORDER BY sort_order, id`)
}

// method returns the stored method with the given name (case-insensitive:
// names are stored in lower case).
func (s *Service) method(ctx context.Context, name string) (Method, bool, error) {
	ms, err := s.queryMethods(ctx, `WHERE name = ?`, strings.ToLower(strings.TrimSpace(name)))
	if err != nil || len(ms) == 0 {
		return Method{}, false, err
	}
	return ms[0], true, nil
}

// queryMethods reads the methods the clause (WHERE / ORDER BY) selects.
func (s *Service) queryMethods(ctx context.Context, clause string, args ...any) ([]Method, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT `+methodColumns+` FROM payment_methods `+clause, args...)
	if err != nil {
		return nil, fmt.Errorf("payment methods: %w", err)
	}
	defer rows.Close()
	var out []Method
	for rows.Next() {
		var m Method
		var ac, rc, trc, acur, rcur, ae, at, lim string
		if err := rows.Scan(&m.ID, &m.Name, &m.Kind, &m.Processor, &m.Title, &m.RawTitle, &m.Description, &m.ThumbnailURL,
			&m.Order, &m.IsActive, &m.Hidden, &m.WithdrawalExist, &m.RequiresPhone, &ac, &rc, &trc, &acur, &rcur, &ae, &at, &lim); err != nil {
			return nil, err
		}
		for _, f := range []struct {
			raw string
			dst any
		}{{ac, &m.AllowedCountries}, {rc, &m.RestrictedCountries}, {trc, &m.TagRestrictedCountries}, {acur, &m.AllowedCurrencies},
			{rcur, &m.RestrictedCurrencies}, {ae, &m.AllowEmails}, {at, &m.AllowTags}, {lim, &m.Limits}} {
			if err := json.Unmarshal([]byte(f.raw), f.dst); err != nil {
				return nil, fmt.Errorf("payment method %s: %w", m.Name, err)
			}
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// SaveMethods upserts methods by name (the seed); methods not listed stay.
func (s *Service) SaveMethods(ctx context.Context, methods []Method) error {
	return s.SaveMethodsWith(ctx, methods, nil)
}

// SaveMethodsWith is SaveMethods running hook (when set) in the same
// transaction: the back office's audit row commits with the change.
func (s *Service) SaveMethodsWith(ctx context.Context, methods []Method, hook func(*sql.Tx) error) error {
	for _, m := range methods {
		if err := m.check(); err != nil {
			return err
		}
	}
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		for _, m := range methods {
			js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
			list := func(v []string) string { return js(upperAll(v)) }
			tags := map[string][]string{}
			for k, v := range m.TagRestrictedCountries {
				tags[k] = upperAll(v)
			}
			limits := map[string]Limit{}
			for k, v := range m.Limits {
				limits[strings.ToUpper(k)] = v
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO payment_methods(name, kind, processor, title, raw_title, description, thumbnail_url,
					sort_order, is_active, hidden, withdrawal_exist, requires_phone, allowed_countries, restricted_countries,
					tag_restricted_countries, allowed_currencies, restricted_currencies, allow_emails, allow_tags, limits, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ','now'))
				ON CONFLICT(name) DO UPDATE SET kind = excluded.kind, processor = excluded.processor, title = excluded.title,
					raw_title = excluded.raw_title, description = excluded.description, thumbnail_url = excluded.thumbnail_url,
					sort_order = excluded.sort_order, is_active = excluded.is_active, hidden = excluded.hidden,
					withdrawal_exist = excluded.withdrawal_exist, requires_phone = excluded.requires_phone,
					allowed_countries = excluded.allowed_countries, restricted_countries = excluded.restricted_countries,
					tag_restricted_countries = excluded.tag_restricted_countries, allowed_currencies = excluded.allowed_currencies,
					restricted_currencies = excluded.restricted_currencies, allow_emails = excluded.allow_emails,
					allow_tags = excluded.allow_tags, limits = excluded.limits, updated_at = excluded.updated_at`,
				strings.ToLower(m.Name), m.Kind, m.Processor, m.Title, m.RawTitle, m.Description, m.ThumbnailURL, m.Order,
				m.IsActive, m.Hidden, m.WithdrawalExist, m.RequiresPhone, list(m.AllowedCountries), list(m.RestrictedCountries),
				js(tags), list(m.AllowedCurrencies), list(m.RestrictedCurrencies), js(nonNil(m.AllowEmails)), js(nonNil(m.AllowTags)), js(limits))
			if err != nil {
				return fmt.Errorf("payment method %s: %w", m.Name, err)
			}
		}
		if hook != nil {
			return hook(tx)
		}
		return nil
	})
}

// MethodNamed returns the stored method with the given name (ok false: none).
func (s *Service) MethodNamed(ctx context.Context, name string) (Method, bool, error) {
	return s.method(ctx, name)
}

func (m Method) check() error {
	switch {
	case m.Name == "" || len(m.Name) > 64:
		return fmt.Errorf("payment method %q: name must be 1 to 64 characters", m.Name)
	case !slices.Contains([]string{KindCard, KindCrypto, KindBank, KindNetbanking, KindUPI, KindWallet}, m.Kind):
		return fmt.Errorf("payment method %s: unknown paymentMethod %q", m.Name, m.Kind)
	case m.Processor == "":
		return fmt.Errorf("payment method %s: processor required", m.Name)
	}
	for code, l := range m.Limits {
		cur, err := ledger.LookupCurrency(code)
		if err != nil {
			return fmt.Errorf("payment method %s: %w", m.Name, err)
		}
		if _, _, ok := (Method{Limits: map[string]Limit{cur.Code: l}}).limit(cur, Settings{}); !ok {
			return fmt.Errorf("payment method %s: limit %s %+v is not 0 < min <= max", m.Name, code, l)
		}
	}
	return nil
}

func upperAll(v []string) []string {
	out := make([]string, 0, len(v))
	for _, s := range v {
		out = append(out, strings.ToUpper(strings.TrimSpace(s)))
	}
	return out
}

func nonNil(v []string) []string {
	if v == nil {
		return []string{}
	}
	return v
}

// Viewer is who asks for the methods: a logged-in player (email, tags) or a
// visitor.
type Viewer struct {
	LoggedIn bool
	Email    string
	// EmailVerified: allowEmails matches a verified address only, or signing
	// up with someone else's address would unlock their method (issue 18,
	// item 15).
	EmailVerified bool
	Tags          []string
}

// Purpose of a listing.
const (
	ForDeposit    = "deposit"
	ForWithdrawal = "withdrawal"
)

// Refusal is why a method is not offered; the deposit and withdrawal calls
// turn it into their errors.
type Refusal int

const (
	Offered Refusal = iota
	RefusedInactive
	RefusedCountry
	RefusedCurrency
	RefusedAudience // allowEmails / allowTags
	RefusedPurpose  // no withdrawals through this method
)

// Offer decides whether m is offered to v in country and cur for purpose,
// by the rules of docs/cashier.md, in order.
func (m Method) Offer(v Viewer, country string, cur ledger.Currency, purpose string, st Settings) Refusal {
	country = strings.ToUpper(country)
	switch {
	case !m.IsActive:
		return RefusedInactive
	case purpose == ForWithdrawal && !m.WithdrawalExist:
		return RefusedPurpose
	case country != "" && len(m.AllowedCountries) > 0 && !slices.Contains(m.AllowedCountries, country):
		return RefusedCountry
	case country != "" && slices.Contains(m.RestrictedCountries, country):
		return RefusedCountry
	case country != "" && slices.Contains(m.tagRestrictions(v), country):
		return RefusedCountry
	case len(m.AllowedCurrencies) > 0 && !slices.Contains(m.AllowedCurrencies, cur.Code):
		return RefusedCurrency
	case slices.Contains(m.RestrictedCurrencies, cur.Code):
		return RefusedCurrency
	case len(m.AllowEmails) > 0 && !slices.ContainsFunc(m.AllowEmails, func(e string) bool { return v.LoggedIn && v.EmailVerified && strings.EqualFold(e, v.Email) }):
		return RefusedAudience
	case len(m.AllowTags) > 0 && !slices.ContainsFunc(m.AllowTags, func(t string) bool { return v.LoggedIn && slices.Contains(v.Tags, t) }):
		return RefusedAudience
	}
	if m.Kind == KindCrypto && len(coins.ForCurrency(cur.Code)) == 0 {
		return RefusedCurrency
	}
	if _, _, ok := m.limit(cur, st); !ok {
		return RefusedCurrency
	}
	return Offered
}

// tagRestrictions are the countries tagRestrictedCountries closes to v:
// "default" for players without tags (and visitors), "unmatched" for players
// whose tags have no entry, otherwise "matched" plus every matching tag's
// own list.
func (m Method) tagRestrictions(v Viewer) []string {
	t := m.TagRestrictedCountries
	if len(t) == 0 {
		return nil
	}
	if len(v.Tags) == 0 {
		return t["default"]
	}
	var out []string
	matched := false
	for _, tag := range v.Tags {
		if tag == "default" || tag == "matched" || tag == "unmatched" {
			continue
		}
		if list, ok := t[tag]; ok {
			matched = true
			out = append(out, list...)
		}
	}
	if !matched {
		return t["unmatched"]
	}
	return append(out, t["matched"]...)
}

// MethodView is one entry of get-payments.
type MethodView struct {
	ID              int64    `json:"id"`
	Name            string   `json:"name"`
	PaymentMethod   string   `json:"paymentMethod"`
	IsCardForm      bool     `json:"isCardForm"`
	Title           string   `json:"title"`
	RawTitle        string   `json:"rawTitle"`
	Description     string   `json:"description"`
	ThumbnailURL    string   `json:"thumbnailUrl"`
	ThumbnailURLOld string   `json:"thumbnail_url"`
	Order           int      `json:"order"`
	IsActive        bool     `json:"isActive"`
	Hidden          bool     `json:"hidden"`
	WithdrawalExist bool     `json:"withdrawalExist"`
	RequiresPhone   bool     `json:"requiresPhone"`
	CurrencyCode    string   `json:"currencyCode"`
	MinAmount       string   `json:"minAmount"`
	MaxAmount       string   `json:"maxAmount"`
	Networks        []string `json:"networks"`
}

func (m Method) view(cur ledger.Currency, st Settings) MethodView {
	lo, hi, _ := m.limit(cur, st)
	nets := []string{}
	if m.Kind == KindCrypto {
		for _, n := range coins.ForCurrency(cur.Code) {
			nets = append(nets, n.Name)
		}
	}
	return MethodView{ID: m.ID, Name: m.Name, PaymentMethod: m.Kind, IsCardForm: m.IsCardForm(), Title: m.Title,
		RawTitle: m.RawTitle, Description: m.Description, ThumbnailURL: m.ThumbnailURL, ThumbnailURLOld: m.ThumbnailURL,
		Order: m.Order, IsActive: m.IsActive, Hidden: m.Hidden, WithdrawalExist: m.WithdrawalExist,
		RequiresPhone: m.RequiresPhone, CurrencyCode: cur.Code, MinAmount: lo.Decimal(), MaxAmount: hi.Decimal(), Networks: nets}
}

// ListQuery is a get-payments request.
type ListQuery struct {
	Viewer   Viewer
	Country  string
	Currency string
	Purpose  string // ForDeposit (default) or ForWithdrawal
}

// List returns the methods offered for q, sorted by order then id.
func (s *Service) List(ctx context.Context, q ListQuery) ([]MethodView, error) {
	cur, err := ledger.LookupCurrency(q.Currency)
	if err != nil {
		return nil, fmt.Errorf("get-payments: %w", ErrCurrency)
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return nil, err
	}
	all, err := s.Methods(ctx)
	if err != nil {
		return nil, err
	}
	out := []MethodView{}
	for _, m := range all {
		if m.Offer(q.Viewer, q.Country, cur, q.Purpose, st) == Offered {
			out = append(out, m.view(cur, st))
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Order != out[j].Order {
			return out[i].Order < out[j].Order
		}
		return out[i].ID < out[j].ID
	})
	return out, nil
}
