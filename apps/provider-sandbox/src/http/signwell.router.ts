/**
 * SignWell's look-alike, the subset the portal uses: the REST API under /signwell/api/v1
 * (`X-Api-Key: sandbox-signwell-key`; documents, completed PDF, hooks), the signing page that
 * `embedded_signing_url` opens (/signwell/sign/{documentId}/{recipientId}?token=…), the completed
 * file behind `url_only=true`, and the embedded.js look-alike (/signwell/assets/embedded.js).
 * Errors have SignWell's shapes: 422 `{errors: {field: [msg]}}`, 401/404 `{message, meta}`.
 */
import Router from '@koa/router';
import { signwellDocuments } from '../signwell/document-store.ts';
import type { SandboxContext } from './context.ts';
import { signwellApiRoutes } from './signwell-api.routes.ts';
import { signwellSigningRoutes } from './signwell-signing.routes.ts';

export const signwellRouter = (sandbox: SandboxContext): Router => {
  const router = new Router();
  const documents = signwellDocuments(sandbox);
  signwellApiRoutes(router, sandbox, documents);
  signwellSigningRoutes(router, sandbox, documents);

  return router;
};
