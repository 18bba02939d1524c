// A small ICU MessageFormat parser that stands in for
// @formatjs/icu-messageformat-parser in the browser builds (webpack alias in
// index.js, issue 19). The formatjs parser with its skeleton parser is ~56 KB
// of source (~6 KB gzip) on every page; this one is ~1 KB gzip and produces
// the same AST (without locations) for what the casino's messages use:
// literals with ICU apostrophe quoting, {arg}, {arg, number|date|time[, style]},
// {arg, select, …}, {arg, plural|selectordinal, [offset:n] =n|zero|one|… {…}},
// # inside plural branches and <tag>…</tag> rich text. Number/date skeletons
// (`::currency/EUR`) are not supported (throws; none is used):
// icu-parser.test.mjs checks every catalogue and every default message
// against the formatjs parser.
export * from '@formatjs/icu-messageformat-parser/no-parser.js';

const LITERAL = 0;
const ARGUMENT = 1;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;
const TAG = 8;
const FORMATTED = { number: 2, date: 3, time: 4 };

const isSpace = (c) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\u00a0' || c === '\u200e' || c === '\u200f' || c === '\u2028' || c === '\u2029';
const isAlpha = (c) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isTagChar = (c) => isAlpha(c) || (c >= '0' && c <= '9') || c === '-' || c === '.' || c === '_' || c === ':' || c > '\u00b7';

/**
 * parse(message, {ignoreTag, requiresOtherClause}) → formatjs AST (no
 * locations). Throws a SyntaxError on a malformed message, as formatjs does
 * (react-intl then reports it and shows the raw message).
 */
export function parse(message, opts = {}) {
  const ignoreTag = !!opts.ignoreTag;
  const requiresOther = opts.requiresOtherClause !== false;
  let i = 0;
  const fail = (what) => {
    throw new SyntaxError(`${what} at ${i} in "${message}"`);
  };
  const spaces = () => {
    while (i < message.length && isSpace(message[i])) i++;
  };
  const word = () => {
    const start = i;
    while (i < message.length && !isSpace(message[i]) && !'{}#<>,\'='.includes(message[i]) && message[i] !== ':') i++;
    return message.slice(start, i);
  };

  // A run of text up to the next {, } (nested), # (in a plural) or tag;
  // apostrophes quote, as formatjs parseLiteral.
  function literal(depth, parent) {
    const pluralish = parent === 'plural' || parent === 'selectordinal';
    let out = '';
    while (i < message.length) {
      const c = message[i];
      const next = message[i + 1];
      if (c === "'" && next === "'") {
        out += "'";
        i += 2;
      } else if (c === "'" && (next === '{' || next === '}' || next === '<' || next === '>' || (next === '#' && pluralish))) {
        // Quoted text up to the next lone apostrophe ('' inside is one ').
        out += next;
        i += 2;
        while (i < message.length) {
          if (message[i] === "'") {
            if (message[i + 1] !== "'") {
              i++;
              break;
            }
            i++;
          }
          out += message[i++];
        }
      } else if (c === '<') {
        if (!ignoreTag && (isAlpha(next ?? '') || next === '/')) break;
        out += c;
        i++;
      } else if (c === '{' || (c === '#' && pluralish) || (c === '}' && depth > 0)) {
        break;
      } else {
        out += c;
        i++;
      }
    }
    return out;
  }

  function elements(depth, parent, inTag) {
    const out = [];
    while (i < message.length) {
      const c = message[i];
      if (c === '{') {
        out.push(argument(depth));
      } else if (c === '}' && depth > 0) {
        break;
      } else if (c === '#' && (parent === 'plural' || parent === 'selectordinal')) {
        i++;
        out.push({ type: POUND });
      } else if (c === '<' && !ignoreTag && message[i + 1] === '/') {
        if (inTag) break;
        fail('unmatched closing tag');
      } else if (c === '<' && !ignoreTag && isAlpha(message[i + 1] ?? '')) {
        out.push(tag(depth, parent));
      } else {
        out.push({ type: LITERAL, value: literal(depth, parent) });
      }
    }
    return out;
  }

  function tag(depth, parent) {
    const start = i;
    i++; // <
    let name = '';
    while (i < message.length && isTagChar(message[i])) name += message[i++];
    spaces();
    if (message.startsWith('/>', i)) {
      i += 2;
      return { type: LITERAL, value: `<${name}/>` };
    }
    if (message[i] !== '>') fail('invalid tag');
    i++;
    const children = elements(depth + 1, parent, true);
    if (!message.startsWith('</', i)) fail('unclosed tag');
    i += 2;
    let closing = '';
    while (i < message.length && isTagChar(message[i])) closing += message[i++];
    if (closing !== name) fail(`mismatched tag ${name}/${closing} from ${start}`);
    spaces();
    if (message[i] !== '>') fail('invalid closing tag');
    i++;
    return { type: TAG, value: name, children };
  }

  function argument(depth) {
    i++; // {
    spaces();
    const name = word();
    if (!name) fail('empty argument');
    spaces();
    if (message[i] === '}') {
      i++;
      return { type: ARGUMENT, value: name };
    }
    if (message[i] !== ',') fail('expected , or }');
    i++;
    spaces();
    const kind = word();
    spaces();
    if (kind in FORMATTED) {
      let style = null;
      if (message[i] === ',') {
        i++;
        spaces();
        if (message.startsWith('::', i)) fail('skeletons are not supported');
        const start = i;
        while (i < message.length && message[i] !== '}') i++;
        style = message.slice(start, i).trimEnd();
        if (!style) fail('empty style');
      }
      if (message[i] !== '}') fail('expected }');
      i++;
      return { type: FORMATTED[kind], value: name, style };
    }
    if (kind !== 'select' && kind !== 'plural' && kind !== 'selectordinal') fail(`unknown argument type ${kind}`);
    if (message[i] !== ',') fail('expected ,');
    i++;
    spaces();
    let offset = 0;
    if (kind !== 'select' && message.startsWith('offset:', i)) {
      i += 7;
      spaces();
      const start = i;
      if (message[i] === '-' || message[i] === '+') i++;
      while (i < message.length && message[i] >= '0' && message[i] <= '9') i++;
      offset = Number(message.slice(start, i));
      if (!Number.isInteger(offset) || start === i) fail('invalid offset');
      spaces();
    }
    const options = {};
    while (i < message.length && message[i] !== '}') {
      let key;
      if (message[i] === '=') {
        i++;
        key = `=${word()}`;
      } else key = word();
      if (!key || key === '=') fail('expected a selector');
      if (key in options) fail(`duplicate selector ${key}`);
      spaces();
      if (message[i] !== '{') fail('expected {');
      i++;
      const value = elements(depth + 1, kind, false);
      if (message[i] !== '}') fail('unclosed option');
      i++;
      options[key] = { value };
      spaces();
    }
    if (message[i] !== '}') fail('unclosed argument');
    i++;
    if (requiresOther && !('other' in options)) fail('missing other');
    if (kind === 'select') return { type: SELECT, value: name, options };
    return { type: PLURAL, value: name, options, offset, pluralType: kind === 'plural' ? 'cardinal' : 'ordinal' };
  }

  const ast = elements(0, '', false);
  if (i < message.length) fail('unexpected text');
  return ast;
}
