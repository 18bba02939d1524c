'use strict';

const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const TerserPlugin = require('terser-webpack-plugin');
const webpack = require('webpack');
const { sharedConfig } = require('./shared');

const EXTENSIONS = ['.tsx', '.ts', '.mjs', '.js', '.json'];

/**
 * The MF bundler runtime is wired in through CommonJS (require), while
 * `@module-federation/enhanced/runtime` and the runtime-core injection plugin
 * import the ESM builds: without these aliases the runtime core and SDK are
 * bundled twice (both formats) — ~25 KB gzip wasted on every page. Everything
 * is pointed at the ESM build.
 */
function federationRuntimeAliases() {
  const alias = {};
  for (const pkg of ['@module-federation/runtime-core', '@module-federation/runtime', '@module-federation/sdk']) {
    // require.resolve gives the CJS main (dist/index.cjs); its ESM sibling is
    // tree-shakable (the SDK's node-only helpers drop out).
    const cjs = require.resolve(pkg, { paths: [require.resolve('@module-federation/enhanced')] });
    alias[`${pkg}$`] = cjs.replace(/\.cjs$/, '.js');
  }
  return alias;
}

/**
 * react-intl formats messages with intl-messageformat, which imports the
 * formatjs ICU parser (~56 KB of source with its skeleton parser, ~6 KB gzip on
 * every page). The builds take a small parser with the same AST for what the
 * casino's messages use instead (icu-parser.js, checked against formatjs on
 * every catalogue and default message by test/icu-parser.test.mjs; issue 19).
 */
const ICU_PARSER_ALIAS = { '@formatjs/icu-messageformat-parser$': path.join(__dirname, 'icu-parser.js') };

/**
 * Remotes are loaded from remoteEntry.js URLs (never from mf-manifest.json
 * snapshots) and only in browsers: drop the snapshot plugin and node code.
 */
const FEDERATION_OPTIMIZATION = { disableSnapshot: true, target: 'web' };

function baseConfig({ dir, mode, port }) {
  const production = mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: { extensions: EXTENSIONS, alias: { ...federationRuntimeAliases(), ...ICU_PARSER_ALIAS } },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { loader: 'tsx', target: 'es2020', jsx: 'automatic' },
        },
      ],
    },
    optimization: production
      ? {
          minimizer: [
            new TerserPlugin({
              extractComments: false,
              terserOptions: { ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
            }),
          ],
        }
      : {},
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
    devServer: {
      port,
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: false,
      client: { overlay: { warnings: false } },
    },
  };
}

/**
 * webpack config of one micro-frontend: a Module Federation remote named
 * `name` exposing `./app` and `./modal` (single-spa lifecycles). Output goes to
 * `<dir>/dist` with `remoteEntry.js` and content-hashed chunks; the server
 * versions the directory.
 *
 * In production the MF runtime core is taken from the shell host
 * (experiments.externalRuntime) so it is downloaded once per page.
 */
function createRemoteConfig({ dir, name, exposes, port, mode, externalRuntime }) {
  const pkg = require(path.join(dir, 'package.json'));
  const production = mode !== 'development';
  const useHostRuntime = externalRuntime ?? production;
  const config = baseConfig({ dir, mode, port });
  return {
    ...config,
    entry: { [`${name}-standalone`]: './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath: 'auto',
      // Entry chunks (the standalone dev entry) keep their name: the MF
      // runtime cannot compute [contenthash] for them. Lazy chunks are hashed.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      uniqueName: `casino-${name}`,
      clean: true,
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedConfig(pkg),
        // A singleton already running on the page wins over a newer version
        // another remote brings: one React per page across independent deploys.
        shareStrategy: 'loaded-first',
        dts: false,
        experiments: {
          ...(useHostRuntime ? { externalRuntime: true } : {}),
          optimization: FEDERATION_OPTIMIZATION,
        },
      }),
    ],
  };
}

/**
 * webpack config of the shell host (single-spa root config). The host has no
 * build-time remotes and shares nothing itself, so it needs no webpack
 * federation runtime: it runs the Module Federation runtime directly
 * (`init` / `registerRemotes` / `loadRemote` from
 * `@module-federation/enhanced/runtime`) and provides the runtime core to the
 * remotes (built with experiments.externalRuntime). One MF runtime per page.
 * Entry `main.js` (stable name, the server versions the directory) + hashed chunks.
 */
function createHostConfig({ dir, port, mode }) {
  const config = baseConfig({ dir, mode, port });
  return {
    ...config,
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      uniqueName: 'casino-root',
      clean: true,
    },
    plugins: [
      new webpack.DefinePlugin({
        // Same switches the MF webpack plugin sets from experiments.optimization.
        FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: JSON.stringify(FEDERATION_OPTIMIZATION.disableSnapshot),
        FEDERATION_OPTIMIZE_NO_REMOTE: 'false',
        FEDERATION_OPTIMIZE_NO_SHARED: 'false',
        ENV_TARGET: JSON.stringify(FEDERATION_OPTIMIZATION.target),
        FEDERATION_BUILD_IDENTIFIER: JSON.stringify('root'),
      }),
    ],
  };
}

module.exports = { createRemoteConfig, createHostConfig, sharedConfig };
