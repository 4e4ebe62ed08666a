// The English catalogs of the design system and the data client (frontends/ui|client/src/i18n.ts)
// go into this remote's own chunk, as its own English does (src/i18n.ts): /login draws its first
// render with no request but remoteEntry.js and that chunk (login.e2e.ts 'module federation').
// Spanish stays a lazy chunk. A post loader, so it sees swc's output; where the import already
// says webpackMode it changes nothing.
module.exports = function eagerEnglishLoader(source) {
  // A webpackChunkName comment before the path gives way to webpackMode (an eager import has no chunk).
  return source.replace(/import\(\s*(?:\/\*[^*]*\*\/\s*)?(['"]\.\/messages\/en\.json['"])/g, 'import(/* webpackMode: "eager" */ $1');
};
