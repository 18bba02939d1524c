import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, FIRST_SCREEN_WAIT_MS } from './mount';

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}

describe('afterFirstScreen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    setReadyState('complete');
  });

  const settled = async (p: Promise<void>) => {
    let done = false;
    void p.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    return () => done;
  };

  it('boots at once on a page without a server first screen', async () => {
    document.body.innerHTML = '<main id="mf-page"><div class="skeleton"></div></main>';
    setReadyState('loading');
    expect((await settled(afterFirstScreen()))()).toBe(true);
  });

  it.each([
    ['the country-block notice', true, ''],
    ['a modal the address asks for', false, 'login'],
  ])('boots at once over a server first screen when %s comes first', async (_, blocked, modal) => {
    document.body.innerHTML = `<main id="mf-page"><div data-ssr="lobby"></div></main><div id="mf-modal" data-modal="${modal}"></div>`;
    if (blocked) document.body.dataset.countryBlocked = '1';
    setReadyState('interactive');
    expect((await settled(afterFirstScreen()))()).toBe(true);
    delete document.body.dataset.countryBlocked;
  });

  it('waits for the load event and the frame after it on a server first screen', async () => {
    document.body.innerHTML = '<main id="mf-page"><div data-ssr="lobby"></div></main><div id="mf-modal" data-modal=""></div>';
    setReadyState('interactive');
    const done = await settled(afterFirstScreen());
    await vi.advanceTimersByTimeAsync(500);
    expect(done()).toBe(false);
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(50); // the frame (jsdom's rAF is a ~16 ms timer), then the task after it
    expect(done()).toBe(true);
  });

  it('boots at the visitor\'s first pointer or key press', async () => {
    document.body.innerHTML = '<main id="mf-page"><div data-ssr="lobby"></div></main><div id="mf-modal" data-modal=""></div>';
    setReadyState('interactive');
    const done = await settled(afterFirstScreen());
    expect(done()).toBe(false);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });

  it('does not wait past its limit for an image that never arrives', async () => {
    document.body.innerHTML = '<main id="mf-page"><div data-ssr="lobby"></div></main>';
    setReadyState('interactive');
    const done = await settled(afterFirstScreen());
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
  });
});
