'use strict';

const { createRemoteConfig } = require('@casino/webpack-config');

// Module Federation remote "lobby": exposes ./app (page lifecycles) and
// ./modal (overlay lifecycles). `npm run dev -w frontends/lobby` serves it on :9101.
module.exports = (_env, argv = {}) =>
  createRemoteConfig({
    dir: __dirname,
    name: 'lobby',
    port: 9101,
    mode: argv.mode,
    exposes: {
      './app': './src/app.tsx',
      './modal': './src/modal.tsx',
    },
  });
