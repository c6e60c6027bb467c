import {
  type Medication,
  type MedicationBody,
  type MedicationForm,
  type MedicationStatus,
  type CorrectionStatus,
  type IntervalHours,
  type MealTiming,
  todayInBangkok,
  reasons,
} from '@klaimor/contracts';
import { AppError, validationFailed } from '../../errors.js';
import { type DoseSchedule, dailyUnits, daysOfStockLeft, isRunningLow, refillOffered, statusOn } from './dose-plan.js';
import type {
  ListedMedication,
  MedicationFields,
  MedicationRow,
  MedicationsRepository,
} from './medications.repository.js';

export const medicationNotFound = () => new AppError(404, 'not_found', 'ไม่พบรายการยานี้');
const prescribed = () =>
  new AppError(
    409,
    'medication_prescribed',
    'ยานี้แพทย์สั่งจากโรงพยาบาล แก้ไขไม่ได้ หากต้องการหยุดยา กดหยุดยา และปรึกษาแพทย์หรือเภสัชกร',
  );

export function toSchedule(row: MedicationRow): DoseSchedule {
  return {
    id: row.id,
    startDate: row.startDate,
    endDate: row.endDate,
    doses: {
      afterBreakfast: row.afterBreakfast,
      afterLunch: row.afterLunch,
      afterDinner: row.afterDinner,
      beforeBed: row.beforeBed,
    },
    mealTiming: row.mealTiming as MealTiming,
    customDose:
      row.customLabel !== null && row.customTime !== null && row.customAmount !== null
        ? { label: row.customLabel, time: row.customTime, amount: row.customAmount }
        : null,
    intervalDose:
      row.intervalHours !== null && row.intervalFirstTime !== null && row.intervalAmount !== null
        ? {
            everyHours: row.intervalHours as IntervalHours,
            firstTime: row.intervalFirstTime,
            amount: row.intervalAmount,
          }
        : null,
    asNeeded:
      row.asNeededAmount !== null && row.asNeededMaxPerDay !== null
        ? { amount: row.asNeededAmount, maxPerDay: row.asNeededMaxPerDay, reason: row.asNeededReason ?? null }
        : null,
    stock: row.stock,
  };
}

/** The columns of a medicine's way of taking it, from the shared dose fields (a prescription's or the patient's). */
export function doseColumns(body: Pick<MedicationBody, 'doses' | 'mealTiming' | 'intervalDose' | 'asNeeded'>) {
  return {
    ...body.doses,
    mealTiming: body.mealTiming,
    intervalHours: body.intervalDose?.everyHours ?? null,
    intervalFirstTime: body.intervalDose?.firstTime ?? null,
    intervalAmount: body.intervalDose?.amount ?? null,
    asNeededAmount: body.asNeeded?.amount ?? null,
    asNeededMaxPerDay: body.asNeeded?.maxPerDay ?? null,
    asNeededReason: body.asNeeded?.reason ?? null,
  };
}

/** Units a prescription's `days` take, as the pharmacy hands them over. */
export function dispensedUnits(body: Parameters<typeof doseColumns>[0], days: number): number {
  const schedule: DoseSchedule = {
    id: '',
    startDate: '',
    endDate: null,
    doses: body.doses,
    mealTiming: body.mealTiming,
    customDose: null,
    intervalDose: body.intervalDose ?? null,
    asNeeded: body.asNeeded ? { ...body.asNeeded, reason: body.asNeeded.reason ?? null } : null,
    stock: null,
  };
  return dailyUnits(schedule) * days;
}

export function toMedication(
  row: MedicationRow & Partial<Pick<ListedMedication, 'prescriber' | 'replaces' | 'refillWaiting'>>,
  today: string,
): Medication {
  const schedule = toSchedule(row);
  return {
    id: row.id,
    name: row.name,
    atcCode: row.atcCode,
    strength: row.strength,
    form: row.form as MedicationForm,
    doses: schedule.doses,
    customDose: schedule.customDose,
    mealTiming: schedule.mealTiming,
    intervalDose: schedule.intervalDose,
    asNeeded: schedule.asNeeded,
    startDate: row.startDate,
    endDate: row.endDate,
    instructions: row.instructions,
    stock: row.stock,
    status: statusOn(schedule, today),
    stoppedAt: row.stoppedAt?.toISOString() ?? null,
    dailyUnits: dailyUnits(schedule),
    daysOfStockLeft: daysOfStockLeft(schedule, today),
    runningLow: isRunningLow(schedule, today),
    prescribedBy:
      row.prescribedIn && row.prescriber
        ? {
            appointmentId: row.prescribedIn,
            hospital: { id: row.prescriber.hospitalId, nameTh: row.prescriber.nameTh, nameEn: row.prescriber.nameEn },
          }
        : null,
    version: row.version,
    longTerm: row.longTerm,
    refillOffered: refillOffered(
      {
        ...schedule,
        longTerm: row.longTerm,
        prescribed: row.prescribedIn !== null,
        recordStatus: row.recordStatus,
        stopped: row.stoppedAt !== null,
        refillWaiting: row.refillWaiting ?? false,
      },
      today,
    ),
    replaces: row.replaces ?? null,
    correction:
      row.recordStatus !== 'final' && row.correctedAt
        ? {
            status: row.recordStatus as CorrectionStatus,
            at: row.correctedAt.toISOString(),
            reason: row.correctionReason ?? '',
            replacedBy: row.replacedBy,
          }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toFields(body: MedicationBody): MedicationFields {
  return {
    name: body.name,
    strength: body.strength ?? null,
    form: body.form,
    ...doseColumns(body),
    customLabel: body.customDose?.label ?? null,
    customTime: body.customDose?.time ?? null,
    customAmount: body.customDose?.amount ?? null,
    startDate: body.startDate,
    endDate: body.endDate ?? null,
    instructions: body.instructions ?? null,
    stock: body.stock ?? null,
  };
}

const statusOrder: Record<MedicationStatus, number> = { active: 0, upcoming: 1, ended: 2 };

export function createMedicationsService(medications: MedicationsRepository) {
  return {
    /** Active first, then upcoming, then ended; by name within each (the repository sorts by name). */
    async list(userId: string): Promise<Medication[]> {
      const today = todayInBangkok();
      const all = (await medications.list(userId)).map((row) => toMedication(row, today));
      return all.sort((a, b) => statusOrder[a.status] - statusOrder[b.status]);
    },

    async add(userId: string, body: MedicationBody): Promise<Medication> {
      return toMedication(await medications.insert(userId, toFields(body)), todayInBangkok());
    },

    /** Replaces the record. Past checklists follow the new schedule: they are computed, not stored. */
    async replace(userId: string, id: string, body: MedicationBody): Promise<Medication> {
      const current = await medications.find(userId, id);
      if (!current) throw medicationNotFound();
      if (current.prescribedIn) throw prescribed();
      const row = await medications.update(userId, id, toFields(body));
      if (!row) throw medicationNotFound();
      return toMedication(row, todayInBangkok());
    },

    /** Doses end after `lastDay` (today by default); the record and its ticks stay as history. */
    async stop(userId: string, id: string, lastDay?: string): Promise<Medication> {
      const today = todayInBangkok();
      const current = await medications.find(userId, id);
      if (!current) throw medicationNotFound();
      const day = lastDay ?? today;
      if (day < current.startDate) throw validationFailed({ lastDay: reasons.endBeforeStart });
      const endDate = current.endDate !== null && current.endDate < day ? current.endDate : day;
      await medications.update(userId, id, { endDate, stoppedAt: new Date() });
      const row = await medications.findListed(userId, id);
      if (!row) throw medicationNotFound();
      return toMedication(row, today);
    },
  };
}
export type MedicationsService = ReturnType<typeof createMedicationsService>;
