import { describe, expect, it } from 'vitest';
import { appForModal, appForPath, CONTAINER } from './routes';

describe('route → app (docs/architecture.md)', () => {
  it.each([
    ['/', 'lobby'],
    ['/casino', 'lobby'],
    ['/casino/slots', 'lobby'],
    ['/casino/games/book-of-ra', 'lobby'],
    ['/promotions', 'lobby'],
    ['/promotion', 'lobby'],
    ['/freemoney', 'lobby'],
    ['/profile/favorites', 'lobby'],
    ['/providers', 'lobby'],
    ['/tournaments', 'lobby'],
    ['/deposit', 'cashier'],
    ['/withdraw', 'cashier'],
    ['/profile/transactions', 'cashier'],
    ['/profile2/balance', 'cashier'],
    ['/profile2/my-history', 'cashier'],
    ['/profile', 'profile'],
    ['/profile2/my-profile', 'profile'],
    ['/profile2/limits', 'profile'],
    ['/vip-club', 'profile'],
    ['/account', 'profile'],
    ['/account/verification', 'profile'],
    ['/profile/edit-profile', 'profile'],
    ['/profile/verify', 'profile'],
    ['/bonuses', 'profile'],
    ['/cashback', 'calendar'],
    ['/cashback/', 'calendar'],
  ])('%s → %s', (path, app) => expect(appForPath(path)).toBe(app));

  it.each(['/terms-and-conditions', '/play/some-game', '/casinox', '/profile/unknown', '/nope', '/profile2'])('%s is server-only', (path) =>
    expect(appForPath(path)).toBeNull(),
  );
});

describe('modal → app', () => {
  it('maps every SPEC modal to its owner', () => {
    expect(['login', 'signup', 'linked-signup', 'verify-email-expired'].map(appForModal)).toEqual(['profile', 'profile', 'profile', 'profile']);
    expect(['deposit-3ds-success', 'deposit-failed', 'deposit-return', 'deposit-decline', 'deposit-cancel', 'deposit-pending'].map(appForModal)).toEqual(
      Array(6).fill('cashier'),
    );
    expect(['calendar', 'rakeback'].map(appForModal)).toEqual(['calendar', 'calendar']);
    expect(appForModal('unknown')).toBeNull();
    expect(appForModal(null)).toBeNull();
  });

  it('uses the contract container names', () => {
    expect(CONTAINER).toEqual({
      lobby: 'lobby',
      cashier: 'cashier',
      profile: 'profile',
      calendar: 'calendar',
      'country-block': 'countryBlock',
      backoffice: 'backoffice',
    });
  });

  it('gives the back office its own path', () => {
    expect(['/backoffice', '/backoffice/', '/backoffice/withdrawals'].map(appForPath)).toEqual(['backoffice', 'backoffice', 'backoffice']);
    expect(appForPath('/backofficex')).toBeNull();
  });
});
