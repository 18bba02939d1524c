'use strict';

const { createHostConfig } = require('@casino/webpack-config');

// Shell host: single-spa root config + Module Federation runtime with no
// build-time remotes. Output: dist/main.js + hashed chunks.
module.exports = (_env, argv = {}) => createHostConfig({ dir: __dirname, port: 9100, mode: argv.mode });
