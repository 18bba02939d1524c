// One squad's broken release does not take the site down (issue 22, fault
// isolation): a lobby build that throws on load shows an error state with
// Retry in its slot while the header's log-in (another app) still works, the
// failure is reported with the release version, and a rollback brings the
// lobby back at the next load. A failing modal app leaves the page usable.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { inspectDb } from './lib/db.mjs';
import { ROOT } from './lib/paths.mjs';
import { SEL, casino, requireBuilds, screenshot, useSite, waitFor, waitForApp, waitForModal, withPage, MOBILE } from './lib/suite.mjs';

const BROKEN = /broken release/;

/** A copy of an app's build whose remote entry throws when it runs. */
async function brokenBuild(app) {
  const dir = await mkdtemp(join(tmpdir(), `broken-${app}-`));
  await cp(join(ROOT, 'frontends', app, 'dist'), dir, { recursive: true });
  await writeFile(join(dir, 'remoteEntry.js'), `throw new Error('broken release of ${app}');\n`);
  return dir;
}

/** A copy of an app's build whose manifest exposes nothing the shell can mount. */
async function buildWithoutApp(app) {
  const dir = await mkdtemp(join(tmpdir(), `noapp-${app}-`));
  await cp(join(ROOT, 'frontends', app, 'dist'), dir, { recursive: true });
  const manifest = JSON.parse(await readFile(join(dir, 'mf-manifest.json'), 'utf8'));
  manifest.exposes = manifest.exposes.map((e) => ({ ...e, name: `${e.name}-renamed`, path: `./${e.name}-renamed` }));
  await writeFile(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  return dir;
}

/** A working copy of an app's build with a different version (a comment appended to its entry). */
async function changedBuild(app, label) {
  const dir = await mkdtemp(join(tmpdir(), `changed-${app}-`));
  await cp(join(ROOT, 'frontends', app, 'dist'), dir, { recursive: true });
  await writeFile(join(dir, 'remoteEntry.js'), `${await readFile(join(dir, 'remoteEntry.js'), 'utf8')}\n// ${label}\n`);
  return dir;
}

describe('fault isolation: a broken micro-frontend release', () => {
  // The automatic rollback checks every second and acts on a handful of views.
  const site = useSite({ env: { CASINO_ROLLBACK_CHECK_EVERY: '1s', CASINO_ROLLBACK_MIN_VIEWS: '3', CASINO_ROLLBACK_RATE: '5%' } });
  const publish = async (app, dir) => casino(['frontends', '--data', site.server.dataDir, 'publish', app, dir]);
  const failures = async () => (await inspectDb(join(site.server.dataDir, 'casino.db'),
    `SELECT json_extract(data, '$.app') AS app, json_extract(data, '$.version') AS version, json_extract(data, '$.phase') AS phase FROM event_log WHERE event = 'MICROFRONTEND_FAILURE' ORDER BY id`)).rows?.map(([app, version, phase]) => ({ app, version, phase })) ?? [];

  test('a lobby that throws on load: error state with Retry, the header still logs in, the failure is reported, rollback restores it', async (t) => {
    requireBuilds(site.server, ['root', 'lobby', 'profile']);
    const dir = await brokenBuild('lobby');
    try {
      await publish('lobby', dir);
      const opts = { baseURL: site.server.url, allow: { pageErrors: [BROKEN], console: [BROKEN] } };
      await withPage(site.browser, t, opts, async ({ page }) => {
        await page.goto('/casino');
        const notice = page.locator('#mf-page [data-app-failed="lobby"]');
        await notice.waitFor({ timeout: 20_000 });
        await notice.getByRole('button', { name: 'Try again' }).waitFor();
        assert.equal(await page.locator('#mf-page').getAttribute('aria-busy'), null, 'no endless loading state');
        assert.equal(await page.locator('#mf-page .skeleton').count(), 0, 'the skeleton is gone');
        await screenshot(page, 'fault-lobby-broken');
        // Another squad's app still works: the header's Log in opens the profile overlay.
        await page.locator(SEL.menuLogin).click();
        await waitForModal(page, 'profile');
        const rows = await waitFor(async () => {
          const r = await failures();
          return r.some((x) => x.app === 'lobby') && r;
        }, { what: 'the failure report' });
        const report = rows.find((x) => x.app === 'lobby');
        assert.match(report.version, /^[0-9a-f]+$/, 'the broken release is named');
        assert.equal(report.phase, 'load');
      });
      await casino(['frontends', '--data', site.server.dataDir, 'rollback', 'lobby']);
      await withPage(site.browser, t, { baseURL: site.server.url }, async ({ page }) => {
        await page.goto('/casino');
        await waitForApp(page, 'lobby');
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a modal app that fails leaves the page usable, and its notice closes', async (t) => {
    requireBuilds(site.server, ['root', 'lobby', 'profile']);
    const dir = await brokenBuild('profile');
    try {
      await publish('profile', dir);
      const opts = { baseURL: site.server.url, viewport: MOBILE, allow: { pageErrors: [BROKEN], console: [BROKEN] } };
      await withPage(site.browser, t, opts, async ({ page }) => {
        await page.goto('/casino?modal=login');
        await waitForApp(page, 'lobby');
        const notice = page.locator('#mf-modal [data-app-failed="profile"]');
        await notice.waitFor({ timeout: 20_000 });
        await screenshot(page, 'fault-modal-broken-375');
        await notice.getByRole('button', { name: 'Close' }).click();
        await notice.waitFor({ state: 'detached' });
        assert.equal(new URL(page.url()).search, '', '?modal= is gone');
        await page.locator('#mf-page').getByRole('link').first().waitFor();
      });
    } finally {
      await casino(['frontends', '--data', site.server.dataDir, 'rollback', 'profile']);
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('the release check refuses a build that exposes neither ./app nor ./modal, from the CLI and over HTTP', async () => {
    const dir = await buildWithoutApp('lobby');
    try {
      const before = (await (await fetch(new URL('/api/core/casino/frontends', site.server.url))).json()).data.lobby?.version;
      await assert.rejects(publish('lobby', dir), /RELEASE_CHECK_FAILED: lobby refused: it exposes neither \.\/app nor \.\/modal/);
      await promisify(execFile)('tar', ['-czf', `${dir}.tar.gz`, '-C', dir, '.']);
      const res = await fetch(new URL('/api/core/casino/frontends/lobby', site.server.url), {
        method: 'POST', headers: { Authorization: `Bearer ${site.server.deployToken}` }, body: await readFile(`${dir}.tar.gz`),
      });
      assert.equal(res.status, 422);
      const body = await res.json();
      assert.equal(body.error.code, 'RELEASE_CHECK_FAILED');
      assert.match(body.error.message, /exposes neither/);
      const after = (await (await fetch(new URL('/api/core/casino/frontends', site.server.url))).json()).data.lobby?.version;
      assert.equal(after, before, 'the refused build did not go live');
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(`${dir}.tar.gz`, { force: true });
    }
  });

  /** The lobby entry the server puts in a visitor's page, and the cookie it sets. */
  const lobbyEntry = async (cookie) => {
    const res = await fetch(new URL('/casino', site.server.url), { headers: cookie ? { Cookie: cookie } : {} });
    const html = await res.text();
    const remotes = JSON.parse(html.match(/<script[^>]*id="mf-remotes"[^>]*>([^<]*)<\/script>/)[1]);
    return { entry: remotes.lobby, setCookie: res.headers.get('set-cookie') };
  };

  test('a 50 % canary serves both releases to different visitors, and each keeps theirs across reloads', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const stable = (await lobbyEntry()).entry;
    const dir = await changedBuild('lobby', 'canary');
    try {
      const out = await casino(['frontends', '--data', site.server.dataDir, 'publish', 'lobby', dir, '--canary', '50']);
      assert.match(out, /canary 50%/);
      const first = await lobbyEntry();
      assert.match(first.setCookie ?? '', /casino_rel=\d+/, 'a visitor gets a bucket while a canary runs');
      const inCanary = await lobbyEntry('casino_rel=10');
      const outside = await lobbyEntry('casino_rel=80');
      assert.notEqual(inCanary.entry, stable, 'bucket 10 is served the canary');
      assert.equal(outside.entry, stable, 'bucket 80 keeps the current release');
      const bucket = first.setCookie.match(/casino_rel=(\d+)/)[0];
      for (let i = 0; i < 3; i++) assert.equal((await lobbyEntry(bucket)).entry, first.entry, 'the same release on every reload');
      await withPage(site.browser, t, { baseURL: site.server.url }, async ({ page, context }) => {
        await context.addCookies([{ name: 'casino_rel', value: '10', url: site.server.url }]);
        await page.goto('/casino');
        await waitForApp(page, 'lobby');
        assert.equal((await page.evaluate(() => JSON.parse(document.getElementById('mf-remotes').textContent))).lobby, inCanary.entry);
      });
      await casino(['frontends', '--data', site.server.dataDir, 'promote', 'lobby']);
      assert.equal((await lobbyEntry('casino_rel=80')).entry, inCanary.entry, 'promoted: everyone gets it');
      await casino(['frontends', '--data', site.server.dataDir, 'rollback', 'lobby']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a canary that fails on every load is rolled back automatically, and the next visitor gets the previous release', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const stable = (await lobbyEntry('casino_rel=10')).entry;
    const dir = await brokenBuild('lobby');
    try {
      await casino(['frontends', '--data', site.server.dataDir, 'publish', 'lobby', dir, '--canary', '50']);
      const broken = (await lobbyEntry('casino_rel=10')).entry;
      assert.notEqual(broken, stable);
      const version = broken.split('/')[3];
      const opts = { baseURL: site.server.url, allow: { pageErrors: [BROKEN], console: [BROKEN] } };
      // Visitors of the canary's bucket meet the broken lobby until the watch
      // (every second, three views at least) rolls it back.
      let failedLoads = 0;
      for (let i = 0; i < 3; i++) {
        await withPage(site.browser, t, opts, async ({ page, context }) => {
          await context.addCookies([{ name: 'casino_rel', value: '10', url: site.server.url }]);
          await page.goto('/casino');
          const failed = page.locator('#mf-page [data-app-failed="lobby"]');
          await failed.or(page.locator('#mf-page [data-mf-app="lobby"]')).first().waitFor({ timeout: 20_000 });
          if (await failed.count()) failedLoads++;
        });
      }
      assert.ok(failedLoads >= 1, 'the canary failed for its visitors');
      const rolled = await waitFor(async () => {
        const list = (await (await fetch(new URL('/api/core/casino/frontends/lobby/releases', site.server.url))).json()).data;
        return list.find((r) => r.version === version && r.rolledBackReason);
      }, { what: 'the automatic rollback', timeout: 15_000 });
      assert.match(rolled.rolledBackReason, /automatic rollback: \d+ failure reports for \d+ page views/);
      assert.equal(rolled.canary ?? 0, 0);
      assert.match(await casino(['frontends', '--data', site.server.dataDir, 'list', 'lobby']), /rolled back .*automatic rollback/);
      await withPage(site.browser, t, { baseURL: site.server.url }, async ({ page, context }) => {
        await context.addCookies([{ name: 'casino_rel', value: '10', url: site.server.url }]);
        await page.goto('/casino');
        await waitForApp(page, 'lobby');
        assert.equal((await page.evaluate(() => JSON.parse(document.getElementById('mf-remotes').textContent))).lobby, stable);
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
