/** Test helpers: a logger whose lines can be read back. */
import { Writable } from 'node:stream';
import { appendTestLog } from '../../../tools/src/testing/log-files.ts';
import { createLogger, type Logger } from './logger.ts';

/**
 * A debug-level logger keeping its lines in memory. In an int or e2e run the lines also go to the
 * run's log folder (tools/src/testing/log-files.ts), where the LOGS suite scans them for PHI and secrets.
 */
export const capturingLogger = (): { logger: Logger; lines: () => string[] } => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      const written = String(chunk).split('\n').filter(Boolean);
      lines.push(...written);
      appendTestLog('api.log.jsonl', written);
      callback();
    },
  });
  return { logger: createLogger('debug', sink), lines: () => [...lines] };
};
