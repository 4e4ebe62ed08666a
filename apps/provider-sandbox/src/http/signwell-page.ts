/**
 * The SignWell signing page of the sandbox (what `embedded_signing_url` opens, usually inside
 * SignWellEmbed's iframe): the document's name and text, "Type your full name", two agreement
 * checkboxes, "Sign Document" and "Decline". After the answer it tells the parent window with
 * `postMessage({type: 'signwell', event: 'completed' | 'declined' | 'error', documentId}, '*')`.
 *
 * Every value that reaches the markup goes through `escapeHtml`; the message travels as JSON in a
 * `<script type="application/json">` with `<` escaped. Scripts and styles carry the response's
 * CSP nonce. Works without script (plain form post); on a phone (one column, large targets).
 */
import { escapeHtml } from './pages.ts';

export interface SignPageInput {
  readonly documentId: string;
  readonly recipientId: string;
  readonly token: string;
  readonly documentName: string;
  readonly recipientName: string | null;
  readonly recipientEmail: string;
  readonly files: readonly { readonly name: string; readonly pagesNumber: number }[];
  readonly previewText: string;
  readonly allowDecline: boolean;
  readonly showHeader: boolean;
  readonly testMode: boolean;
  readonly nonce: string;
  /** Query string to keep on the form's action (header=0, decline=0). */
  readonly carry: string;
  readonly errors?: Readonly<Partial<Record<'full_name' | 'agree_terms' | 'agree_esign' | 'decline', string>>>;
  readonly values?: { readonly fullName: string; readonly agreeTerms: boolean; readonly agreeEsign: boolean; readonly declineReason: string };
}

export type SignwellPageEvent = 'completed' | 'declined' | 'error';

export interface OutcomePageInput {
  readonly event: SignwellPageEvent;
  readonly documentId: string | null;
  readonly title: string;
  readonly message: string;
  readonly documentName: string | null;
  readonly showHeader: boolean;
  readonly nonce: string;
  /** Where a page that is not inside a frame goes next (the document's redirect_url / decline_redirect_url). */
  readonly redirectUrl: string | null;
  readonly testMode?: boolean;
}

/** Frameable by any origin; nothing but our own nonce'd script and style runs. */
export const signwellPageCsp = (nonce: string): string =>
  [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
    'frame-ancestors *',
  ].join('; ');

const STYLE = `
:root{--brand:#1f5fbf;--brand-dark:#174a96;--ink:#1d2330;--muted:#586071;--line:#dfe3ea;--bg:#f3f5f9;--focus:#f2a900;--danger:#b42318;--ok:#157f3b}
*{box-sizing:border-box}
html{font-size:16px;-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--ink);font:1rem/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.top{background:#fff;border-bottom:1px solid var(--line)}
.top-inner{max-width:46rem;margin:0 auto;padding:.625rem 1rem;display:flex;align-items:center;gap:.5rem}
.wordmark{font-weight:800;font-size:1.2rem;color:var(--brand);letter-spacing:-.01em}
.badge{margin-left:auto;font-size:.75rem;font-weight:700;text-transform:uppercase;letter-spacing:.04em;color:var(--brand-dark);background:#e6eefb;border-radius:999px;padding:.125rem .625rem}
main{max-width:46rem;margin:0 auto;padding:1rem 1rem 2rem}
.card{background:#fff;border:1px solid var(--line);border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 2px rgba(29,35,48,.06)}
.eyebrow{margin:0;color:var(--muted);font-size:.875rem;font-weight:600}
h1{font-size:1.375rem;line-height:1.3;margin:.125rem 0 .5rem;overflow-wrap:anywhere}
h2{font-size:1rem;margin:1.25rem 0 .5rem}
.lead{margin:0;color:var(--muted);overflow-wrap:anywhere}
.lead strong{color:var(--ink)}
.files{margin:.5rem 0 0;padding:0;list-style:none;color:var(--muted);font-size:.875rem}
.preview{border:1px solid var(--line);border-radius:.5rem;background:#fbfcfe;max-height:16rem;overflow:auto;padding:.75rem 1rem}
.preview:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.preview pre{margin:0;white-space:pre-wrap;font:inherit;font-size:.9375rem;overflow-wrap:anywhere}
form{margin-top:1rem}
label.field{display:block;font-weight:700;margin-bottom:.25rem}
.hint{margin:0 0 .375rem;color:var(--muted);font-size:.875rem}
input[type=text],textarea{width:100%;font:inherit;font-size:1.0625rem;padding:.625rem .75rem;border:1px solid #9aa3b2;border-radius:.5rem;background:#fff;color:var(--ink)}
textarea{min-height:4.5rem;font-size:1rem}
input[type=text]:focus-visible,textarea:focus-visible{outline:3px solid var(--focus);outline-offset:1px;border-color:var(--brand)}
[aria-invalid=true]{border-color:var(--danger)!important}
.signature{margin:.5rem 0 0;min-height:3.25rem;padding:.25rem .75rem;border-bottom:2px solid var(--ink);font:italic 700 2rem/1.4 "Brush Script MT","Segoe Script","Snell Roundhand",cursive;color:#0d3a8c;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.signature:empty::before{content:"Your signature appears here";font:italic .9375rem/3 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;color:var(--muted)}
fieldset{border:0;margin:1.25rem 0 0;padding:0}
legend{font-weight:700;margin-bottom:.375rem;padding:0}
.check{display:flex;gap:.75rem;align-items:flex-start;padding:.625rem .75rem;border:1px solid var(--line);border-radius:.5rem;margin-top:.5rem;cursor:pointer}
.check input{flex:none;width:1.375rem;height:1.375rem;margin:.125rem 0 0;accent-color:var(--brand)}
.check input:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.field-error{color:var(--danger);font-weight:600;font-size:.9375rem;margin:.25rem 0 0}
.errors{border:2px solid var(--danger);border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem;background:#fff5f4}
.errors:focus{outline:3px solid var(--focus)}
.errors h2{margin:0 0 .25rem;color:var(--danger)}
.errors ul{margin:0;padding-left:1.25rem}
.errors a{color:var(--danger);font-weight:600}
details{margin-top:1rem}
summary{cursor:pointer;color:var(--brand-dark);font-weight:600}
summary:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}
button{font:inherit;font-weight:700;font-size:1rem;min-height:2.75rem;padding:.625rem 1.25rem;border-radius:.5rem;cursor:pointer}
button.primary{background:var(--brand);color:#fff;border:1px solid var(--brand)}
button.primary:hover{background:var(--brand-dark)}
button.secondary{background:#fff;color:var(--danger);border:1px solid #d0d5dd}
button:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.fine{margin:1rem 0 0;font-size:.8125rem;color:var(--muted);text-align:center}
.outcome{text-align:center;padding:2rem 1.25rem}
.mark{width:3.5rem;height:3.5rem;border-radius:50%;display:grid;place-items:center;margin:0 auto .75rem;font-size:1.75rem;font-weight:800;color:#fff}
.mark.completed{background:var(--ok)}.mark.declined{background:#7a808c}.mark.error{background:var(--danger)}
.outcome a{color:var(--brand-dark);font-weight:700}
.outcome h1:focus{outline:none}
@media (max-width:30rem){main{padding:.75rem .5rem 1.5rem}.card{padding:1rem}.actions button{flex:1 1 100%}h1{font-size:1.25rem}}
`;

const layout = (title: string, nonce: string, showHeader: boolean, testMode: boolean, body: string, script = ''): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · SignWell</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head>
<body>
${showHeader ? `<header class="top"><div class="top-inner"><span class="wordmark">SignWell</span><span class="badge">Sandbox${testMode ? ' · test mode' : ''}</span></div></header>` : ''}
<main>
${body}
<p class="fine">Local SignWell sandbox: nothing here is legally binding.</p>
</main>
${script}
</body>
</html>`;

/** JSON for a `<script type="application/json">`: `<` escaped so the text cannot close the element. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const ERROR_ORDER = ['full_name', 'agree_terms', 'agree_esign', 'decline'] as const;

export const signPage = (input: SignPageInput): string => {
  const errors = input.errors ?? {};
  const values = input.values ?? { fullName: '', agreeTerms: false, agreeEsign: false, declineReason: '' };
  const listed = ERROR_ORDER.filter((key) => errors[key] !== undefined);
  const fieldError = (key: (typeof ERROR_ORDER)[number]): string =>
    errors[key] === undefined ? '' : `<p class="field-error" id="${key}-error">${escapeHtml(errors[key] as string)}</p>`;
  const invalid = (key: (typeof ERROR_ORDER)[number]): string =>
    errors[key] === undefined ? '' : ` aria-invalid="true" aria-describedby="${key}-error"`;
  const action = `/signwell/sign/${encodeURIComponent(input.documentId)}/${encodeURIComponent(input.recipientId)}${input.carry}`;
  const signer = input.recipientName === null || input.recipientName === '' ? input.recipientEmail : `${input.recipientName} (${input.recipientEmail})`;
  const summary =
    listed.length === 0
      ? ''
      : `<div class="errors" role="alert" tabindex="-1" id="error-summary" aria-labelledby="error-title">
<h2 id="error-title">There is a problem</h2>
<ul>${listed.map((key) => `<li><a href="#${key === 'decline' ? 'decline_reason' : key}">${escapeHtml(errors[key] as string)}</a></li>`).join('')}</ul>
</div>`;
  const body = `<section class="card" aria-labelledby="doc-title">
${summary}
<p class="eyebrow">Please review and sign</p>
<h1 id="doc-title">${escapeHtml(input.documentName)}</h1>
<p class="lead">Signing as <strong>${escapeHtml(signer)}</strong></p>
<ul class="files" aria-label="Files">${input.files.map((file) => `<li>${escapeHtml(file.name)} · ${file.pagesNumber} page${file.pagesNumber === 1 ? '' : 's'}</li>`).join('')}</ul>
<h2 id="preview-title">Document preview</h2>
<div class="preview" role="region" aria-labelledby="preview-title" tabindex="0"><pre>${escapeHtml(input.previewText)}</pre></div>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<h2><label class="field" for="full_name">Type your full name</label></h2>
<p class="hint" id="full_name-hint">Your typed name is your signature.</p>
<input type="text" id="full_name" name="full_name" autocomplete="name" required maxlength="255" spellcheck="false" value="${escapeHtml(values.fullName)}"${errors.full_name === undefined ? ' aria-describedby="full_name-hint"' : ` aria-invalid="true" aria-describedby="full_name-hint full_name-error"`}>
${fieldError('full_name')}
<p class="signature" id="signature-preview" aria-hidden="true">${escapeHtml(values.fullName)}</p>
<fieldset>
<legend>Agreement</legend>
<label class="check"><input type="checkbox" id="agree_terms" name="agree_terms" value="yes" required${values.agreeTerms ? ' checked' : ''}${invalid('agree_terms')}><span>I have read <strong>${escapeHtml(input.documentName)}</strong> and agree to its terms.</span></label>
${fieldError('agree_terms')}
<label class="check"><input type="checkbox" id="agree_esign" name="agree_esign" value="yes" required${values.agreeEsign ? ' checked' : ''}${invalid('agree_esign')}><span>I agree to sign electronically, and that my typed name is my legal signature.</span></label>
${fieldError('agree_esign')}
</fieldset>
${
  input.allowDecline
    ? `<details${values.declineReason !== '' || errors.decline !== undefined ? ' open' : ''}><summary>Add a reason if you decline (optional)</summary>
<label class="field" for="decline_reason">Reason for declining</label>
<textarea id="decline_reason" name="decline_reason" maxlength="500"${invalid('decline')}>${escapeHtml(values.declineReason)}</textarea>
${fieldError('decline')}
</details>`
    : ''
}
<div class="actions">
<button type="submit" class="primary" name="action" value="sign">Sign Document</button>
${input.allowDecline ? '<button type="submit" class="secondary" name="action" value="decline" formnovalidate>Decline</button>' : ''}
</div>
</form>
</section>`;
  const script = `<script nonce="${escapeHtml(input.nonce)}">
(function () {
  var input = document.getElementById('full_name');
  var preview = document.getElementById('signature-preview');
  if (input && preview) input.addEventListener('input', function () { preview.textContent = input.value; });
  var summary = document.getElementById('error-summary');
  if (summary) summary.focus();
})();
</script>`;
  return layout(`Sign ${input.documentName}`, input.nonce, input.showHeader, input.testMode, body, script);
};

export const outcomePage = (input: OutcomePageInput): string => {
  const message = { type: 'signwell', event: input.event, documentId: input.documentId };
  const mark = input.event === 'completed' ? '✓' : input.event === 'declined' ? '–' : '!';
  const body = `<section class="card outcome" aria-labelledby="outcome-title">
<div class="mark ${input.event}" aria-hidden="true">${mark}</div>
<h1 id="outcome-title" tabindex="-1">${escapeHtml(input.title)}</h1>
${input.documentName === null ? '' : `<p class="lead"><strong>${escapeHtml(input.documentName)}</strong></p>`}
<p class="lead" role="status">${escapeHtml(input.message)}</p>
${input.redirectUrl === null ? '' : `<p id="continue" hidden><a href="${escapeHtml(input.redirectUrl)}">Continue</a></p>`}
</section>`;
  const script = `<script type="application/json" id="signwell-message">${scriptJson({ message, redirectUrl: input.redirectUrl })}</script>
<script nonce="${escapeHtml(input.nonce)}">
(function () {
  var data = JSON.parse(document.getElementById('signwell-message').textContent);
  var framed = window.parent && window.parent !== window;
  if (framed) window.parent.postMessage(data.message, '*');
  else if (data.redirectUrl) {
    var link = document.getElementById('continue');
    if (link) link.hidden = false;
    setTimeout(function () { window.location.assign(data.redirectUrl); }, 1500);
  }
  var title = document.getElementById('outcome-title');
  if (title) title.focus();
})();
</script>`;
  return layout(input.title, input.nonce, input.showHeader, input.testMode ?? false, body, script);
};
