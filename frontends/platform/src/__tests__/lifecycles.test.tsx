import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLifecycles } from '../microfrontend';
import { jsonResponse, mockFetch, resetPlatform } from './helpers';

const theme = {} as never;

async function run(fns: unknown, props: Record<string, unknown>) {
  for (const fn of Array.isArray(fns) ? fns : [fns]) await (fn as (p: unknown) => Promise<unknown>)(props);
}

describe('createLifecycles (single-spa lifecycles without single-spa-react)', () => {
  beforeEach(() => {
    resetPlatform();
    mockFetch(() => jsonResponse(200, {}));
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('mounts the app in its element after its first commit and unmounts it', async () => {
    const el = document.createElement('div');
    document.body.appendChild(el);
    const lc = createLifecycles({ name: 'demo', theme, Root: ({ name }) => <h1>hello {name}</h1> });
    await run(lc.bootstrap, { name: 'demo', domElement: el });
    await run(lc.mount, { name: 'demo', domElement: el });
    expect(el.textContent).toBe('hello demo');
    await run(lc.unmount, { name: 'demo', domElement: el });
    expect(el.textContent).toBe('');
    // mounted again (a page left and visited again)
    await run(lc.mount, { name: 'demo', domElement: el });
    expect(el.textContent).toBe('hello demo');
    await run(lc.unmount, { name: 'demo', domElement: el });
  });

  it('shows the crash notice in the app slot when the app throws', async () => {
    const el = document.createElement('div');
    document.body.appendChild(el);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Boom = () => {
      throw new Error('boom');
    };
    const lc = createLifecycles({ name: 'boom', theme, Root: Boom });
    await run(lc.mount, { name: 'boom', domElement: el });
    expect(el.querySelector('[role="alert"]')).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith('[boom] render failed', expect.any(Error), expect.anything());
    await run(lc.unmount, { name: 'boom', domElement: el });
  });
});
