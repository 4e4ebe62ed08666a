// The shell's singletons (react, react-dom, react-query, single-spa) are eager shared modules
// (webpack.config.base.js): they are in this entry, so no async boundary is needed before them.
// io-ts and fp-ts stay lazily shared; nothing in this first load imports them (decision 0034).
import './bootstrap.tsx';
