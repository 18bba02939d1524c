import { isApiError, post } from '@casino/platform';

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
} as const;

export const GEOLOCATION_TIMEOUT_MS = 10_000;
/**
 * The BFF resolves the coordinates to a country from its offline borders
 * data and, when the country is not excluded, records the visitor as verified
 * server-side (HttpOnly cookie + database row): the page cannot lift the
 * block for later visits by itself.
 */
export const REVERIFY_PATH = '/api/user/reverify-location';

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
 * flag `whitelisted=1`, then remembered as the local flag). The server
 * honours the same flag (and sets its own cookie), so this only matters for
 * a page rendered before the flag was seen. Verified visitors are decided by
 * the server alone.
 */
export function isWaived(search = window.location.search): boolean {
  const s = storage();
  if (new URLSearchParams(search).get('whitelisted') === '1') {
    s?.setItem(STORAGE.whitelisted, '1');
    return true;
  }
  return s?.getItem(STORAGE.whitelisted) === '1';
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

export type ReverifyResult =
  | { status: 'verified'; country: string }
  | { status: 'blocked'; country: string }
  | { status: 'denied' | 'timeout' | 'unavailable' | 'unknown-location' | 'error' };

/** Answer of POST /api/user/reverify-location. */
interface ReverifyAnswer {
  country: { code: string; name: string };
  blocked: boolean;
  verifiedUntil: string;
}

// GeolocationPositionError codes.
const PERMISSION_DENIED = 1;
const TIMEOUT = 3;

/**
 * Resolves once the geolocation permission is not waiting for the visitor
 * (granted, denied, or no Permissions API to ask).
 */
async function permissionSettled(permissions: Permissions | undefined): Promise<void> {
  let state: PermissionStatus;
  try {
    if (!permissions) return;
    state = await permissions.query({ name: 'geolocation' });
  } catch {
    return;
  }
  if (state.state !== 'prompt') return;
  await new Promise<void>((resolve) => state.addEventListener('change', () => resolve(), { once: true }));
}

/**
 * The browser's position within GEOLOCATION_TIMEOUT_MS. The browser's own
 * `timeout` only runs once permission is granted and some browsers (or a
 * stuck location service) never call back at all, so a watchdog ends the
 * wait too: it starts when the permission is settled, so a visitor reading
 * the permission prompt is not timed out.
 */
function position(geo: Geolocation, permissions: Permissions | undefined): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (f: () => void) => {
      if (!done) {
        done = true;
        f();
      }
    };
    void permissionSettled(permissions).then(() =>
      setTimeout(() => finish(() => reject({ code: TIMEOUT })), GEOLOCATION_TIMEOUT_MS),
    );
    geo.getCurrentPosition(
      (p) => finish(() => resolve(p)),
      (e) => finish(() => reject(e)),
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}

/**
 * Re-verify: browser geolocation (10 s, high accuracy) → the BFF resolves the
 * country; a country that is not excluded lifts the block and the server
 * marks the visitor verified. Each failure has its own status: permission
 * denied, time-out, no position, a point in no country, an excluded country.
 */
export async function reverify(
  geo: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
  permissions: Permissions | undefined = typeof navigator === 'undefined' ? undefined : navigator.permissions,
): Promise<ReverifyResult> {
  if (!geo) return { status: 'unavailable' };
  let pos: GeolocationPosition;
  try {
    pos = await position(geo, permissions);
  } catch (e) {
    const code = (e as GeolocationPositionError)?.code;
    if (code === PERMISSION_DENIED) return { status: 'denied' };
    if (code === TIMEOUT) return { status: 'timeout' };
    return { status: 'unavailable' };
  }
  try {
    const res = await post<ReverifyAnswer>(
      REVERIFY_PATH,
      { latitude: pos.coords.latitude, longitude: pos.coords.longitude },
      { handleForbidden: false },
    );
    const country = res?.country?.name || res?.country?.code || '';
    if (res?.blocked) return { status: 'blocked', country };
    return { status: 'verified', country };
  } catch (e) {
    if (isApiError(e) && e.code === 'COUNTRY_BLOCKED') return { status: 'blocked', country: e.fields.country ?? '' };
    if (isApiError(e) && e.code === 'LOCATION_UNKNOWN') return { status: 'unknown-location' };
    return { status: 'error' };
  }
}

/** Removes the block from the page: the site becomes interactive again. */
export function liftBlock(doc: Document = document): void {
  delete doc.body.dataset.countryBlocked;
  doc.getElementById('site')?.removeAttribute('inert');
}
