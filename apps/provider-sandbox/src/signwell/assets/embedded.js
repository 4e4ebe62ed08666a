/*
 * Provider sandbox: a look-alike of SignWell's embedded.js (https://static.signwell.com/assets/embedded.js).
 * Same API surface:
 *   var embed = new SignWellEmbed({ url, containerId?, allowDecline, allowClose, showHeader, allowDownload,
 *                                   redirectUrl, declineRedirectUrl, events: { completed, closed, declined, error } });
 *   embed.open(); embed.close();
 * With containerId the signing page fills that element in an iframe; without it, a full-screen overlay
 * (a modal dialog with a Close button when allowClose). The page inside tells us what happened with
 * postMessage({ type: 'signwell', event: 'completed' | 'declined' | 'error', documentId }); only messages
 * from the iframe we made, from the signing URL's origin, are heard. Callbacks get
 * { id, documentId, event } (SignWell does not document its payloads). `closed` fires when the
 * person closes the overlay (button or Escape), not when the page calls close().
 * Local development and tests only: nothing here is legally binding.
 */
(function () {
  'use strict';
  if (window.SignWellEmbed && window.SignWellEmbed.__sandbox) return;

  var STYLE_ID = 'signwell-embed-sandbox-style';
  var STYLE =
    '.sw-embed-frame{display:block;width:100%;height:100%;min-height:560px;border:0;background:#f3f5f9}' +
    '.sw-embed-overlay{position:fixed;inset:0;z-index:2147483000;display:flex;flex-direction:column;background:rgba(16,24,40,.72)}' +
    '.sw-embed-dialog{position:relative;display:flex;flex-direction:column;flex:1;margin:24px auto;width:min(960px,calc(100% - 32px));' +
    'background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 20px 50px rgba(0,0,0,.35)}' +
    '.sw-embed-bar{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:8px 8px 8px 16px;border-bottom:1px solid #dfe3ea;' +
    'font:600 15px/1.3 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1d2330}' +
    '.sw-embed-close{font:600 15px/1 inherit;min-width:44px;min-height:44px;padding:0 14px;border:1px solid #d0d5dd;border-radius:8px;background:#fff;color:#1d2330;cursor:pointer}' +
    '.sw-embed-close:focus-visible{outline:3px solid #f2a900;outline-offset:2px}' +
    '.sw-embed-dialog .sw-embed-frame{flex:1;min-height:0}' +
    '@media (max-width:600px){.sw-embed-dialog{margin:0;width:100%;border-radius:0}}';

  function addStyle() {
    if (document.getElementById(STYLE_ID)) return;
    var style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = STYLE;
    (document.head || document.documentElement).appendChild(style);
  }

  function call(callback, payload) {
    if (typeof callback !== 'function') return;
    try {
      callback(payload);
    } catch (error) {
      setTimeout(function () { throw error; });
    }
  }

  function SignWellEmbed(options) {
    if (!(this instanceof SignWellEmbed)) return new SignWellEmbed(options);
    options = options || {};
    if (typeof options.url !== 'string' || options.url === '') throw new Error('SignWellEmbed: url is required');
    this.url = options.url;
    this.containerId = options.containerId || null;
    this.allowDecline = options.allowDecline !== false;
    this.allowClose = options.allowClose !== false;
    this.showHeader = options.showHeader !== false;
    this.allowDownload = options.allowDownload !== false;
    this.redirectUrl = options.redirectUrl || null;
    this.declineRedirectUrl = options.declineRedirectUrl || null;
    this.events = options.events || {};
    this.iframe = null;
    this.overlay = null;
    this._onMessage = this._handleMessage.bind(this);
    this._onKey = this._handleKey.bind(this);
    this._restoreFocus = null;
    this._restoreOverflow = null;
  }

  SignWellEmbed.__sandbox = true;

  SignWellEmbed.prototype._frameUrl = function () {
    var url = new URL(this.url, window.location.href);
    if (!this.showHeader) url.searchParams.set('header', '0');
    if (!this.allowDecline) url.searchParams.set('decline', '0');
    return url.toString();
  };

  SignWellEmbed.prototype.open = function () {
    if (this.iframe) return this;
    addStyle();
    var iframe = document.createElement('iframe');
    iframe.className = 'sw-embed-frame';
    iframe.title = 'Sign document';
    iframe.setAttribute('allow', 'clipboard-write');
    iframe.src = this._frameUrl();
    this.iframe = iframe;
    window.addEventListener('message', this._onMessage);

    var container = this.containerId ? document.getElementById(this.containerId) : null;
    if (this.containerId && !container) {
      this.iframe = null;
      window.removeEventListener('message', this._onMessage);
      call(this.events.error, { event: 'error', message: 'SignWellEmbed: no element with id "' + this.containerId + '"' });
      return this;
    }
    if (container) {
      container.appendChild(iframe);
      return this;
    }

    this._restoreFocus = document.activeElement;
    this._restoreOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    var overlay = document.createElement('div');
    overlay.className = 'sw-embed-overlay';
    var dialog = document.createElement('div');
    dialog.className = 'sw-embed-dialog';
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', 'Sign document');
    var bar = document.createElement('div');
    bar.className = 'sw-embed-bar';
    var title = document.createElement('span');
    title.textContent = 'Sign document';
    bar.appendChild(title);
    if (this.allowClose) {
      var close = document.createElement('button');
      close.type = 'button';
      close.className = 'sw-embed-close';
      close.textContent = 'Close';
      close.setAttribute('aria-label', 'Close signing');
      var self = this;
      close.addEventListener('click', function () { self._userClose(); });
      bar.appendChild(close);
    }
    dialog.appendChild(bar);
    dialog.appendChild(iframe);
    overlay.appendChild(dialog);
    document.body.appendChild(overlay);
    this.overlay = overlay;
    document.addEventListener('keydown', this._onKey);
    iframe.focus();
    return this;
  };

  SignWellEmbed.prototype.close = function () {
    window.removeEventListener('message', this._onMessage);
    document.removeEventListener('keydown', this._onKey);
    if (this.overlay) {
      this.overlay.remove();
      document.body.style.overflow = this._restoreOverflow || '';
      if (this._restoreFocus && typeof this._restoreFocus.focus === 'function') this._restoreFocus.focus();
    } else if (this.iframe) {
      this.iframe.remove();
    }
    this.overlay = null;
    this.iframe = null;
    return this;
  };

  SignWellEmbed.prototype._userClose = function () {
    if (!this.iframe) return;
    this.close();
    call(this.events.closed, { event: 'closed' });
  };

  SignWellEmbed.prototype._handleKey = function (event) {
    if (event.key === 'Escape' && this.allowClose) {
      event.preventDefault();
      this._userClose();
    }
  };

  SignWellEmbed.prototype._handleMessage = function (event) {
    if (!this.iframe || event.source !== this.iframe.contentWindow) return;
    var origin;
    try {
      origin = new URL(this.url, window.location.href).origin;
    } catch (error) {
      return;
    }
    if (event.origin !== origin) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || data.type !== 'signwell') return;
    var payload = { id: data.documentId || null, documentId: data.documentId || null, event: data.event };
    if (data.event === 'completed') {
      call(this.events.completed, payload);
      if (this.redirectUrl) window.location.assign(this.redirectUrl);
    } else if (data.event === 'declined') {
      call(this.events.declined, payload);
      if (this.declineRedirectUrl) window.location.assign(this.declineRedirectUrl);
    } else if (data.event === 'error') {
      call(this.events.error, payload);
    }
  };

  window.SignWellEmbed = SignWellEmbed;
})();
