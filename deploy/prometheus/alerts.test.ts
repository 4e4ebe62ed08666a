/**
 * The alert rules parse as Prometheus rule groups, each names a runbook section that exists, and
 * every expression names only metrics the API or the worker exports (read from their registries,
 * not from a list kept by hand), so a renamed metric cannot leave an alert that never fires.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { createApiMetrics } from '../../apps/api/src/metrics/api-metrics.ts';
import { createWorkerMetrics } from '../../apps/worker/src/metrics.ts';
import { capturingLogger } from '../../apps/composition/src/testing.ts';
import type { OperationsSource } from '@portal/composition';

interface Rule {
  readonly alert: string;
  readonly expr: string;
  readonly for?: string;
  readonly labels: { readonly severity: string };
  readonly annotations: { readonly summary: string; readonly runbook_url: string };
}

const rules = (): Rule[] => {
  const document = parse(readFileSync(new URL('./alerts.yml', import.meta.url), 'utf8')) as { groups: Array<{ name: string; rules: Rule[] }> };
  return document.groups.flatMap((group) => group.rules);
};

/** Every series name the portal exports: the API's and the worker's registries, histograms with their suffixes. */
const exportedSeries = async (): Promise<Set<string>> => {
  const source: OperationsSource = {
    jobQueue: async () => ({ depthByTask: [], depth: 0, oldestDueAgeSeconds: null, exhausted: 0 }),
    operations: async () => ({ lastStripeEventAgeSeconds: null, documentsToFileByHand: 0, oldestDocumentToFileAgeSeconds: null, documentsStuckProcessing: 0, databaseSizeBytes: 0 }),
  };
  const api = createApiMetrics();
  api.observeOperations(source, capturingLogger().logger);
  const worker = createWorkerMetrics();
  worker.observeOperations(source, capturingLogger().logger);
  const names = new Set<string>();
  for (const registry of [api.registry, worker.registry]) {
    for (const metric of await registry.getMetricsAsJSON()) {
      names.add(metric.name);
      if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${suffix}`);
    }
  }
  return names;
};

const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'offset', 'bool', 'inf', 'nan']);

/** The metric names an expression selects: identifiers outside strings, label matchers, ranges and grouping clauses, not called as functions. */
export const metricNamesIn = (expr: string): string[] => {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/(^|[^A-Za-z0-9_:])\d[\d.]*(?:e[+-]?\d+)?/gi, '$1 '); // numbers: 0.05, 1e9
  const names: string[] = [];
  for (const match of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const after = bare.slice((match.index ?? 0) + match[0].length).trimStart();
    if (after.startsWith('(')) continue; // a function: rate(, sum(, histogram_quantile(
    if (KEYWORDS.has(match[0].toLowerCase())) continue;
    names.push(match[0]);
  }
  return names;
};

describe('deploy/prometheus/alerts.yml', () => {
  it('parses as rule groups whose rules each have a name, an expression, a severity and a summary', () => {
    const all = rules();
    expect(all.length).toBeGreaterThanOrEqual(10);
    for (const rule of all) {
      expect(rule.alert).toMatch(/^Portal[A-Za-z0-9]+$/);
      expect(typeof rule.expr).toBe('string');
      expect(['page', 'warning', 'ticket']).toContain(rule.labels.severity);
      expect(rule.annotations.summary.length).toBeGreaterThan(10);
      if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smh]$/);
    }
    expect(new Set(all.map((rule) => rule.alert)).size).toBe(all.length);
  });

  it('covers what the runbook promises: 5xx, latency, readiness, disk, queue, filing by hand, providers, webhooks', () => {
    const names = rules().map((rule) => rule.alert);
    for (const name of [
      'PortalHigh5xxRate',
      'PortalP99LatencyHigh',
      'PortalReadinessFailing',
      'PortalDatabaseDiskFull',
      'PortalJobQueueBacklog',
      'PortalJobQueueStalled',
      'PortalDocumentsToFileByHand',
      'PortalProviderFailing',
      'PortalStripeWebhookFailing',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('names in every expression only metrics the API or the worker exports', async () => {
    const exported = await exportedSeries();
    expect(exported).toContain('portal_http_requests_total');
    expect(exported).toContain('portal_job_queue_depth');
    for (const rule of rules()) {
      const names = metricNamesIn(rule.expr);
      expect({ alert: rule.alert, names: names.length > 0 }).toEqual({ alert: rule.alert, names: true });
      expect({ alert: rule.alert, unknown: names.filter((name) => !exported.has(name)) }).toEqual({ alert: rule.alert, unknown: [] });
    }
  });

  it('finds metric names the way Prometheus reads them', () => {
    expect(metricNamesIn('sum by (provider) (rate(portal_a_total{x="y(z)"}[5m])) / sum(rate(portal_b_count[5m])) > 0.2 and min(portal_c) == 0 or max(portal_d) > 1e9')).toEqual([
      'portal_a_total',
      'portal_b_count',
      'portal_c',
      'portal_d',
    ]);
  });

  it('points each alert at a section of docs/runbook.md that exists', () => {
    const runbook = readFileSync(new URL('../../docs/runbook.md', import.meta.url), 'utf8');
    const anchors = new Set([...runbook.matchAll(/^#{2,4} (.+)$/gm)].map((match) => match[1]!.trim().toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')));
    for (const rule of rules()) {
      const anchor = rule.annotations.runbook_url.split('#')[1];
      expect({ alert: rule.alert, anchor, found: anchors.has(anchor ?? '') }).toEqual({ alert: rule.alert, anchor, found: true });
    }
  });
});
