// @vitest-environment node
// Every user-visible string goes through react-intl: en.json must hold every
// message id the front ends declare, with the same English text; other
// catalogues must translate every player-facing id, use only known ids, parse
// as ICU messages and keep the English placeholders.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { collectMessages } from './messages.mjs';

const LOCALES = fileURLToPath(new URL('../content/locales/', import.meta.url));
const read = (f) => JSON.parse(readFileSync(LOCALES + f, 'utf8'));
const en = read('en.json');
const { messages, sources, problems, files } = collectMessages();

/** Top-level argument names of an ICU message ({name}, {count, plural, …}). */
function placeholders(message) {
  const names = new Set();
  let depth = 0;
  for (let i = 0; i < message.length; i++) {
    const c = message[i];
    if (c === "'") {
      const end = message.indexOf("'", i + 1);
      if (end > i + 1) i = end;
      continue;
    }
    if (c === '{') {
      if (depth === 0) {
        const m = /^\{\s*([A-Za-z0-9_]+)/.exec(message.slice(i));
        if (m) names.add(m[1]);
      }
      depth++;
    } else if (c === '}') depth--;
  }
  return [...names].sort();
}

function parses(locale, id, message) {
  const errors = [];
  const intl = createIntl({ locale, messages: { [id]: message }, onError: (e) => errors.push(e) });
  const values = Object.fromEntries(placeholders(message).map((p) => [p, p === 'count' || p === 'days' ? 2 : 'x']));
  intl.formatMessage({ id }, values);
  return errors.map(String);
}

describe('message declarations', () => {
  it('are found in every workspace messages.ts in the one-line form', () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
    expect(problems).toEqual([]);
    expect(Object.keys(messages).length).toBeGreaterThan(200);
  });
});

describe('message scopes', () => {
  // Each micro-frontend downloads only its own ids and the shared ones
  // (bff/i18n scope, platform createLifecycles): an id must start with its
  // workspace's prefix ("country-block" → "countryBlock."), or "ui."/"platform."
  // in those two shared workspaces.
  it('start with their workspace’s prefix', () => {
    const wrong = Object.entries(sources).filter(([id, file]) => {
      const app = file.split('/')[1];
      const prefix = app.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
      return !id.startsWith(`${prefix}.`);
    });
    expect(wrong.map(([id, file]) => `${id} (${file})`)).toEqual([]);
  });
});

describe('en.json', () => {
  it('holds every front-end message id with the code’s English text', () => {
    const missing = Object.keys(messages).filter((id) => !(id in en));
    const different = Object.keys(messages).filter((id) => id in en && en[id] !== messages[id]);
    expect(missing, 'run npm run i18n:extract').toEqual([]);
    expect(different, 'run npm run i18n:extract').toEqual([]);
  });

  it('has only valid ICU messages', () => {
    for (const [id, message] of Object.entries(en)) expect(parses('en', id, message), id).toEqual([]);
  });
});

const others = readdirSync(LOCALES).filter((f) => f.endsWith('.json') && f !== 'en.json');

// Every language of the site is translated in full (issue 17): a new English
// id must arrive with its translation in every catalogue, or CI fails here.
// The staff back office (backoffice.*) is offered in English (and the
// languages that have it); players never see it.
const playerFacing = Object.keys(en).filter((id) => !id.startsWith('backoffice.'));
describe.each(others)('%s is complete', (file) => {
  it('translates every player-facing English id', () => {
    const catalogue = read(file);
    expect(playerFacing.filter((id) => !(id in catalogue))).toEqual([]);
  });
});
describe.each(others)('%s', (file) => {
  const catalogue = read(file);
  const lng = file.replace(/\.json$/, '');
  it('uses only English ids, non-empty, with the same placeholders', () => {
    for (const [id, message] of Object.entries(catalogue)) {
      expect(id in en, `${id} is not in en.json`).toBe(true);
      expect(typeof message === 'string' && message.trim().length > 0, id).toBe(true);
      expect(placeholders(message), id).toEqual(placeholders(en[id]));
      expect(parses(lng, id, message), id).toEqual([]);
    }
  });
});
