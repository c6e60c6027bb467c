import type { MatcherFunction } from '@testing-library/react';

/**
 * Matches the element whose text, read whole, is `text` (or matches it), though a name inside it sits in its own
 * element (marked as written in Thai): the innermost such element, so a query finds one.
 */
export function wholeText(text: string | RegExp): MatcherFunction {
  const matches = (value: string) => (typeof text === 'string' ? value === text : text.test(value));
  return (_content, element) =>
    !!element &&
    matches(element.textContent ?? '') &&
    Array.from(element.children).every((child) => !matches(child.textContent ?? ''));
}
