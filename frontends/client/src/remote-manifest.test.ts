import { describe, expect, it } from '@jest/globals';
import { parseBuiltManifest, parseRemoteManifest, pathProblem } from './remote-manifest.ts';

const HEADER = { title: 'Member Enrollment', showUserStatus: true };

describe('parseRemoteManifest', () => {
  it('accepts a manifest, filling in the optional lists and dropping fields it does not know', () => {
    expect(parseRemoteManifest({ name: 'staff', routes: [{ path: '/staff', header: HEADER, icon: 'x' }], futureField: 1 })).toEqual({
      ok: true,
      manifest: { name: 'staff', routes: [{ path: '/staff', header: HEADER }], redirects: [], headerAreas: [] },
    });
  });

  it('accepts patterns, redirects and header areas', () => {
    const manifest = {
      name: 'enrollment',
      routes: [
        { path: '/', header: HEADER },
        { path: '/declination-confirmation/<enrollmentId>', header: HEADER },
        { path: '/help/*', header: HEADER },
        { path: '/a/<x>/b/*', header: HEADER },
      ],
      redirects: [{ from: '/enrollment/auth', to: '/enrollment-auth' }],
      headerAreas: [{ under: '/enrollment', header: HEADER }],
    };
    expect(parseRemoteManifest(manifest)).toEqual({ ok: true, manifest });
  });

  it("keeps a route's lazy chunk name, and refuses one that is not a chunk name", () => {
    const route = { path: '/guest-login', header: HEADER, chunk: 'guest-login' };
    expect(parseRemoteManifest({ name: 'identity', routes: [route] })).toEqual({ ok: true, manifest: { name: 'identity', routes: [route], redirects: [], headerAreas: [] } });
    for (const chunk of ['../shell', 'Guest', '', 7]) {
      expect(parseRemoteManifest({ name: 'identity', routes: [{ ...route, chunk }] })).toEqual({
        ok: false,
        errors: ['routes[0].chunk: must be a webpackChunkName (lower-case letters, digits and dashes)'],
      });
    }
  });

  it('keeps the languages a remote is drawn in, and refuses any the portal does not offer', () => {
    const routes = [{ path: '/staff', header: HEADER }];
    expect(parseRemoteManifest({ name: 'staff', routes, languages: ['en-US', 'en-US'] })).toMatchObject({ ok: true, manifest: { languages: ['en-US'] } });
    expect(parseRemoteManifest({ name: 'staff', routes })).toEqual({ ok: true, manifest: { name: 'staff', routes, redirects: [], headerAreas: [] } });
    for (const languages of [[], ['fr-FR'], 'en-US', [7]]) {
      expect(parseRemoteManifest({ name: 'staff', routes, languages })).toEqual({ ok: false, errors: ["languages: must be a non-empty list of the portal's languages (en-US, es-US)"] });
    }
  });

  it("keeps a route's first paint, and names each of its fields that is wrong", () => {
    const firstPaint = { title: 'Guest Verification', description: 'Verify your email address.', column: 'auth', backLink: true, unlessQuery: ['reschedule'], signedIn: false };
    const route = { path: '/guest-login', header: HEADER, firstPaint: { ...firstPaint, extra: 1 } };
    expect(parseBuiltManifest({ name: 'identity', routes: [route] })).toEqual({
      ok: true,
      manifest: { name: 'identity', routes: [{ path: '/guest-login', header: HEADER, firstPaint }], redirects: [], headerAreas: [] },
    });
    const hero = { title: 'Welcome', lead: 'Care close to home.', description: 'Enroll and book.', column: 'hero', signedIn: false };
    expect(parseBuiltManifest({ name: 'identity', routes: [{ path: '/login', header: HEADER, firstPaint: hero }] })).toMatchObject({
      ok: true,
      manifest: { routes: [{ path: '/login', firstPaint: hero }] },
    });
    // The shell's own check leaves it out: only the API draws it.
    expect(parseRemoteManifest({ name: 'identity', routes: [route] })).toEqual({
      ok: true,
      manifest: { name: 'identity', routes: [{ path: '/guest-login', header: HEADER }], redirects: [], headerAreas: [] },
    });
    const wrong = { title: '', description: 'x'.repeat(301), column: 'wide', lead: 'Bold words', backLink: 'yes', unlessQuery: ['a b'], signedIn: 'no' };
    expect(parseBuiltManifest({ name: 'identity', routes: [{ ...route, firstPaint: wrong }] })).toEqual({
      ok: false,
      errors: [
        'routes[0].firstPaint.title: must be a non-empty string of at most 60 characters',
        'routes[0].firstPaint.description: must be a non-empty string of at most 300 characters',
        "routes[0].firstPaint.column: must be 'page', 'auth', 'hero' or 'empty'",
        "routes[0].firstPaint.lead: must be a non-empty string of at most 300 characters, on a 'hero' column",
        'routes[0].firstPaint.backLink: must be true or false',
        'routes[0].firstPaint.unlessQuery: must be a list of at most 10 query parameter names',
        'routes[0].firstPaint.signedIn: must be true or false',
      ],
    });
    expect(parseBuiltManifest({ name: 'identity', routes: [{ ...route, firstPaint: 'Guest' }] })).toMatchObject({ ok: false });
  });

  it('names every problem with where it is', () => {
    const result = parseRemoteManifest({
      name: 'Staff Portal',
      routes: [
        { path: 'staff', header: HEADER },
        { path: '/a/', header: { title: '', showUserStatus: 'yes' } },
        { path: '/a/*/b', header: HEADER },
        { path: '/x', header: HEADER },
        { path: '/x', header: HEADER },
      ],
      redirects: [{ from: '/old/<id>', to: '//evil.example' }, { from: '/same', to: '/same' }],
      headerAreas: 'all',
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      'name: must be lower-case letters, digits and dashes, starting with a letter',
      "routes[0].path: 'staff' must start with '/'",
      "routes[1].path: '/a/' must not end with '/'",
      'routes[1].header.title: must be a non-empty string of at most 60 characters',
      'routes[1].header.showUserStatus: must be true or false',
      "routes[2].path: '/a/*/b' has an invalid segment '*' (letters, digits and URL path characters; '<name>'; '*' only at the end)",
      "redirects[0].from: '/old/<id>' has an invalid segment '<id>' (an exact path: letters, digits and URL path characters)",
      "redirects[0].to: '//evil.example' must not contain '//'",
      "redirects[1]: redirects '/same' to itself",
      'headerAreas: must be a list',
      "routes: '/x' is declared twice",
    ]);
  });

  it('refuses what is not a manifest at all', () => {
    expect(parseRemoteManifest(null).ok).toBe(false);
    expect(parseRemoteManifest([]).ok).toBe(false);
    expect(parseRemoteManifest({ name: 'staff' })).toEqual({ ok: false, errors: ['routes: must be a list'] });
    expect(parseRemoteManifest({ name: 'staff', routes: Array.from({ length: 201 }, (_, index) => ({ path: `/p${index}`, header: HEADER })) })).toEqual({
      ok: false,
      errors: ['routes: has more than 200 entries'],
    });
  });
});

describe('pathProblem', () => {
  it('allows URL path characters and percent-escapes, not dot segments or a query', () => {
    expect(pathProblem("/a-b_c.d~e/%2F/x:y@z!$&'()+,;=", { pattern: false })).toBeNull();
    expect(pathProblem('/a/../b', { pattern: false })).not.toBeNull();
    expect(pathProblem('/a?b=1', { pattern: false })).not.toBeNull();
    expect(pathProblem('/a#b', { pattern: true })).not.toBeNull();
    expect(pathProblem(`/${'a'.repeat(200)}`, { pattern: false })).toBe('is longer than 200 characters');
  });
});

describe('the manifest’s translations (issue 26)', () => {
  const base = { name: 'booking', routes: [{ path: '/appointments', header: { title: 'Book an Appointment', showUserStatus: true } }] };
  const translations = { 'es-US': { 'Book an Appointment': 'Reservar una cita' } };

  it('are checked and kept by the build, and left out of the shell’s first reading', () => {
    const built = parseBuiltManifest({ ...base, translations });
    expect(built.ok && built.manifest.translations).toEqual(translations);
    const shell = parseRemoteManifest({ ...base, translations });
    expect(shell.ok && 'translations' in shell.manifest).toBe(false);
  });

  it('ignores languages it does not know and refuses tables out of bounds', () => {
    expect(parseBuiltManifest({ ...base, translations: { fr: { a: 'b' } } })).toEqual({ ok: true, manifest: { ...base, redirects: [], headerAreas: [], translations: {} } });
    expect(parseBuiltManifest({ ...base, translations: 'es' }).ok).toBe(false);
    expect(parseBuiltManifest({ ...base, translations: { 'es-US': [] } }).ok).toBe(false);
    expect(parseBuiltManifest({ ...base, translations: { 'es-US': { 'Book an Appointment': '' } } }).ok).toBe(false);
    expect(parseBuiltManifest({ ...base, translations: { 'es-US': { x: 'y'.repeat(301) } } }).ok).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`t${i}`, `s${i}`]));
    expect(parseBuiltManifest({ ...base, translations: { 'es-US': many } }).ok).toBe(false);
  });
});
