/**
 * The benchmarks' figures: printed as they come, and kept in docs/performance.md as one table
 * between two markers. A run replaces the rows of the figures it measured (matched by their id)
 * and keeps the others, so `npm run bench -- api` refreshes the API rows alone. Everything outside
 * the markers (the notes, the profile) is written by hand and left as it is.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PERFORMANCE_DOC = path.join(ROOT, 'docs', 'performance.md');

const START = '<!-- bench:results:start (written by npm run bench; edit outside the markers) -->';
const END = '<!-- bench:results:end -->';

export interface Figure {
  /** Stable id: the row a later run replaces, e.g. 'api.health.ratio'. */
  readonly id: string;
  /** The bench command that measures it: 'bundles', 'api', 'lighthouse' ... */
  readonly command: string;
  readonly label: string;
  /** The figure, formatted with its unit. */
  readonly value: string;
  /** The baseline measured in the same run (or the budget, for sizes), formatted; '' when none. */
  readonly baseline: string;
  /** value / baseline, formatted ('' when none). */
  readonly ratio: string;
  /** The goal from issue 15, in words: '≤ 100 KB gzip', '≥ 60 % of bare Koa'. */
  readonly goal: string;
  /** Whether the goal is met; null when the figure has no goal of its own (context). */
  readonly met: boolean | null;
  /**
   * The machine's load while it was measured, in words ('load 6.2 (5.1–7.9) during, 4.0 before'):
   * the 1-minute load average (loadSampler below), which counts the bench's own processes too.
   * When absent, the row gets the load average at the time it is written.
   */
  readonly load?: string;
}

export interface Row extends Figure {
  readonly date: string;
  readonly cores: number;
}

/** Rows written before the load was recorded carry the cores alone. */
const HEADER = ['figure', 'command', 'date (UTC)', 'cores, load (1 min)', 'value', 'baseline (same run)', 'ratio', 'goal (issue 15)', 'met'];

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const rowLine = (row: Row): string =>
  `| ${[
    `${cell(row.label)} <sub>${row.id}</sub>`,
    `\`npm run bench -- ${row.command}\``,
    row.date,
    row.load ? `${row.cores}, ${row.load}` : String(row.cores),
    row.value,
    row.baseline,
    row.ratio,
    row.goal,
    row.met === null ? '–' : row.met ? 'yes' : '**no**',
  ]
    .map(cell)
    .join(' | ')} |`;

/** The rows in the table now, by id (parsed back from the markdown written by rowLine). */
const readRows = (text: string): Map<string, string> => {
  const rows = new Map<string, string>();
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) return rows;
  for (const line of text.slice(start, end).split('\n')) {
    const id = /<sub>([\w.-]+)<\/sub>/.exec(line)?.[1];
    if (id) rows.set(id, line);
  }
  return rows;
};

const TEMPLATE = `# Performance

Figures of issue 15, each next to its goal, written by \`npm run bench\` (tools/bench/, README
'Benchmarks'). A benchmark run replaces its own rows; the notes below the table are written by hand.

${START}
${END}
`;

/** Prints the figures and writes their rows into docs/performance.md. */
export const record = (figures: readonly Figure[], doc = PERFORMANCE_DOC): void => {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const cores = cpus().length;
  for (const figure of figures) {
    const met = figure.met === null ? '' : figure.met ? '  ✔' : '  ✖';
    console.log(
      `  ${figure.label.padEnd(58)} ${figure.value.padStart(14)}${figure.baseline ? `  baseline ${figure.baseline}` : ''}${figure.ratio ? `  ratio ${figure.ratio}` : ''}  goal ${figure.goal}${met}${figure.load ? `  (${figure.load})` : ''}`,
    );
  }
  const text = existsSync(doc) ? readFileSync(doc, 'utf8') : TEMPLATE;
  const withMarkers = text.includes(START) && text.includes(END) ? text : `${text.trimEnd()}\n\n${START}\n${END}\n`;
  const rows = readRows(withMarkers);
  const loadNow = `load ${loadavg()[0]!.toFixed(1)}`;
  for (const figure of figures) rows.set(figure.id, rowLine({ ...figure, load: figure.load ?? loadNow, date, cores }));
  const order = ['bundles', 'api', 'booking-api', 'booking', 'orm', 'lighthouse'];
  const commandOf = (line: string): number => {
    const command = /`npm run bench -- ([\w-]+)`/.exec(line)?.[1] ?? '';
    const index = order.indexOf(command);
    return index < 0 ? order.length : index;
  };
  // Rows grouped by command in a fixed order; within a command, in the order they were measured.
  const lines = [...rows.values()].map((line, index) => ({ line, index })).sort((a, b) => commandOf(a.line) - commandOf(b.line) || a.index - b.index);
  const table = [`| ${HEADER.join(' | ')} |`, `|${HEADER.map(() => '---').join('|')}|`, ...lines.map(({ line }) => line)].join('\n');
  const start = withMarkers.indexOf(START);
  const end = withMarkers.indexOf(END);
  writeFileSync(doc, `${withMarkers.slice(0, start + START.length)}\n${table}\n${withMarkers.slice(end)}`);
};

// ---- Formatting helpers shared by the benchmarks ----

/**
 * The machine's 1-minute load average, sampled while a figure is measured (`sample()` before each
 * measurement), in words: 'load 6.2 (5.1–7.9), 4.0 before' — the median and range of the samples,
 * and the load when the sampler was made (before the bench started its own servers and browser).
 * On this machine (2 cores, shared), a load above the cores means other work competed for the CPU.
 */
export const loadSampler = (): { sample(): void; words(): string; reset(): void } => {
  const before = loadavg()[0]!;
  let samples: number[] = [];
  return {
    sample: () => {
      samples.push(loadavg()[0]!);
    },
    words: () => {
      if (samples.length === 0) return `load ${before.toFixed(1)}`;
      const low = Math.min(...samples);
      const high = Math.max(...samples);
      return `load ${median(samples).toFixed(1)} (${low.toFixed(1)}–${high.toFixed(1)}), ${before.toFixed(1)} before`;
    },
    reset: () => {
      samples = [];
    },
  };
};

export const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;
export const ratio = (value: number, baseline: number): string => (baseline > 0 ? `${(value / baseline).toFixed(2)}×` : '');
export const percent = (value: number, baseline: number): string => (baseline > 0 ? `${((value / baseline) * 100).toFixed(1)} %` : '');
/** The nearest-rank percentile `p` (0–100) of `values`; NaN when there are none. */
export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
