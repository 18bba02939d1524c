// Collects the react-intl messages of every front-end workspace. Messages are
// declared only in `messages.ts` files with defineMessages, one
// `{ id: '…', defaultMessage: '…' }` per line (a unit test keeps it so).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const LITERAL = String.raw`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"`;
const ENTRY = new RegExp(String.raw`id:\s*(${LITERAL}),\s*defaultMessage:\s*(${LITERAL})`, 'g');

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name === 'messages.ts') out.push(p);
  }
  return out;
}

const unquote = (lit) => JSON.parse(lit.startsWith("'") ? `"${lit.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"` : lit);

/** @returns {{ messages: Record<string,string>, sources: Record<string,string>, problems: string[], files: string[] }} */
export function collectMessages(root = ROOT) {
  const files = walk(join(root, 'frontends'));
  const messages = {};
  const sources = {};
  const problems = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const declared = (text.match(/\bid:\s*['"]/g) || []).length;
    let found = 0;
    for (const m of text.matchAll(ENTRY)) {
      found += 1;
      const id = unquote(m[1]);
      const msg = unquote(m[2]);
      const where = relative(root, file);
      if (id in messages && messages[id] !== msg) problems.push(`${id}: different defaults in ${sources[id]} and ${where}`);
      messages[id] = msg;
      sources[id] = where;
    }
    if (declared !== found) problems.push(`${relative(root, file)}: ${declared - found} message(s) not in the one-line form`);
  }
  return { messages, sources, problems, files };
}
