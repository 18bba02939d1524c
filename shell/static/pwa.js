/* The installable app, page side (docs/site.md "Installable app"):
 * registers the service worker (/sw.js, secure contexts only: https or
 * localhost) and drives the footer's add-to-home-screen button, which shows
 * only when it can work: after the browser's beforeinstallprompt (the button
 * calls prompt()), or on iOS Safari (the button opens the instructions
 * sheet). It hides once the app is installed or runs installed. */
(function () {
  var d = document;
  var nav = navigator;

  if ('serviceWorker' in nav && window.isSecureContext) {
    var tellLanguage = function (worker) {
      if (worker) worker.postMessage({ type: 'language', lang: d.documentElement.lang });
    };
    var register = function () {
      nav.serviceWorker.register('/sw.js', { scope: '/' }).catch(function (err) {
        console.warn('[pwa] service worker not registered', err);
      });
      nav.serviceWorker.ready.then(function (reg) { tellLanguage(reg.active); });
    };
    // Installing the worker precaches every release's files. It waits for
    // the page's own app (single-spa's first mount) and an idle moment, so
    // those downloads and cache writes never compete with the first screen's
    // apps on a phone; a page without an app registers 10 s after its load.
    var started = false;
    var start = function () {
      if (started) return;
      started = true;
      if (window.requestIdleCallback) requestIdleCallback(register, { timeout: 5000 });
      else setTimeout(register, 1000);
    };
    addEventListener('single-spa:first-mount', start);
    var fallback = function () { setTimeout(start, 10000); };
    if (d.readyState === 'complete') fallback();
    else addEventListener('load', fallback);
  }

  var standaloneQuery = window.matchMedia ? matchMedia('(display-mode: standalone)') : null;
  var installed = function () {
    return (standaloneQuery && standaloneQuery.matches) || nav.standalone === true;
  };
  var ua = nav.userAgent || '';
  var iOS = /iPhone|iPad|iPod/.test(ua) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
  var iOSSafari = iOS && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(ua);
  var deferred = null;

  var button = function () { return d.getElementById('a2hs-btn'); };
  var show = function (on) {
    var b = button();
    if (b) b.hidden = !on || installed();
  };

  addEventListener('beforeinstallprompt', function (event) {
    event.preventDefault(); // our button offers it, not the browser's mini bar
    deferred = event;
    show(true);
  });
  addEventListener('appinstalled', function () {
    deferred = null;
    show(false);
  });
  if (standaloneQuery && standaloneQuery.addEventListener) {
    standaloneQuery.addEventListener('change', function () { show(!!deferred || iOSSafari); });
  }

  d.addEventListener('click', function (event) {
    var b = event.target && event.target.closest && event.target.closest('#a2hs-btn');
    if (!b) return;
    if (deferred) {
      var prompt = deferred;
      deferred = null; // a prompt can be shown once
      show(false);
      Promise.resolve(prompt.prompt()).then(function () { return prompt.userChoice; }).then(function (choice) {
        if (choice && choice.outcome !== 'accepted') console.info('[pwa] installation dismissed');
      }).catch(function (err) { console.warn('[pwa] install prompt failed', err); });
      return;
    }
    var sheet = d.getElementById('a2hs-ios');
    if (iOSSafari && sheet && sheet.showModal) sheet.showModal();
  });

  var init = function () { if (iOSSafari) show(true); };
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', init);
  else init();
})();
