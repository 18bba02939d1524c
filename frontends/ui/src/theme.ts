/** Breakpoints of SPEC section 9. */
export const breakpoints = { mobileMax: 767, tabletMin: 768, tabletMax: 1024, menuModeMax: 1450 } as const;

export const media = {
  mobile: `@media (max-width: ${breakpoints.mobileMax}px)`,
  tablet: `@media (min-width: ${breakpoints.tabletMin}px) and (max-width: ${breakpoints.tabletMax}px)`,
  upToTablet: `@media (max-width: ${breakpoints.tabletMax}px)`,
  desktop: `@media (min-width: ${breakpoints.tabletMax + 1}px)`,
  menuMode: `@media (max-width: ${breakpoints.menuModeMax}px)`,
} as const;

export interface CasinoTheme {
  name: string;
  colors: {
    background: string;
    surface: string;
    surfaceRaised: string;
    border: string;
    text: string;
    textMuted: string;
    primary: string;
    primaryText: string;
    accent: string;
    success: string;
    warning: string;
    danger: string;
    focus: string;
    overlay: string;
  };
  radii: { sm: string; md: string; lg: string; pill: string };
  space: (n: number) => string;
  font: { family: string; mono: string; size: { xs: string; sm: string; md: string; lg: string; xl: string; xxl: string } };
  shadow: { card: string; modal: string };
  zIndex: { modal: number; toast: number };
  breakpoints: typeof breakpoints;
  media: typeof media;
}

/** The dark casino theme. */
export const darkTheme: CasinoTheme = {
  name: 'dark',
  colors: {
    background: '#0f1220',
    surface: '#1a1f35',
    surfaceRaised: '#232a45',
    border: '#2f375a',
    text: '#eef0f8',
    textMuted: '#9aa3c7',
    primary: '#f5b83d',
    primaryText: '#1a1300',
    accent: '#7c5cff',
    success: '#2ecc8f',
    warning: '#f0a020',
    danger: '#ff5c6c',
    focus: '#8fb8ff',
    overlay: 'rgba(5, 7, 15, 0.78)',
  },
  radii: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  space: (n: number) => `${n * 4}px`,
  font: {
    family: "'Inter', 'Segoe UI', system-ui, -apple-system, sans-serif",
    mono: "'JetBrains Mono', ui-monospace, monospace",
    size: { xs: '12px', sm: '13px', md: '15px', lg: '18px', xl: '22px', xxl: '30px' },
  },
  shadow: { card: '0 4px 18px rgba(0,0,0,0.35)', modal: '0 18px 60px rgba(0,0,0,0.6)' },
  zIndex: { modal: 1000, toast: 1100 },
  breakpoints,
  media,
};

export interface ThemeSettings {
  primaryColor?: string;
  accentColor?: string;
  backgroundColor?: string;
  surfaceColor?: string;
  textColor?: string;
}

/** The dark theme with the operator's colours from the site settings applied. */
export function themeFromSettings(s?: ThemeSettings | null): CasinoTheme {
  if (!s) return darkTheme;
  const c = darkTheme.colors;
  return {
    ...darkTheme,
    colors: {
      ...c,
      primary: s.primaryColor || c.primary,
      accent: s.accentColor || c.accent,
      background: s.backgroundColor || c.background,
      surface: s.surfaceColor || c.surface,
      text: s.textColor || c.text,
    },
  };
}
