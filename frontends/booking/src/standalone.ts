// Standalone page (npm run start:standalone): the booking micro-frontend without the shell.
// Async boundary so module federation can set up the shared singletons first.
import('./standalone-root.tsx').catch((error: unknown) => {
  console.error('The booking standalone page failed to start', error);
});
