import { describe, expect, it } from 'vitest';
import { CoverageBody } from './coverage.js';
import { addDays } from './dates.js';
import { MedicationBody, StopMedicationBody } from './medications.js';
import { SymptomNoteBody } from './symptom-notes.js';

const reasonsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('addDays', () => {
  it('steps over month, year and leap-day ends both ways', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-01-10', -40)).toBe('2023-12-01');
  });
});

describe('health record forms', () => {
  it('turns empty optional boxes into null and fills missing dose times with 0', () => {
    const parsed = MedicationBody.parse({
      name: ' Metformin ',
      strength: '',
      doses: { afterDinner: 2 },
      startDate: '2024-01-01',
    });
    expect(parsed).toMatchObject({
      name: 'Metformin',
      strength: null,
      form: 'tablet',
      doses: { afterBreakfast: 0, afterLunch: 0, afterDinner: 2, beforeBed: 0 },
    });
  });

  it('says "required" for a missing number and "invalid_number" for text', () => {
    expect(reasonsOf(SymptomNoteBody.safeParse({ date: '2024-01-01', symptoms: 'ไอ' }))).toEqual({
      severity: 'required',
    });
    expect(reasonsOf(SymptomNoteBody.safeParse({ date: '2024-01-01', symptoms: 'ไอ', severity: 'มาก' }))).toEqual({
      severity: 'invalid_number',
    });
  });

  it('checks each kind of coverage by its own fields', () => {
    expect(CoverageBody.safeParse({ kind: 'public', scheme: 'ucs' }).success).toBe(true);
    expect(reasonsOf(CoverageBody.safeParse({ kind: 'private', insurer: 'AIA' }))).toEqual({ planName: 'required' });
    expect(reasonsOf(CoverageBody.safeParse({ kind: 'pension' }))).toEqual({ kind: 'invalid_choice' });
  });

  it('lets "stop" come with no body at all', () => {
    expect(StopMedicationBody.parse(null)).toBeNull();
    expect(StopMedicationBody.parse({ lastDay: '2024-01-01' })).toEqual({ lastDay: '2024-01-01' });
  });
});
