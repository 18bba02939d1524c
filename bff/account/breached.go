package account

import (
	_ "embed"
	"strings"
	"sync"
)

// commonPasswords is every password of 8 or more characters in the
// "passwords" frequency list of the npm package @zxcvbn-ts/language-common
// 4.1.3 (MIT). That list was built from Mark Burnett's public data set of ten
// million leaked username/password pairs (xato.net, 2015; also in SecLists as
// Passwords/xato-net-10-million-passwords): passwords seen more than ten
// times, lower-cased, most frequent first. Shorter entries are left out: the
// length rule refuses them anyway. ASVS 5.0 (6.2.4) asks for such a check.
//
//go:embed common-passwords.txt
var commonPasswordsText string

var commonPasswords = sync.OnceValue(func() map[string]struct{} {
	set := make(map[string]struct{}, 18000)
	for _, p := range strings.Split(commonPasswordsText, "\n") {
		if p != "" {
			set[p] = struct{}{}
		}
	}
	return set
})

// isCommonPassword reports whether pw, ignoring case, is on the list.
func isCommonPassword(pw string) bool {
	_, ok := commonPasswords()[strings.ToLower(pw)]
	return ok
}
