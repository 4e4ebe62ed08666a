/** The billing portal: a session, and its 'Update card'. */
import type { Obj } from './billing-values.ts';
import { createPaymentMethod } from './card-payment-methods.ts';
import { invalidRequest, StripeError } from './errors.ts';
import type { FormObject } from './form.ts';
import { newSetupIntent } from './intent-objects.ts';
import { mustLoad } from './lookups.ts';
import { text } from './objects.ts';
import { behaviourFor } from './payment-methods.ts';
import { attemptSetup, succeedSetup } from './setup-intents.ts';
import { newId, randomToken, save, type Tx } from './store.ts';

export const newPortalSession = async (tx: Tx, params: FormObject): Promise<Obj> => {
  const customer = await mustLoad(tx, text(params, 'customer'), 'customer', 'customer');
  const returnUrl = text(params, 'return_url');
  if (returnUrl !== null && !/^https?:\/\//.test(returnUrl)) throw invalidRequest('Not a valid URL', 'return_url', 'url_invalid');
  const token = randomToken(32);
  const session: Obj = {
    id: newId('bps'),
    object: 'billing_portal.session',
    configuration: text(params, 'configuration') ?? 'bpc_sandbox_default',
    created: tx.now,
    customer: customer.id,
    flow: null,
    livemode: false,
    locale: text(params, 'locale'),
    on_behalf_of: null,
    return_url: returnUrl,
    url: `${tx.base}/stripe/billing/p/session/${token}`,
  };
  return save(tx, session, { token });
};

/** Portal 'Update card': a SetupIntent confirmed with the new card, which becomes the default. */
export const portalUpdateCard = async (tx: Tx, customerId: string, card: FormObject): Promise<{ ok: true } | { ok: false; message: string }> => {
  let pm: Obj;
  try {
    pm = await createPaymentMethod(tx, { type: 'card', card });
  } catch (error) {
    if (error instanceof StripeError) return { ok: false, message: String(error.body.error['message']) };
    throw error;
  }
  const setup = newSetupIntent(tx, customerId, { sandbox_purpose: 'billing_portal' });
  await save(tx, setup);
  const behaviour = await behaviourFor(tx, pm);
  // The portal authenticates 3-D Secure cards inline (no separate challenge in the sandbox).
  if (behaviour.kind === 'three_d_secure') {
    await succeedSetup(tx, setup, pm);
    return { ok: true };
  }
  const outcome = await attemptSetup(tx, setup, pm, null);
  return outcome.kind === 'declined' ? { ok: false, message: outcome.decline.message } : { ok: true };
};
