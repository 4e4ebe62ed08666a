// Standalone page (npm run start:standalone): the enrollment micro-frontend without the shell.
// Async boundary so module federation can set up the shared singletons first.
import('./standalone-root.tsx').catch((error: unknown) => {
  console.error('The enrollment standalone page failed to start', error);
});
