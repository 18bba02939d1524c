'use strict';

const { createRemoteConfig } = require('@casino/webpack-config');

// Module Federation remote "calendar": exposes ./app (page lifecycles) and
// ./modal (overlay lifecycles). `npm run dev -w frontends/calendar` serves it on :9104.
module.exports = (_env, argv = {}) =>
  createRemoteConfig({
    dir: __dirname,
    name: 'calendar',
    port: 9104,
    mode: argv.mode,
    exposes: {
      './app': './src/app.tsx',
      './modal': './src/modal.tsx',
    },
  });
