package shell

import (
	"context"
	"html"
	"io"
	"net/url"
	"strings"

	"github.com/a-h/templ"
)

// Favicon is a data: URL, so no page triggers a /favicon.ico request.
var Favicon = "data:image/svg+xml," + url.PathEscape(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#f5b83d"/><path d="M16 7l2.6 5.4 5.9.8-4.3 4.1 1.1 5.8L16 20.3l-5.3 2.8 1.1-5.8-4.3-4.1 5.9-.8z" fill="#0f1220"/></svg>`)

var (
	cssURL   = StaticURL("shell.css")
	iconsURL = StaticURL("icons.svg")
)

// CSSURL is the immutable URL of the shell's stylesheet.
func CSSURL() string { return cssURL }

// MenuLink returns the menu item with id for the current viewer, if any.
func (p *Page) MenuLink(id string) (Link, bool) {
	for _, l := range p.Menu(p.LoggedIn()) {
		if l.ID == id {
			return l, true
		}
	}
	return Link{}, false
}

// restrictedMenu are the account links of a restricted session: what it
// may still use (bff/protection's restricted routes).
var restrictedMenu = map[string]bool{"profile": true, "withdrawal": true, "transactions": true, "logout": true}

// UserMenu is the account menu of the viewer: a restricted session keeps
// only the links it may still use.
func (p *Page) UserMenu() []Link {
	if p.Viewer == nil || !p.Viewer.Restricted {
		return p.MenuUser
	}
	out := make([]Link, 0, len(p.MenuUser))
	for _, l := range p.MenuUser {
		if restrictedMenu[l.ID] {
			out = append(out, l)
		}
	}
	return out
}

// RestrictedNotice says why a restricted session offers only withdrawal.
func (p *Page) RestrictedNotice() string {
	if p.Viewer == nil || !p.Viewer.Restricted {
		return ""
	}
	if p.Viewer.Until == "" {
		return p.Labels.RestrictedPermanent
	}
	return strings.ReplaceAll(p.Labels.Restricted, "{until}", p.Viewer.Until)
}

// headerSlot is the header, or p.HeaderSlot in its place.
func headerSlot(p *Page) templ.Component {
	if p.HeaderSlot != "" {
		return templ.Raw(p.HeaderSlot)
	}
	return Header(p)
}

// current reports whether href is the page being shown.
func (p *Page) current(href string) bool { return href == p.Path }

// icon renders <svg><use href="icons.svg#i-NAME"></use></svg>.
func icon(name, class string) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		if name == "" {
			return nil
		}
		_, err := io.WriteString(w, `<svg class="icon `+class+`" aria-hidden="true" focusable="false"><use href="`+iconsURL+`#i-`+html.EscapeString(name)+`"></use></svg>`)
		return err
	})
}

// scriptJSON renders an inline JSON data block. doc must be JSON produced by
// encoding/json (which escapes <, > and &), so it cannot close the element.
func scriptJSON(id, nonce, doc string) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := io.WriteString(w, `<script id="`+id+`" type="application/json" nonce="`+nonce+`">`+doc+`</script>`)
		return err
	})
}

// scriptSrc renders a deferred classic script.
func scriptSrc(src, nonce string) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		if src == "" {
			return nil
		}
		_, err := io.WriteString(w, `<script src="`+html.EscapeString(src)+`" nonce="`+nonce+`" defer></script>`)
		return err
	})
}

// headStyle renders the theme's custom properties and the tiny inline script
// that marks the document as scripted (skeleton animation, no-JS hints).
func headInline(css, nonce string) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		var b strings.Builder
		if css != "" {
			b.WriteString(`<style nonce="` + nonce + `">` + css + `</style>`)
		}
		b.WriteString(`<script nonce="` + nonce + `">document.documentElement.classList.add("js")</script>`)
		_, err := io.WriteString(w, b.String())
		return err
	})
}

// RenderFooter renders the footer of l once, for Layout.FooterHTML.
func RenderFooter(l *Layout) (string, error) {
	var b strings.Builder
	if err := Footer(l).Render(context.Background(), &b); err != nil {
		return "", err
	}
	return b.String(), nil
}
