import {
  type CorrectionStatus,
  type EarlierVisitVersion,
  type Visit,
  type VisitBody,
  type VisitMonth,
  todayInBangkok,
} from '@klaimor/contracts';
import { AppError } from '../../errors.js';
import type {
  EarlierVersionRow,
  ListedVisitRow,
  ScreeningRow,
  VisitFields,
  VisitsRepository,
} from './visits.repository.js';

const notFound = () => new AppError(404, 'not_found', 'ไม่พบประวัติการรักษานี้');

const bangkokClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Bangkok',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The first day of the month after a YYYY-MM month. */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** A Thai calendar month as instants: Thailand keeps UTC+7 all year. */
function monthInstants(month: string) {
  return { from: new Date(`${month}-01T00:00:00+07:00`), to: new Date(`${nextMonth(month)}-01T00:00:00+07:00`) };
}

function fromRecord(row: ListedVisitRow): Visit {
  return {
    id: row.id,
    source: 'recorded',
    date: row.visitDate,
    time: row.visitTime,
    facility: { id: null, name: row.facility, nameEn: row.facilityNameEn },
    department: row.department,
    doctor: row.doctor,
    diagnosis: row.diagnosis,
    notes: row.notes,
    symptoms: null,
    symptomDuration: null,
    icd10: null,
    followUpDate: null,
    version: null,
    correction: null,
    earlierVersions: [],
  };
}

function earlierVersion(row: EarlierVersionRow): EarlierVisitVersion {
  return {
    version: row.version,
    diagnosis: row.findings,
    icd10: row.icd10,
    notes: row.advice,
    followUpDate: row.followUpDate,
    recordedAt: row.recordedAt.toISOString(),
    replacedAt: row.replacedAt.toISOString(),
  };
}

/**
 * A completed screening, with what the clinician recorded (what was found, advice, follow-up) once they have, in its
 * current version; a correction says so, with the versions it replaced.
 */
function fromScreening(row: ScreeningRow, earlier: EarlierVersionRow[] = []): Visit {
  return {
    id: row.id,
    source: 'screening',
    date: todayInBangkok(row.startsAt),
    time: bangkokClock.format(row.startsAt),
    facility: { id: row.hospitalId, name: row.hospitalName, nameEn: row.hospitalNameEn },
    department: null,
    doctor: row.doctor,
    diagnosis: row.findings,
    notes: row.advice,
    symptoms: row.symptoms,
    symptomDuration: row.duration,
    icd10: row.icd10,
    followUpDate: row.followUpDate,
    version: row.version,
    correction:
      row.recordStatus && row.recordStatus !== 'final' && row.correctedAt
        ? {
            status: row.recordStatus as CorrectionStatus,
            at: row.correctedAt.toISOString(),
            reason: row.correctionReason ?? '',
          }
        : null,
    earlierVersions: earlier.map(earlierVersion),
  };
}

const newestFirst = (a: Visit, b: Visit) => b.date.localeCompare(a.date) || (b.time ?? '').localeCompare(a.time ?? '');

function toFields(body: VisitBody): VisitFields {
  return {
    visitDate: body.date,
    visitTime: body.time ?? null,
    facility: body.facility,
    department: body.department ?? null,
    doctor: body.doctor ?? null,
    diagnosis: body.diagnosis ?? null,
    notes: body.notes ?? null,
  };
}

export function createVisitsService(visits: VisitsRepository) {
  return {
    /** Recorded visits and completed screenings, newest first; one Thai calendar month when asked. */
    async list(userId: string, month?: string): Promise<Visit[]> {
      const [recorded, screenings] = await Promise.all([
        visits.listRecorded(userId, month ? { from: `${month}-01`, to: `${nextMonth(month)}-01` } : undefined),
        visits.listCompletedScreenings(userId, month ? monthInstants(month) : undefined),
      ]);
      const corrected = screenings.filter((s) => s.recordStatus && s.recordStatus !== 'final').map((s) => s.id);
      const earlier = new Map<string, EarlierVersionRow[]>();
      for (const v of await visits.earlierVersions(corrected)) {
        earlier.set(v.appointmentId, [...(earlier.get(v.appointmentId) ?? []), v]);
      }
      return [...recorded.map(fromRecord), ...screenings.map((s) => fromScreening(s, earlier.get(s.id)))].sort(
        newestFirst,
      );
    },

    /** The months that have visits of either kind, newest first. */
    async months(userId: string): Promise<VisitMonth[]> {
      const [recorded, screenings] = await Promise.all([
        visits.recordedMonths(userId),
        visits.listCompletedScreenings(userId),
      ]);
      const counts = new Map(recorded.map((r) => [r.month, r.visits]));
      for (const s of screenings) {
        const month = todayInBangkok(s.startsAt).slice(0, 7);
        counts.set(month, (counts.get(month) ?? 0) + 1);
      }
      return [...counts].map(([month, n]) => ({ month, visits: n })).sort((a, b) => b.month.localeCompare(a.month));
    },

    async add(userId: string, body: VisitBody): Promise<Visit> {
      return fromRecord(await visits.insert(userId, toFields(body)));
    },

    /** Recorded visits only: a screening is changed through its appointment. */
    async replace(userId: string, id: string, body: VisitBody): Promise<Visit> {
      const row = await visits.update(userId, id, toFields(body));
      if (!row) throw notFound();
      return fromRecord(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await visits.remove(userId, id))) throw notFound();
    },
  };
}
export type VisitsService = ReturnType<typeof createVisitsService>;
