import { describe, expect, it } from 'vitest';
import { isSafeText, requiredText, unsafeTextField } from './fields.js';

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
    expect(unsafeTextField({ a: 'ok', list: ['fine', { deep: 'x\u0000' }] })).toBe('list.1.deep');
    expect(unsafeTextField({ 'k\u0000': 1 })).toBe('_key');
    expect(unsafeTextField({ nested: { 'k\uD800': 'v' } })).toBe('nested._key');
    expect(unsafeTextField('\u0000')).toBe('_');
    expect(unsafeTextField({ n: 1, b: true, none: null, text: 'ไทย' })).toBeNull();
    expect(unsafeTextField(Object.assign(Object.create(null) as object, { q: '\u0000' }))).toBe('q');
    class NullObject {}
    Object.setPrototypeOf(NullObject.prototype, null);
    expect(unsafeTextField(Object.assign(new NullObject(), { id: 'a\u0000' }))).toBe('id');
    // A buffer or a stream is not text the rule reads.
    expect(unsafeTextField({ file: Buffer.from([0, 1, 2]) })).toBeNull();
    expect(unsafeTextField(new URLSearchParams({ a: '\u0000' }))).toBeNull();
  });

  it('is the rule of the form schemas', () => {
    const name = requiredText(50);
    expect(name.safeParse('สมชาย').success).toBe(true);
    expect(name.safeParse('สม\uD800ชาย').error?.issues[0]?.message).toBe('invalid_characters');
  });
});
