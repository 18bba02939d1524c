'use strict';

const { createRemoteConfig } = require('@casino/webpack-config');

// Module Federation remote "cashier": exposes ./app (page lifecycles) and
// ./modal (overlay lifecycles). `npm run dev -w frontends/cashier` serves it on :9102.
module.exports = (_env, argv = {}) =>
  createRemoteConfig({
    dir: __dirname,
    name: 'cashier',
    port: 9102,
    mode: argv.mode,
    exposes: {
      './app': './src/app.tsx',
      './modal': './src/modal.tsx',
    },
  });
