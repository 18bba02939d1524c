'use strict';

const { createRemoteConfig } = require('@casino/webpack-config');

// Module Federation remote "profile": exposes ./app (page lifecycles) and
// ./modal (overlay lifecycles). `npm run dev -w frontends/profile` serves it on :9103.
module.exports = (_env, argv = {}) =>
  createRemoteConfig({
    dir: __dirname,
    name: 'profile',
    port: 9103,
    mode: argv.mode,
    exposes: {
      './app': './src/app.tsx',
      './modal': './src/modal.tsx',
    },
  });
