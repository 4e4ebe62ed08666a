/** Test helpers: a logger whose lines can be read back. */
import { Writable } from 'node:stream';
import { createLogger, type Logger } from './logger.ts';

export const capturingLogger = (): { logger: Logger; lines: () => string[] } => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      callback();
    },
  });
  return { logger: createLogger('debug', sink), lines: () => [...lines] };
};
