package shell

import (
	"encoding/json"
	"strings"
)

// TourLabels are the onboarding tour's texts (already translated).
type TourLabels struct {
	Dialog, Progress, Next, Back, Skip, Finish, InMenu string
	LobbyTitle, LobbyText, DepositTitle, DepositText   string
	LimitsTitle, LimitsText, LimitsLink                string
	CalendarTitle, CalendarText                        string
}

// TourStep is one step: the element it points at (a CSS selector into the
// header), its texts and an optional link.
type TourStep struct {
	ID       string `json:"id"`
	Target   string `json:"target"`
	Title    string `json:"title"`
	Text     string `json:"text"`
	Href     string `json:"href,omitempty"`
	LinkText string `json:"linkText,omitempty"`
}

// tourDoc is the document of <div id="onboarding-tour" data-tour>, read by
// the root config's lazy tour chunk (shell/root-config/src/tour.ts).
type tourDoc struct {
	Labels struct {
		Dialog   string `json:"dialog"`
		Progress string `json:"progress"` // "Step {step} of {total}"
		Next     string `json:"next"`
		Back     string `json:"back"`
		Skip     string `json:"skip"`
		Finish   string `json:"finish"`
		InMenu   string `json:"inMenu"`
	} `json:"labels"`
	// Menu is the selector of the menu button: a step whose target is hidden
	// (in the closed side navigation, menu mode and mobile) points at it.
	Menu  string     `json:"menu"`
	Steps []TourStep `json:"steps"`
}

// TourJSON is the tour of this page's header: the lobby, deposit, the
// responsible-gaming limits (limitsHref) and the calendar, each when the
// header has its element. "" when there is nothing to show.
func (p *Page) TourJSON(limitsHref string) string {
	if p.Viewer == nil || p.Viewer.Restricted {
		return ""
	}
	t := p.Labels.Tour
	var d tourDoc
	d.Labels.Dialog, d.Labels.Progress, d.Labels.Next, d.Labels.Back = t.Dialog, t.Progress, t.Next, t.Back
	d.Labels.Skip, d.Labels.Finish, d.Labels.InMenu = t.Skip, t.Finish, t.InMenu
	d.Menu = ".topbar .menu-btn"
	navTarget := func(id string) string {
		for _, l := range p.NavUser {
			if l.ID == id {
				return `#site-nav a[href="` + cssString(l.Href) + `"]`
			}
		}
		return ""
	}
	lobby := navTarget("casino")
	if lobby == "" {
		lobby = ".topbar .brand"
	}
	d.Steps = append(d.Steps, TourStep{ID: "lobby", Target: lobby, Title: t.LobbyTitle, Text: t.LobbyText})
	if _, ok := p.MenuLink("deposit"); ok {
		d.Steps = append(d.Steps, TourStep{ID: "deposit", Target: ".topbar .btn-deposit", Title: t.DepositTitle, Text: t.DepositText})
	}
	d.Steps = append(d.Steps, TourStep{ID: "limits", Target: ".topbar .user-chip", Title: t.LimitsTitle, Text: t.LimitsText, Href: limitsHref, LinkText: t.LimitsLink})
	if cal := navTarget("cashback"); cal != "" {
		d.Steps = append(d.Steps, TourStep{ID: "calendar", Target: cal, Title: t.CalendarTitle, Text: t.CalendarText})
	}
	b, err := json.Marshal(d)
	if err != nil {
		return ""
	}
	return string(b)
}

// cssString escapes s for a double-quoted CSS attribute value.
func cssString(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", "").Replace(s)
}
