import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshHeader } from './header';
import { isClientRoutable, routableAnchor } from './links';
import { clearServerContent, containerFor, removeContainer } from './mount';
import { applyDevOverrides, readRemotes, toFederationRemotes } from './remotes';

const here = (path: string) => new URL(path, 'http://casino.test');

describe('remotes map', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('reads the inline map and maps names to MF containers', () => {
    document.body.innerHTML = `<script id="mf-remotes" type="application/json">${JSON.stringify({
      lobby: '/mf/lobby/1.2.0/remoteEntry.js',
      'country-block': '/mf/country-block/3/remoteEntry.js',
      root: '/mf/root/1/main.js',
      bogus: '/x.js',
      cashier: { entry: '/mf/cashier/7/remoteEntry.js' },
      profile: 42,
    })}</script>`;
    const map = readRemotes();
    expect(map).toEqual({
      lobby: '/mf/lobby/1.2.0/remoteEntry.js',
      'country-block': '/mf/country-block/3/remoteEntry.js',
      cashier: '/mf/cashier/7/remoteEntry.js',
    });
    expect(toFederationRemotes(map)).toEqual([
      { name: 'lobby', entry: '/mf/lobby/1.2.0/remoteEntry.js' },
      { name: 'countryBlock', entry: '/mf/country-block/3/remoteEntry.js' },
      { name: 'cashier', entry: '/mf/cashier/7/remoteEntry.js' },
    ]);
  });

  it('survives a missing or broken map', () => {
    expect(readRemotes()).toEqual({});
    document.body.innerHTML = '<script id="mf-remotes" type="application/json">{oops</script>';
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readRemotes()).toEqual({});
  });
});

describe('dev overrides', () => {
  it('points remotes at loopback dev servers only', () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const storage = {
      getItem: () =>
        JSON.stringify({ lobby: 'http://localhost:9101/remoteEntry.js', cashier: 'https://evil.test/remoteEntry.js', countryBlock: 'http://127.0.0.1:9105/remoteEntry.js', nope: 'http://localhost/x.js' }),
    };
    expect(applyDevOverrides({ lobby: '/mf/lobby/1/remoteEntry.js', cashier: '/mf/cashier/1/remoteEntry.js' }, storage)).toEqual({
      lobby: 'http://localhost:9101/remoteEntry.js',
      cashier: '/mf/cashier/1/remoteEntry.js',
      'country-block': 'http://127.0.0.1:9105/remoteEntry.js',
    });
    expect(applyDevOverrides({ lobby: '/a' }, { getItem: () => '{bad' })).toEqual({ lobby: '/a' });
    expect(applyDevOverrides({ lobby: '/a' }, null)).toEqual({ lobby: '/a' });
  });
});

describe('link interception', () => {
  it('routes same-origin links between micro-frontend pages', () => {
    expect(isClientRoutable(here('/deposit'), here('/casino'))).toBe(true);
    expect(isClientRoutable(here('/casino/games/x?y=1'), here('/profile2/limits'))).toBe(true);
    expect(isClientRoutable(here('/casino?modal=login'), here('/casino'))).toBe(true);
  });

  it('lets the browser load server pages, other origins and pages from server-only pages', () => {
    expect(isClientRoutable(here('/terms-and-conditions'), here('/casino'))).toBe(false);
    expect(isClientRoutable(new URL('https://other.test/casino'), here('/casino'))).toBe(false);
    expect(isClientRoutable(here('/casino'), here('/privacy-policy'))).toBe(false);
    expect(isClientRoutable(here('/privacy-policy?modal=login'), here('/privacy-policy'))).toBe(true);
  });

  it('ignores modified clicks, new-tab, download and external links', () => {
    document.body.innerHTML = `
      <a id="plain" href="/deposit"><span id="inner">go</span></a>
      <a id="blank" href="/deposit" target="_blank">x</a>
      <a id="dl" href="/deposit" download>x</a>
      <a id="ext" href="/deposit" rel="noopener external">x</a>
      <a id="native" href="/deposit" data-native>x</a>
      <a id="hash" href="#top">x</a>`;
    const click = (id: string, init: MouseEventInit = {}) => {
      let found: HTMLAnchorElement | null = null;
      const handler = (e: Event) => {
        found = routableAnchor(e as MouseEvent);
        e.preventDefault();
      };
      document.addEventListener('click', handler);
      document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
      document.removeEventListener('click', handler);
      return found as HTMLAnchorElement | null;
    };
    expect(click('inner')?.id).toBe('plain');
    expect(click('plain', { ctrlKey: true })).toBeNull();
    expect(click('plain', { button: 1 })).toBeNull();
    for (const id of ['blank', 'dl', 'ext', 'native', 'hash']) expect(click(id)).toBeNull();
  });
});

describe('mount points', () => {
  it('gives each app its own container and removes the server skeleton', () => {
    document.body.innerHTML = '<main id="mf-page"><div class="skeleton">…</div></main><div id="mf-modal"></div>';
    const lobby = containerFor('mf-page', 'lobby');
    expect(containerFor('mf-page', 'lobby')).toBe(lobby);
    clearServerContent('mf-page');
    expect(document.querySelector('.skeleton')).toBeNull();
    expect(document.getElementById('mf-page')!.children).toHaveLength(1);
    containerFor('mf-modal', 'profile');
    removeContainer('mf-page', 'lobby');
    expect(document.getElementById('mf-page--lobby')).toBeNull();
    expect(document.getElementById('mf-modal--profile')).not.toBeNull();
  });
});

describe('header refresh', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the header fragment of the current page and swaps #site-header', async () => {
    window.history.replaceState(null, '', '/casino/slots?sort=name');
    document.body.innerHTML = '<header id="site-header">guest</header><main></main>';
    const fetch = vi.fn(() => Promise.resolve(new Response('<header id="site-header">player</header>', { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    await expect(refreshHeader()).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledWith('/casino/slots?sort=name', expect.objectContaining({ headers: { 'HX-Request': 'true', 'HX-Target': 'header' } }));
    expect(document.getElementById('site-header')!.textContent).toBe('player');
  });

  it('keeps the old header when the fragment fails', async () => {
    document.body.innerHTML = '<header id="site-header">guest</header>';
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('boom', { status: 500 }))));
    await expect(refreshHeader()).resolves.toBe(false);
    expect(document.getElementById('site-header')!.textContent).toBe('guest');
  });

  it("keeps the server's first screen for an app that hands it off itself, and only for that app", () => {
    const html = '<main id="mf-page" data-handoff="lobby"><div class="lobby" data-ssr="lobby">…</div><p class="other">x</p></main>';
    document.body.innerHTML = html;
    containerFor('mf-page', 'lobby');
    clearServerContent('mf-page', document, 'lobby');
    expect(document.querySelector('[data-ssr]')).not.toBeNull();
    expect(document.querySelector('.other')).toBeNull();
    document.body.innerHTML = html;
    clearServerContent('mf-page', document, 'cashier');
    expect(document.querySelector('[data-ssr]')).toBeNull();
    document.body.innerHTML = html.replace(' data-handoff="lobby"', '');
    clearServerContent('mf-page', document, 'lobby');
    expect(document.querySelector('[data-ssr]')).toBeNull();
  });
});
