/**
 * The images deploy/docker/Dockerfile builds, one per process kind, and the entry point each
 * starts (decision 0036). The Dockerfile's and the manifests' tests read them from here.
 */
export const ENTRY_POINTS = {
  api: 'deploy/run/api.ts',
  worker: 'apps/worker/src/main.ts',
  migrate: 'tools/src/migrate.ts',
} as const;

export type ImageKind = keyof typeof ENTRY_POINTS;
export const IMAGE_KINDS = Object.keys(ENTRY_POINTS) as ImageKind[];
