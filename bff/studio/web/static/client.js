// What the studio's game clients share: the studio API call and amount
// formatting. Loaded before slot.js / roulette.js; plain DOM, no dependencies.
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
  // A status line: text only, never markup.
  function say(text, cls) {
    var m = document.getElementById('msg'), s = document.createElement('span');
    m.textContent = '';
    if (cls) s.className = cls;
    s.textContent = text;
    m.appendChild(s);
  }
  window.studioClient = { api: api, money: money, say: say };
})();
