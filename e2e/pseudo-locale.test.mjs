// A pseudo-locale (issue 17): every English word 40 % longer and accented,
// served as the site's English catalogue by a server of its own, and every
// page opened at 375 px as a logged-in depositor: nothing may overflow
// sideways. Languages longer than English (German, Finnish, Hungarian…) must
// fit where English does.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CONTENT } from './lib/paths.mjs';
import { APP_ROUTES, launchBrowser, MOBILE, PENDING_API, requireBuilds, startServer, withPage } from './lib/suite.mjs';
import { logIn, newPlayer } from './lib/players.mjs';

const ACCENTS = { a: 'á', c: 'ç', e: 'é', i: 'î', n: 'ñ', o: 'ö', s: 'š', u: 'ü', y: 'ý', A: 'Å', C: 'Ç', E: 'É', I: 'Î', N: 'Ñ', O: 'Ö', S: 'Š', U: 'Ü' };

/**
 * The pseudo form of an ICU message: each literal word accented and padded
 * by 40 % (at least one character); arguments, plural/select keys, `#` and
 * rich-text tags stay as they are.
 */
export function pseudo(message) {
  let i = 0;
  const text = (stop) => {
    let out = '';
    let literal = '';
    const flush = () => {
      // Each word 40 % longer (as translations run longer word by word, not
      // by one unbreakable tail).
      out += literal.replace(/\S+/g, (word) => [...word].map((c) => ACCENTS[c] ?? c).join('') + '~'.repeat(Math.max(1, Math.round(word.length * 0.4))));
      literal = '';
    };
    while (i < message.length && !(stop && message[i] === '}')) {
      const c = message[i];
      if (c === '{') {
        flush();
        out += argument();
      } else if (c === '<') {
        flush();
        const end = message.indexOf('>', i);
        out += message.slice(i, end + 1);
        i = end + 1;
      } else if (c === "'" || c === '#') {
        flush();
        out += c;
        i++;
      } else {
        literal += c;
        i++;
      }
    }
    flush();
    return out;
  };
  const argument = () => {
    let head = '';
    i++; // {
    while (message[i] !== '}' && message[i] !== '{') head += message[i++];
    if (message[i] === '}') {
      i++;
      return `{${head}}`;
    }
    // {name, plural|select|selectordinal, key {text} key {text}}
    let out = `{${head}`;
    while (message[i] === '{') {
      i++;
      out += `{${text(true)}}`;
      i++; // }
      while (message[i] !== '{' && message[i] !== '}') out += message[i++];
    }
    i++; // the argument's }
    return `${out}}`;
  };
  return text(false);
}

describe('a pseudo-locale 40 % longer than English at 375 px', () => {
  const site = {};
  before(async () => {
    const content = mkdtempSync(join(tmpdir(), 'casino-pseudo-'));
    cpSync(CONTENT, content, { recursive: true });
    const en = JSON.parse(readFileSync(join(CONTENT, 'locales', 'en.json'), 'utf8'));
    writeFileSync(join(content, 'locales', 'en.json'), JSON.stringify(Object.fromEntries(Object.entries(en).map(([id, m]) => [id, pseudo(m)]))));
    site.server = await startServer({ content });
    site.browser = await launchBrowser();
  });
  after(async () => {
    await site.browser?.close().catch(() => {});
    await site.server?.stop();
  });

  test('the pseudo form keeps every argument, plural and tag', () => {
    assert.equal(pseudo('Deposit {amount}'), 'Dépöšît~~~ {amount}');
    assert.equal(pseudo('{count, plural, one {# game} other {# games}}'), '{count, plural, one {# gámé~~} other {# gáméš~~}}');
    assert.equal(pseudo('Read <b>this</b> now, please'), 'Réád~~ <b>thîš~~</b> ñöw,~~ pléášé~~');
  });

  test('no page overflows sideways for a logged-in depositor', async (t) => {
    requireBuilds(site.server, ['root', 'lobby', 'cashier', 'profile', 'calendar']);
    const player = await newPlayer(site, { prefix: 'pseudo', deposit: '50.00' });
    const failures = [];
    const queue = [...APP_ROUTES];
    await Promise.all(Array.from({ length: 3 }, async () => {
      while (queue.length) {
        const [path, app] = queue.shift();
        await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE, allow: { http: PENDING_API } }, async ({ page, context }) => {
          await logIn(context, site, player);
          await page.goto(path);
          await page.locator(`#mf-page[data-app="${app}"]`).waitFor();
          // The pseudo texts are in (the English defaults render first).
          await page.waitForFunction(() => /~~/.test(document.getElementById('mf-page')?.innerText ?? ''), null, { timeout: 15_000 });
          await page.waitForTimeout(300);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 1) failures.push(`${path}: ${overflow}px of sideways overflow`);
        }).catch((err) => failures.push(`${path}: ${err.message.split('\n')[0]}`));
      }
    }));
    assert.deepEqual(failures, [], failures.join('\n'));
  });
});
