// Shared setup of a test file: one BFF and one Chromium for the whole file,
// stopped at the end. Tests get fresh browser contexts (see withPage).
import { after, before } from 'node:test';
import { launchBrowser } from './browser.mjs';
import { startServer } from './server.mjs';

export * from './app.mjs';
export * from './browser.mjs';
export * from './server.mjs';

/**
 * Registers before/after hooks and returns an object whose .server and
 * .browser are set once before() has run. {browser: false} skips Chromium.
 */
export function useSite({ publish = true, browser = true, env } = {}) {
  const site = { server: null, browser: null };
  before(async () => {
    site.server = await startServer({ publish, env });
    if (site.server.missing.length) {
      console.log(`# note: front-end builds not found, not published: ${site.server.missing.join(', ')}`);
    }
    if (browser) site.browser = await launchBrowser();
  });
  after(async () => {
    await site.browser?.close().catch(() => {});
    await site.server?.stop();
  });
  return site;
}

/** GET (or other) against the server, following no redirects. */
export async function http(site, path, init = {}) {
  return fetch(new URL(path, site.server.url), { redirect: 'manual', ...init });
}
