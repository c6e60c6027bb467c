import { describe, expect, it } from 'vitest';
import { formatThaiId, isValidThaiId, stripThaiIdFormatting } from './thai-id.js';

describe('Thai ID check digit', () => {
  it.each(['1101700230708', '3100100123451', '1234567890121'])('accepts %s', (id) => {
    expect(isValidThaiId(id)).toBe(true);
  });

  it('rejects every wrong last digit', () => {
    const base = '110170023070';
    const wrong = Array.from({ length: 10 }, (_, d) => `${base}${d}`).filter((id) => id !== '1101700230708');
    expect(wrong).toHaveLength(9);
    for (const id of wrong) expect(isValidThaiId(id), id).toBe(false);
  });

  it('rejects a swap of two digits', () => {
    expect(isValidThaiId('1011700230708')).toBe(false);
  });

  it.each(['', '110170023070', '11017002307081', '110170023070a', '1-1017-00230-70-8'])(
    'rejects malformed %j',
    (id) => {
      expect(isValidThaiId(id)).toBe(false);
    },
  );

  it('uses 0 when 11 - sum mod 11 is 10 or 11', () => {
    // sum mod 11 = 1 -> 10 -> check digit 0
    const base = '100000000005';
    let sum = 0;
    for (let i = 0; i < 12; i++) sum += Number(base[i]) * (13 - i);
    expect(sum % 11).toBe(1);
    expect(isValidThaiId(`${base}0`)).toBe(true);
  });
});

describe('Thai ID formatting', () => {
  it('groups as printed on the card', () => {
    expect(formatThaiId('1101700230708')).toBe('1-1017-00230-70-8');
  });
  it('strips spaces and dashes', () => {
    expect(stripThaiIdFormatting('1 1017-00230 70-8')).toBe('1101700230708');
  });
  it('leaves an incomplete number as typed', () => {
    expect(formatThaiId('11017')).toBe('11017');
  });
});
