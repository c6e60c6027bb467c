import {
  type Adherence,
  type Checklist,
  type ChecklistDose,
  type DoseTime,
  type MedicationForm,
  addDays,
  todayInBangkok,
} from '@klaimor/contracts';
import { AppError } from '../../errors.js';
import { adherence, daysOfStockLeft, dosesOfDay, dosesOn, isDueOn, isRunningLow, tickId } from './dose-plan.js';
import type { MedicationRow, MedicationsRepository, TickRow } from './medications.repository.js';
import { medicationNotFound, toSchedule } from './medications.service.js';

/** The adherence windows the app shows, in days ending today. */
export const ADHERENCE_WINDOWS = [7, 30] as const;

const doseNotDue = () => new AppError(409, 'dose_not_due', 'ยานี้ไม่มีมื้อนี้ในวันที่เลือก');

export interface TickRequest {
  date?: string;
  medicationId: string;
  doseTime: DoseTime;
  taken: boolean;
  /** When the patient took it (ISO 8601, checked by the contract); the arrival time when not given. */
  takenAt?: string;
}

function toChecklist(date: string, today: string, meds: MedicationRow[], ticks: TickRow[]): Checklist {
  const byId = new Map(meds.map((m) => [m.id, m]));
  const tickById = new Map(ticks.map((t) => [tickId(t, t.doseDate), t]));
  const doses = dosesOn(meds.map(toSchedule), date).map((dose): ChecklistDose => {
    const med = byId.get(dose.medicationId)!;
    const tick = tickById.get(tickId(dose, date));
    const schedule = toSchedule(med);
    const custom = dose.doseTime === 'custom';
    return {
      medicationId: med.id,
      name: med.name,
      strength: med.strength,
      form: med.form as MedicationForm,
      instructions: med.instructions,
      doseTime: dose.doseTime,
      label: custom ? med.customLabel : null,
      time: custom ? med.customTime : null,
      amount: dose.amount,
      taken: tick !== undefined,
      takenAt: tick?.takenAt.toISOString() ?? null,
      stock: med.stock,
      daysOfStockLeft: daysOfStockLeft(schedule, today),
      runningLow: isRunningLow(schedule, today),
    };
  });
  return { date, doses, due: doses.length, taken: doses.filter((d) => d.taken).length };
}

export function createChecklistService(medications: MedicationsRepository) {
  async function checklist(userId: string, date: string): Promise<Checklist> {
    const [meds, ticks] = await Promise.all([
      medications.listDueBetween(userId, date, date),
      medications.ticksBetween(userId, date, date),
    ]);
    return toChecklist(date, todayInBangkok(), meds, ticks);
  }

  return {
    /** The doses of a Thai calendar date (today when not given), computed from the medication list. */
    checklist: (userId: string, date?: string): Promise<Checklist> => checklist(userId, date ?? todayInBangkok()),

    /**
     * Ticks or unticks one dose; a date not given is today in Thailand (a tick at 23:30 belongs to that day). A tick
     * sent later from a device that was offline brings the time it was taken; a tick already there keeps its own.
     */
    async setTick(userId: string, request: TickRequest): Promise<Checklist> {
      const date = request.date ?? todayInBangkok();
      const med = await medications.find(userId, request.medicationId);
      if (!med) throw medicationNotFound();
      const schedule = toSchedule(med);
      const dose = dosesOfDay(schedule).find((d) => d.doseTime === request.doseTime);
      if (!dose || !isDueOn(schedule, date)) throw doseNotDue();
      const key = { medicationId: med.id, date, doseTime: dose.doseTime };
      if (request.taken)
        await medications.tick(
          userId,
          key,
          dose.amount,
          request.takenAt === undefined ? undefined : new Date(request.takenAt),
        );
      else await medications.untick(userId, key);
      return checklist(userId, date);
    },

    /** Share of doses taken over the last 7 and 30 days, today included. */
    async adherence(userId: string): Promise<Adherence[]> {
      const to = todayInBangkok();
      const longest = Math.max(...ADHERENCE_WINDOWS);
      const from = addDays(to, 1 - longest);
      const [meds, ticks] = await Promise.all([
        medications.listDueBetween(userId, from, to),
        medications.ticksBetween(userId, from, to),
      ]);
      const schedules = meds.map(toSchedule);
      const keys = ticks.map((t) => ({ medicationId: t.medicationId, date: t.doseDate, doseTime: t.doseTime }));
      return ADHERENCE_WINDOWS.map((days) => ({ days, ...adherence(schedules, keys, addDays(to, 1 - days), to) }));
    },
  };
}
export type ChecklistService = ReturnType<typeof createChecklistService>;
