// Globals of the shell's page.
export {};

declare global {
  interface Window {
    /**
     * Remote entry URLs by micro-frontend name, written by /remotes.js (served by the API) before
     * the shell runs: `window.__PORTAL_REMOTES__ = { identity: 'https://.../remoteEntry.js' }`.
     * A name that is missing falls back to /remotes/<name>/remoteEntry.js.
     */
    __PORTAL_REMOTES__?: Record<string, string>;
  }
}
