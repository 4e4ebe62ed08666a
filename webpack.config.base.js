// Shared webpack 5 configuration for the shell (module federation host) and every
// micro-frontend (module federation remote). Each frontend's own webpack.config.js calls
// createConfig; tools/src/build-frontends.ts builds them all through the Node API.
//
// Module federation is webpack's own container.ModuleFederationPlugin: its runtime is a few KB,
// and the host loads each remote's remoteEntry.js at run time from a URL it reads from
// window.__PORTAL_REMOTES__, so no remote URL is baked in here. Nor are the routes: each remote
// declares them in src/manifest.ts, emitted as manifest.json beside its remoteEntry.js
// (docs/decisions/0016-remote-manifests.md).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/**
 * Packages that must exist once per page. react and react-dom hold the renderer and hooks
 * state, react-query its context, single-spa the router; io-ts and fp-ts are shared so that no
 * remote carries its own copy of the codecs' runtime. Subpaths are listed because webpack
 * matches shared keys by exact request.
 */
export const SHARED_SINGLETONS = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/client', 'react-dom'],
  ['@tanstack/react-query', '@tanstack/react-query'],
  ['single-spa', 'single-spa'],
  // The contract codecs every frontend decodes answers with (@portal/contracts): one copy, the shell's.
  ['io-ts', 'io-ts'],
  ['fp-ts/lib/Either.js', 'fp-ts'],
  ['fp-ts/lib/Option.js', 'fp-ts'],
  // The message formatter (Lingui's core, ~2.3 KB gzip): one copy for every remote's catalogs.
  ['@lingui/core', '@lingui/core'],
];

/** Global variable under which a remote's container is published by its remoteEntry.js. */
export const containerName = (name) => `portal_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Emits a remote's manifest (its routes, redirects and header variants) as manifest.json beside
 * remoteEntry.js, after checking it with @portal/client's parseBuiltManifest: a manifest the shell
 * would refuse fails the build. The module is read by Node (type stripping), so it may import
 * types, and values only from plain modules of its own folder (booking's messages.ts).
 */
class RemoteManifestPlugin {
  /** @param {{ name: string, file: string }} options */
  constructor({ name, file }) {
    this.name = name;
    this.file = file;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RemoteManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'RemoteManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, async () => {
        compilation.fileDependencies.add(this.file);
        const fail = (message) => compilation.errors.push(new WebpackError(`${path.relative(ROOT, this.file)}: ${message}`));
        if (!existsSync(this.file)) {
          fail('missing: every remote declares the routes it owns in src/manifest.ts (docs/decisions/0016-remote-manifests.md)');
          return;
        }
        const { parseBuiltManifest } = await import(pathToFileURL(path.join(ROOT, 'frontends', 'client', 'src', 'remote-manifest.ts')).href);
        // A query per version of the file: a watch build re-reads it instead of Node's cached module.
        const module = await import(`${pathToFileURL(this.file).href}?mtime=${statSync(this.file).mtimeMs}`);
        const result = parseBuiltManifest(module.default);
        if (!result.ok) {
          fail(result.errors.join('; '));
          return;
        }
        if (result.manifest.name !== this.name) {
          fail(`name is '${result.manifest.name}', the remote is '${this.name}'`);
          return;
        }
        compilation.emitAsset('manifest.json', new sources.RawSource(`${JSON.stringify(result.manifest)}\n`));
      });
    });
  }
}

/**
 * Singletons the host (the shell) bundles into its first load instead of a chunk each: it needs
 * them all before its first render anyway, and one file compresses better than seven. io-ts and
 * fp-ts stay in chunks of their own: the shell's first load decodes nothing (decision 0034).
 */
const HOST_EAGER = new Set(['react', 'react-dom', '@tanstack/react-query', 'single-spa']);

/** The host's `provides`: every singleton its package.json depends on, at the installed version. */
const providesFor = (packageJson) => {
  const deps = { ...packageJson.peerDependencies, ...packageJson.dependencies };
  const provides = {};
  for (const [request, packageName] of SHARED_SINGLETONS) {
    if (!deps[packageName]) continue;
    provides[request] = { shareKey: request, eager: HOST_EAGER.has(packageName) };
  }
  return provides;
};

/** A remote's `shared` options: singletons pinned to the versions its package.json asks for. */
const sharedFor = (packageJson) => {
  const deps = { ...packageJson.peerDependencies, ...packageJson.dependencies };
  const shared = {};
  for (const [request, packageName] of SHARED_SINGLETONS) {
    const requiredVersion = deps[packageName];
    // A frontend that does not depend on a package neither provides nor consumes it.
    if (!requiredVersion) continue;
    shared[request] = { singleton: true, strictVersion: true, requiredVersion };
  }
  return shared;
};

/** Marks the page's own script tags fetchpriority=high (HtmlWebpackPlugin's tag hook). */
const entryFetchPriority = {
  apply(compiler) {
    compiler.hooks.compilation.tap('EntryFetchPriority', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap('EntryFetchPriority', (data) => {
        for (const tag of data.assetTags.scripts) tag.attributes.fetchpriority = 'high';
        return data;
      });
    });
  },
};

/**
 * @param {object} options
 * @param {string} options.name short name: 'shell', 'identity', 'enrollment' ...
 * @param {string} options.dir absolute folder of the frontend (holds package.json and src/)
 * @param {Record<string, string>} [options.exposes] modules a remote exposes, e.g. { './app': './src/app.tsx' }
 * @param {boolean} [options.isHost] the shell: emits index.html, consumes remotes at run time
 * @param {number} [options.port] port for `webpack serve` (when webpack-dev-server is installed)
 * @param {'production' | 'development'} [options.mode] production unless told otherwise
 * @param {string} [options.entry] entry module for the host (default ./src/index.ts)
 * @param {string} [options.standaloneEntry] a remote's own page for working on it alone
 * @returns {import('webpack').Configuration}
 */
export function createConfig({
  name,
  dir,
  exposes,
  isHost = false,
  port,
  mode = 'production',
  entry = './src/index.ts',
  standaloneEntry,
}) {
  const production = mode === 'production';
  const packageJson = readJson(path.join(dir, 'package.json'));
  const hasExposes = exposes !== undefined && Object.keys(exposes).length > 0;
  const withHtml = isHost || standaloneEntry !== undefined;

  /** @type {import('webpack').Configuration['entry']} */
  const entries = {};
  if (isHost) entries.main = entry;
  if (standaloneEntry) entries.standalone = standaloneEntry;

  return {
    name,
    mode,
    context: dir,
    target: ['web', 'es2022'],
    entry: entries,
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      // 'auto': chunks load relative to the script that asked for them, so a remote works from
      // whichever origin or folder its remoteEntry.js is served. The host is always served from the
      // site's root (its page asks for /main.js): '/' spares it the detection code.
      publicPath: isHost ? '/' : 'auto',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // Sorts the host after every remote ('portal_shell' > 'portal_remote_…'): at equal versions
      // webpack's share scope keeps the copy registered from the greater name until one is loaded,
      // so a remote named after 'shell' ('staff') replaced the shell's io-ts and fp-ts and the page
      // downloaded both copies. Remotes' copies remain their fallback when no host provides one.
      uniqueName: containerName(isHost ? name : `remote_${name}`),
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // Workspace packages are symlinks in node_modules; resolving them to their real paths
      // (outside node_modules) is what lets the swc rule below compile them.
      symlinks: true,
    },
    module: {
      rules: [
        {
          test: /\.(?:ts|tsx|mts|cts)$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                target: 'es2022',
                transform: {
                  react: { runtime: 'automatic', development: !production, refresh: false },
                },
              },
              isModule: true,
            },
          },
        },
        {
          // core and contracts are pure modules (no work at import time). Saying so lets webpack
          // drop the codec modules a frontend does not use, together with io-ts and fp-ts, when
          // it imports reference data from a package index.
          test: /[\\/](?:core|contracts)[\\/]src[\\/]/,
          sideEffects: false,
        },
        ...(isHost
          ? [
              {
                // The host provides TanStack Query whole (a shared module keeps every export). Taken
                // as having side effects, its modules are reached through its index alone, so webpack
                // can merge them into one scope instead of a wrapper per module (~1 KB gzip less).
                test: /[\\/]node_modules[\\/]@tanstack[\\/](?:react-query|query-core)[\\/]/,
                sideEffects: true,
              },
            ]
          : []),
        {
          // Some ESM packages import without file extensions.
          test: /\.m?js$/,
          resolve: { fullySpecified: false },
        },
        {
          // A micro-frontend's message catalogs (src/messages/<locale>.json, ICU), compiled at build
          // time so no ICU parser ships (decision 0057); each locale is a lazy chunk of its own.
          test: /[\\/]messages[\\/][a-z]{2}(?:-[A-Z]{2})?\.json$/,
          type: 'javascript/auto',
          use: { loader: path.join(ROOT, 'tools', 'webpack', 'icu-catalog-loader.cjs') },
        },
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, { loader: require.resolve('css-loader'), options: { importLoaders: 0 } }],
        },
      ],
    },
    plugins: [
      ...(isHost
        ? [
            // The host provides the singletons and consumes none: nothing is registered before it
            // starts, so its own imports are the page's copies and need no share negotiation (nor
            // its runtime). The remotes consume them from the share scope it fills (decision 0034).
            new webpack.sharing.ProvideSharedPlugin({ shareScope: 'default', provides: providesFor(packageJson) }),
          ]
        : [
            new webpack.container.ModuleFederationPlugin({
              name: containerName(name),
              ...(hasExposes ? { filename: 'remoteEntry.js', exposes } : {}),
              shared: sharedFor(packageJson),
            }),
          ]),
      ...(hasExposes ? [new RemoteManifestPlugin({ name, file: path.join(dir, 'src', 'manifest.ts') })] : []),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:10].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      }),
      ...(withHtml
        ? [
            new HtmlWebpackPlugin({
              template: path.join(dir, 'src', 'index.html'),
              // A file, not a data: URL, so a strict Content-Security-Policy needs no exception.
              ...(existsSync(path.join(dir, 'src', 'favicon.svg')) ? { favicon: path.join(dir, 'src', 'favicon.svg') } : {}),
              // The host owns every route, so its assets are requested from the root whatever the
              // page's URL (/appointments/booking must not ask for /appointments/main.js).
              publicPath: '/',
              chunks: isHost ? ['main'] : ['standalone'],
              scriptLoading: 'defer',
              inject: 'head',
              minify: production,
            }),
            // The host's entry is on every page's critical path, but a deferred script is fetched
            // at Low priority, behind the route's preloaded remote files (High): ask for High.
            ...(isHost ? [entryFetchPriority] : []),
          ]
        : []),
    ],
    optimization: {
      // Deterministic ids keep content hashes stable across builds of unchanged code.
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // The shortest export names (issue 15: every KB of the shell's first load counts); a changed
      // module may then rename its exports, which only costs the chunks that import it their cache.
      mangleExports: production ? 'size' : false,
    },
    performance: { hints: production ? 'warning' : false, maxEntrypointSize: 400_000, maxAssetSize: 300_000 },
    devServer: {
      port: port ?? 3000,
      historyApiFallback: isHost,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

export const ROOT_DIR = ROOT;
