// What the studio's game clients share: the studio API call, amount
// formatting and the page's messages. Loaded before slot.js / roulette.js; plain DOM, no dependencies.
(function () {
  'use strict';
  function api(method, path, body) {
    return fetch(path, {
      method: method, credentials: 'same-origin',
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined
    }).then(function (r) {
      return r.json().then(function (j) {
        if (j.error) { var e = new Error(j.error.message); e.code = j.error.code; throw e; }
        return j.data;
      });
    });
  }
  // Minor units of the session currency as its decimal, by string: no float
  // ever touches an amount (8 decimals for a coin).
  function money(minor, decimals) {
    var d = decimals, s = String(minor), neg = s.charAt(0) === '-';
    if (neg) s = s.slice(1);
    while (s.length <= d) s = '0' + s;
    return (neg ? '-' : '') + (d ? s.slice(0, s.length - d) + '.' + s.slice(s.length - d) : s);
  }
  // The page's language and its messages (the server's
  // <script type="application/json" id="studio-messages">, bff/studio/i18n).
  var lang = document.documentElement.lang || 'en', msgs = {};
  try {
    var m = JSON.parse(document.getElementById('studio-messages').textContent);
    msgs = m.messages || {}; lang = m.lang || lang;
  } catch (e) { /* a page without messages */ }
  // t('js.youWin', { amount: '5.00 EUR' }): the message with its {names} filled.
  function t(key, args) {
    var s = Object.prototype.hasOwnProperty.call(msgs, key) ? msgs[key] : key;
    return args ? s.replace(/\{(\w+)\}/g, function (all, k) { return Object.prototype.hasOwnProperty.call(args, k) ? String(args[k]) : all; }) : s;
  }
  // A decimal string ("1234.50", as money() or the server writes it) in the
  // page's locale, exactly (Intl formats the string, no float); grouping
  // from 5 digits on.
  var formats = {};
  function num(dec, decimals) {
    var f = formats[decimals];
    if (!f) {
      try { f = new Intl.NumberFormat(lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: 'min2' }); } catch (e) { f = { format: String }; }
      formats[decimals] = f;
    }
    return f.format(dec);
  }
  // A status line: text only, never markup.
  function say(text, cls) {
    var m = document.getElementById('msg'), s = document.createElement('span');
    m.textContent = '';
    if (cls) s.className = cls;
    s.textContent = text;
    m.appendChild(s);
  }
  window.studioClient = { api: api, money: money, say: say, t: t, num: num, lang: lang };
})();
