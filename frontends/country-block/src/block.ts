import { get, post } from '@casino/platform';

/** Document of `<script id="country-block-data" type="application/json">` (server-inlined). */
export interface CountryBlockData {
  country: string;
  countryName?: string;
  ip: string;
  date: string;
}

export const STORAGE = {
  country: 'casino.blockedCountry',
  reported: 'casino.countryBlockReported',
  whitelisted: 'casino.whitelisted',
  verified: 'casino.countryVerified',
} as const;

export const GEOLOCATION_TIMEOUT_MS = 10_000;
/** Proposed BFF call (coordinates → country, offline borders); the SPEC names only "a reverse-geocoding lookup". */
export const REVERSE_GEOCODE_PATH = '/api/core/casino/geo/reverse';

export function readBlockData(doc: Document = document): CountryBlockData | null {
  const el = doc.getElementById('country-block-data');
  if (!el?.textContent) return null;
  try {
    const d = JSON.parse(el.textContent) as Partial<CountryBlockData>;
    return { country: d.country ?? '', countryName: d.countryName, ip: d.ip ?? '', date: d.date ?? '' };
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Whether the notice is waived on this device: a whitelisted visitor (URL
 * flag `whitelisted=1`, then remembered) or an already verified one.
 */
export function isWaived(search = window.location.search): boolean {
  const s = storage();
  if (new URLSearchParams(search).get('whitelisted') === '1') {
    s?.setItem(STORAGE.whitelisted, '1');
    return true;
  }
  return s?.getItem(STORAGE.whitelisted) === '1' || !!s?.getItem(STORAGE.verified);
}

/**
 * Remembers the country and reports the block once per combination of IP,
 * country and first URL (POST /api/user/country-blocked).
 */
export async function reportOnce(data: CountryBlockData, firstUrl: string): Promise<boolean> {
  const s = storage();
  s?.setItem(STORAGE.country, data.country);
  const key = `${data.ip}|${data.country}|${firstUrl}`;
  let reported: string[] = [];
  try {
    reported = JSON.parse(s?.getItem(STORAGE.reported) ?? '[]') as string[];
  } catch {
    reported = [];
  }
  if (reported.includes(key)) return false;
  try {
    await post('/api/user/country-blocked', { ip: data.ip, country: data.country, firstUrl }, { handleForbidden: false });
    s?.setItem(STORAGE.reported, JSON.stringify([...reported, key].slice(-50)));
    return true;
  } catch (e) {
    console.warn('[country-block] report failed', e);
    return false;
  }
}

export type ReverifyResult = { status: 'verified'; country: string } | { status: 'blocked'; country: string } | { status: 'denied' | 'unavailable' };

function position(geo: Geolocation): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    geo.getCurrentPosition(resolve, reject, { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 }),
  );
}

/**
 * Re-verify: browser geolocation (10 s, high accuracy) → country via the
 * reverse-geocoding lookup; a country that is not excluded lifts the block
 * and marks the visitor verified.
 */
export async function reverify(geo: Geolocation | undefined = navigator.geolocation): Promise<ReverifyResult> {
  if (!geo) return { status: 'unavailable' };
  let pos: GeolocationPosition;
  try {
    pos = await position(geo);
  } catch (e) {
    return { status: (e as GeolocationPositionError)?.code === 1 ? 'denied' : 'unavailable' };
  }
  try {
    const res = await get<{ country: string; excluded: boolean }>(REVERSE_GEOCODE_PATH, {
      query: { lat: pos.coords.latitude, lng: pos.coords.longitude },
      handleForbidden: false,
    });
    if (!res?.country) return { status: 'unavailable' };
    if (res.excluded) return { status: 'blocked', country: res.country };
    storage()?.setItem(STORAGE.verified, JSON.stringify({ country: res.country, at: new Date().toISOString() }));
    return { status: 'verified', country: res.country };
  } catch {
    return { status: 'unavailable' };
  }
}

/** Removes the block from the page: the site becomes interactive again. */
export function liftBlock(doc: Document = document): void {
  delete doc.body.dataset.countryBlocked;
  doc.getElementById('site')?.removeAttribute('inert');
}
