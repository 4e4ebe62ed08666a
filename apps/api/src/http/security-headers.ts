/**
 * Security headers for every response. The content security policy allows scripts from this
 * origin and from the origins the portal is configured to load (provider scripts, remotes on
 * their own origins), nothing else; no framing of the portal by others.
 */
import type { Context, Next } from 'koa';

export interface SecurityHeaderOptions {
  /** Extra origins allowed to serve scripts, styles, frames and API calls (providers, remotes). */
  readonly trustedOrigins: readonly string[];
  readonly https: boolean;
}

export const securityHeaders = ({ trustedOrigins, https }: SecurityHeaderOptions) => {
  const extra = [...new Set(trustedOrigins)].join(' ');
  const withExtra = (base: string) => (extra ? `${base} ${extra}` : base);
  const policy = [
    "default-src 'self'",
    `script-src ${withExtra("'self'")}`,
    // React sets style attributes; no inline <script> is allowed but the page's remote map, which
    // frontends.ts allows by its SHA-256 in that response alone. A remote on its own origin
    // brings its stylesheet from there.
    `style-src ${withExtra("'self' 'unsafe-inline'")}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${withExtra("'self'")}`,
    `frame-src ${withExtra("'self'")}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    `form-action ${withExtra("'self'")}`,
  ].join('; ');
  // Set straight on the response, one list computed once (Koa's ctx.set adds checks these fixed strings do not need).
  const fixed: ReadonlyArray<readonly [string, string]> = [
    ['Content-Security-Policy', policy],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)'],
    ...(https ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const] : []),
  ];
  return async (ctx: Context, next: Next): Promise<void> => {
    for (const [name, value] of fixed) ctx.res.setHeader(name, value);
    await next();
    if (ctx.path.startsWith('/api/')) ctx.set('Cache-Control', 'no-store');
  };
};
