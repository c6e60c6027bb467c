import { describe, expect, it } from 'vitest';
import { isSafeText, requiredText, unsafeTextFields } from './fields.js';

describe('the text the app keeps', () => {
  it('takes Thai, emoji (a whole surrogate pair) and control-free text; refuses NUL and half a pair', () => {
    expect(isSafeText('นายสมชาย ใจดี 😀 ครับ')).toBe(true);
    expect(isSafeText('line\nbreak\ttab')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('\uD83D')).toBe(false);
    expect(isSafeText('x\uDE00')).toBe(false);
    expect(isSafeText('\uDE00\uD83D')).toBe(false);
  });

  it('names where in a request the first unsafe text is, keys included', () => {
    expect(unsafeTextFields({ a: 'ok', list: ['fine', { deep: 'x\u0000' }], b: '\uDC00' })).toEqual([
      'list.1.deep',
      'b',
    ]);
    expect(unsafeTextFields({ 'k\u0000': 1 })).toEqual(['_key']);
    expect(unsafeTextFields({ nested: { 'k\uD800': 'v' } })).toEqual(['nested._key']);
    expect(unsafeTextFields('\u0000')).toEqual(['_']);
    expect(unsafeTextFields({ n: 1, b: true, none: null, text: 'ไทย' })).toEqual([]);
    expect(unsafeTextFields(Object.assign(Object.create(null) as object, { q: '\u0000' }))).toEqual(['q']);
    class NullObject {}
    Object.setPrototypeOf(NullObject.prototype, null);
    expect(unsafeTextFields(Object.assign(new NullObject(), { id: 'a\u0000' }))).toEqual(['id']);
    // A buffer or a stream is not text the rule reads.
    expect(unsafeTextFields({ file: Buffer.from([0, 1, 2]) })).toEqual([]);
    expect(unsafeTextFields(new URLSearchParams({ a: '\u0000' }))).toEqual([]);
  });

  it('is the rule of the form schemas', () => {
    const name = requiredText(50);
    expect(name.safeParse('สมชาย').success).toBe(true);
    expect(name.safeParse('สม\uD800ชาย').error?.issues[0]?.message).toBe('invalid_characters');
  });
});
