package bonus

import (
	"encoding/json"
	"strings"

	"casino/bff/ledger"
)

// Wagering contribution per game category (docs/bonus.md "Wagering
// contribution"): the percent of a stake that counts towards a bonus's
// wagering depends on the kind of game it was staked on (games.kind: slot,
// live, table; any other or unknown kind is "other"). The operator sets it
// per bonus (catalogue field wageringContribution); kinds it leaves out take
// DefaultContribution's. A player's bonus keeps the shares in force when it
// was granted (user_bonuses.wagering_contribution).

// DefaultContribution: slots count in full, table games a fifth, live
// casino a tenth.
var DefaultContribution = map[string]int{"slot": 100, "table": 20, "live": 10, "other": 100}

var contributionKinds = map[string]bool{"slot": true, "live": true, "table": true, "other": true}

// withDefaults reads a stored contribution ('{}' or partial) with the
// defaults filled in.
func withDefaults(raw string) map[string]int {
	out := map[string]int{}
	for k, v := range DefaultContribution {
		out[k] = v
	}
	var m map[string]int
	if json.Unmarshal([]byte(raw), &m) == nil {
		for k, v := range m {
			if contributionKinds[k] && v >= 0 && v <= 100 {
				out[k] = v
			}
		}
	}
	return out
}

// contributionText is the stored form of an operator's setting.
func contributionText(m map[string]int) string {
	if len(m) == 0 {
		return "{}"
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// contributionKind is the key a game kind is weighed under.
func contributionKind(kind string) string {
	kind = strings.ToLower(strings.TrimSpace(kind))
	if kind == "slots" {
		kind = "slot"
	}
	if contributionKinds[kind] {
		return kind
	}
	return "other"
}

// counted is the part of a stake that counts towards the wagering.
func counted(amount int64, percent int) int64 {
	return ledger.MulDiv(amount, int64(percent), 100)
}

// grantContribution is the text stored with a grant: the bonus's shares,
// defaults filled in, so a later catalogue change leaves running bonuses be.
func (b Bonus) grantContribution() string {
	m := b.WageringContribution
	if m == nil {
		m = withDefaults("{}")
	}
	return contributionText(m)
}
