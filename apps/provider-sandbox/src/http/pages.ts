/**
 * The SMART sign-in pages: plain HTML with inline CSS, no script. Every value that reaches the
 * markup goes through `escapeHtml`. Buttons carry exactly the accessible names the browser
 * tests use ("Sign in as …", "Continue as …", "Continue for …"); details sit beside them.
 */

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);

export interface PersonCard {
  readonly patientid: number;
  readonly name: string;
  readonly detail: string;
  readonly note: string;
}

export interface DependentCard extends PersonCard {
  /** The dependent's relationship to the signed-in person ("Parent", "Child"). */
  readonly relation: string;
}

const STYLE = `
:root{--brand:#4b2a86;--brand-dark:#35195f;--ink:#1f1d24;--muted:#5d5a66;--line:#e3e0ea;--bg:#f5f3f9;--focus:#f2a900}
*{box-sizing:border-box}
html{font-size:16px}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--ink);font:1rem/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;display:flex;flex-direction:column;align-items:center}
.top{width:100%;background:#fff;border-bottom:1px solid var(--line)}
.top-inner{max-width:30rem;margin:0 auto;padding:.75rem 1rem;display:flex;align-items:center;gap:.5rem}
.wordmark{font-weight:700;font-size:1.25rem;letter-spacing:-.01em;color:var(--brand)}
.wordmark span{color:var(--ink);font-weight:400}
.badge{margin-left:auto;font-size:.75rem;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:var(--brand);background:#ece6f7;border-radius:999px;padding:.125rem .625rem}
main{width:100%;max-width:30rem;padding:1.25rem 1rem 2rem}
.card{background:#fff;border:1px solid var(--line);border-radius:.75rem;padding:1.5rem 1.25rem;box-shadow:0 1px 2px rgba(31,29,36,.06)}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 .5rem}
.lead{margin:0 0 1.25rem;color:var(--muted)}
.lead strong{color:var(--ink)}
ul{list-style:none;margin:0;padding:0;display:grid;gap:.625rem}
li{position:relative;display:flex;gap:.875rem;align-items:flex-start;border:1px solid var(--line);border-radius:.625rem;padding:.875rem 1rem;background:#fff;transition:border-color .15s,box-shadow .15s}
li:hover{border-color:var(--brand);box-shadow:0 0 0 1px var(--brand)}
li:focus-within{border-color:var(--brand);box-shadow:0 0 0 3px var(--focus)}
.avatar{flex:none;width:2.5rem;height:2.5rem;border-radius:50%;background:#ece6f7;color:var(--brand);display:grid;place-items:center;font-weight:700;font-size:.9375rem}
.who{min-width:0;flex:1}
button.person{all:unset;display:block;font-weight:600;color:var(--brand-dark);cursor:pointer;min-height:1.5rem;overflow-wrap:anywhere}
button.person::after{content:"";position:absolute;inset:0;border-radius:.625rem}
button.person:focus-visible{outline:none}
.detail,.note{margin:.125rem 0 0;font-size:.875rem;color:var(--muted);overflow-wrap:anywhere}
.note{font-size:.8125rem;color:#7a5c00}
.relation{display:inline-block;margin-top:.25rem;font-size:.75rem;font-weight:600;color:var(--brand);background:#f1edf9;border-radius:.25rem;padding:0 .375rem}
.actions{margin-top:1.25rem;display:flex;justify-content:space-between;align-items:center;gap:1rem;flex-wrap:wrap}
a{color:var(--brand);font-weight:600}
a:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.fine{margin:1.5rem 0 0;font-size:.8125rem;color:var(--muted);text-align:center}
.error h1{color:#8a1c1c}
@media (max-width:24rem){.card{padding:1.25rem 1rem}li{padding:.75rem}}
`;

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

const layout = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · athenahealth</title>
<style>${STYLE}</style>
</head>
<body>
<header class="top"><div class="top-inner"><span class="wordmark" aria-label="athenahealth">athena<span>health</span></span><span class="badge">Sandbox</span></div></header>
<main>
${body}
<p class="fine">Local athenahealth sandbox for practice 29391. Test patients only; no real health data.</p>
</main>
</body>
</html>`;

const personItem = (button: string, card: PersonCard, extra = ''): string => {
  const describedBy = `person-${card.patientid}`;
  return `<li>
<span class="avatar" aria-hidden="true">${escapeHtml(initials(card.name))}</span>
<div class="who">
<button class="person" type="submit" name="patientid" value="${card.patientid}" aria-describedby="${describedBy}">${escapeHtml(button)}</button>
<div id="${describedBy}">${extra}<p class="detail">${escapeHtml(card.detail)}</p>${card.note ? `<p class="note">${escapeHtml(card.note)}</p>` : ''}</div>
</div>
</li>`;
};

/** Page 1: one button per portal account. */
export const signInPage = (input: {
  readonly requestId: string;
  readonly clientName: string;
  readonly people: readonly PersonCard[];
  readonly cancelHref: string;
}): string =>
  layout(
    'Sign in',
    `<section class="card" aria-labelledby="title">
<h1 id="title">Sign in to your patient portal</h1>
<p class="lead"><strong>${escapeHtml(input.clientName)}</strong> wants to use your athenahealth patient portal account. Choose who is signing in.</p>
<form method="post" action="/oauth2/v1/authorize/signin">
<input type="hidden" name="request" value="${escapeHtml(input.requestId)}">
<ul aria-label="Patient portal accounts">
${input.people.map((person) => personItem(`Sign in as ${person.name}`, person)).join('\n')}
</ul>
</form>
<div class="actions"><a href="${escapeHtml(input.cancelHref)}">Cancel</a></div>
</section>`,
  );

/** Page 2: a person with proxy access picks whose record to open. */
export const choosePatientPage = (input: {
  readonly requestId: string;
  readonly clientName: string;
  readonly self: PersonCard;
  readonly dependents: readonly DependentCard[];
  readonly cancelHref: string;
}): string =>
  layout(
    'Choose a patient',
    `<section class="card" aria-labelledby="title">
<h1 id="title">Whose record do you want to use?</h1>
<p class="lead">You are signed in as <strong>${escapeHtml(input.self.name)}</strong> and can act for the people below in <strong>${escapeHtml(input.clientName)}</strong>.</p>
<form method="post" action="/oauth2/v1/authorize/choose">
<input type="hidden" name="request" value="${escapeHtml(input.requestId)}">
<ul aria-label="Patients you can act for">
${personItem(`Continue as ${input.self.name}`, { ...input.self, note: 'Your own record' })}
${input.dependents
  .map((dependent) =>
    personItem(`Continue for ${dependent.name}`, dependent, `<span class="relation">Your ${escapeHtml(dependent.relation.toLowerCase())}</span>`),
  )
  .join('\n')}
</ul>
</form>
<div class="actions"><a href="${escapeHtml(input.cancelHref)}">Cancel</a></div>
</section>`,
  );

/** A sign-in that cannot go on and cannot be sent back to the client (bad client or redirect URI, expired request). */
export const errorPage = (title: string, message: string): string =>
  layout(
    title,
    `<section class="card error" role="alert" aria-labelledby="title">
<h1 id="title">${escapeHtml(title)}</h1>
<p class="lead">${escapeHtml(message)}</p>
</section>`,
  );
