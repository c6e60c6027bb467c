const GROUPS = [1, 4, 5, 2, 1];

/** Groups the digits typed so far as on the card: 1-2345-67890-12-3 (at most 13 digits). */
export function groupThaiIdDigits(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 13);
  const parts: string[] = [];
  let at = 0;
  for (const size of GROUPS) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join('-');
}

/** Where the caret belongs in the grouped text so that it follows the same number of digits. */
export function caretAfterDigits(grouped: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < grouped.length; i++) {
    if (/\d/.test(grouped[i])) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return grouped.length;
}
