/**
 * Bearer tokens on the proprietary and FHIR routes. Without a valid one athenahealth answers
 * 401 `{"error":"Developer Inactive"}`. The proprietary API takes backend (client_credentials)
 * tokens only; FHIR takes backend and patient tokens.
 */
import type { Context, Next } from 'koa';
import { TABLES } from '../store/schema.ts';
import type { SandboxContext } from './context.ts';
import { AthenaError } from './errors.ts';

export type TokenKind = 'backend' | 'patient';

export interface AccessTokenRow {
  readonly token: string;
  readonly kind: TokenKind;
  readonly client_id: string;
  readonly scope: string;
  readonly patientid: number | null;
  readonly person_patientid: number | null;
  readonly expires_at: Date;
}

const inactive = (): AthenaError => new AthenaError(401, { error: 'Developer Inactive' });

export const requireBearer =
  (sandbox: SandboxContext, kinds: readonly TokenKind[]) =>
  async (ctx: Context, next: Next): Promise<void> => {
    const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'));
    if (!match) throw inactive();
    const row = (await sandbox.db
      .table(TABLES.accessTokens)
      .where({ token: match[1] })
      .andWhere('expires_at', '>', sandbox.now())
      .first()) as AccessTokenRow | undefined;
    if (row === undefined || !kinds.includes(row.kind)) throw inactive();
    ctx.state.token = row;
    await next();
  };
