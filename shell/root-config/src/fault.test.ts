import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { __resetReportedForTests, reportFailure, showFailure, versionOf, withTimeout } from './fault';

const TEMPLATE = `<template id="mf-failure"><section class="app-failed" role="alert" data-app-failed="">
  <h2>This part of the site could not be loaded</h2>
  <button type="button" data-action="retry">Try again</button><button type="button" data-action="close">Close</button>
  <a href="/" data-action="home">Go Home</a></section></template>`;

describe('fault isolation', () => {
  beforeEach(() => {
    document.body.innerHTML = `<header id="site-header">header</header>
      <main id="mf-page" aria-busy="true"><div class="skeleton">…</div><div id="mf-page--lobby" data-mf-app="lobby"></div></main>
      <div id="mf-modal"><div id="mf-modal--profile" data-mf-app="profile"></div></div>${TEMPLATE}`;
    __resetReportedForTests();
  });
  afterEach(() => vi.useRealTimers());

  it('replaces a failed page app and its skeleton with the notice, leaving the rest alone', () => {
    const notice = showFailure('mf-page', 'lobby');
    const main = document.getElementById('mf-page')!;
    expect(notice?.dataset.appFailed).toBe('lobby');
    expect(main.children).toHaveLength(1);
    expect(main.hasAttribute('aria-busy')).toBe(false);
    expect(main.textContent).toContain('could not be loaded');
    expect(document.getElementById('site-header')?.textContent).toBe('header');
    // A second failure of the same app does not stack notices.
    showFailure('mf-page', 'lobby');
    expect(main.querySelectorAll('[data-app-failed]')).toHaveLength(1);
  });

  it('a failed modal app gets a notice that closes and drops ?modal= from the address', () => {
    history.replaceState(null, '', '/casino?modal=login&x=1');
    const notice = showFailure('mf-modal', 'profile')!;
    expect(document.getElementById('mf-modal--profile')).toBeNull();
    (notice.querySelector('[data-action="close"]') as HTMLButtonElement).click();
    expect(document.querySelector('#mf-modal [data-app-failed]')).toBeNull();
    expect(location.pathname + location.search).toBe('/casino?x=1');
  });

  it('reports a failure once per app and page view, with the release version', async () => {
    const send = vi.fn().mockResolvedValue(new Response('{}'));
    const remotes = { lobby: '/mf/lobby/abc123/remoteEntry.js' };
    reportFailure('lobby', 'load', new Error('boom'), remotes, send);
    reportFailure('lobby', 'mount', new Error('again'), remotes, send);
    reportFailure('lobby-modal', 'mount', new Error('modal'), remotes, send);
    expect(send).toHaveBeenCalledTimes(2);
    const body = JSON.parse(send.mock.calls[0][1].body);
    expect(body).toMatchObject({ event: 'MICROFRONTEND_FAILURE', data: { app: 'lobby', version: 'abc123', phase: 'load', error: 'boom' } });
    expect(JSON.parse(send.mock.calls[1][1].body).data.version).toBe('abc123');
  });

  it('a remote that never answers fails after the time-out', async () => {
    vi.useFakeTimers();
    const never = new Promise(() => undefined);
    const p = withTimeout(never, 15_000, 'lobby/app');
    vi.advanceTimersByTime(15_000);
    await expect(p).rejects.toMatchObject({ phase: 'timeout', message: 'lobby/app did not load within 15 s' });
    await expect(withTimeout(Promise.resolve(7), 15_000, 'x')).resolves.toBe(7);
  });

  it('reads the version from the entry URL', () => {
    expect(versionOf('/mf/lobby/1.2.0/remoteEntry.js')).toBe('1.2.0');
    expect(versionOf(undefined)).toBe('');
  });
});
