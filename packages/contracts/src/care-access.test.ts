import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARE_ACCESS, type CareNeed, type RecordArea } from './care-access.js';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const spoken = (need: CareNeed) => (need === 'holder' ? 'holder' : need.join(' or '));

describe('the table of what a family grant opens', () => {
  it("is printed in README's Family care as it is in the code", () => {
    const lines = readme.split('\n');
    const header = lines.findIndex((line) => line.trim() === '| part of the record | to read | to change |');
    expect(header).toBeGreaterThan(0);
    const end = lines.findIndex((line, i) => i > header + 1 && !line.trim().startsWith('|'));
    const rows = lines.slice(header + 2, end);
    const printed = Object.fromEntries(
      rows.map((line) => {
        const [area, read, change] = line
          .split('|')
          .slice(1, 4)
          .map((cell) => cell.trim());
        return [/`(\w+)`/.exec(area!)![1], { read, change }];
      }),
    );
    const expected = Object.fromEntries(
      (Object.keys(CARE_ACCESS) as RecordArea[]).map((area) => [
        area,
        { read: spoken(CARE_ACCESS[area].read), change: spoken(CARE_ACCESS[area].change) },
      ]),
    );
    expect(printed).toEqual(expected);
  });
});
