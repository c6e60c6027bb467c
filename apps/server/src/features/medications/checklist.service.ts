import {
  type Adherence,
  type Checklist,
  type ChecklistAsNeeded,
  type ChecklistDose,
  type DoseTime,
  type MedicationForm,
  addDays,
  todayInBangkok,
} from '@klaimor/contracts';
import { AppError } from '../../errors.js';
import { adherence, daysOfStockLeft, dosesOfDay, dosesOn, isDueOn, isRunningLow, tickId } from './dose-plan.js';
import type { AsNeededTakeRow, MedicationRow, MedicationsRepository, TickRow } from './medications.repository.js';
import { medicationNotFound, toSchedule } from './medications.service.js';

/** The adherence windows the app shows, in days ending today. */
export const ADHERENCE_WINDOWS = [7, 30] as const;

const doseNotDue = () => new AppError(409, 'dose_not_due', 'ยานี้ไม่มีมื้อนี้ในวันที่เลือก');
const asNeededLimit = (maxPerDay: number) =>
  new AppError(409, 'as_needed_limit', `ยานี้ทานได้ไม่เกินวันละ ${maxPerDay} ครั้ง วันนี้บันทึกครบแล้ว`);
const takeNotFound = () => new AppError(404, 'not_found', 'ไม่พบรายการที่บันทึกไว้');

export interface TickRequest {
  date?: string;
  medicationId: string;
  doseTime: DoseTime;
  taken: boolean;
  /** When the patient took it (ISO 8601, checked by the contract); the arrival time when not given. */
  takenAt?: string;
}

function toChecklist(
  date: string,
  today: string,
  meds: MedicationRow[],
  ticks: TickRow[],
  takes: AsNeededTakeRow[],
): Checklist {
  const byId = new Map(meds.map((m) => [m.id, m]));
  const tickById = new Map(ticks.map((t) => [tickId(t, t.doseDate), t]));
  const doses = dosesOn(meds.map(toSchedule), date).map((dose): ChecklistDose => {
    const med = byId.get(dose.medicationId)!;
    const tick = tickById.get(tickId(dose, date));
    const schedule = toSchedule(med);
    const ownClock = dose.doseTime === 'custom' || schedule.intervalDose !== null;
    return {
      medicationId: med.id,
      name: med.name,
      strength: med.strength,
      form: med.form as MedicationForm,
      instructions: med.instructions,
      doseTime: dose.doseTime,
      label: dose.doseTime === 'custom' ? med.customLabel : null,
      time: ownClock ? dose.clock : null,
      mealTiming: schedule.mealTiming,
      everyHours: schedule.intervalDose?.everyHours ?? null,
      amount: dose.amount,
      taken: tick !== undefined,
      takenAt: tick?.takenAt.toISOString() ?? null,
      stock: med.stock,
      daysOfStockLeft: daysOfStockLeft(schedule, today),
      runningLow: isRunningLow(schedule, today),
    };
  });
  const asNeeded = meds
    .filter((med) => isDueOn(toSchedule(med), date))
    .flatMap((med): ChecklistAsNeeded[] => {
      const { asNeeded: plan } = toSchedule(med);
      if (!plan) return [];
      return [
        {
          medicationId: med.id,
          name: med.name,
          strength: med.strength,
          form: med.form as MedicationForm,
          instructions: med.instructions,
          reason: plan.reason,
          amount: plan.amount,
          maxPerDay: plan.maxPerDay,
          takes: takes
            .filter((t) => t.medicationId === med.id && t.doseDate === date)
            .map((t) => ({ id: t.id, takenAt: t.takenAt.toISOString(), amount: t.amount })),
          stock: med.stock,
        },
      ];
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'th'));
  return { date, doses, due: doses.length, taken: doses.filter((d) => d.taken).length, asNeeded };
}

export function createChecklistService(medications: MedicationsRepository) {
  async function checklist(userId: string, date: string): Promise<Checklist> {
    const [meds, ticks, takes] = await Promise.all([
      medications.listDueBetween(userId, date, date),
      medications.ticksBetween(userId, date, date),
      medications.asNeededTakesBetween(userId, date, date),
    ]);
    return toChecklist(date, todayInBangkok(), meds, ticks, takes);
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

    /**
     * Records one taking of an as-needed medicine on a date (today when not given); 409 `as_needed_limit` once the
     * day has its maximum, `dose_not_due` for a medicine not taken as needed or not current that day.
     */
    async recordAsNeeded(
      userId: string,
      request: { date?: string; medicationId: string; takenAt?: string },
    ): Promise<Checklist> {
      const date = request.date ?? todayInBangkok();
      const med = await medications.find(userId, request.medicationId);
      if (!med) throw medicationNotFound();
      const schedule = toSchedule(med);
      if (!schedule.asNeeded || !isDueOn(schedule, date)) throw doseNotDue();
      const takenAt = request.takenAt === undefined ? undefined : new Date(request.takenAt);
      const outcome = await medications.recordAsNeeded(userId, { medicationId: med.id, date }, takenAt);
      if (outcome === 'not_found') throw medicationNotFound();
      if (outcome === 'limit') throw asNeededLimit(schedule.asNeeded.maxPerDay);
      return checklist(userId, date);
    },

    /** Removes a taking recorded by mistake; replies with the checklist of the day it counted against. */
    async removeAsNeeded(userId: string, takeId: string): Promise<Checklist> {
      const date = await medications.removeAsNeeded(userId, takeId);
      if (date === null) throw takeNotFound();
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
