// Globals of the shell's page.
export {};

declare global {
  interface Window {
    /**
     * The micro-frontends, written by /remotes.js (served by the API) before the shell runs:
     * `window.__PORTAL_REMOTES__ = { identity: { url: 'https://.../remoteEntry.js', manifest: {...} } }`.
     * Without `manifest` (or with the URL alone as the value) the shell fetches manifest.json beside
     * the remoteEntry.js. Read through readRemoteEntries (remotes.ts), which checks the shape.
     */
    __PORTAL_REMOTES__?: unknown;
  }
}
