package settings

// Defaults are the settings of a new installation. Page addresses are the
// product specification's defaults (section 2).
func Defaults() Settings {
	return Settings{
		BrandName: "Aurum Casino",
		ShortName: "Aurum",
		Theme: Theme{
			Name: "dark", PrimaryColor: "#f5b83d", AccentColor: "#7c5cff",
			BackgroundColor: "#0f1220", SurfaceColor: "#1a1f35", TextColor: "#eef0f8",
			LogoURL: "/api/core/casino/assets/logo.svg",
		},
		NavigationSystem: "sidebar",
		PageURLs: map[string]string{
			"root":          "/",
			"profile":       "/profile",
			"account":       "/account",
			"edit-profile":  "/profile/edit-profile",
			"transactions":  "/profile/transactions",
			"verification":  "/profile/verify",
			"verification2": "/account/verification",
			"favorites":     "/profile/favorites",
			"promotions":    "/promotions",
			"bonus_history": "/bonuses",
			"deposit":       "/deposit",
			"withdraw":      "/withdraw",
			"casino":        "/casino",
			"providers":     "/providers",
			"tournaments":   "/tournaments",
			"cashback":      "/cashback",
		},
		Navigation: []NavItem{
			{ID: "casino", Label: "nav.casino", Href: "/casino", Scope: ScopeAny, Icon: "casino"},
			{ID: "slots", Label: "nav.slots", Href: "/casino/slots", Scope: ScopeAny, Icon: "slots"},
			{ID: "live-casino", Label: "nav.liveCasino", Href: "/casino/live-casino", Scope: ScopeAny, Icon: "live"},
			{ID: "popular", Label: "nav.popular", Href: "/casino/popular", Scope: ScopeAny, Icon: "popular"},
			{ID: "promotions", Label: "nav.promotions", Href: "/promotions", Scope: ScopeAny, Icon: "gift"},
			{ID: "cashback", Label: "nav.cashback", Href: "/cashback", Scope: ScopeAny, Icon: "calendar"},
			{ID: "vip-club", Label: "nav.vipClub", Href: "/vip-club", Scope: ScopeAny, Icon: "crown"},
			{ID: "freemoney", Label: "nav.freeMoney", Href: "/freemoney", Scope: ScopeAny, Icon: "coins"},
			{ID: "favorites", Label: "nav.favorites", Href: "/profile/favorites", Scope: ScopeUser, Icon: "heart"},
			{ID: "responsible-gambling", Label: "nav.responsibleGambling", Href: "/responsible-gambling", Scope: ScopeAny, Icon: "shield"},
		},
		HeaderMenu: []NavItem{
			{ID: "login", Label: "header.login", Href: "?modal=login", Scope: ScopeGuest},
			{ID: "profile", Label: "header.profile", Href: "/profile", Scope: ScopeUser},
			{ID: "deposit", Label: "header.deposit", Href: "/deposit", Scope: ScopeUser},
			{ID: "withdrawal", Label: "header.withdrawal", Href: "/withdraw", Scope: ScopeUser},
			{ID: "transactions", Label: "header.transactions", Href: "/profile/transactions", Scope: ScopeUser},
			{ID: "logout", Label: "header.logout", Href: "/logout", Scope: ScopeUser},
		},
		Features: map[string]bool{
			"demoPlay": true, "guestGameView": true, "rewardCalendar": true, "rakeback": true,
			"races": true, "vipClub": true, "referAFriend": true, "chat": true, "crypto": true,
			"ghostMode": false, "onboardingTour": true, "addToHomeScreen": true, "countryCheck": true,
			"oneClickRegistration": true, "gamePulse": false,
			// UKGC RTS 14 for the studio's slots (bff/studio: 2.5 s spins,
			// no quick spin, net position and session time shown).
			"studioRTS14": false,
		},
		ReferAFriendPercent: 0,
		BigWinMultiplier:    20,
		// The demo's chat word list; an operator sets their own.
		ChatBlockedWords:      []string{"scam", "idiot", "rigged"},
		APIVersion:            "1.0",
		AffiliateKeyParameter: "default",
		DefaultLanguage:       "en",
		Languages: []string{
			"en", "de", "fr", "es", "it", "pt", "pt-BR", "nl", "pl", "cs", "sk", "hu", "ro", "bg", "el",
			"tr", "ru", "uk", "fi", "sv", "no", "da", "et", "lv", "lt", "sl", "hr", "ja", "ko", "zh",
			"th", "vi", "id", "hi", "ar",
		},
		DefaultCurrency:      "EUR",
		Password:             PasswordPolicy{MinLength: 8},
		ExcludedCountries:    []string{},
		WhitelistedIPs:       []string{},
		SupportEmail:         "support@aurum-casino.example",
		FakeEmptyEmailDomain: "empty.aurum-casino.example",
		RegistrationFields: map[string]int{
			"firstName": 1, "lastName": 1, "email": 1, "password": 1, "dateOfBirth": 1, "countryCode": 1,
			"currencyCode": 1, "phone": 1, "address": 1, "city": 1, "zipCode": 1, "promoCode": 1,
			"gender": 1, "nickname": 1, "cpf": 1, "newsletter": 1,
		},
		CryptoCurrencies: []string{"BTC", "ETH", "USDT", "LTC"},
		GameCurrencyRates: map[string]string{
			"BTC": "0.000016", "ETH": "0.00033", "USDT": "1.08", "LTC": "0.012", "TRX": "4.2",
		},
	}
}
