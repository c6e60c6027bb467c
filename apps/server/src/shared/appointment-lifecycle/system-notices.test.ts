import { describe, expect, it } from 'vitest';
import { noticeOf } from './system-notices.js';

describe("the notices a move gives the facility's systems", () => {
  it('announces a booking once confirmed, and the cancellation of a confirmed one only', () => {
    expect(noticeOf('awaiting_deposit', 'booked')).toBe('booked');
    expect(noticeOf('booked', 'booked')).toBeNull();
    for (const from of ['booked', 'checked_in', 'in_consultation'] as const) {
      expect(noticeOf(from, 'cancelled')).toBe('cancelled');
    }
    expect(noticeOf('awaiting_deposit', 'cancelled')).toBeNull();
    expect(noticeOf('awaiting_deposit', 'expired')).toBeNull();
    expect(noticeOf('booked', 'checked_in')).toBeNull();
    expect(noticeOf('in_consultation', 'completed')).toBeNull();
  });
});
