import { describe, expect, it } from 'vitest';
import { otpSmsText } from '../otp.service.js';
import { smsSegments } from './sms-segments.js';

describe('smsSegments', () => {
  it('counts a Thai text as UCS-2: 70 characters in one, 67 a segment beyond', () => {
    // The sign-in code's message, the one sent most, fits one segment: each code costs the operator one.
    expect(smsSegments(otpSmsText('123456', 300))).toBe(1);
    expect(smsSegments('ก'.repeat(70))).toBe(1);
    expect(smsSegments('ก'.repeat(71))).toBe(2);
    expect(smsSegments('ก'.repeat(134))).toBe(2);
    expect(smsSegments('ก'.repeat(135))).toBe(3);
  });

  it('counts a text in the GSM alphabet in septets, the extension table’s characters as two', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments('a'.repeat(307))).toBe(3);
    expect(smsSegments(`${'a'.repeat(158)}€`)).toBe(1);
    expect(smsSegments(`${'a'.repeat(159)}€`)).toBe(2);
  });

  it('sends a single character outside the GSM alphabet as UCS-2, an emoji taking two', () => {
    expect(smsSegments(`${'a'.repeat(69)}✓`)).toBe(1);
    expect(smsSegments(`${'a'.repeat(69)}😀`)).toBe(2);
  });
});
