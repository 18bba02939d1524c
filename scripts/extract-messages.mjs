// Writes every front-end message into content/locales/en.json (complete
// English). Ids the server uses (nav.*, header.*, …) that no front end declares
// are kept. Run: npm run i18n:extract
import { readFileSync, writeFileSync } from 'node:fs';
import { collectMessages } from './messages.mjs';

const file = new URL('../content/locales/en.json', import.meta.url);
let current = {};
try {
  current = JSON.parse(readFileSync(file, 'utf8'));
} catch {
  /* first run */
}
const { messages, problems } = collectMessages();
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
const merged = { ...current, ...messages };
const sorted = Object.fromEntries(Object.keys(merged).sort().map((k) => [k, merged[k]]));
writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`content/locales/en.json: ${Object.keys(sorted).length} messages (${Object.keys(messages).length} from front ends)`);
