import type { Figure } from './report.ts';

export const benchLighthouse = async (_args: readonly string[]): Promise<Figure[]> => {
  throw new Error('not written yet');
};
