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
export function useSite({ publish = true, browser = true, env, tour } = {}) {
  // A failed setup is reported by every test (not only by the hook, which
  // some reporters show as "cancelled" without the reason).
  let setupError = null;
  let server = null;
  let chromium = null;
  const fail = () => {
    throw new Error(`test setup failed: ${setupError.message}`);
  };
  const site = {
    get server() {
      if (setupError) fail();
      return server;
    },
    get browser() {
      if (setupError) fail();
      return chromium;
    },
  };
  before(async () => {
    try {
      server = await startServer({ publish, env, tour });
      if (server.missing.length) {
        console.log(`# note: front-end builds not found, not published: ${server.missing.join(', ')}`);
      }
      if (browser) chromium = await launchBrowser();
    } catch (err) {
      setupError = err;
      console.error(`# test setup failed: ${err.message}`);
    }
  });
  after(async () => {
    await chromium?.close().catch(() => {});
    await server?.stop();
  });
  return site;
}

/** GET (or other) against the server, following no redirects. */
export async function http(site, path, init = {}) {
  return fetch(new URL(path, site.server.url), { redirect: 'manual', ...init });
}
