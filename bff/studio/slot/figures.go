package slot

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"math"
	"math/big"
	"path"
)

// Figures is a game's maths as stored beside its definition, in
// content/games/maths/<id>.json: exact values as fractions "p/q" (of the bet
// for returns), computed by Maths. Enumerating the larger games takes
// seconds, so the stored figures are used whenever their hash matches the
// definition file byte for byte (a test recomputes them all).
type Figures struct {
	Game               string  `json:"game"`
	DefinitionSHA256   string  `json:"definitionSha256"`
	Combinations       string  `json:"combinations"`
	RTP                string  `json:"rtp"`
	BaseRTP            string  `json:"baseRtp"`
	FeatureRTP         string  `json:"featureRtp"`
	BonusBuyRTP        string  `json:"bonusBuyRtp,omitempty"`
	HitFrequency       string  `json:"hitFrequency"`
	TriggerProbability string  `json:"triggerProbability"`
	ExpectedFreeSpins  string  `json:"expectedFreeSpins,omitempty"`
	MaxMultiplier      string  `json:"maxMultiplier"`
	StdDev             float64 `json:"stdDev"`
	BonusBuyStdDev     float64 `json:"bonusBuyStdDev,omitempty"`
}

// DefinitionHash is the hex SHA-256 of a definition file.
func DefinitionHash(definition []byte) string {
	sum := sha256.Sum256(definition)
	return hex.EncodeToString(sum[:])
}

// FiguresOf computes the figures of a game from its definition bytes.
func FiguresOf(g *Game, definition []byte) (*Figures, error) {
	m, err := g.computeMathsOnce()
	if err != nil {
		return nil, err
	}
	f := &Figures{
		Game: g.ID(), DefinitionSHA256: DefinitionHash(definition),
		Combinations: m.Combinations.String(),
		RTP:          m.RTP.String(), BaseRTP: m.BaseRTP.String(), FeatureRTP: m.FeatureRTP.String(),
		HitFrequency: m.HitFrequency.String(), TriggerProbability: m.TriggerProbability.String(),
		MaxMultiplier: m.MaxMultiplier.String(), StdDev: round6(m.StdDev), BonusBuyStdDev: round6(m.BonusBuyStdDev),
	}
	if m.BonusBuyRTP != nil {
		f.BonusBuyRTP = m.BonusBuyRTP.String()
	}
	if m.ExpectedFreeSpins != nil {
		f.ExpectedFreeSpins = m.ExpectedFreeSpins.String()
	}
	return f, nil
}

// computeMathsOnce computes fresh maths, ignoring stored figures.
func (g *Game) computeMathsOnce() (*Maths, error) {
	if g.stored == nil {
		return g.Maths()
	}
	return g.computeMaths()
}

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

func rat(s string) *big.Rat {
	if s == "" {
		return nil
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil
	}
	return r
}

// Stored returns the stored figures the game was loaded with (nil when its
// maths are computed).
func (g *Game) Stored() *Figures { return g.stored }

// useFigures makes Maths answer from stored figures when they belong to
// this definition. Fields the figures do not hold (FreeCombinations,
// UncappedFreeSpins, MaxBuyWinCoins, the free-spin mean) stay empty.
func (g *Game) useFigures(f *Figures, definition []byte) bool {
	if f.Game != g.def.ID || f.DefinitionSHA256 != DefinitionHash(definition) {
		return false
	}
	m := &Maths{RTP: rat(f.RTP), BaseRTP: rat(f.BaseRTP), FeatureRTP: rat(f.FeatureRTP), BonusBuyRTP: rat(f.BonusBuyRTP),
		HitFrequency: rat(f.HitFrequency), TriggerProbability: rat(f.TriggerProbability), ExpectedFreeSpins: rat(f.ExpectedFreeSpins),
		MaxMultiplier: rat(f.MaxMultiplier), StdDev: f.StdDev, BonusBuyStdDev: f.BonusBuyStdDev}
	if m.RTP == nil || m.MaxMultiplier == nil || m.BaseRTP == nil || m.FeatureRTP == nil || m.HitFrequency == nil || m.TriggerProbability == nil {
		return false
	}
	m.Combinations, _ = new(big.Int).SetString(f.Combinations, 10)
	mw := new(big.Rat).Mul(m.MaxMultiplier, big.NewRat(g.coins, 1))
	if mw.IsInt() {
		m.MaxWinCoins = mw.Num().Int64()
	}
	g.stored = f
	g.mathsOnce.Do(func() { g.maths = m })
	return true
}

// loadFigures reads maths/<id>.json beside the slots directory, if any.
func loadFigures(fsys fs.FS, slotsDir string, g *Game, definition []byte) {
	b, err := fs.ReadFile(fsys, path.Join(path.Dir(slotsDir), "maths", g.def.ID+".json"))
	if err != nil {
		return
	}
	var f Figures
	if json.Unmarshal(b, &f) == nil {
		g.useFigures(&f, definition)
	}
}
