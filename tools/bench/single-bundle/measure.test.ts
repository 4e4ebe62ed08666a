import { describe, expect, it } from '@jest/globals';
import { federationFigures, orderFor, pageId, scriptBytes } from './measure.ts';

describe('federation benchmark helpers', () => {
  it('adds up only the scripts a page loaded, on the wire and decoded', () => {
    const bytes = scriptBytes([
      { url: '/main.js', resourceType: 'Script', transferSize: 1000, resourceSize: 3000 },
      { url: '/remotes/identity/remoteEntry.js', resourceType: 'Script', transferSize: 200, resourceSize: 500 },
      { url: '/main.css', resourceType: 'Stylesheet', transferSize: 400, resourceSize: 900 },
      { url: '/api/config/practice', resourceType: 'Fetch', transferSize: 300, resourceSize: 300 },
      { url: '/x.js', resourceType: 'Script' },
    ]);
    expect(bytes).toEqual({ transfer: 1200, decoded: 3500, count: 3 });
  });

  it('alternates which side goes first', () => {
    expect([1, 2, 3].map(orderFor)).toEqual([
      ['composed', 'single'],
      ['single', 'composed'],
      ['composed', 'single'],
    ]);
  });

  it('names rows by page and meets the goal at 1.25× the single bundle, not above', () => {
    expect(pageId('/appointments')).toBe('appointments');
    const js = { transfer: 2048, decoded: 4096, count: 2 };
    const [atGoal] = federationFigures('/login', 3, { lcp: 2500, js }, { lcp: 2000, js });
    expect(atGoal).toMatchObject({ id: 'federation.login.lcp', value: '2.50 s', ratio: '1.25×', met: true });
    const [over, bytes] = federationFigures('/login', 3, { lcp: 2520, js }, { lcp: 2000, js: { ...js, transfer: 1024 } });
    expect(over!.met).toBe(false);
    expect(bytes).toMatchObject({ id: 'federation.login.js', value: '2 KiB (4 KiB) in 2 files', ratio: '2.00×', met: null });
  });
});
