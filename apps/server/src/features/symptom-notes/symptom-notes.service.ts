import { type SymptomNote, type SymptomNoteBody, assessSymptoms } from '@klaimor/contracts';
import { AppError } from '../../errors.js';
import type { SymptomNoteFields, SymptomNoteRow, SymptomNotesRepository } from './symptom-notes.repository.js';

const notFound = () => new AppError(404, 'not_found', 'ไม่พบบันทึกอาการนี้');

/** The red-flag triage reads what the patient wrote: the symptoms and the free notes. */
export function toSymptomNote(row: SymptomNoteRow): SymptomNote {
  const triage = assessSymptoms([row.symptoms, row.notes ?? ''].join('\n'));
  return {
    id: row.id,
    date: row.noteDate,
    time: row.noteTime,
    symptoms: row.symptoms,
    severity: row.severity,
    temperatureC: row.temperatureC,
    bloodPressure:
      row.systolic !== null && row.diastolic !== null ? { systolic: row.systolic, diastolic: row.diastolic } : null,
    notes: row.notes,
    triage: { redFlags: triage.redFlags, emergency: triage.emergency },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toFields(body: SymptomNoteBody): SymptomNoteFields {
  return {
    noteDate: body.date,
    noteTime: body.time ?? null,
    symptoms: body.symptoms,
    severity: body.severity,
    temperatureC: body.temperatureC ?? null,
    systolic: body.bloodPressure?.systolic ?? null,
    diastolic: body.bloodPressure?.diastolic ?? null,
    notes: body.notes ?? null,
  };
}

export function createSymptomNotesService(notes: SymptomNotesRepository) {
  return {
    list: async (userId: string): Promise<SymptomNote[]> => (await notes.list(userId)).map(toSymptomNote),
    add: async (userId: string, body: SymptomNoteBody): Promise<SymptomNote> =>
      toSymptomNote(await notes.insert(userId, toFields(body))),
    async replace(userId: string, id: string, body: SymptomNoteBody): Promise<SymptomNote> {
      const row = await notes.update(userId, id, toFields(body));
      if (!row) throw notFound();
      return toSymptomNote(row);
    },
    async remove(userId: string, id: string): Promise<void> {
      if (!(await notes.remove(userId, id))) throw notFound();
    },
  };
}
export type SymptomNotesService = ReturnType<typeof createSymptomNotesService>;
