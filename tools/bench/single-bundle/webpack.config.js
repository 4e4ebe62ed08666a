// The portal as ONE bundle, for `npm run bench -- federation` (issue 15: module federation's
// cost). The shell's own bootstrap.tsx is the entry, with its remote loader (src/remotes.ts)
// swapped for ./src/static-remotes.ts, which imports the identity and booking micro-frontends'
// './app' modules from their sources: the same React components, chrome, route table and
// single-spa lifecycles as the composed portal, without module federation, remoteEntry.js or
// loading a micro-frontend at run time. Everything else is the frontends' own production
// configuration (webpack.config.base.js: swc, minification, CSS extraction, hashed names,
// hidden source maps), so a change there reaches both sides of the comparison. The page is the
// shell's src/index.html without its /remotes.js tag.
//
// Output: .tmp/bench/single-bundle/frontends/shell/dist — laid out as a frontends folder, so the
// API serves it with its own code (FRONTENDS_DIR; apps/api/src/http/frontends.ts): the same
// compression (the build's .br/.gz twins), caching headers and API.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { createConfig, ROOT_DIR } from '../../../webpack.config.base.js';

const dir = path.dirname(fileURLToPath(import.meta.url));
const shellDir = path.join(ROOT_DIR, 'frontends', 'shell');

/** The folder the API is pointed at (FRONTENDS_DIR); the bundle is its shell/dist. */
export const SINGLE_FRONTENDS_DIR = path.join(ROOT_DIR, '.tmp', 'bench', 'single-bundle', 'frontends');
export const SINGLE_DIST = path.join(SINGLE_FRONTENDS_DIR, 'shell', 'dist');

/** The shell's page without the /remotes.js script (and its comment): nothing to list. */
export const withoutRemotesScript = (html) =>
  html.replace(/[ \t]*<!--[^>]*remotes[^>]*-->\s*\n?/i, '').replace(/[ \t]*<script src="?\/remotes\.js"?><\/script>\s*\n?/, '');

export default (_env = {}, argv = {}) => {
  const mode = argv.mode ?? 'production';
  const base = createConfig({ name: 'shell', dir: shellDir, isHost: true, mode });
  const template = withoutRemotesScript(readFileSync(path.join(shellDir, 'src', 'index.html'), 'utf8'));
  if (template.includes('remotes.js')) throw new Error("single bundle: the shell's index.html still names remotes.js after removing its script tag");
  const favicon = path.join(shellDir, 'src', 'favicon.svg');
  return {
    ...base,
    name: 'single-bundle',
    // The shell's bootstrap directly: without module federation there is no share scope to wait
    // for, so no async boundary (src/index.ts's import()).
    entry: { main: path.join(shellDir, 'src', 'bootstrap.tsx') },
    output: { ...base.output, path: SINGLE_DIST, uniqueName: 'portal_single' },
    plugins: [
      ...base.plugins.filter((plugin) => !(plugin instanceof webpack.container.ModuleFederationPlugin) && !(plugin instanceof webpack.sharing.ProvideSharedPlugin) && !(plugin instanceof HtmlWebpackPlugin)),
      new webpack.NormalModuleReplacementPlugin(/^\.\/remotes\.ts$/, (resource) => {
        if (path.resolve(resource.context) === path.join(shellDir, 'src')) resource.request = path.join(dir, 'src', 'static-remotes.ts');
      }),
      new HtmlWebpackPlugin({
        templateContent: template,
        favicon,
        publicPath: '/',
        chunks: ['main'],
        scriptLoading: 'defer',
        inject: 'head',
        minify: mode === 'production',
      }),
    ],
  };
};
