import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './audit-csv';

describe('a CSV field', () => {
  it('is left alone when plain, Thai included', () => {
    expect(csvField('ผู้ดูแลระบบ')).toBe('ผู้ดูแลระบบ');
    expect(csvField('')).toBe('');
  });

  it('is quoted when it holds a comma, a quote or a line break, its quotes doubled', () => {
    expect(csvField('ฝน, ลมแรง')).toBe('"ฝน, ลมแรง"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('one\ntwo')).toBe('"one\ntwo"');
    expect(csvField('one\r\ntwo')).toBe('"one\r\ntwo"');
  });

  it('never starts with what a spreadsheet runs as a formula', () => {
    for (const formula of ['=1+1', '+66812345678', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvField(formula).replace(/^"/, '').startsWith("'"), formula).toBe(true);
    }
    expect(csvField('=A1,B1')).toBe(`"'=A1,B1"`);
  });

  it('joins a row with commas', () => {
    expect(csvRow(['a', 'b,c', ''])).toBe('a,"b,c",');
  });
});
