/**
 * The Stripe stand-in's pages: the 3-D Secure challenge ('Complete authentication' / 'Fail
 * authentication'), its outcome when there is no return_url (it tells the opener or parent window
 * with `postMessage({type: 'stripe-3ds-result', intent, status}, '*')`), the billing portal
 * (subscriptions with 'Cancel at period end' / 'Renew', 'Update card', 'Return to portal'), the
 * receipt and the hosted invoice. Plain forms that work without script; every value is escaped.
 */
import { escapeHtml } from './pages.ts';

export const stripePageCsp = (nonce: string): string =>
  ["default-src 'none'", `script-src 'nonce-${nonce}'`, `style-src 'nonce-${nonce}'`, "img-src 'self' data:", "form-action 'self' http: https:", "base-uri 'none'", 'frame-ancestors *'].join('; ');

const STYLE = `
:root{--brand:#635bff;--ink:#1a1f36;--muted:#5d6477;--line:#e3e8ee;--bg:#f6f9fc;--focus:#f2a900;--danger:#b42318;--ok:#157f3b}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:1rem/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
header{background:#fff;border-bottom:1px solid var(--line)}
header div{max-width:40rem;margin:0 auto;padding:.625rem 1rem;display:flex;gap:.5rem;align-items:center}
.wordmark{font-weight:800;color:var(--brand);font-size:1.2rem}
.badge{margin-left:auto;font-size:.75rem;font-weight:700;text-transform:uppercase;background:#eeedff;color:#3d36b5;border-radius:999px;padding:.125rem .625rem}
main{max-width:40rem;margin:0 auto;padding:1rem}
.card{background:#fff;border:1px solid var(--line);border-radius:.75rem;padding:1.25rem;margin-bottom:1rem}
h1{font-size:1.375rem;margin:0 0 .5rem}
h2{font-size:1.125rem;margin:0 0 .5rem}
p{margin:.25rem 0}
.muted{color:var(--muted)}
.notice{border:2px solid var(--ok);border-radius:.5rem;padding:.75rem 1rem;background:#f0fbf3;margin-bottom:1rem}
.error{border-color:var(--danger);background:#fff5f4}
label{display:block;font-weight:700;margin:.75rem 0 .25rem}
input[type=text]{width:100%;font:inherit;font-size:1.0625rem;padding:.625rem .75rem;border:1px solid #9aa3b2;border-radius:.5rem}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.row{display:flex;gap:.75rem}.row>div{flex:1}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
button{font:inherit;font-weight:700;min-height:2.75rem;padding:.625rem 1.25rem;border-radius:.5rem;cursor:pointer;border:1px solid var(--brand);background:var(--brand);color:#fff}
button.secondary{background:#fff;color:var(--danger);border-color:#d0d5dd}
a{color:#3d36b5;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:.5rem 0}dt{color:var(--muted)}dd{margin:0}
.fine{font-size:.8125rem;color:var(--muted);text-align:center}
@media (max-width:30rem){.actions button{flex:1 1 100%}.row{flex-direction:column}}
`;

export const layout = (title: string, nonce: string, body: string, script = ''): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Stripe sandbox</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head>
<body>
<header><div><span class="wordmark">stripe</span><span class="badge">Sandbox · test mode</span></div></header>
<main>
${body}
<p class="fine">Local Stripe sandbox: no money moves.</p>
</main>
${script}
</body>
</html>`;

export const money = (cents: unknown, currency: unknown = 'usd'): string =>
  `${(Number(cents ?? 0) / 100).toLocaleString('en-US', { style: 'currency', currency: String(currency).toUpperCase() })}`;

export const day = (unix: unknown): string =>
  typeof unix === 'number' ? new Date(unix * 1000).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }) : '—';

export const challengePage = (input: { readonly intentId: string; readonly clientSecret: string; readonly amount: string | null; readonly cardLast4: string | null; readonly nonce: string }): string =>
  layout(
    '3D Secure authentication',
    input.nonce,
    `<section class="card" aria-labelledby="title">
<h1 id="title">3D Secure test authentication</h1>
<p>${input.amount === null ? 'Your bank asks you to confirm that you are saving this card.' : `Your bank asks you to confirm the payment of <strong>${escapeHtml(input.amount)}</strong>.`}</p>
${input.cardLast4 === null ? '' : `<p class="muted">Card ending in ${escapeHtml(input.cardLast4)}</p>`}
<p class="muted">This is a test page: choose what the bank answers.</p>
<form method="post" action="/stripe/3ds/${encodeURIComponent(input.intentId)}">
<input type="hidden" name="client_secret" value="${escapeHtml(input.clientSecret)}">
<div class="actions">
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail" class="secondary">Fail authentication</button>
</div>
</form>
</section>`,
  );

/** Outcome without a return_url (a server-confirmed intent): tell the window that opened the challenge. */
export const challengeDonePage = (input: { readonly intentId: string; readonly status: string; readonly succeeded: boolean; readonly nonce: string }): string => {
  const message = JSON.stringify({ type: 'stripe-3ds-result', intent: input.intentId, status: input.status }).replace(/</g, '\\u003c');
  return layout(
    input.succeeded ? 'Authentication complete' : 'Authentication failed',
    input.nonce,
    `<section class="card" aria-labelledby="title"><h1 id="title" tabindex="-1">${input.succeeded ? 'Authentication complete' : 'Authentication failed'}</h1>
<p>${input.succeeded ? 'You can close this window.' : 'The bank did not confirm the payment. Close this window and try another card.'}</p></section>`,
    `<script nonce="${escapeHtml(input.nonce)}">(function(){var m=${message};try{if(window.opener)window.opener.postMessage(m,'*');if(window.parent&&window.parent!==window)window.parent.postMessage(m,'*');}catch(e){}})();</script>`,
  );
};

export const messagePage = (title: string, message: string, nonce: string): string =>
  layout(title, nonce, `<section class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></section>`);

export interface PortalSubscription {
  readonly id: string;
  readonly name: string;
  readonly price: string;
  readonly status: string;
  readonly cancelAtPeriodEnd: boolean;
  readonly periodEnd: string;
}

export const portalPage = (input: {
  readonly action: string;
  readonly customerEmail: string | null;
  readonly subscriptions: readonly PortalSubscription[];
  readonly card: string | null;
  readonly returnUrl: string | null;
  readonly notice: string | null;
  readonly error: string | null;
  readonly nonce: string;
}): string =>
  layout(
    'Billing',
    input.nonce,
    `${input.notice === null ? '' : `<div class="notice" role="status">${escapeHtml(input.notice)}</div>`}
${input.error === null ? '' : `<div class="notice error" role="alert">${escapeHtml(input.error)}</div>`}
<section class="card" aria-labelledby="title">
<h1 id="title">Manage your membership billing</h1>
${input.customerEmail === null ? '' : `<p class="muted">${escapeHtml(input.customerEmail)}</p>`}
${input.returnUrl === null ? '' : `<p><a href="${escapeHtml(input.returnUrl)}">Return to portal</a></p>`}
</section>
<section class="card" aria-labelledby="subs"><h2 id="subs">Current plan</h2>
${
  input.subscriptions.length === 0
    ? '<p>No active subscriptions.</p>'
    : input.subscriptions
        .map(
          (sub) => `<article aria-label="${escapeHtml(sub.name)}">
<h3>${escapeHtml(sub.name)}</h3>
<dl><dt>Price</dt><dd>${escapeHtml(sub.price)}</dd><dt>Status</dt><dd>${escapeHtml(sub.status)}</dd>
<dt>${sub.cancelAtPeriodEnd ? 'Cancels on' : 'Renews on'}</dt><dd>${escapeHtml(sub.periodEnd)}</dd></dl>
<form method="post" action="${escapeHtml(input.action)}"><input type="hidden" name="subscription" value="${escapeHtml(sub.id)}">
${sub.cancelAtPeriodEnd ? '<button type="submit" name="action" value="renew">Renew</button>' : '<button type="submit" name="action" value="cancel" class="secondary">Cancel at period end</button>'}
</form></article>`,
        )
        .join('\n')
}
</section>
<section class="card" aria-labelledby="pm"><h2 id="pm">Payment method</h2>
<p>${input.card === null ? 'No card on file.' : escapeHtml(input.card)}</p>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="action" value="update_card">
<label for="number">Card number</label><input type="text" id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<div class="row"><div><label for="exp">Expiry (MM/YY)</label><input type="text" id="exp" name="exp" autocomplete="cc-exp" value="12/34" required></div>
<div><label for="cvc">CVC</label><input type="text" id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" value="123" required></div></div>
<div class="actions"><button type="submit">Update card</button></div>
</form></section>`,
  );

export const receiptPage = (input: { readonly title: string; readonly rows: readonly [string, string][]; readonly nonce: string }): string =>
  layout(
    input.title,
    input.nonce,
    `<section class="card" aria-labelledby="title"><h1 id="title">${escapeHtml(input.title)}</h1><dl>${input.rows
      .map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`)
      .join('')}</dl></section>`,
  );
