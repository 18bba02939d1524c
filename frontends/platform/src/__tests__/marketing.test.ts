import { beforeEach, describe, expect, it } from 'vitest';
import { LAST_PARAM_WINDOW_MS, TRACKING_PARAMS_TTL_MS } from '../constants';
import { captureFirstUrl, captureMarketingParams, getCpncToSend, getFirstUrl, getMarketingParams, isRegistered } from '../marketing';
import { resetPlatform } from './helpers';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('marketing parameters', () => {
  beforeEach(() => resetPlatform());

  it('uses the SPEC windows: 365 days kept, 7 days less 1 hour for the last parameter', () => {
    expect(TRACKING_PARAMS_TTL_MS).toBe(365 * DAY);
    expect(LAST_PARAM_WINDOW_MS).toBe(7 * DAY - HOUR);
  });

  it('keeps cpnc and mkt from the URL for 365 days', () => {
    const t0 = Date.UTC(2026, 0, 1);
    captureMarketingParams('?cpnc=SPRING&mkt=aff-7&x=1', t0);
    expect(getMarketingParams(t0 + 364 * DAY)).toEqual({ cpnc: 'SPRING', mkt: 'aff-7' });
    expect(getMarketingParams(t0 + 365 * DAY)).toEqual({ cpnc: null, mkt: null });
  });

  it('sends cpnc only within 7 days less 1 hour of when it was last seen', () => {
    const t0 = Date.UTC(2026, 0, 1);
    captureMarketingParams('?cpnc=SPRING', t0);
    expect(getCpncToSend(t0 + 7 * DAY - HOUR - 1)).toBe('SPRING');
    expect(getCpncToSend(t0 + 7 * DAY - HOUR)).toBeNull();
    expect(getMarketingParams(t0 + 7 * DAY).cpnc).toBe('SPRING');
  });

  it('a newer visit with the parameter replaces the value and restarts both windows', () => {
    const t0 = Date.UTC(2026, 0, 1);
    captureMarketingParams('?cpnc=OLD', t0);
    captureMarketingParams('?cpnc=NEW', t0 + 6 * DAY);
    captureMarketingParams('?other=1', t0 + 8 * DAY);
    expect(getCpncToSend(t0 + 12 * DAY)).toBe('NEW');
  });

  it('survives corrupt storage', () => {
    window.localStorage.setItem('casino.marketing', '{not json');
    expect(getMarketingParams()).toEqual({ cpnc: null, mkt: null });
  });
  it('remembers the first page of the visit for firstUrl', () => {
    window.sessionStorage.clear();
    captureFirstUrl('/promotions?cpnc=A');
    captureFirstUrl('/casino');
    expect(getFirstUrl()).toBe('/promotions?cpnc=A');
  });

  it('reads the registered cookie the server sets at sign-up and login', () => {
    expect(isRegistered()).toBe(false);
    document.cookie = 'casino_registered=1; path=/';
    expect(isRegistered()).toBe(true);
    document.cookie = 'casino_registered=; path=/; max-age=0';
  });
});
