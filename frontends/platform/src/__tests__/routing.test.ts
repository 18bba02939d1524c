import { describe, expect, it } from 'vitest';
import { matchPath, matchRoutes } from '../routing';

describe('matchPath', () => {
  it('matches static, parameter and wildcard patterns', () => {
    expect(matchPath('/casino', '/casino/')).toEqual({});
    expect(matchPath('/casino/games/:game', '/casino/games/book%20of%20ra')).toEqual({ game: 'book of ra' });
    expect(matchPath('/casino/games/:game', '/casino/games')).toBeNull();
    expect(matchPath('/profile2/*', '/profile2/limits')).toEqual({ '*': 'limits' });
    expect(matchPath('/', '/casino')).toBeNull();
  });
  it('returns the first matching route', () => {
    const routes = [{ path: '/casino/games/:game', id: 'game' }, { path: '/casino/:category', id: 'cat' }, { path: '/casino', id: 'home' }];
    expect(matchRoutes(routes, '/casino/slots')?.route.id).toBe('cat');
    expect(matchRoutes(routes, '/casino/games/x')?.params).toEqual({ game: 'x' });
    expect(matchRoutes(routes, '/promotions')).toBeNull();
  });
});
