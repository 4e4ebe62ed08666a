/*
 * Provider sandbox: a look-alike of Stripe.js v3 (https://js.stripe.com/v3/), served at
 * /stripe/v3/. A plain browser script (ES2017, no build). Same API surface as the part the portal
 * uses:
 *
 *   var stripe = Stripe('pk_test_…');
 *   var elements = stripe.elements({ clientSecret?, appearance? });
 *   var card = elements.create('card' | 'payment', options);  elements.getElement('card');  elements.submit();
 *   card.mount('#card' | element); card.on('change' | 'ready' | 'focus' | 'blur', cb); card.off(…);
 *   card.focus(); card.blur(); card.clear(); card.update(options); card.unmount(); card.destroy();
 *   stripe.confirmPayment({ elements, clientSecret?, confirmParams: { return_url }, redirect: 'if_required' })
 *   stripe.confirmSetup({ elements, clientSecret?, confirmParams: { return_url }, redirect: 'if_required' })
 *   stripe.confirmCardPayment(clientSecret, { payment_method?: 'pm_…' | { card, billing_details }, return_url? }, { handleActions? })
 *   stripe.confirmCardSetup(clientSecret, { payment_method?, return_url? }, { handleActions? })
 *   stripe.handleNextAction({ clientSecret })
 *   stripe.retrievePaymentIntent(clientSecret); stripe.retrieveSetupIntent(clientSecret)
 *   stripe.createPaymentMethod({ type: 'card', card: element, billing_details? })
 *
 * Results are Stripe.js's: { paymentIntent } / { setupIntent } / { paymentMethod } or
 * { error: { type, code, decline_code, message, param, payment_intent | setup_intent } }.
 *
 * The card element draws its own inputs inside the page (no iframe): 'Card number',
 * 'Expiration date (MM / YY)', 'Security code (CVC)' and 'ZIP' (optional: not needed for
 * `complete`, hidden with { hidePostalCode: true }); it formats as one types and emits change
 * events { elementType, empty, complete, brand, error: { type: 'validation_error', code, message } | undefined }.
 * The card number and CVC never leave the element except in the POST to the sandbox.
 *
 * Wire: the Stripe REST API of the sandbox at this script's own origin (document.currentScript.src),
 * form-encoded, `Authorization: Bearer <publishable key>` (cross-origin: the sandbox answers the
 * CORS preflight):
 *   POST /v1/payment_methods                 type=card&card[number]&card[exp_month]&card[exp_year]&card[cvc]
 *                                            [&billing_details[address][postal_code]][&billing_details[name]…]
 *   POST /v1/payment_intents/{id}/confirm    client_secret, payment_method[, return_url]
 *   POST /v1/setup_intents/{id}/confirm      client_secret, payment_method[, return_url]
 *   GET  /v1/payment_intents/{id}?client_secret=…
 *   GET  /v1/setup_intents/{id}?client_secret=…
 * ({id} is the client secret's part before `_secret_`.)
 *
 * 3-D Secure: a confirm answering status `requires_action` with
 * next_action = { type: 'redirect_to_url', redirect_to_url: { url, return_url } }:
 *   - confirmPayment / confirmSetup with a confirmParams.return_url (redirect 'if_required' or
 *     'always'): the page goes to next_action.redirect_to_url.url (the sandbox's challenge page),
 *     which afterwards sends the browser to return_url with payment_intent,
 *     payment_intent_client_secret, redirect_status (setup_intent, setup_intent_client_secret,
 *     redirect_status for a SetupIntent). The returned promise does not settle.
 *   - otherwise (handleNextAction, confirmCard* without return_url, confirmPayment/Setup
 *     'if_required' without return_url): the challenge page opens in a modal iframe overlay and
 *     the promise settles when it is done, with the intent fetched again.
 *
 * postMessage contract with the challenge page (the sandbox's /stripe/3ds/{id}?client_secret=…):
 *   When the challenge is over and the intent's new state is stored, a challenge page that is
 *   inside a frame (window.parent !== window) or was opened by a window posts
 *     { type: 'stripe-3ds-result', intent: 'pi_…' | 'seti_…', status: <the intent's status now> }
 *   to window.parent (and window.opener), target origin '*' (no secret in it). The status is
 *   the intent's: 'succeeded' / 'processing' after a completed challenge, 'requires_payment_method'
 *   (last_payment_error.code 'payment_intent_authentication_failure' /
 *   'setup_intent_authentication_failure') after a failed one. `{ type: 'stripe-3ds', status }`
 *   is heard too. A challenge page that has a return_url for the intent redirects there instead
 *   (inside the overlay's frame too: stripe.js notices a frame that lands on the page's own
 *   origin and ends the challenge the same way).
 *   stripe.js hears only messages whose source is its own iframe and whose origin is the
 *   challenge URL's; it treats the message as "done" and fetches the intent again (GET with the
 *   client secret) before settling — the status in the message is only a hint. The overlay has
 *   a Cancel button (and Escape): the promise then settles with the intent as fetched, or with
 *   the `…_authentication_failure` error while it still requires action.
 *
 * Local development and tests only: no real card is ever charged.
 */
(function () {
  'use strict';
  if (typeof window === 'undefined' || (window.Stripe && window.Stripe.__sandbox)) return;

  var VERSION = 'sandbox-3';
  var currentScript = document.currentScript;
  var API_ORIGIN = (function () {
    try {
      if (currentScript && currentScript.src) return new URL(currentScript.src, window.location.href).origin;
    } catch (ignored) {
      /* fall through */
    }
    return window.location.origin;
  })();

  // ---------------------------------------------------------------- pure helpers (tested in node)

  function digitsOf(value) {
    return String(value == null ? '' : value).replace(/\D+/g, '');
  }

  /** visa, mastercard, amex, discover, diners, jcb, unionpay or unknown (Stripe's brand names). */
  function cardBrand(number) {
    var n = digitsOf(number);
    if (/^4/.test(n)) return 'visa';
    if (/^3[47]/.test(n)) return 'amex';
    if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]|[3-6]|7[01]|720))/.test(n)) return 'mastercard';
    if (/^(6011|65|64[4-9])/.test(n)) return 'discover';
    if (/^3(0[0-5]|[68])/.test(n)) return 'diners';
    if (/^35/.test(n)) return 'jcb';
    if (/^62/.test(n)) return 'unionpay';
    return 'unknown';
  }

  function cardNumberLength(brand) {
    if (brand === 'amex') return 15;
    if (brand === 'diners') return 14;
    return 16;
  }

  function cvcLength(brand) {
    return brand === 'amex' ? 4 : 3;
  }

  /** '4242424242424242' → '4242 4242 4242 4242'; amex 4-6-5; at most the brand's length. */
  function formatCardNumber(value) {
    var n = digitsOf(value);
    var brand = cardBrand(n);
    n = n.slice(0, cardNumberLength(brand));
    if (brand === 'amex' || brand === 'diners') {
      return [n.slice(0, 4), n.slice(4, 10), n.slice(10)].filter(Boolean).join(' ');
    }
    return (n.match(/.{1,4}/g) || []).join(' ');
  }

  function luhnValid(value) {
    var n = digitsOf(value);
    if (n.length < 12) return false;
    var sum = 0;
    for (var i = 0; i < n.length; i += 1) {
      var d = Number(n.charAt(n.length - 1 - i));
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0;
  }

  /** '1' → '1', '4' → '04', '122' → '12 / 2', '1228' → '12 / 28'. */
  function formatExpiry(value) {
    var n = digitsOf(value);
    if (n.length === 1 && Number(n) > 1) n = '0' + n;
    if (n.length >= 2 && Number(n.slice(0, 2)) > 12 && n.charAt(0) !== '0' && n.charAt(0) !== '1') n = '0' + n;
    n = n.slice(0, 4);
    return n.length > 2 ? n.slice(0, 2) + ' / ' + n.slice(2) : n;
  }

  /** { month, year (four digits) } or null while incomplete. */
  function parseExpiry(value) {
    var n = digitsOf(value);
    if (n.length !== 4) return null;
    return { month: Number(n.slice(0, 2)), year: 2000 + Number(n.slice(2)) };
  }

  function validationError(code, message) {
    return { type: 'validation_error', code: code, message: message };
  }

  /**
   * The state of the card form: { empty, complete, brand, error }. `final` (on blur or submit)
   * also reports fields that are incomplete; while typing only what is already wrong is.
   * fields: { number, expiry, cvc, postalCode, postalCodeShown }; now: a Date.
   */
  function validateCard(fields, now, final) {
    var number = digitsOf(fields.number);
    var expiry = digitsOf(fields.expiry);
    var cvc = digitsOf(fields.cvc);
    var postal = String(fields.postalCode || '').trim();
    var brand = cardBrand(number);
    var empty = number === '' && expiry === '' && cvc === '' && postal === '';
    var error;
    var finalFor = function (name) {
      return final === true || (final && final[name] === true);
    };
    if (number.length < cardNumberLength(brand)) {
      if (finalFor('number') && (number !== '' || final === true)) error = validationError('incomplete_number', 'Your card number is incomplete.');
    } else if (!luhnValid(number)) {
      error = validationError('invalid_number', 'Your card number is invalid.');
    }
    var month = expiry.length >= 2 ? Number(expiry.slice(0, 2)) : null;
    var parsed = parseExpiry(expiry);
    if (!error) {
      if (month !== null && (month < 1 || month > 12)) {
        error = validationError('invalid_expiry_month', "Your card's expiration date is invalid.");
      } else if (parsed) {
        var nowYear = now.getFullYear();
        var nowMonth = now.getMonth() + 1;
        if (parsed.year < nowYear) error = validationError('invalid_expiry_year_past', "Your card's expiration year is in the past.");
        else if (parsed.year === nowYear && parsed.month < nowMonth) error = validationError('invalid_expiry_month_past', "Your card's expiration date is in the past.");
        else if (parsed.year > nowYear + 50) error = validationError('invalid_expiry_year', "Your card's expiration year is invalid.");
      } else if (finalFor('expiry') && (expiry !== '' || final === true)) {
        error = validationError('incomplete_expiry', "Your card's expiration date is incomplete.");
      }
    }
    if (!error && cvc.length < cvcLength(brand) && finalFor('cvc') && (cvc !== '' || final === true)) {
      error = validationError('incomplete_cvc', "Your card's security code is incomplete.");
    }
    if (!error && fields.postalCodeShown && postal !== '' && !/^[A-Za-z0-9 -]{3,10}$/.test(postal)) {
      error = validationError('invalid_postal_code', 'Your postal code is invalid.');
    } else if (!error && fields.postalCodeShown && /^\d{1,4}$/.test(postal) && finalFor('postalCode')) {
      error = validationError('incomplete_zip', 'Your postal code is incomplete.');
    }
    var complete =
      !error &&
      number.length === cardNumberLength(brand) &&
      luhnValid(number) &&
      parsed !== null &&
      cvc.length === cvcLength(brand) &&
      !(fields.postalCodeShown && /^\d{1,4}$/.test(postal));
    return { empty: empty, complete: Boolean(complete), brand: brand, error: error };
  }

  /** Where the caret goes after reformatting: just after the `count`-th digit. */
  function caretAfterDigits(formatted, count) {
    if (count <= 0) return 0;
    var seen = 0;
    for (var i = 0; i < formatted.length; i += 1) {
      if (/\d/.test(formatted.charAt(i))) {
        seen += 1;
        if (seen === count) return i + 1;
      }
    }
    return formatted.length;
  }

  /** Stripe's bracket form encoding: { card: { number: 1 } } → 'card[number]=1'; arrays as [0], [1]. */
  function encodeForm(params, prefix) {
    var parts = [];
    Object.keys(params || {}).forEach(function (key) {
      var value = params[key];
      var name = prefix ? prefix + '[' + key + ']' : key;
      if (value === undefined || value === null) return;
      if (typeof value === 'object') {
        var nested = encodeForm(value, name);
        if (nested !== '') parts.push(nested);
      } else {
        parts.push(encodeURIComponent(name).replace(/%5B/g, '[').replace(/%5D/g, ']') + '=' + encodeURIComponent(String(value)));
      }
    });
    return parts.join('&');
  }

  /** { kind: 'payment_intent' | 'setup_intent', id } of a client secret, or null. */
  function parseClientSecret(secret) {
    if (typeof secret !== 'string') return null;
    var at = secret.indexOf('_secret_');
    if (at <= 0) return null;
    var id = secret.slice(0, at);
    if (/^pi_/.test(id)) return { kind: 'payment_intent', id: id };
    if (/^seti_/.test(id)) return { kind: 'setup_intent', id: id };
    return null;
  }

  var helpers = {
    digitsOf: digitsOf,
    cardBrand: cardBrand,
    formatCardNumber: formatCardNumber,
    formatExpiry: formatExpiry,
    parseExpiry: parseExpiry,
    luhnValid: luhnValid,
    validateCard: validateCard,
    caretAfterDigits: caretAfterDigits,
    encodeForm: encodeForm,
    parseClientSecret: parseClientSecret,
  };

  // ---------------------------------------------------------------- styles

  var STYLE_ID = 'sbx-stripe-style';
  var STYLE =
    '.sbx-stripe-card{--sbx-primary:#0570de;--sbx-danger:#df1b41;--sbx-text:#30313d;--sbx-radius:6px;--sbx-font:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;' +
    'font-family:var(--sbx-font);color:var(--sbx-text);display:grid;gap:12px}' +
    '.sbx-stripe-row{display:grid;grid-template-columns:repeat(auto-fit,minmax(120px,1fr));gap:12px}' +
    '.sbx-stripe-field{display:flex;flex-direction:column;gap:4px;min-width:0}' +
    '.sbx-stripe-field label{font-size:14px;font-weight:500}' +
    '.sbx-stripe-field input{font:16px/1.4 var(--sbx-font);color:var(--sbx-text);padding:10px 12px;min-height:44px;box-sizing:border-box;width:100%;' +
    'border:1px solid #c9ced6;border-radius:var(--sbx-radius);background:#fff;letter-spacing:.02em}' +
    '.sbx-stripe-field input:focus{outline:none;border-color:var(--sbx-primary);box-shadow:0 0 0 3px rgba(5,112,222,.25)}' +
    '.sbx-stripe-field input[aria-invalid="true"]{border-color:var(--sbx-danger);color:var(--sbx-danger)}' +
    '.sbx-stripe-brand{font-size:12px;color:#6b7280;min-height:1em}' +
    '.sbx-stripe-card.sbx-disabled input{background:#f3f4f6}' +
    '.sbx-stripe-3ds{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;background:rgba(16,24,40,.72)}' +
    '.sbx-stripe-3ds-dialog{display:flex;flex-direction:column;width:min(520px,calc(100% - 24px));height:min(640px,calc(100% - 24px));background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 20px 50px rgba(0,0,0,.35)}' +
    '.sbx-stripe-3ds-bar{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:8px 8px 8px 16px;border-bottom:1px solid #e5e7eb;font:600 15px/1.3 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;color:#1d2330}' +
    '.sbx-stripe-3ds-cancel{font:600 15px/1 inherit;min-width:44px;min-height:44px;padding:0 14px;border:1px solid #d0d5dd;border-radius:8px;background:#fff;color:#1d2330;cursor:pointer}' +
    '.sbx-stripe-3ds-cancel:focus-visible{outline:3px solid #0570de;outline-offset:2px}' +
    '.sbx-stripe-3ds iframe{flex:1;width:100%;border:0}';

  function addStyle() {
    if (document.getElementById(STYLE_ID)) return;
    var style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = STYLE;
    (document.head || document.documentElement).appendChild(style);
  }

  function later(fn) {
    setTimeout(fn, 0);
  }

  function safeCall(handler, payload) {
    try {
      handler(payload);
    } catch (error) {
      later(function () {
        throw error;
      });
    }
  }

  // ---------------------------------------------------------------- elements

  var uid = 0;

  function CardElement(group, type, options) {
    this._group = group;
    this._type = type;
    this._options = options || {};
    this._handlers = {};
    this._root = null;
    this._inputs = null;
    this._touched = {};
    this._destroyed = false;
    this._lastState = null;
    this._id = 'sbx-stripe-' + type + '-' + (uid += 1);
  }

  CardElement.prototype.on = function (event, handler) {
    if (typeof handler !== 'function') throw new Error('IntegrationError: on(' + event + ') needs a function');
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  CardElement.prototype.addEventListener = CardElement.prototype.on;

  CardElement.prototype.off = function (event, handler) {
    var list = this._handlers[event] || [];
    this._handlers[event] = handler ? list.filter(function (h) { return h !== handler; }) : [];
    return this;
  };
  CardElement.prototype.removeEventListener = CardElement.prototype.off;

  CardElement.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (handler) {
      safeCall(handler, payload);
    });
  };

  CardElement.prototype._postalShown = function () {
    return this._options.hidePostalCode !== true;
  };

  CardElement.prototype.mount = function (target) {
    if (this._destroyed) throw new Error('IntegrationError: this Element has been destroyed.');
    var container = typeof target === 'string' ? document.querySelector(target) : target;
    if (!container || typeof container.appendChild !== 'function') {
      throw new Error('IntegrationError: The selector you specified (' + String(target) + ') applies to no DOM elements that are currently on the page.');
    }
    if (this._root) this.unmount();
    addStyle();
    var self = this;
    var id = this._id;
    var root = document.createElement('div');
    root.className = 'sbx-stripe-element sbx-stripe-card';
    root.setAttribute('data-stripe-sandbox', this._type);
    root.setAttribute('role', 'group');
    root.setAttribute('aria-label', 'Card details');
    applyAppearance(root, this._group._appearance, this._options.style);

    function field(name, label, attrs) {
      var wrap = document.createElement('div');
      wrap.className = 'sbx-stripe-field sbx-stripe-' + name;
      var labelEl = document.createElement('label');
      labelEl.setAttribute('for', id + '-' + name);
      labelEl.textContent = label;
      var input = document.createElement('input');
      input.id = id + '-' + name;
      input.name = name;
      input.type = 'text';
      input.setAttribute('aria-invalid', 'false');
      input.setAttribute('spellcheck', 'false');
      input.setAttribute('autocorrect', 'off');
      Object.keys(attrs).forEach(function (key) {
        input.setAttribute(key, attrs[key]);
      });
      if (self._options.disabled) input.disabled = true;
      wrap.appendChild(labelEl);
      wrap.appendChild(input);
      return { wrap: wrap, input: input };
    }

    var number = field('cardnumber', 'Card number', { inputmode: 'numeric', autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234', maxlength: '23' });
    var brand = document.createElement('span');
    brand.className = 'sbx-stripe-brand';
    brand.setAttribute('aria-live', 'polite');
    number.wrap.appendChild(brand);
    var expiry = field('exp-date', 'Expiration date (MM / YY)', { inputmode: 'numeric', autocomplete: 'cc-exp', placeholder: 'MM / YY', maxlength: '7' });
    var cvc = field('cvc', 'Security code (CVC)', { inputmode: 'numeric', autocomplete: 'cc-csc', placeholder: 'CVC', maxlength: '4' });
    var row = document.createElement('div');
    row.className = 'sbx-stripe-row';
    row.appendChild(expiry.wrap);
    row.appendChild(cvc.wrap);
    var postal = null;
    if (this._postalShown()) {
      postal = field('postal', 'ZIP', { autocomplete: 'postal-code', placeholder: '12345', maxlength: '10' });
      if (this._options.value && this._options.value.postalCode) postal.input.value = String(this._options.value.postalCode);
      row.appendChild(postal.wrap);
    }
    root.appendChild(number.wrap);
    root.appendChild(row);
    container.appendChild(root);
    this._root = root;
    this._inputs = { number: number.input, expiry: expiry.input, cvc: cvc.input, postalCode: postal ? postal.input : null, brand: brand };

    function reformat(input, format, next, isComplete) {
      input.addEventListener('input', function () {
        var before = input.value;
        var caret = input.selectionStart == null ? before.length : input.selectionStart;
        var digitsBefore = digitsOf(before.slice(0, caret)).length;
        var formatted = format(before);
        if (formatted !== before) {
          input.value = formatted;
          var at = caret >= before.length ? formatted.length : caretAfterDigits(formatted, digitsBefore);
          try {
            input.setSelectionRange(at, at);
          } catch (ignored) {
            /* not focused */
          }
        }
        self._changed();
        if (next && isComplete() && caret >= before.length && document.activeElement === input) next.focus();
      });
    }
    reformat(number.input, formatCardNumber, expiry.input, function () {
      var n = digitsOf(number.input.value);
      return n.length === cardNumberLength(cardBrand(n)) && luhnValid(n);
    });
    reformat(expiry.input, formatExpiry, cvc.input, function () {
      return parseExpiry(expiry.input.value) !== null;
    });
    reformat(cvc.input, function (v) {
      return digitsOf(v).slice(0, cvcLength(cardBrand(number.input.value)));
    }, null, null);
    if (postal) {
      postal.input.addEventListener('input', function () {
        self._changed();
      });
    }
    var names = { number: number.input, expiry: expiry.input, cvc: cvc.input };
    if (postal) names.postalCode = postal.input;
    Object.keys(names).forEach(function (name) {
      var input = names[name];
      input.addEventListener('focus', function () {
        self._emit('focus', { elementType: self._type });
      });
      input.addEventListener('blur', function () {
        if (input.value !== '') self._touched[name] = true;
        self._changed();
        later(function () {
          if (self._root && !self._root.contains(document.activeElement)) self._emit('blur', { elementType: self._type });
        });
      });
    });
    later(function () {
      if (self._root === root) self._emit('ready', { elementType: self._type });
    });
    return this;
  };

  CardElement.prototype._fields = function () {
    var inputs = this._inputs;
    return {
      number: inputs ? inputs.number.value : '',
      expiry: inputs ? inputs.expiry.value : '',
      cvc: inputs ? inputs.cvc.value : '',
      postalCode: inputs && inputs.postalCode ? inputs.postalCode.value : '',
      postalCodeShown: Boolean(inputs && inputs.postalCode),
    };
  };

  CardElement.prototype._state = function (final) {
    return validateCard(this._fields(), new Date(), final === true ? true : this._touched);
  };

  CardElement.prototype._mark = function (state) {
    if (!this._inputs) return;
    var code = state.error ? state.error.code : '';
    var bad = {
      number: /number/.test(code),
      expiry: /expiry/.test(code),
      cvc: /cvc/.test(code),
      postalCode: /zip|postal/.test(code),
    };
    var inputs = this._inputs;
    Object.keys(bad).forEach(function (name) {
      if (inputs[name]) inputs[name].setAttribute('aria-invalid', bad[name] ? 'true' : 'false');
    });
    // Only when it changes: replacing the text node on every blur is a DOM removal in the middle of
    // a Tab, which a modal's focus trap (Radix FocusScope) answers by pulling focus to the dialog.
    // Stripe's own element lives in an iframe and never touches the page's DOM.
    var brand = state.brand === 'unknown' ? '' : state.brand.charAt(0).toUpperCase() + state.brand.slice(1);
    if (inputs.brand.textContent !== brand) inputs.brand.textContent = brand;
  };

  CardElement.prototype._changed = function (final) {
    var state = this._state(final);
    this._mark(state);
    var event = {
      elementType: this._type,
      empty: state.empty,
      complete: state.complete,
      brand: state.brand,
      error: state.error,
      value: this._type === 'payment' ? { type: 'card' } : { postalCode: this._fields().postalCode },
    };
    if (this._type === 'payment') event.collapsed = false;
    this._lastState = state;
    this._emit('change', event);
    return state;
  };

  /** For confirm/createPaymentMethod: the card, or a validation error (shown on the element). */
  CardElement.prototype._collect = function () {
    if (!this._inputs) return { error: validationError('incomplete_number', 'Your card number is incomplete.') };
    var state = this._changed(true);
    if (state.error || !state.complete) return { error: state.error || validationError('incomplete_number', 'Your card number is incomplete.') };
    var fields = this._fields();
    var expiry = parseExpiry(fields.expiry);
    return {
      card: { number: digitsOf(fields.number), exp_month: expiry.month, exp_year: expiry.year, cvc: digitsOf(fields.cvc) },
      postalCode: fields.postalCode.trim(),
    };
  };

  CardElement.prototype.focus = function () {
    if (this._inputs) this._inputs.number.focus();
  };
  CardElement.prototype.blur = function () {
    if (this._root && this._root.contains(document.activeElement)) document.activeElement.blur();
  };
  CardElement.prototype.clear = function () {
    if (!this._inputs) return;
    var inputs = this._inputs;
    ['number', 'expiry', 'cvc', 'postalCode'].forEach(function (name) {
      if (inputs[name]) inputs[name].value = '';
    });
    this._touched = {};
    this._changed();
  };
  CardElement.prototype.update = function (options) {
    options = options || {};
    Object.keys(options).forEach(function (key) {
      this._options[key] = options[key];
    }, this);
    if (this._inputs && 'disabled' in options) {
      var inputs = this._inputs;
      ['number', 'expiry', 'cvc', 'postalCode'].forEach(function (name) {
        if (inputs[name]) inputs[name].disabled = Boolean(options.disabled);
      });
      this._root.classList.toggle('sbx-disabled', Boolean(options.disabled));
    }
    if (this._root && this._root.parentNode && 'hidePostalCode' in options) {
      var parent = this._root.parentNode;
      this.unmount();
      this.mount(parent);
    }
  };
  CardElement.prototype.unmount = function () {
    if (this._root && this._root.parentNode) this._root.parentNode.removeChild(this._root);
    this._root = null;
    this._inputs = null;
    this._touched = {};
  };
  CardElement.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    this._handlers = {};
    this._group._forget(this);
  };

  function applyAppearance(root, appearance, style) {
    var vars = (appearance && appearance.variables) || {};
    if (vars.colorPrimary) root.style.setProperty('--sbx-primary', vars.colorPrimary);
    if (vars.colorDanger) root.style.setProperty('--sbx-danger', vars.colorDanger);
    if (vars.colorText) root.style.setProperty('--sbx-text', vars.colorText);
    if (vars.borderRadius) root.style.setProperty('--sbx-radius', vars.borderRadius);
    if (vars.fontFamily) root.style.setProperty('--sbx-font', vars.fontFamily);
    var base = style && style.base;
    if (base && base.color) root.style.setProperty('--sbx-text', base.color);
    if (base && base.fontFamily) root.style.setProperty('--sbx-font', base.fontFamily);
  }

  function Elements(stripe, options) {
    options = options || {};
    this._stripe = stripe;
    this._clientSecret = options.clientSecret || null;
    this._appearance = options.appearance || null;
    this._elements = {};
  }
  Elements.prototype.create = function (type, options) {
    if (type !== 'card' && type !== 'payment') throw new Error('IntegrationError: the sandbox Stripe.js supports the card and payment Elements, not ' + String(type));
    if (this._elements[type]) throw new Error('IntegrationError: Can only create one Element of type ' + type + '.');
    var element = new CardElement(this, type, options);
    this._elements[type] = element;
    return element;
  };
  Elements.prototype.getElement = function (type) {
    return this._elements[type] || null;
  };
  Elements.prototype.update = function (options) {
    options = options || {};
    if (options.appearance) this._appearance = options.appearance;
    if (options.clientSecret) this._clientSecret = options.clientSecret;
  };
  Elements.prototype.fetchUpdates = function () {
    return Promise.resolve({});
  };
  Elements.prototype.submit = function () {
    var element = this._card();
    if (!element) return Promise.resolve({ error: validationError('incomplete_number', 'Your card number is incomplete.') });
    var collected = element._collect();
    return Promise.resolve(collected.error ? { error: collected.error } : {});
  };
  Elements.prototype._card = function () {
    return this._elements.payment || this._elements.card || null;
  };
  Elements.prototype._forget = function (element) {
    var all = this._elements;
    Object.keys(all).forEach(function (key) {
      if (all[key] === element) delete all[key];
    });
  };

  // ---------------------------------------------------------------- the API

  var GENERIC_ERROR = 'An unexpected error occurred.';

  function Client(key, options) {
    this._key = key;
    this._options = options || {};
  }

  Client.prototype._request = function (method, path, params) {
    var url = API_ORIGIN + path;
    var init = { method: method, headers: { Authorization: 'Bearer ' + this._key, Accept: 'application/json' }, credentials: 'omit', mode: 'cors' };
    var encoded = encodeForm(params || {});
    if (method === 'GET') {
      if (encoded !== '') url += '?' + encoded;
    } else {
      init.headers['Content-Type'] = 'application/x-www-form-urlencoded';
      init.body = encoded;
    }
    return fetch(url, init).then(
      function (response) {
        return response.text().then(function (text) {
          var body = null;
          try {
            body = text ? JSON.parse(text) : null;
          } catch (ignored) {
            body = null;
          }
          if (response.ok && body) return { body: body };
          var error = body && body.error ? body.error : { type: 'api_error', message: GENERIC_ERROR };
          return { error: stripeError(error) };
        });
      },
      function () {
        return { error: { type: 'api_connection_error', message: 'A network error has occurred, and the request could not be completed.' } };
      },
    );
  };

  function stripeError(raw) {
    var error = { type: raw.type || 'api_error', message: raw.message || GENERIC_ERROR };
    ['code', 'decline_code', 'param', 'doc_url', 'payment_intent', 'setup_intent', 'payment_method'].forEach(function (key) {
      if (raw[key] != null) error[key] = raw[key];
    });
    return error;
  }

  function intentPath(parsed) {
    return (parsed.kind === 'payment_intent' ? '/v1/payment_intents/' : '/v1/setup_intents/') + encodeURIComponent(parsed.id);
  }

  function resultFor(kind, intent) {
    return kind === 'payment_intent' ? { paymentIntent: intent } : { setupIntent: intent };
  }

  function badSecret(name) {
    return Promise.resolve({
      error: { type: 'invalid_request_error', code: 'invalid_client_secret', message: 'Invalid value for ' + name + ': clientSecret should be a client secret of the form ${id}_secret_${secret}.' },
    });
  }

  Client.prototype._retrieve = function (secret) {
    var parsed = parseClientSecret(secret);
    if (!parsed) return badSecret('retrieve');
    return this._request('GET', intentPath(parsed), { client_secret: secret }).then(function (answer) {
      return answer.error ? { error: answer.error } : resultFor(parsed.kind, answer.body);
    });
  };

  Client.prototype.retrievePaymentIntent = function (secret) {
    var parsed = parseClientSecret(secret);
    if (!parsed || parsed.kind !== 'payment_intent') return badSecret('retrievePaymentIntent');
    return this._retrieve(secret);
  };

  Client.prototype.retrieveSetupIntent = function (secret) {
    var parsed = parseClientSecret(secret);
    if (!parsed || parsed.kind !== 'setup_intent') return badSecret('retrieveSetupIntent');
    return this._retrieve(secret);
  };

  Client.prototype.elements = function (options) {
    return new Elements(this, options);
  };

  /** element: a card/payment Element; billing: billing_details. */
  Client.prototype._createPaymentMethod = function (element, billing) {
    if (!element || typeof element._collect !== 'function') {
      return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Please provide a mounted card Element.' } });
    }
    var collected = element._collect();
    if (collected.error) return Promise.resolve({ error: collected.error });
    var details = JSON.parse(JSON.stringify(billing || {}));
    if (collected.postalCode) {
      details.address = details.address || {};
      if (!details.address.postal_code) details.address.postal_code = collected.postalCode;
    }
    var params = { type: 'card', card: collected.card };
    if (Object.keys(details).length > 0) params.billing_details = details;
    return this._request('POST', '/v1/payment_methods', params).then(function (answer) {
      return answer.error ? { error: answer.error } : { paymentMethod: answer.body };
    });
  };

  Client.prototype.createPaymentMethod = function (data) {
    data = data || {};
    if (data.type && data.type !== 'card') return Promise.resolve({ error: { type: 'invalid_request_error', message: 'The sandbox Stripe.js creates card payment methods only.' } });
    var element = data.card || (data.elements && data.elements._card());
    return this._createPaymentMethod(element, data.billing_details);
  };

  /**
   * Confirms the intent of `secret` with a payment method (an id, or one created from `element`),
   * then handles 3-D Secure by `mode`: 'redirect' (go to the challenge page), 'modal' or 'none'.
   */
  Client.prototype._confirm = function (secret, paymentMethod, element, billing, returnUrl, mode, redirectAlways) {
    var self = this;
    var parsed = parseClientSecret(secret);
    if (!parsed) return badSecret('confirm');
    var method = paymentMethod ? Promise.resolve({ paymentMethod: { id: paymentMethod } }) : this._createPaymentMethod(element, billing);
    return method.then(function (created) {
      if (created.error) return { error: created.error };
      var params = { client_secret: secret, payment_method: created.paymentMethod.id };
      if (returnUrl) params.return_url = returnUrl;
      return self._request('POST', intentPath(parsed) + '/confirm', params).then(function (answer) {
        if (answer.error) return { error: answer.error };
        return self._afterConfirm(parsed, secret, answer.body, returnUrl, mode, redirectAlways);
      });
    });
  };

  Client.prototype._afterConfirm = function (parsed, secret, intent, returnUrl, mode, redirectAlways) {
    var self = this;
    if (intent.status === 'requires_action') {
      var url = intent.next_action && intent.next_action.redirect_to_url && intent.next_action.redirect_to_url.url;
      if (!url) {
        return { error: { type: 'invalid_request_error', code: parsed.kind + '_unexpected_state', message: 'The sandbox Stripe.js handles only redirect_to_url next actions.' } };
      }
      if (mode === 'none') return resultFor(parsed.kind, intent);
      if (mode === 'redirect' && returnUrl) return navigate(url);
      return challenge(url).then(function () {
        return self._settled(parsed, secret);
      });
    }
    if (redirectAlways && returnUrl && (intent.status === 'succeeded' || intent.status === 'processing')) {
      return navigate(withReturnParams(returnUrl, parsed.kind, intent.id, secret, 'succeeded'));
    }
    return finalResult(parsed.kind, intent);
  };

  /** The intent after a challenge: fetched again; still requiring action → the authentication failure. */
  Client.prototype._settled = function (parsed, secret) {
    return this._retrieve(secret).then(function (result) {
      if (result.error) return result;
      var intent = result.paymentIntent || result.setupIntent;
      if (intent.status === 'requires_action') {
        var error = {
          type: 'invalid_request_error',
          code: parsed.kind + '_authentication_failure',
          message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        };
        error[parsed.kind] = intent;
        return { error: error };
      }
      return finalResult(parsed.kind, intent);
    });
  };

  function finalResult(kind, intent) {
    var failure = kind === 'payment_intent' ? intent.last_payment_error : intent.last_setup_error;
    if (intent.status === 'requires_payment_method' && failure) {
      var error = stripeError(failure);
      error[kind] = intent;
      return { error: error };
    }
    return resultFor(kind, intent);
  }

  function withReturnParams(returnUrl, kind, id, secret, status) {
    var url = new URL(returnUrl, window.location.href);
    url.searchParams.set(kind, id);
    url.searchParams.set(kind + '_client_secret', secret);
    url.searchParams.set('redirect_status', status);
    return url.toString();
  }

  /** Leaves the page; the promise never settles (as Stripe.js's on a redirect). */
  function navigate(url) {
    window.location.assign(url);
    return new Promise(function () {});
  }

  var activeChallenge = null;

  /** The challenge page in a modal iframe; resolves with the page's status hint, 'returned' or 'canceled'. */
  function challenge(url) {
    if (activeChallenge) activeChallenge.close('canceled');
    addStyle();
    return new Promise(function (resolve) {
      var expectedOrigin = new URL(url, window.location.href).origin;
      var previousFocus = document.activeElement;
      var overlay = document.createElement('div');
      overlay.className = 'sbx-stripe-3ds';
      overlay.setAttribute('data-stripe-sandbox', '3ds');
      var dialog = document.createElement('div');
      dialog.className = 'sbx-stripe-3ds-dialog';
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-label', 'Verify your payment');
      var bar = document.createElement('div');
      bar.className = 'sbx-stripe-3ds-bar';
      var title = document.createElement('span');
      title.textContent = 'Verify your payment';
      var cancel = document.createElement('button');
      cancel.type = 'button';
      cancel.className = 'sbx-stripe-3ds-cancel';
      cancel.textContent = 'Cancel';
      var frame = document.createElement('iframe');
      frame.title = '3D Secure challenge';
      frame.src = url;
      bar.appendChild(title);
      bar.appendChild(cancel);
      dialog.appendChild(bar);
      dialog.appendChild(frame);
      overlay.appendChild(dialog);
      document.body.appendChild(overlay);
      cancel.focus();

      var done = false;
      function close(status) {
        if (done) return;
        done = true;
        activeChallenge = null;
        window.removeEventListener('message', onMessage);
        document.removeEventListener('keydown', onKey, true);
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        if (previousFocus && typeof previousFocus.focus === 'function') {
          try {
            previousFocus.focus();
          } catch (ignored) {
            /* gone */
          }
        }
        resolve(status);
      }
      function onMessage(event) {
        if (event.source !== frame.contentWindow || event.origin !== expectedOrigin) return;
        var data = event.data;
        if (!data || (data.type !== 'stripe-3ds' && data.type !== 'stripe-3ds-result')) return;
        close(String(data.status || 'done'));
      }
      // A challenge page that redirected to a return_url on this page's origin inside the frame.
      frame.addEventListener('load', function () {
        var href = '';
        try {
          href = frame.contentWindow.location.href;
        } catch (crossOrigin) {
          return;
        }
        if (href && href !== 'about:blank' && expectedOrigin !== window.location.origin && new URL(href).origin === window.location.origin) close('returned');
      });
      function onKey(event) {
        if (event.key === 'Escape') {
          event.preventDefault();
          close('canceled');
        }
      }
      cancel.addEventListener('click', function () {
        close('canceled');
      });
      window.addEventListener('message', onMessage);
      document.addEventListener('keydown', onKey, true);
      activeChallenge = { close: close };
    });
  }

  function confirmWithElements(self, kind, options) {
    options = options || {};
    var elements = options.elements;
    var secret = options.clientSecret || (elements && elements._clientSecret);
    var parsed = parseClientSecret(secret);
    if (!parsed || parsed.kind !== kind) return badSecret(kind === 'payment_intent' ? 'confirmPayment' : 'confirmSetup');
    var element = elements && elements._card();
    if (!element) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Please pass in the Elements instance that has a mounted card or payment Element.' } });
    var confirmParams = options.confirmParams || {};
    var redirect = options.redirect || 'always';
    if (redirect === 'always' && !confirmParams.return_url) {
      return Promise.resolve({ error: { type: 'invalid_request_error', message: 'confirmParams.return_url is required unless redirect is "if_required".' } });
    }
    var billing = confirmParams.payment_method_data && confirmParams.payment_method_data.billing_details;
    return self._confirm(secret, confirmParams.payment_method || null, element, billing, confirmParams.return_url || null, confirmParams.return_url ? 'redirect' : 'modal', redirect === 'always');
  }

  Client.prototype.confirmPayment = function (options) {
    return confirmWithElements(this, 'payment_intent', options);
  };

  Client.prototype.confirmSetup = function (options) {
    return confirmWithElements(this, 'setup_intent', options);
  };

  function confirmCard(self, kind, secret, data, options) {
    data = data || {};
    var parsed = parseClientSecret(secret);
    if (!parsed || parsed.kind !== kind) return badSecret(kind === 'payment_intent' ? 'confirmCardPayment' : 'confirmCardSetup');
    var pm = data.payment_method;
    var handleActions = !options || options.handleActions !== false;
    var mode = handleActions ? (data.return_url ? 'redirect' : 'modal') : 'none';
    if (typeof pm === 'string') return self._confirm(secret, pm, null, null, data.return_url || null, mode, false);
    if (pm && pm.card) return self._confirm(secret, null, pm.card, pm.billing_details, data.return_url || null, mode, false);
    // No payment method: the intent's own (set by the server).
    return self._retrieve(secret).then(function (result) {
      if (result.error) return result;
      var intent = result.paymentIntent || result.setupIntent;
      var id = intent.payment_method && (intent.payment_method.id || intent.payment_method);
      if (!id) return { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'A payment method is required.' } };
      return self._confirm(secret, id, null, null, data.return_url || null, mode, false);
    });
  }

  Client.prototype.confirmCardPayment = function (secret, data, options) {
    return confirmCard(this, 'payment_intent', secret, data, options);
  };

  Client.prototype.confirmCardSetup = function (secret, data, options) {
    return confirmCard(this, 'setup_intent', secret, data, options);
  };

  Client.prototype.handleNextAction = function (options) {
    var self = this;
    var secret = options && options.clientSecret;
    var parsed = parseClientSecret(secret);
    if (!parsed) return badSecret('handleNextAction');
    return this._retrieve(secret).then(function (result) {
      if (result.error) return result;
      var intent = result.paymentIntent || result.setupIntent;
      if (intent.status !== 'requires_action') return finalResult(parsed.kind, intent);
      return self._afterConfirm(parsed, secret, intent, null, 'modal', false);
    });
  };

  Client.prototype.handleCardAction = function (secret) {
    return this.handleNextAction({ clientSecret: secret });
  };

  function Stripe(key, options) {
    if (typeof key !== 'string' || key.trim() === '') throw new Error('IntegrationError: Please call Stripe() with your publishable key. You used an empty string.');
    if (/^sk_/.test(key)) throw new Error('IntegrationError: You should not use your secret key with Stripe.js. Please pass a publishable key instead.');
    return new Client(key.trim(), options);
  }
  Stripe.version = 3;
  Stripe.__sandbox = { version: VERSION, apiOrigin: API_ORIGIN, helpers: helpers };
  window.Stripe = Stripe;
})();
