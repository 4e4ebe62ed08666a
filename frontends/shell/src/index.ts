// Async boundary: module federation must negotiate the shared singletons (react, react-dom,
// react-query, single-spa) before any module that imports them runs.
import('./bootstrap.tsx').catch((error: unknown) => {
  console.error('The portal shell failed to start', error);
});
