// Independent deployment: a squad uploads a changed build of one
// micro-frontend over HTTP with the deploy token; the next page load uses it
// with no restart, the other remotes are untouched, the old version's files
// stay served (immutable), and rollback brings the old build back at once.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { appendFile, cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { BUILDS } from './lib/paths.mjs';
import { PENDING_API, casino, http, remotesOf, requireBuilds, useSite, waitForApp, withPage } from './lib/suite.mjs';

const run = promisify(execFile);
const MARKER = '[data-testid="e2e-build-marker"]';

/**
 * A changed build of lobby: its dist copied, with a visible change appended
 * to remoteEntry.js (a banner naming the build). Content changes, so the
 * server gives it a new version.
 */
async function lobbyVariant(label) {
  const dir = await mkdtemp(join(tmpdir(), `casino-lobby-${label}-`));
  await cp(BUILDS.lobby, dir, { recursive: true });
  await appendFile(join(dir, 'remoteEntry.js'), `
;(function () {
  var m = document.createElement('div');
  m.setAttribute('data-testid', 'e2e-build-marker');
  m.textContent = 'lobby build ${label}';
  m.style.cssText = 'position:fixed;bottom:0;left:0;z-index:99999;background:#c00;color:#fff;padding:4px 8px;font:12px sans-serif';
  (document.body || document.documentElement).appendChild(m);
})();
`);
  return dir;
}

async function tarGz(dir) {
  const out = `${dir}.tar.gz`;
  await run('tar', ['-czf', out, '-C', dir, '.']);
  return readFile(out);
}

async function files(dir) {
  const out = [];
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out.push(relative(dir, join(e.parentPath ?? e.path, e.name)));
  }
  return out;
}

describe('independent deployment of one micro-frontend', () => {
  const site = useSite();
  const temp = [];
  after(async () => Promise.all(temp.map((d) => rm(d, { recursive: true, force: true }))));

  const current = async () => (await (await http(site, '/api/core/casino/frontends')).json()).data;
  const patch = (body, token = site.server.deployToken) =>
    http(site, '/api/core/casino/frontends/lobby', {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** Loads /casino in a fresh page: {remotes, marker text or null, lobby script URLs}. */
  async function load(t) {
    let seen;
    await withPage(site.browser, t, { baseURL: site.server.url, allow: { http: PENDING_API } }, async ({ page }) => {
      await page.goto('/casino');
      await waitForApp(page, 'lobby');
      const remotes = await remotesOf(page);
      const marker = page.locator(MARKER);
      const text = (await marker.count()) ? await marker.textContent() : null;
      const scripts = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.startsWith('/mf/lobby/')),
      );
      seen = { remotes, marker: text, scripts };
    });
    return seen;
  }

  test('upload over HTTP → live at the next load; old files served; rollback restores the old build', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const pid = site.server.process.pid;
    const before = await load(t);
    assert.equal(before.marker, null, 'the original build has no marker');
    const oldVersion = (await current()).lobby.version;
    assert.ok(before.remotes.lobby.includes(`/mf/lobby/${oldVersion}/`));

    // Upload a changed build with the deploy token.
    const variant = await lobbyVariant('B');
    temp.push(variant, `${variant}.tar.gz`);
    const body = await tarGz(variant);
    const denied = await http(site, '/api/core/casino/frontends/lobby', { method: 'POST', headers: { Authorization: 'Bearer wrong' }, body });
    assert.equal(denied.status, 403, 'upload without the right token is refused');
    const up = await http(site, '/api/core/casino/frontends/lobby', {
      method: 'POST',
      headers: { Authorization: `Bearer ${site.server.deployToken}`, 'Content-Type': 'application/gzip' },
      body,
    });
    assert.equal(up.status, 200, `upload answered ${up.status}: ${await up.clone().text()}`);
    const { data: release } = await up.json();
    assert.notEqual(release.version, oldVersion, 'a changed build gets a new version');
    assert.equal(release.entry, `/mf/lobby/${release.version}/remoteEntry.js`);

    // The next page load uses it: no restart, other remotes unchanged.
    const afterUpload = await load(t);
    assert.equal(site.server.process.pid, pid);
    assert.equal(site.server.process.exitCode, null, 'the server was not restarted');
    assert.equal(afterUpload.remotes.lobby, release.entry);
    assert.equal(afterUpload.marker, 'lobby build B', 'the new build is live');
    for (const [name, url] of Object.entries(before.remotes)) {
      if (name !== 'lobby') assert.equal(afterUpload.remotes[name], url, `${name} URL unchanged`);
    }
    assert.ok(afterUpload.scripts.length > 0 && afterUpload.scripts.every((p) => p.startsWith(`/mf/lobby/${release.version}/`)),
      `every lobby script from the new version: ${afterUpload.scripts.join(', ')}`);

    // Pages still on the old version keep getting its files.
    for (const f of await files(BUILDS.lobby)) {
      const res = await http(site, `/mf/lobby/${oldVersion}/${f}`);
      if (/\.(br|gz)$/.test(f)) {
        // The build's precompressed files are never served by their own names.
        assert.equal(res.status, 404, `old ${f}`);
        await res.arrayBuffer();
        continue;
      }
      assert.equal(res.status, 200, `old ${f}`);
      assert.match(res.headers.get('cache-control') ?? '', /immutable/, `old ${f} cache header`);
      await res.arrayBuffer();
    }

    // Rollback: the next load shows the old build.
    assert.equal((await patch({ rollback: true }, 'wrong')).status, 403, 'rollback needs the token');
    const rb = await patch({ rollback: true });
    assert.equal(rb.status, 200);
    assert.equal((await rb.json()).data.version, oldVersion);
    const afterRollback = await load(t);
    assert.equal(afterRollback.remotes.lobby, before.remotes.lobby);
    assert.equal(afterRollback.marker, null, 'old build is back');
    assert.deepEqual(afterRollback.remotes, before.remotes);

    // Activate the new version again by name (roll forward).
    const fwd = await patch({ version: release.version });
    assert.equal(fwd.status, 200);
    assert.equal((await load(t)).marker, 'lobby build B');
    assert.equal((await patch({ version: oldVersion })).status, 200);
  });

  test('`casino frontends publish` on a running server is live at the next load (no restart)', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const variant = await lobbyVariant('C');
    temp.push(variant);
    await casino(['frontends', '--data', site.server.dataDir, 'publish', 'lobby', variant]);
    const seen = await load(t);
    assert.equal(seen.marker, 'lobby build C',
      'the running server still serves the previous lobby: its registry cache is not refreshed after a publish by another process');
    await casino(['frontends', '--data', site.server.dataDir, 'rollback', 'lobby']);
    assert.equal((await load(t)).marker, null, 'CLI rollback is live at the next load');
  });
});
