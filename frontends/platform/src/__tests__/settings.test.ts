import { describe, expect, it } from 'vitest';
import { editProfileUrl, type SiteSettings } from '../settings';

describe('editProfileUrl (SPEC section 2: edit-profile becomes account in panel navigation)', () => {
  it.each([
    ['/profile', '/account/edit-profile'],
    ['/profile2/my-profile', '/account/edit-profile'],
    ['/profile/transactions', '/account/edit-profile'],
    ['/account', '/account/edit-profile'],
    ['/account/verification', '/account/edit-profile'],
    ['/', '/profile/edit-profile'],
    ['/casino/slots', '/profile/edit-profile'],
    ['/deposit', '/profile/edit-profile'],
  ])('from %s leads to %s', (from, to) => {
    expect(editProfileUrl(null, from)).toBe(to);
  });

  it('follows the operator addresses', () => {
    const settings = { pageUrls: { account: '/me', profile: '/player', 'edit-profile': '/player/edit' } } as unknown as SiteSettings;
    expect(editProfileUrl(settings, '/me/limits')).toBe('/me/edit-profile');
    expect(editProfileUrl(settings, '/casino')).toBe('/player/edit');
  });
});
