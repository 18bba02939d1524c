import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replayFirstPresses } from './replay';

const serverScreen = `<main id="mf-page"><div data-ssr="lobby">
  <button type="button" class="lobby-more" data-replay="load-more">Load more</button>
  <button type="button" data-replay="claim:WELCOME">Claim</button>
</div></main>`;

/** The app's page, as a mounted app renders it beside the server's copy. */
function mountApp(html: string): HTMLElement {
  const app = document.createElement('div');
  app.dataset.mfApp = 'lobby';
  app.innerHTML = html;
  document.getElementById('mf-page')!.appendChild(app);
  return app;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('replayFirstPresses', () => {
  let stop: () => void;
  beforeEach(() => {
    document.body.innerHTML = serverScreen;
    stop = replayFirstPresses(document, 1000);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  const serverButton = (key: string) => document.querySelector<HTMLButtonElement>(`[data-ssr] [data-replay="${key}"]`)!;

  it('clicks the app button with the same key once the app renders it', async () => {
    serverButton('load-more').click();
    expect(serverButton('load-more').getAttribute('aria-busy')).toBe('true');
    const onClick = vi.fn();
    const app = mountApp('<button data-replay="claim:WELCOME">Claim</button><button data-replay="load-more">Load more</button>');
    app.querySelector('[data-replay="load-more"]')!.addEventListener('click', onClick);
    await flush();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(serverButton('load-more').hasAttribute('aria-busy')).toBe(false);
  });

  it('replays only the latest press, once', async () => {
    serverButton('load-more').click();
    serverButton('claim:WELCOME').click();
    const claims = vi.fn();
    const more = vi.fn();
    const app = mountApp('<button data-replay="load-more">Load more</button><button data-replay="claim:WELCOME">Claim</button>');
    app.querySelector('[data-replay="load-more"]')!.addEventListener('click', more);
    app.querySelector('[data-replay="claim:WELCOME"]')!.addEventListener('click', claims);
    await flush();
    app.appendChild(document.createElement('p')); // later renders replay nothing
    await flush();
    expect(claims).toHaveBeenCalledTimes(1);
    expect(more).not.toHaveBeenCalled();
  });

  it('waits while the app button is disabled', async () => {
    serverButton('claim:WELCOME').click();
    const onClick = vi.fn();
    const app = mountApp('<button data-replay="claim:WELCOME" disabled>Claim</button>');
    const button = app.querySelector('button')!;
    button.addEventListener('click', onClick);
    await flush();
    expect(onClick).not.toHaveBeenCalled();
    button.disabled = false;
    await flush();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('leaves presses on the app own buttons to the app', async () => {
    const onClick = vi.fn();
    const app = mountApp('<button data-replay="load-more">Load more</button>');
    const button = app.querySelector('button')!;
    button.addEventListener('click', onClick);
    button.click();
    await flush();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button.hasAttribute('aria-busy')).toBe(false);
  });

  it('forgets a press the app never answers', async () => {
    vi.useFakeTimers();
    serverButton('load-more').click();
    await vi.advanceTimersByTimeAsync(1000);
    expect(serverButton('load-more').hasAttribute('aria-busy')).toBe(false);
    const onClick = vi.fn();
    mountApp('<button data-replay="load-more">Load more</button>').querySelector('button')!.addEventListener('click', onClick);
    await vi.advanceTimersByTimeAsync(0);
    expect(onClick).not.toHaveBeenCalled();
  });
});
