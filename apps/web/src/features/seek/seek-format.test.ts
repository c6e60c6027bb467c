import { describe, expect, it } from 'vitest';
import { formatClusterCount } from './seek-format';

describe('formatClusterCount', () => {
  it('keeps counts under 1000 as they are', () => {
    expect(formatClusterCount(1)).toBe('1');
    expect(formatClusterCount(999)).toBe('999');
  });

  it('abbreviates thousands without rounding up', () => {
    expect(formatClusterCount(1000)).toBe('1k');
    expect(formatClusterCount(1234)).toBe('1.2k');
    expect(formatClusterCount(1299)).toBe('1.2k');
    expect(formatClusterCount(9999)).toBe('9.9k');
    expect(formatClusterCount(12_345)).toBe('12k');
  });
});
