import { describe, expect, it } from 'vitest';
import { formatThaiMobile, formatThaiPhone, normalizeThaiMobile } from './phone.js';

describe('Thai mobile normalisation', () => {
  it.each([
    ['0812345678', '0812345678'],
    ['081-234-5678', '0812345678'],
    ['081 234 5678', '0812345678'],
    ['+66812345678', '0812345678'],
    ['+66 81 234 5678', '0812345678'],
    ['66812345678', '0812345678'],
    ['(06) 1234-5678', '0612345678'],
    ['0912345678', '0912345678'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeThaiMobile(input)).toBe(expected);
  });

  it.each(['021234567', '0712345678', '081234567', '08123456789', '+6621234567', 'abcdefghij', ''])(
    'refuses %j',
    (input) => {
      expect(normalizeThaiMobile(input)).toBeNull();
    },
  );

  it('formats for display', () => {
    expect(formatThaiMobile('0812345678')).toBe('081-234-5678');
  });
});

describe('Thai phone numbers as people read them', () => {
  it('groups mobiles, Bangkok lines and provincial lines the Thai way, and leaves short numbers alone', () => {
    expect(formatThaiPhone('0812345678')).toBe('081-234-5678');
    expect(formatThaiPhone('024197000')).toBe('02-419-7000');
    expect(formatThaiPhone('053936150')).toBe('053-936150');
    expect(formatThaiPhone('1669')).toBe('1669');
  });
});
