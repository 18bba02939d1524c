// @vitest-environment node
// The small ICU parser of the browser builds (icu-parser.js, issue 19) must
// give the formatjs parser's AST for every message the casino ships: every
// catalogue of content/locales and every default message of the sources.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as formatjs } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { parse } from '../icu-parser.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The formatjs AST without locations. */
function reference(message, opts) {
  return JSON.parse(JSON.stringify(formatjs(message, opts), (k, v) => (k === 'location' ? undefined : v)));
}

function sourceFiles(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) sourceFiles(p, out);
    else if (/\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

/** defaultMessage: '…' / "…" / `…` literals of the front-end sources. */
function defaultMessages() {
  const out = [];
  const re = /defaultMessage:\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`((?:[^`\\$]|\\.)*)`)/g;
  for (const f of [...sourceFiles(join(ROOT, 'frontends')), ...sourceFiles(join(ROOT, 'shell/root-config/src'))]) {
    for (const m of readFileSync(f, 'utf8').matchAll(re)) {
      const raw = m[1] ?? m[2] ?? m[3];
      out.push(raw.replace(/\\(['"`\\])/g, '$1').replace(/\\n/g, '\n'));
    }
  }
  return out;
}

describe('icu-parser', () => {
  it('parses every catalogue message as formatjs does', () => {
    const dir = join(ROOT, 'content/locales');
    let n = 0;
    const differ = [];
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
      for (const [id, message] of Object.entries(JSON.parse(readFileSync(join(dir, f), 'utf8')))) {
        if (JSON.stringify(parse(message)) !== JSON.stringify(reference(message))) differ.push(`${f} ${id}: ${message}`);
        n++;
      }
    }
    expect(differ).toEqual([]);
    expect(n).toBeGreaterThan(1000);
  }, 120_000);

  it('parses every default message of the sources as formatjs does', () => {
    const messages = defaultMessages();
    expect(messages.length).toBeGreaterThan(300);
    const differ = messages.filter((m) => JSON.stringify(parse(m)) !== JSON.stringify(reference(m)));
    expect(differ).toEqual([]);
  }, 60_000);

  it('handles quoting, nesting, offsets, tags and styles', () => {
    const cases = [
      '',
      'plain text } with a brace',
      "It''s '{'literal'}' and l'apostrophe",
      "'<b>' not a tag, a < b > c",
      '{count, plural, offset:1 =0 {none} one {# item} other {# items and {name}}}',
      '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
      "{n, plural, one {'#' is # and {g, select, a {# here} other {x}}} other {many}}",
      '{ amount , number } {when, date, short} {when, time} {p, number, percent}',
      'Hello <b>{name}</b>, <link>see <i>more</i></link> <br/>',
      '{gender, select, male {he} female {she} other {they}}',
    ];
    for (const c of cases) expect({ c, ast: parse(c) }).toEqual({ c, ast: reference(c) });
    expect(parse('<b>x</b>', { ignoreTag: true })).toEqual(reference('<b>x</b>', { ignoreTag: true }));
  });

  it('refuses what formatjs refuses', () => {
    for (const bad of ['{', '{name', '{n, plural, one {x}}', '<b>open', 'x</b>', '{n, wat}', '{n, plural, one {x} other {y}']) {
      expect(() => formatjs(bad)).toThrow();
      expect(() => parse(bad)).toThrow();
    }
  });
});
