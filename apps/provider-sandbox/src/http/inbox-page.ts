/**
 * GET /inbox: the caught emails and SMS codes, newest first, for a person trying the portal. The
 * page works without script (a form filters, <noscript> refreshes); with script it swaps in the
 * fresh list every 5 s without losing the filter being typed, copies codes and clears the inbox.
 * Every value that reaches the markup goes through `escapeHtml`.
 */
import type { InboxMessage } from '../inbox/store.ts';
import { escapeHtml } from './pages.ts';

export const INBOX_REFRESH_SECONDS = 5;

const STYLE = `
:root{--brand:#4b2a86;--ink:#1f1d24;--muted:#5d5a66;--line:#e3e0ea;--bg:#f5f3f9;--focus:#f2a900;--sms:#0b6e4f;--sms-bg:#e3f4ee;--email:#1d4ed8;--email-bg:#e6edfd}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--ink);font:1rem/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.top{background:#fff;border-bottom:1px solid var(--line)}
.top-inner{max-width:46rem;margin:0 auto;padding:.75rem 1rem;display:flex;align-items:center;gap:.5rem}
.wordmark{font-weight:700;font-size:1.25rem;color:var(--brand)}
.badge{margin-left:auto;font-size:.75rem;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:var(--brand);background:#ece6f7;border-radius:999px;padding:.125rem .625rem}
main{max-width:46rem;margin:0 auto;padding:1.25rem 1rem 2rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .375rem}
.lead{margin:0 0 1rem;color:var(--muted)}
form.filter{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;background:#fff;border:1px solid var(--line);border-radius:.75rem;padding:.875rem 1rem;margin-bottom:1rem}
form.filter label{flex:1 1 100%;font-weight:600;font-size:.9375rem}
form.filter input{flex:1 1 14rem;min-width:0;font:inherit;padding:.5rem .75rem;border:1px solid #b9b4c6;border-radius:.5rem}
button,.button{font:inherit;font-weight:600;padding:.5rem 1rem;border-radius:.5rem;border:1px solid var(--brand);background:var(--brand);color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
.secondary{background:#fff;color:var(--brand)}
button:focus-visible,.button:focus-visible,input:focus-visible,a:focus-visible,pre:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.bar{display:flex;justify-content:space-between;align-items:center;gap:.75rem;flex-wrap:wrap;margin:.25rem 0 .75rem}
.count{margin:0;color:var(--muted);font-size:.9375rem}
ol{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
article{background:#fff;border:1px solid var(--line);border-radius:.75rem;padding:1rem 1.125rem;box-shadow:0 1px 2px rgba(31,29,36,.06)}
.meta{display:flex;flex-wrap:wrap;gap:.25rem .625rem;align-items:center;font-size:.875rem;color:var(--muted)}
.channel{font-size:.75rem;font-weight:700;text-transform:uppercase;letter-spacing:.04em;border-radius:.25rem;padding:.0625rem .4375rem}
.channel.sms{color:var(--sms);background:var(--sms-bg)}
.channel.email{color:var(--email);background:var(--email-bg)}
.to{font-weight:600;color:var(--ink);overflow-wrap:anywhere}
time{margin-left:auto}
h2{font-size:1.0625rem;line-height:1.35;margin:.5rem 0 .25rem;overflow-wrap:anywhere}
.from{margin:0;font-size:.8125rem;color:var(--muted);overflow-wrap:anywhere}
.code{display:flex;align-items:center;gap:.75rem;flex-wrap:wrap;margin:.625rem 0 .25rem}
.code-label{font-size:.8125rem;font-weight:600;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
.code-value{font:700 1.75rem/1.1 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;letter-spacing:.18em;color:var(--ink)}
.copy{padding:.25rem .75rem;font-size:.875rem}
pre{margin:.5rem 0 0;padding:.75rem;background:#faf9fc;border:1px solid var(--line);border-radius:.5rem;white-space:pre-wrap;overflow-wrap:anywhere;font:.875rem/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;max-height:16rem;overflow:auto}
.empty{background:#fff;border:1px dashed #c9c3d6;border-radius:.75rem;padding:1.5rem 1rem;text-align:center;color:var(--muted)}
.fine{margin:1.5rem 0 0;font-size:.8125rem;color:var(--muted)}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.875em;overflow-wrap:anywhere}
@media (max-width:30rem){time{margin-left:0;flex-basis:100%}.code-value{font-size:1.5rem}}
`;

const SCRIPT = `
(function () {
  var list = document.getElementById('messages');
  function wire() {
    document.querySelectorAll('button[data-copy]').forEach(function (button) {
      button.hidden = !(navigator.clipboard && window.isSecureContext);
      button.onclick = function () {
        navigator.clipboard.writeText(button.getAttribute('data-copy')).then(function () {
          button.textContent = 'Copied';
          setTimeout(function () { button.textContent = 'Copy'; }, 1500);
        });
      };
    });
  }
  function refresh() {
    if (document.hidden) return;
    fetch(location.href, { headers: { Accept: 'text/html' }, cache: 'no-store' })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) return;
        var doc = new DOMParser().parseFromString(html, 'text/html');
        var next = doc.getElementById('messages');
        var count = doc.getElementById('count');
        if (count && count.textContent !== document.getElementById('count').textContent) {
          document.getElementById('count').textContent = count.textContent;
        }
        if (next && next.innerHTML !== list.innerHTML && !list.contains(document.activeElement)) {
          list.innerHTML = next.innerHTML;
          wire();
        }
      })
      .catch(function () {});
  }
  var clear = document.getElementById('clear');
  clear.hidden = false;
  clear.onclick = function () {
    if (!confirm('Delete every message in the sandbox inbox?')) return;
    fetch('/inbox/api/messages', { method: 'DELETE' }).then(refresh);
  };
  wire();
  setInterval(refresh, ${INBOX_REFRESH_SECONDS * 1000});
  document.addEventListener('visibilitychange', refresh);
})();
`;

const ago = (then: Date, now: Date): string => {
  const seconds = Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
};

const absolute = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

const messageItem = (message: InboxMessage, now: Date): string => {
  const received = new Date(message.receivedAt);
  const sms = message.channel === 'sms';
  const heading = sms ? 'Text message' : message.subject === '' ? '(no subject)' : message.subject;
  const codeBlock =
    message.code === null
      ? ''
      : `<div class="code"><span class="code-label" id="code-${escapeHtml(message.id)}">Code</span><span class="code-value" aria-labelledby="code-${escapeHtml(message.id)}">${escapeHtml(message.code)}</span><button type="button" class="copy secondary" data-copy="${escapeHtml(message.code)}" aria-label="Copy code ${escapeHtml(message.code)}" hidden>Copy</button></div>`;
  return `<li><article aria-labelledby="m-${escapeHtml(message.id)}">
<div class="meta"><span class="channel ${sms ? 'sms' : 'email'}">${sms ? 'SMS' : 'Email'}</span><span>to <span class="to">${escapeHtml(message.to)}</span></span><time datetime="${escapeHtml(message.receivedAt)}" title="${escapeHtml(absolute.format(received))}">${escapeHtml(ago(received, now))}</time></div>
<h2 id="m-${escapeHtml(message.id)}">${escapeHtml(heading)}</h2>
${!sms && message.from !== null ? `<p class="from">from ${escapeHtml(message.from)}</p>` : ''}
${codeBlock}
<pre tabindex="0" aria-label="Message text">${escapeHtml(message.text)}</pre>
</article></li>`;
};

export const inboxPage = (input: { readonly messages: readonly InboxMessage[]; readonly to: string; readonly now: Date }): string => {
  const filtered = input.to !== '';
  const count = `${input.messages.length} message${input.messages.length === 1 ? '' : 's'}${filtered ? ` for ${input.to}` : ''}`;
  const list =
    input.messages.length === 0
      ? `<p class="empty">${filtered ? `Nothing for ${escapeHtml(input.to)} yet.` : 'No messages yet.'} Ask the portal for a code; it shows up here within seconds.</p>`
      : `<ol aria-label="Messages, newest first">${input.messages.map((message) => messageItem(message, input.now)).join('\n')}</ol>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<noscript><meta http-equiv="refresh" content="${INBOX_REFRESH_SECONDS}"></noscript>
<title>Inbox · Provider sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<header class="top"><div class="top-inner"><span class="wordmark">Sandbox inbox</span><span class="badge">Sandbox</span></div></header>
<main>
<h1>Your codes and emails</h1>
<p class="lead">Every email and text message the portal sent while running locally lands here instead of being delivered. The list refreshes every ${INBOX_REFRESH_SECONDS} seconds.</p>
<form class="filter" method="get" action="/inbox" role="search">
<label for="to">Show messages for an email address or phone number</label>
<input id="to" name="to" type="search" value="${escapeHtml(input.to)}" placeholder="you@example.com or 4015550111" autocomplete="off" inputmode="email">
<button type="submit">Filter</button>${filtered ? ' <a class="button secondary" href="/inbox">Show all</a>' : ''}
</form>
<div class="bar"><p class="count" id="count" role="status">${escapeHtml(count)}</p><button type="button" id="clear" class="secondary" hidden>Delete all messages</button></div>
<div id="messages">
${list}
</div>
<p class="fine">For tests: <code>GET /inbox/api/messages?to=…</code> (JSON, newest first) and <code>DELETE /inbox/api/messages</code>. Nothing is ever delivered.</p>
</main>
<script>${SCRIPT}</script>
</body>
</html>`;
};
