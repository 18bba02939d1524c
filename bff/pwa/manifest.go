package pwa

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// ManifestPath is where the site serves the Web App Manifest.
const ManifestPath = "/manifest.webmanifest"

// IconPrefix is where the icons are served: IconPrefix + Colours.Key() + "/" + file.
const IconPrefix = "/pwa/icons/"

// IconURL is the URL of one icon drawn in c.
func IconURL(c Colours, file string) string { return IconPrefix + c.Key() + "/" + file }

// App is what the manifest says about the casino, from the site settings.
type App struct {
	Name        string // brandName
	ShortName   string // shortName, else the brand's first word (at most 12 characters)
	Description string
	StartURL    string // the root page address
	ThemeColour string // <meta name="theme-color"> and theme_color: the surface colour
	Background  string // background_color (the splash screen): the background colour
	Icons       Colours
}

// ShortNameOf is the home-screen label: the operator's short name, or the
// brand's first word cut to 12 characters (what fits under an icon).
func ShortNameOf(shortName, brand string) string {
	if s := strings.TrimSpace(shortName); s != "" {
		return s
	}
	first, _, _ := strings.Cut(strings.TrimSpace(brand), " ")
	if first == "" {
		return "Casino"
	}
	for utf8.RuneCountInString(first) > 12 {
		_, n := utf8.DecodeLastRuneInString(first)
		first = first[:len(first)-n]
	}
	return first
}

type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose"`
}

// Manifest is the JSON document of ManifestPath.
func Manifest(a App) []byte {
	start := a.StartURL
	if start == "" || !strings.HasPrefix(start, "/") {
		start = "/"
	}
	doc := struct {
		ID              string         `json:"id"`
		Name            string         `json:"name"`
		ShortName       string         `json:"short_name"`
		Description     string         `json:"description,omitempty"`
		StartURL        string         `json:"start_url"`
		Scope           string         `json:"scope"`
		Display         string         `json:"display"`
		Orientation     string         `json:"orientation"`
		ThemeColor      string         `json:"theme_color"`
		BackgroundColor string         `json:"background_color"`
		Categories      []string       `json:"categories"`
		Icons           []manifestIcon `json:"icons"`
	}{
		ID: "/", Name: a.Name, ShortName: a.ShortName, Description: a.Description,
		StartURL: start, Scope: "/", Display: "standalone", Orientation: "any",
		ThemeColor: a.ThemeColour, BackgroundColor: a.Background,
		Categories: []string{"games", "entertainment"},
	}
	for i, f := range IconFiles {
		if f == "apple-touch-icon.png" {
			continue // <link rel="apple-touch-icon">, not the manifest
		}
		size := itoa(IconSizes[i])
		purpose := "any"
		if strings.Contains(f, "maskable") {
			purpose = "maskable"
		}
		doc.Icons = append(doc.Icons, manifestIcon{Src: IconURL(a.Icons, f), Sizes: size + "x" + size, Type: "image/png", Purpose: purpose})
	}
	b, _ := json.MarshalIndent(doc, "", "  ")
	return b
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
