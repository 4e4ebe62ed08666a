// Standalone page (npm run start:standalone): the dashboard micro-frontend without the shell.
// Async boundary so module federation can set up the shared singletons first.
import('./standalone-root.tsx').catch((error: unknown) => {
  console.error('The dashboard standalone page failed to start', error);
});
