package shell

import "strconv"

func itoa(i int) string { return strconv.Itoa(i) }

func kindName(k Kind) string {
	switch k {
	case KindInfo:
		return "info"
	case KindNotFound:
		return "not-found"
	default:
		return "app"
	}
}

// menuIcon picks the icon of a header menu item: its own, or one by id.
func menuIcon(l Link) string {
	if l.Icon != "" {
		return l.Icon
	}
	switch l.ID {
	case "profile":
		return "user"
	case "deposit":
		return "wallet"
	case "withdrawal", "withdraw":
		return "withdraw"
	case "transactions":
		return "list"
	case "logout":
		return "logout"
	}
	return ""
}

// guestButtonClass makes Sign up the primary call to action.
func guestButtonClass(l Link) string {
	if l.ID == "signup" {
		return "btn-primary"
	}
	return "btn-ghost"
}

func languageName(langs []Language, code string) string {
	for _, l := range langs {
		if l.Code == code {
			return l.Name
		}
	}
	return code
}

// languageFlag is the flag image of a language code ("" when none).
func languageFlag(langs []Language, code string) string {
	for _, l := range langs {
		if l.Code == code {
			return l.Flag
		}
	}
	return ""
}
