/*
 * Provider sandbox: a look-alike of Cloudflare Turnstile's api.js (https://challenges.cloudflare.com/turnstile/v0/api.js).
 * Same API surface: window.turnstile.render/reset/remove/getResponse/isExpired/execute/ready, implicit rendering of
 * .cf-turnstile[data-sitekey] with a hidden cf-turnstile-response input, and the ?onload= / ?render=explicit parameters.
 * Cloudflare's test sitekeys behave as documented; the sandbox sitekey fetches a real single-use token from the sandbox.
 * No challenge is real: this is for local development and tests only.
 */
(function () {
  'use strict';
  if (window.turnstile && window.turnstile.__sandbox) return;

  var current = document.currentScript;
  var scriptUrl = new URL(current && current.src ? current.src : '__SANDBOX_SCRIPT_URL__', window.location.href);
  var ORIGIN = scriptUrl.origin;
  var query = scriptUrl.searchParams;
  var DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
  var SANDBOX_SITEKEY = '__SANDBOX_SITEKEY__';
  var DEFAULT_TTL_SECONDS = __TOKEN_SECONDS__;
  var SOLVE_MS = 300;
  var TEST_SITEKEYS = {
    '1x00000000000000000000AA': { outcome: 'pass', invisible: false },
    '1x00000000000000000000BB': { outcome: 'pass', invisible: true },
    '2x00000000000000000000AB': { outcome: 'fail', invisible: false },
    '2x00000000000000000000BB': { outcome: 'fail', invisible: true },
    '3x00000000000000000000FF': { outcome: 'interactive', invisible: false }
  };
  // Cloudflare's client-side error codes: 110100 invalid sitekey, 300010 client error, 600010 challenge failed.
  var ERROR_INVALID_SITEKEY = '110100';
  var ERROR_CLIENT = '300010';
  var ERROR_FAILED = '600010';

  var widgets = {};
  var order = [];
  var counter = 0;
  var readyCallbacks = [];
  var isReady = false;

  var STYLE =
    '.sbx-ts{box-sizing:border-box;display:flex;align-items:center;justify-content:space-between;gap:8px;width:300px;height:65px;' +
    'padding:0 12px 0 14px;border:1px solid #e0e0e0;border-radius:4px;background:#fafafa;color:#232323;' +
    'font:14px/1.3 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;text-align:left}' +
    '.sbx-ts *{box-sizing:border-box}' +
    '.sbx-ts--dark{background:#232323;border-color:#666;color:#f2f2f2}' +
    '.sbx-ts--compact{flex-direction:column;justify-content:center;width:150px;height:140px;padding:10px}' +
    '.sbx-ts--flexible{width:100%;min-width:300px}' +
    '.sbx-ts--invisible{display:none}' +
    '.sbx-ts__main{display:flex;align-items:center;gap:10px;min-width:0}' +
    '.sbx-ts__check{display:flex;align-items:center;gap:10px;cursor:pointer;margin:0}' +
    '.sbx-ts__check input{width:24px;height:24px;margin:0;accent-color:#f38020;cursor:pointer}' +
    '.sbx-ts__check input:focus-visible{outline:3px solid #f38020;outline-offset:2px}' +
    '.sbx-ts__icon{flex:none;width:24px;height:24px;border-radius:50%;display:none;align-items:center;justify-content:center;font-weight:700;color:#fff}' +
    '.sbx-ts__spinner{flex:none;width:24px;height:24px;border-radius:50%;border:3px solid #d9d9d9;border-top-color:#f38020;display:none;animation:sbx-ts-spin .8s linear infinite}' +
    '@keyframes sbx-ts-spin{to{transform:rotate(360deg)}}' +
    '@media (prefers-reduced-motion:reduce){.sbx-ts__spinner{animation-duration:3s}}' +
    '.sbx-ts[data-state=verifying] .sbx-ts__spinner{display:inline-block}' +
    '.sbx-ts[data-state=success] .sbx-ts__icon{display:inline-flex;background:#1d8f3a}' +
    '.sbx-ts[data-state=failed] .sbx-ts__icon,.sbx-ts[data-state=expired] .sbx-ts__icon{display:inline-flex;background:#c5221f}' +
    '.sbx-ts__text{display:flex;flex-direction:column;align-items:flex-start;gap:2px;min-width:0}' +
    '.sbx-ts__status:empty{display:none}' +
    '.sbx-ts__refresh{font:inherit;font-size:12px;padding:0;border:0;background:none;color:#0051c3;text-decoration:underline;cursor:pointer}' +
    '.sbx-ts--dark .sbx-ts__refresh{color:#82b6ff}' +
    '.sbx-ts__refresh:focus-visible{outline:3px solid #f38020;outline-offset:2px}' +
    '.sbx-ts__brand{display:flex;flex-direction:column;align-items:flex-end;flex:none;font-size:9px;line-height:1.35;color:#595959}' +
    '.sbx-ts--dark .sbx-ts__brand{color:#bbb}' +
    '.sbx-ts--compact .sbx-ts__brand{align-items:center;margin-top:8px}' +
    '.sbx-ts__logo{font-weight:800;letter-spacing:.06em;font-size:11px;color:#f38020}';

  function ensureStyle() {
    if (document.getElementById('sbx-turnstile-style')) return;
    var style = document.createElement('style');
    style.id = 'sbx-turnstile-style';
    style.textContent = STYLE;
    (document.head || document.documentElement).appendChild(style);
  }

  function fail(message) {
    throw new Error('[Cloudflare Turnstile] ' + message);
  }

  function resolveContainer(target) {
    if (typeof target === 'string') return document.querySelector(target);
    if (target && target.nodeType === 1) return target;
    return null;
  }

  /** A widget id, a container element or a selector → the widget; none given → the last rendered. */
  function find(idOrContainer) {
    if (idOrContainer === undefined || idOrContainer === null || idOrContainer === '') {
      return order.length ? widgets[order[order.length - 1]] : undefined;
    }
    if (typeof idOrContainer === 'string' && widgets[idOrContainer]) return widgets[idOrContainer];
    var element = resolveContainer(idOrContainer);
    if (!element) return undefined;
    for (var i = 0; i < order.length; i++) {
      var widget = widgets[order[i]];
      if (widget && widget.container === element) return widget;
    }
    return undefined;
  }

  function call(handler, args) {
    var fn = typeof handler === 'string' ? window[handler] : handler;
    if (typeof fn === 'function') {
      try {
        return fn.apply(window, args);
      } catch (error) {
        setTimeout(function () {
          throw error;
        });
      }
    }
    return undefined;
  }

  function dataOptions(element) {
    var d = element.dataset;
    var options = {};
    var names = {
      sitekey: 'sitekey', action: 'action', cdata: 'cData', callback: 'callback', errorCallback: 'error-callback',
      expiredCallback: 'expired-callback', timeoutCallback: 'timeout-callback', theme: 'theme', size: 'size', tabindex: 'tabindex',
      responseField: 'response-field', responseFieldName: 'response-field-name', retry: 'retry', retryInterval: 'retry-interval',
      refreshExpired: 'refresh-expired', execution: 'execution', appearance: 'appearance', language: 'language'
    };
    Object.keys(names).forEach(function (key) {
      if (d[key] !== undefined) options[names[key]] = d[key];
    });
    return options;
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function build(widget) {
    var options = widget.options;
    var theme = options.theme === 'dark' || (options.theme === 'auto' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches) ? 'dark' : 'light';
    var size = options.size === 'compact' || options.size === 'flexible' ? options.size : 'normal';
    var root = el('div', 'sbx-ts sbx-ts--' + theme + ' sbx-ts--' + size + (widget.invisible ? ' sbx-ts--invisible' : ''));
    root.id = widget.id;
    root.setAttribute('role', 'group');
    root.setAttribute('aria-label', 'Human verification (sandbox Turnstile)');
    root.setAttribute('data-sitekey', options.sitekey);

    var main = el('div', 'sbx-ts__main');
    var label = el('label', 'sbx-ts__check');
    var checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    checkbox.id = widget.id + '_checkbox';
    if (options.tabindex !== undefined) checkbox.tabIndex = Number(options.tabindex);
    label.appendChild(checkbox);
    label.appendChild(el('span', '', 'Verify you are human'));
    var spinner = el('span', 'sbx-ts__spinner');
    spinner.setAttribute('aria-hidden', 'true');
    var icon = el('span', 'sbx-ts__icon');
    icon.setAttribute('aria-hidden', 'true');
    var status = el('span', 'sbx-ts__status');
    status.id = widget.id + '_status';
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    var refresh = el('button', 'sbx-ts__refresh', 'Refresh');
    refresh.type = 'button';
    var textColumn = el('div', 'sbx-ts__text');
    textColumn.appendChild(status);
    textColumn.appendChild(refresh);
    main.appendChild(label);
    main.appendChild(spinner);
    main.appendChild(icon);
    main.appendChild(textColumn);

    var brand = el('div', 'sbx-ts__brand');
    brand.appendChild(el('span', 'sbx-ts__logo', 'CLOUDFLARE'));
    brand.appendChild(el('span', '', 'Sandbox'));
    brand.appendChild(el('span', '', 'Privacy · Terms'));
    root.appendChild(main);
    root.appendChild(brand);

    checkbox.addEventListener('change', function () {
      if (checkbox.checked && widget.state === 'challenge') solve(widget);
    });
    refresh.addEventListener('click', function () {
      start(widget);
    });

    widget.root = root;
    widget.ui = { label: label, checkbox: checkbox, icon: icon, status: status, refresh: refresh };
    widget.container.appendChild(root);

    if (options['response-field'] !== false && options['response-field'] !== 'false') {
      var input = document.createElement('input');
      input.type = 'hidden';
      input.name = options['response-field-name'] || 'cf-turnstile-response';
      input.id = widget.id + '_response';
      input.value = '';
      widget.container.appendChild(input);
      widget.input = input;
    }
  }

  function show(widget, state, message) {
    widget.state = state;
    if (!widget.root) return;
    var ui = widget.ui;
    widget.root.setAttribute('data-state', state);
    ui.label.style.display = state === 'challenge' ? '' : 'none';
    ui.checkbox.checked = false;
    ui.checkbox.disabled = state !== 'challenge';
    ui.icon.textContent = state === 'success' ? '✓' : state === 'failed' || state === 'expired' ? '!' : '';
    ui.status.textContent = message || '';
    ui.refresh.style.display = state === 'expired' || (state === 'failed' && widget.options.retry === 'never') ? '' : 'none';
  }

  function clearTimers(widget) {
    clearTimeout(widget.timer);
    clearTimeout(widget.expiryTimer);
    clearTimeout(widget.retryTimer);
    widget.timer = widget.expiryTimer = widget.retryTimer = undefined;
    widget.attempt += 1;
  }

  function setResponse(widget, token) {
    widget.token = token;
    if (widget.input) widget.input.value = token || '';
  }

  function succeed(widget, token, ttlSeconds) {
    setResponse(widget, token);
    widget.expired = false;
    show(widget, 'success', 'Success!');
    widget.expiryTimer = setTimeout(function () {
      expire(widget);
    }, Math.max(1, ttlSeconds || DEFAULT_TTL_SECONDS) * 1000);
    call(widget.options.callback, [token]);
  }

  function expire(widget) {
    var token = widget.token;
    widget.expired = true;
    setResponse(widget, '');
    show(widget, 'expired', 'Expired');
    call(widget.options['expired-callback'], [token]);
    var mode = widget.options['refresh-expired'] || 'auto';
    if (mode === 'auto') start(widget);
  }

  function failWith(widget, code, message) {
    setResponse(widget, '');
    show(widget, 'failed', message || 'Failed');
    var handled = call(widget.options['error-callback'], [code]);
    if (!widget.options['error-callback'] && !handled) console.warn('[Cloudflare Turnstile] Error: ' + code + '.');
    var attempt = widget.attempt;
    if (widget.options.retry !== 'never' && code !== ERROR_INVALID_SITEKEY) {
      var interval = Number(widget.options['retry-interval']) || 8000;
      widget.retryTimer = setTimeout(function () {
        if (widget.attempt === attempt && widgets[widget.id]) start(widget);
      }, interval);
    }
  }

  /** The challenge passed: a token for the sitekey (the sandbox sitekey asks the sandbox for a real one). */
  function solve(widget) {
    var attempt = widget.attempt;
    show(widget, 'verifying', 'Verifying…');
    var started = Date.now();
    var later = function (fn) {
      widget.timer = setTimeout(function () {
        if (widget.attempt === attempt && widgets[widget.id]) fn();
      }, Math.max(0, SOLVE_MS - (Date.now() - started)));
    };
    if (widget.options.sitekey !== SANDBOX_SITEKEY) {
      later(function () {
        succeed(widget, DUMMY_TOKEN, DEFAULT_TTL_SECONDS);
      });
      return;
    }
    fetch(ORIGIN + '/turnstile/v0/issue', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sitekey: widget.options.sitekey, action: widget.options.action || '', cdata: widget.options.cData || '' })
    })
      .then(function (response) {
        return response.json().then(function (body) {
          return { ok: response.ok, body: body };
        });
      })
      .then(function (result) {
        later(function () {
          if (result.ok && result.body && typeof result.body.token === 'string') succeed(widget, result.body.token, result.body.expiresIn);
          else failWith(widget, (result.body && result.body.code) || ERROR_CLIENT);
        });
      })
      .catch(function () {
        later(function () {
          failWith(widget, ERROR_CLIENT, 'Could not reach the sandbox');
        });
      });
  }

  function start(widget) {
    clearTimers(widget);
    setResponse(widget, '');
    widget.expired = false;
    var test = TEST_SITEKEYS[widget.options.sitekey];
    if (!test && widget.options.sitekey !== SANDBOX_SITEKEY) {
      show(widget, 'failed', 'Invalid sitekey');
      failWith(widget, ERROR_INVALID_SITEKEY, 'Invalid sitekey');
      return;
    }
    if (test && test.outcome === 'fail') {
      var attempt = widget.attempt;
      show(widget, 'verifying', 'Verifying…');
      widget.timer = setTimeout(function () {
        if (widget.attempt === attempt && widgets[widget.id]) failWith(widget, ERROR_FAILED);
      }, SOLVE_MS);
      return;
    }
    if (test && test.outcome === 'interactive') {
      show(widget, 'challenge', '');
      return;
    }
    solve(widget);
  }

  function render(container, params) {
    var element = resolveContainer(container);
    if (!element) fail('Could not find a container for the widget: ' + String(container) + '.');
    var existing = find(element);
    if (existing) {
      console.warn('[Cloudflare Turnstile] The container already holds a widget; rendering is skipped.');
      return existing.id;
    }
    var options = {};
    var fromData = dataOptions(element);
    Object.keys(fromData).forEach(function (key) {
      options[key] = fromData[key];
    });
    Object.keys(params || {}).forEach(function (key) {
      options[key] = params[key];
    });
    if (options.cdata !== undefined && options.cData === undefined) options.cData = options.cdata;
    if (!options.sitekey) fail('No sitekey was given to render.');
    ensureStyle();
    counter += 1;
    var test = TEST_SITEKEYS[options.sitekey];
    var widget = {
      id: 'cf-chl-widget-sbx' + counter,
      container: element,
      options: options,
      invisible: !!(test && test.invisible),
      state: 'idle',
      token: undefined,
      expired: false,
      attempt: 0
    };
    widgets[widget.id] = widget;
    order.push(widget.id);
    build(widget);
    show(widget, 'idle', options.execution === 'execute' ? 'Waiting to verify' : '');
    if (options.execution !== 'execute') start(widget);
    return widget.id;
  }

  function removeWidget(widget) {
    clearTimers(widget);
    if (widget.root && widget.root.parentNode) widget.root.parentNode.removeChild(widget.root);
    if (widget.input && widget.input.parentNode) widget.input.parentNode.removeChild(widget.input);
    delete widgets[widget.id];
    order = order.filter(function (id) {
      return id !== widget.id;
    });
  }

  function implicitRender() {
    var nodes = document.querySelectorAll('.cf-turnstile[data-sitekey]');
    for (var i = 0; i < nodes.length; i++) {
      if (!find(nodes[i])) render(nodes[i]);
    }
  }

  var api = {
    __sandbox: true,
    render: render,
    reset: function (idOrContainer) {
      var widget = find(idOrContainer);
      if (!widget) return;
      if (widget.options.execution === 'execute') {
        clearTimers(widget);
        setResponse(widget, '');
        show(widget, 'idle', 'Waiting to verify');
      } else start(widget);
    },
    remove: function (idOrContainer) {
      var widget = find(idOrContainer);
      if (widget) removeWidget(widget);
    },
    getResponse: function (idOrContainer) {
      var widget = find(idOrContainer);
      return widget && !widget.expired && widget.token ? widget.token : undefined;
    },
    isExpired: function (idOrContainer) {
      var widget = find(idOrContainer);
      return !!(widget && widget.expired);
    },
    execute: function (container, params) {
      var widget = find(container);
      if (!widget) {
        var id = render(container, Object.assign({}, params || {}, { execution: 'execute' }));
        widget = widgets[id];
      }
      if (widget) start(widget);
    },
    ready: function (callback) {
      if (typeof callback !== 'function') return;
      if (isReady) setTimeout(callback);
      else readyCallbacks.push(callback);
    },
    implicitRender: implicitRender
  };
  window.turnstile = api;

  function boot() {
    isReady = true;
    if (query.get('render') !== 'explicit') implicitRender();
    var onload = query.get('onload');
    if (onload) call(onload, []);
    readyCallbacks.splice(0).forEach(function (callback) {
      call(callback, []);
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
  else setTimeout(boot);
})();
