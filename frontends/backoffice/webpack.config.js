'use strict';

const { createRemoteConfig } = require('@casino/webpack-config');

// Module Federation remote "backoffice": exposes ./app (the back office at
// /backoffice, docs/backoffice.md) and ./modal (none: the contract's uniform
// shape). `npm run dev -w frontends/backoffice` serves it on :9106.
module.exports = (_env, argv = {}) =>
  createRemoteConfig({
    dir: __dirname,
    name: 'backoffice',
    port: 9106,
    mode: argv.mode,
    exposes: {
      './app': './src/app.tsx',
      './modal': './src/modal.tsx',
    },
  });
