import { useEffect, useState } from 'react';
import { loadSettings, peekSettings, type SiteSettings } from '../settings';

/** Site settings: inline ones at once, else fetched; null while loading or when unavailable. */
export function useSettings(): SiteSettings | null {
  const [settings, setSettings] = useState<SiteSettings | null>(peekSettings);
  useEffect(() => {
    if (settings) return undefined;
    let live = true;
    loadSettings().then(
      (s) => live && setSettings(s),
      (e) => console.warn('[platform] settings not loaded', e),
    );
    return () => {
      live = false;
    };
  }, [settings]);
  return settings;
}
