/**
 * The portal's route table, built at run time from the micro-frontends' manifests
 * (docs/decisions/0016-remote-manifests.md): which micro-frontend owns a path, which paths
 * redirect, and which header variant a path shows. The shell itself declares no route: a path no
 * manifest claims is the 404 view, under the shell's default header.
 */
import type { RemoteManifest, RouteHeader } from '@portal/client/remote-manifest.ts';
import type { Locale } from '@portal/contracts/locale.ts';

export type HeaderConfig = RouteHeader;

/** The header of the 404 view and of every path no manifest gives a header. */
export const DEFAULT_HEADER: HeaderConfig = { title: 'Member Portal', showUserStatus: false };

export interface RouteTable {
  /** Names of the micro-frontends, in the order /remotes.js lists them. */
  readonly remotes: readonly string[];
  /** The micro-frontend that owns the (normalised) path, or null. */
  ownerOf(pathname: string): string | null;
  /** Where the shell sends the path before routing, or null. */
  redirectFor(pathname: string): string | null;
  headerFor(pathname: string): HeaderConfig;
  /** The languages the path's micro-frontend is drawn in when it declares them (the staff portal's English), else null: every language. */
  languagesFor(pathname: string): readonly Locale[] | null;
  /** True when a micro-frontend or a redirect handles the path; otherwise the 404 view shows. */
  isKnownRoute(pathname: string): boolean;
  /** Declarations that lost to an earlier one (the same path claimed twice ...), for the console. */
  readonly conflicts: readonly string[];
}

type Segment = { readonly kind: 'literal'; readonly value: string } | { readonly kind: 'param' } | { readonly kind: 'rest' };

interface CompiledRoute {
  readonly remote: string;
  readonly path: string;
  readonly header: HeaderConfig;
  readonly segments: readonly Segment[];
  /** 0 exact, 1 with <params>, 2 ending in '*': the more exact kind wins. */
  readonly rank: 0 | 1 | 2;
  readonly literals: number;
}

const segmentsOf = (path: string): string[] => (path === '/' ? [] : path.slice(1).split('/'));

const compile = (remote: string, path: string, header: HeaderConfig): CompiledRoute => {
  const segments: Segment[] = segmentsOf(path).map((part) =>
    part === '*' ? { kind: 'rest' } : part.startsWith('<') ? { kind: 'param' } : { kind: 'literal', value: part },
  );
  const rank = segments.some((segment) => segment.kind === 'rest') ? 2 : segments.some((segment) => segment.kind === 'param') ? 1 : 0;
  return { remote, path, header, segments, rank, literals: segments.filter((segment) => segment.kind === 'literal').length };
};

const matches = (route: CompiledRoute, parts: readonly string[]): boolean => {
  for (const [index, segment] of route.segments.entries()) {
    if (segment.kind === 'rest') return parts.length > index;
    const part = parts[index];
    if (part === undefined || part === '') return false;
    if (segment.kind === 'literal' && segment.value !== part) return false;
  }
  return parts.length === route.segments.length;
};

/** True when pathname is `under` or below it. */
const isUnder = (pathname: string, under: string): boolean => under === '/' || pathname === under || pathname.startsWith(`${under}/`);

export interface RemoteRoutes {
  readonly name: string;
  readonly manifest: RemoteManifest;
}

/**
 * The route table of the given micro-frontends. For a path, an exact route beats a <param>
 * pattern, which beats a '*' prefix; among equals, more literal segments, then the remote listed
 * first. A header area's header shows on paths under it that no route owns; the longest `under`
 * wins, and for the same `under` the area of a remote that owns routes there.
 */
export const createRouteTable = (remotes: readonly RemoteRoutes[]): RouteTable => {
  const conflicts: string[] = [];
  const routes: CompiledRoute[] = [];
  const claimed = new Map<string, string>();
  for (const { name, manifest } of remotes) {
    for (const route of manifest.routes) {
      // '/a/<id>' and '/a/<key>' are the same route.
      const key = route.path.replace(/<[^>]*>/g, '<>');
      const earlier = claimed.get(key);
      if (earlier !== undefined) {
        conflicts.push(`${name} declares ${route.path}, which ${earlier} already owns`);
        continue;
      }
      claimed.set(key, name);
      routes.push(compile(name, route.path, route.header));
    }
  }
  // Stable: among routes of the same rank and literal count, the remote listed first stays first.
  routes.sort((a, b) => a.rank - b.rank || b.literals - a.literals || b.segments.length - a.segments.length);

  const redirects = new Map<string, string>();
  for (const { name, manifest } of remotes) {
    for (const { from, to } of manifest.redirects ?? []) {
      if (redirects.has(from)) conflicts.push(`${name} redirects ${from}, which another remote already redirects`);
      else redirects.set(from, to);
    }
  }

  const ownsUnder = (remote: string, under: string): boolean => routes.some((route) => route.remote === remote && isUnder(route.path, under));
  const areas = remotes
    .flatMap(({ name, manifest }) => (manifest.headerAreas ?? []).map((area) => ({ remote: name, under: area.under, header: area.header })))
    .map((area, order) => ({ ...area, order, owner: ownsUnder(area.remote, area.under) }))
    .sort((a, b) => b.under.length - a.under.length || Number(b.owner) - Number(a.owner) || a.order - b.order);

  const routeFor = (pathname: string): CompiledRoute | null => {
    const parts = segmentsOf(pathname);
    return routes.find((route) => matches(route, parts)) ?? null;
  };

  const redirectFor = (pathname: string): string | null => redirects.get(pathname) ?? null;
  const languages = new Map(remotes.map(({ name, manifest }) => [name, manifest.languages ?? null]));
  const areaFor = (pathname: string) => areas.find((area) => isUnder(pathname, area.under));

  return {
    remotes: remotes.map((remote) => remote.name),
    ownerOf: (pathname) => routeFor(pathname)?.remote ?? null,
    redirectFor,
    headerFor: (pathname) => routeFor(pathname)?.header ?? areaFor(pathname)?.header ?? DEFAULT_HEADER,
    languagesFor: (pathname) => languages.get(routeFor(pathname)?.remote ?? areaFor(pathname)?.remote ?? '') ?? null,
    isKnownRoute: (pathname) => redirectFor(pathname) !== null || routeFor(pathname) !== null,
    conflicts,
  };
};
