'use strict';

const { createRemoteConfig } = require('@casino/webpack-config');

// Module Federation remote "countryBlock": exposes ./app (page lifecycles) and
// ./modal (overlay lifecycles). `npm run dev -w frontends/country-block` serves it on :9105.
module.exports = (_env, argv = {}) =>
  createRemoteConfig({
    dir: __dirname,
    name: 'countryBlock',
    port: 9105,
    mode: argv.mode,
    exposes: {
      './app': './src/app.tsx',
      './modal': './src/modal.tsx',
    },
  });
