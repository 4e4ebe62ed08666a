// Standalone page (npm run start:standalone): the identity micro-frontend without the shell.
// Async boundary so module federation can set up the shared singletons first.
import('./standalone-root.tsx').catch((error: unknown) => {
  console.error('The identity standalone page failed to start', error);
});
