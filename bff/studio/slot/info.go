package slot

// VolatilityClass names the volatility of a game from the standard deviation
// of one round's return per unit bet: low below 5, medium below 12, high
// below 25, very high from 25.
func VolatilityClass(sd float64) string {
	switch {
	case sd < 5:
		return "low"
	case sd < 12:
		return "medium"
	case sd < 25:
		return "high"
	}
	return "very high"
}
