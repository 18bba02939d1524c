// The rules page: draws each symbol of the paytable with the game's art.
(function () {
  'use strict';
  document.querySelectorAll('[data-art]').forEach(function (el) {
    var s = { name: el.dataset.name, wild: el.hasAttribute('data-wild'), scatter: el.hasAttribute('data-scatter') };
    el.innerHTML = window.studioArt.svg(s, +el.dataset.index);
  });
  document.body.dataset.ready = '1';
})();
