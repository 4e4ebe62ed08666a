/**
 * Pure pieces of `npm run bench -- federation` (tools/bench/federation.ts): what a Lighthouse
 * run's network requests add up to, the order of the sides per run, and the rows.
 */
import type { Figure } from '../report.ts';

/** One row of Lighthouse's network-requests audit (the fields read here). */
export interface NetworkRequest {
  readonly url?: string;
  readonly resourceType?: string;
  readonly transferSize?: number;
  readonly resourceSize?: number;
}

export interface ScriptBytes {
  /** Bytes on the wire (compressed, with headers), as Lighthouse counts total-byte-weight. */
  readonly transfer: number;
  /** Bytes after decoding: what the browser parses. */
  readonly decoded: number;
  readonly count: number;
}

/** The JavaScript a page loaded: every request Lighthouse typed as a script. */
export const scriptBytes = (requests: readonly NetworkRequest[]): ScriptBytes => {
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  return {
    transfer: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    decoded: scripts.reduce((sum, request) => sum + (request.resourceSize ?? 0), 0),
    count: scripts.length,
  };
};

export type Side = 'composed' | 'single';

/** Which side goes first in a run (1-based): composed on odd runs, single on even ones. */
export const orderFor = (run: number): readonly [Side, Side] => (run % 2 === 1 ? ['composed', 'single'] : ['single', 'composed']);

/** The figure id's part for a page: '/login' → 'login', '/' → 'root'. */
export const pageId = (page: string): string => page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';

/** Issue 15: the composed portal's LCP at most this many times the single bundle's. */
export const LCP_RATIO_GOAL = 1.25;

export interface SideResult {
  readonly lcp: number;
  readonly js: ScriptBytes;
}

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KiB`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/** The rows of one page: LCP (composed against the single bundle, the goal) and the JS each loaded. */
export const federationFigures = (page: string, runs: number, composed: SideResult, single: SideResult): Figure[] => {
  const id = `federation.${pageId(page)}`;
  const base = `Module federation ${page} (Lighthouse mobile, median of ${runs})`;
  const lcpRatio = composed.lcp / single.lcp;
  return [
    {
      id: `${id}.lcp`,
      command: 'federation',
      label: `${base}: LCP composed vs one bundle`,
      value: seconds(composed.lcp),
      baseline: `${seconds(single.lcp)} single bundle`,
      ratio: `${lcpRatio.toFixed(2)}×`,
      goal: `≤ ${LCP_RATIO_GOAL}× the single bundle`,
      met: lcpRatio <= LCP_RATIO_GOAL,
    },
    {
      id: `${id}.js`,
      command: 'federation',
      label: `${base}: JS transferred (decoded)`,
      value: `${kib(composed.js.transfer)} (${kib(composed.js.decoded)}) in ${composed.js.count} files`,
      baseline: `${kib(single.js.transfer)} (${kib(single.js.decoded)}) in ${single.js.count} files, single bundle`,
      ratio: single.js.transfer > 0 ? `${(composed.js.transfer / single.js.transfer).toFixed(2)}×` : '',
      goal: '–',
      met: null,
    },
  ];
};
