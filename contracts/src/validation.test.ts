import { describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import {
  always,
  check,
  decodeBody,
  flag,
  form,
  literalTrue,
  literalUnion,
  matches,
  normalize,
  oneOf,
  optionalOneOf,
  optionalText,
  requiredText,
  validationErrorBody,
  variants,
  when,
  withMessage,
} from './validation.ts';
import type { FormType } from './validation.ts';
import { expectOnlyError, expectValid } from './test-support.ts';

const address = form(
  'Address',
  { postalCode: requiredText('ZIP code is required', { checks: [matches(/^\d{5}$/, 'Invalid ZIP code format')] }) },
  { notObjectMessage: 'Address is required' },
);
const props = {
  name: requiredText('Name is required', { checks: [check((v: string) => v.length <= 5, 'Name is too long')] }),
  kind: oneOf(['a', 'b'], 'Kind is required', 'Invalid kind'),
  note: optionalText({ normalize: normalize.upper }),
  agree: flag(false, 'Agree must be true or false'),
  address,
};
const sample = form('Sample', props, {
  rules: [
    when<FormType<typeof props>>((v) => v.kind === 'b', { field: 'note', required: 'Note is required for b' }),
    always<FormType<typeof props>>({ field: 'name', checks: [check((v) => v !== 'admin', 'Name is reserved')] }),
  ],
});

describe('decodeBody', () => {
  it('returns Right with the decoded value, defaults applied and unknown keys dropped', () => {
    expect(decodeBody(sample, { name: ' Ann ', kind: 'a', note: 'hi', extra: 1, address: { postalCode: '02865' } })).toEqual(
      E.right({ name: 'Ann', kind: 'a', note: 'HI', agree: false, address: { postalCode: '02865' } }),
    );
  });

  it('reports one error per field, in field order, with dotted paths', () => {
    expect(decodeBody(sample, { name: 'Annabel', kind: 'c', agree: 'yes', address: { postalCode: '1' } })).toEqual(
      E.left({
        errors: [
          { field: 'name', message: 'Name is too long' },
          { field: 'kind', message: 'Invalid kind' },
          { field: 'agree', message: 'Agree must be true or false' },
          { field: 'address.postalCode', message: 'Invalid ZIP code format' },
        ],
      }),
    );
  });

  it('puts rule errors in field order and never after a field-level error of the same field', () => {
    expect(decodeBody(sample, { name: 'admin', kind: 'b' })).toEqual(
      E.left({
        errors: [
          { field: 'name', message: 'Name is reserved' },
          { field: 'note', message: 'Note is required for b' },
          { field: 'address', message: 'Address is required' },
        ],
      }),
    );
    expect(decodeBody(sample, { name: 'adminx', kind: 'b', note: 'n', address: { postalCode: '02865' } })).toEqual(
      E.left({ errors: [{ field: 'name', message: 'Name is too long' }] }),
    );
  });

  it('a body that is not an object fails at the root', () => {
    expect(decodeBody(sample, null)).toEqual(E.left({ errors: [{ field: '', message: 'Request body must be a JSON object' }] }));
    expect(decodeBody(sample, [])).toEqual(E.left({ errors: [{ field: '', message: 'Request body must be a JSON object' }] }));
  });

  it('wrong JSON types get the required message', () => {
    expectOnlyError(form('X', { name: requiredText('Name is required') }), { name: { first: 'Ann' } }, 'name', 'Name is required');
  });

  it('works with plain io-ts codecs too (fallback message names the field)', () => {
    expectOnlyError(t.type({ a: t.type({ b: t.number }) }), { a: { b: 'x' } }, 'a.b', 'a.b is invalid');
    expectOnlyError(t.union([t.string, t.number]), true, '', 'Invalid value');
  });

  it('validationErrorBody gives the API 400 body', () => {
    expect(validationErrorBody({ errors: [{ field: 'a', message: 'A is required' }] })).toEqual({
      error: 'Validation failed',
      message: 'A is required',
      errors: [{ field: 'a', message: 'A is required' }],
    });
  });
});

describe('field codecs', () => {
  it('optionalText: blank is absent', () => {
    expect(expectValid(optionalText(), '   ')).toBeUndefined();
    expect(expectValid(optionalText(), null)).toBeUndefined();
  });

  it('optionalOneOf: blank is absent, other values refused', () => {
    expect(expectValid(optionalOneOf(['M', 'F'], 'Sex must be M or F'), '')).toBeUndefined();
    expectOnlyError(optionalOneOf(['M', 'F'], 'Sex must be M or F'), 'X', '', 'Sex must be M or F');
  });

  it('requiredText with acceptNumber reads numbers as text', () => {
    expect(expectValid(requiredText('Id is required', { acceptNumber: true }), 42)).toBe('42');
    expectOnlyError(requiredText('Id is required'), 42, '', 'Id is required');
  });

  it('oneOf reads a JSON number as text (department 1 is "1")', () => {
    expect(expectValid(oneOf(['1', '2', '8'], 'Location is required'), 8)).toBe('8');
    expect(expectValid(oneOf(['1', '2', '8'], 'Location is required'), ' 2 ')).toBe('2');
  });

  it('literalTrue and withMessage', () => {
    expect(expectValid(literalTrue('Confirm'), true)).toBe(true);
    expectOnlyError(withMessage(t.number, 'Must be a number'), 'x', '', 'Must be a number');
  });

  it('literalUnion', () => {
    expect(expectValid(literalUnion(['ok', 'down'], 'S'), 'ok')).toBe('ok');
    expect(E.isLeft(decodeBody(literalUnion(['ok', 'down'], 'S'), 'up'))).toBe(true);
  });

  it('normalisers', () => {
    expect(normalize.digits('(401) 555-0101')).toBe('4015550101');
    expect(normalize.withoutFormatting('(401) 555.0101 x')).toBe('4015550101x');
    expect(normalize.beforeComma('1 Main St, Lincoln, RI')).toBe('1 Main St');
    expect(normalize.zip('028651234')).toBe('02865-1234');
    expect(normalize.zip('02865')).toBe('02865');
  });
});

describe('variants', () => {
  const a = form('A', { a: requiredText('A is required') });
  const b = form('B', { b: requiredText('B is required') });
  const ab = variants('AB', { a, b }, (input) => ('b' in input ? 'b' : 'a'));

  it('reports only the chosen variant', () => {
    expectOnlyError(ab, { b: '' }, 'b', 'B is required');
    expectOnlyError(ab, {}, 'a', 'A is required');
    expect(expectValid(ab, { b: 'x' })).toEqual({ b: 'x' });
  });

  it('encodes through the chosen variant', () => {
    expect(ab.encode({ a: 'x' })).toEqual({ a: 'x' });
  });
});

describe('form codecs', () => {
  it('is() and encode()', () => {
    const value = { name: 'Ann', kind: 'a' as const, agree: true, address: { postalCode: '02865' } };
    expect(sample.is(value)).toBe(true);
    expect(sample.is({ name: 'Ann' })).toBe(false);
    expect(sample.encode(value)).toEqual(value);
  });
});
