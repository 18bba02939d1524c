package i18n

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Dates and times on the server's pages (the recall's "played" time) in the
// page's language. golang.org/x/text formats no dates, so each catalogue
// carries its own pattern, in CLDR's notation (what Intl.DateTimeFormat
// writes for {dateStyle: 'short', timeStyle: 'long'}, the year in full):
//
//	date.pattern  "dd.MM.y, HH:mm:ss z" (de), "M/d/y, h:mm:ss a z" (en)
//	date.am, date.pm  the day periods an "a" writes
//
// Letters: y (the year; yy its last two digits), M/MM month, d/dd day,
// H/HH hour 0–23, h/hh hour 1–12, mm minute, ss second, a AM/PM, z the
// time zone ("UTC": the pages write UTC). Any other character is written
// as it is; ASCII letters meant as text go between single quotes ('klo'),
// '' is an apostrophe. Thai counts the years of the Buddhist era, as its
// CLDR calendar and Intl do.

// DateTime writes t (in UTC) with the language's date.pattern.
func (l *Loc) DateTime(t time.Time) string { return l.dateTime(l.T("date.pattern"), t) }

func (l *Loc) dateTime(pattern string, t time.Time) string {
	t = t.UTC()
	var b strings.Builder
	eachField(pattern, func(letter rune, n int, literal string) {
		if letter == 0 {
			b.WriteString(literal)
			return
		}
		b.WriteString(l.field(t, letter, n))
	})
	return b.String()
}

func (l *Loc) field(t time.Time, letter rune, n int) string {
	pad := func(v int) string {
		if n >= 2 {
			return fmt.Sprintf("%02d", v)
		}
		return strconv.Itoa(v)
	}
	switch letter {
	case 'y':
		y := t.Year()
		if l.Lang == "th" {
			y += 543
		}
		if n == 2 {
			return fmt.Sprintf("%02d", y%100)
		}
		return strconv.Itoa(y)
	case 'M':
		return pad(int(t.Month()))
	case 'd':
		return pad(t.Day())
	case 'H':
		return pad(t.Hour())
	case 'h':
		h := t.Hour() % 12
		if h == 0 {
			h = 12
		}
		return pad(h)
	case 'm':
		return pad(t.Minute())
	case 's':
		return pad(t.Second())
	case 'a':
		if t.Hour() < 12 {
			return l.T("date.am")
		}
		return l.T("date.pm")
	case 'z':
		return "UTC"
	}
	return strings.Repeat(string(letter), n)
}

// eachField splits a pattern into runs of one ASCII letter (letter, its
// count) and literal text (letter 0).
func eachField(p string, f func(letter rune, n int, literal string)) {
	rs := []rune(p)
	for i := 0; i < len(rs); {
		c := rs[i]
		switch {
		case c == '\'' && i+1 < len(rs) && rs[i+1] == '\'': // '' is an apostrophe
			f(0, 0, "'")
			i += 2
		case c == '\'':
			var lit strings.Builder
			j := i + 1
			for ; j < len(rs); j++ {
				if rs[j] == '\'' {
					if j+1 < len(rs) && rs[j+1] == '\'' {
						lit.WriteRune('\'')
						j++
						continue
					}
					break
				}
				lit.WriteRune(rs[j])
			}
			f(0, 0, lit.String())
			i = j + 1
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(rs) && rs[j] == c {
				j++
			}
			f(c, j-i, "")
			i = j
		default:
			f(0, 0, string(c))
			i++
		}
	}
}

// Seconds writes a duration as a number of seconds in the language
// (unit.seconds, "{seconds} s": "15 s", "15 Sek.", "15秒"), the number with
// Num ("1,5" in German for 1.5 s).
func (l *Loc) Seconds(d time.Duration) string {
	return l.T("unit.seconds", "seconds", l.Num(strconv.FormatFloat(d.Seconds(), 'f', -1, 64)))
}
