import type { FhirIdentifier } from '@klaimor/contracts';
import { type SQL, and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { foreignKeyViolation, uniqueViolation } from '../../../db/results.js';
import { clinics, facilities, screeningSlots, systemSchedules } from '../../../db/schema.js';
import { type Cursor, afterCursor, microsOf } from '../fhir-search.js';
import { type FhirWriter, Refusal, recordSystemAct } from '../fhir-store.js';

/** A session list as the FHIR API shows it: its row with its clinic's letter and name. */
export type ScheduleView = typeof systemSchedules.$inferSelect & {
  clinicLetter: string;
  clinicName: string;
  /** The sort key of the search's pages. */
  cursorMicros: string;
};

/** What a system sends of a session list; the deposit null when it names none (the facility's own is taken). */
export interface ScheduleValues {
  clinicLetter: string;
  doctor: string | null;
  depositAmount: number | null;
  active: boolean;
  planningStart: string | null;
  planningEnd: string | null;
  comment: string | null;
  identifier: FhirIdentifier | null;
}

const view = {
  id: systemSchedules.id,
  facilityId: systemSchedules.facilityId,
  clinicId: systemSchedules.clinicId,
  doctor: systemSchedules.doctor,
  depositAmount: systemSchedules.depositAmount,
  active: systemSchedules.active,
  planningStart: systemSchedules.planningStart,
  planningEnd: systemSchedules.planningEnd,
  comment: systemSchedules.comment,
  identifierSystem: systemSchedules.identifierSystem,
  identifierValue: systemSchedules.identifierValue,
  version: systemSchedules.version,
  createdBy: systemSchedules.createdBy,
  createdAt: systemSchedules.createdAt,
  updatedAt: systemSchedules.updatedAt,
  clinicLetter: clinics.queuePrefix,
  clinicName: clinics.nameTh,
  cursorMicros: microsOf(systemSchedules.createdAt),
};

/** The clinic of the facility with this letter, read in the transaction that names it. */
async function clinicWithLetter(tx: Tx, facilityId: string, letter: string): Promise<string> {
  const [clinic] = await tx
    .select({ id: clinics.id })
    .from(clinics)
    .where(and(eq(clinics.facilityId, facilityId), eq(clinics.queuePrefix, letter)));
  if (!clinic) throw new Refusal('unknown_clinic');
  return clinic.id;
}

/** The columns a system's values set. */
function columnsOf(facilityId: string, clinicId: string, values: ScheduleValues) {
  return {
    clinicId,
    doctor: values.doctor,
    // No deposit named: the facility's own, as its settings say now.
    depositAmount:
      values.depositAmount ??
      sql<number>`(select ${facilities.depositAmount} from ${facilities} where ${facilities.id} = ${facilityId})`,
    active: values.active,
    planningStart: values.planningStart,
    planningEnd: values.planningEnd,
    comment: values.comment,
    identifierSystem: values.identifier?.system ?? null,
    identifierValue: values.identifier?.value ?? null,
  };
}

/** A write's database refusals as the system is told them: a clinic removed meanwhile, an identifier taken. */
function refusalOf(error: unknown): unknown {
  if (uniqueViolation(error) === 'system_schedules_identifier_idx') return new Refusal('identifier_taken');
  if (foreignKeyViolation(error) === 'system_schedules_clinic_fk') return new Refusal('unknown_clinic');
  return error;
}

/**
 * A facility's session lists kept by its systems (FHIR Schedule). Every query names the facility of the system's
 * token, so another facility's list is never read, changed or confirmed to exist. Each change is one transaction with
 * its audit entry; a refusal (`Refusal`) rolls it all back.
 */
export function createScheduleRepository(db: Db) {
  const select = (executor: Db | Tx = db) =>
    executor.select(view).from(systemSchedules).innerJoin(clinics, eq(clinics.id, systemSchedules.clinicId));

  async function one(executor: Db | Tx, facilityId: string, id: string): Promise<ScheduleView | null> {
    const [row] = await select(executor).where(
      and(eq(systemSchedules.facilityId, facilityId), eq(systemSchedules.id, id)),
    );
    return row ?? null;
  }

  /** The list the hospital's identifier names at the facility. */
  async function byIdentifier(executor: Db | Tx, facilityId: string, identifier: FhirIdentifier) {
    const [row] = await select(executor).where(
      and(
        eq(systemSchedules.facilityId, facilityId),
        eq(systemSchedules.identifierSystem, identifier.system),
        eq(systemSchedules.identifierValue, identifier.value),
      ),
    );
    return row ?? null;
  }

  /** The list locked for a change, at the version the system read (when it gave one). */
  async function lockFor(tx: Tx, facilityId: string, id: string, ifMatch: number | null) {
    const [row] = await tx
      .select({ version: systemSchedules.version, active: systemSchedules.active })
      .from(systemSchedules)
      .where(and(eq(systemSchedules.facilityId, facilityId), eq(systemSchedules.id, id)))
      .for('update');
    if (!row) throw new Refusal('not_found');
    if (ifMatch !== null && row.version !== ifMatch) throw new Refusal('version_mismatch');
    return row;
  }

  return {
    one: (facilityId: string, id: string) => one(db, facilityId, id),

    /** A page of the facility's lists meeting every condition, oldest first. */
    search(facilityId: string, conditions: SQL[], cursor: Cursor | null, limit: number): Promise<ScheduleView[]> {
      return select()
        .where(
          and(
            eq(systemSchedules.facilityId, facilityId),
            ...conditions,
            cursor ? afterCursor(systemSchedules.createdAt, systemSchedules.id, cursor) : undefined,
          ),
        )
        .orderBy(asc(systemSchedules.createdAt), asc(systemSchedules.id))
        .limit(limit);
    },

    /**
     * A new list. `conditional`: the system asked for it only if its identifier names none yet, so the list that
     * identifier names is answered instead (created false); two such requests at once make one list, since the unique
     * index on (facility, identifier) lets one insert through and the other finds it.
     */
    async create(
      system: FhirWriter,
      values: ScheduleValues,
      conditional: boolean,
    ): Promise<{ row: ScheduleView; created: boolean }> {
      try {
        return await db.transaction(async (tx) => {
          const clinicId = await clinicWithLetter(tx, system.facilityId, values.clinicLetter);
          const insert = tx.insert(systemSchedules).values({
            facilityId: system.facilityId,
            ...columnsOf(system.facilityId, clinicId, values),
            createdBy: system.systemClientId,
          });
          const [made] = conditional
            ? await insert
                .onConflictDoNothing({
                  target: [
                    systemSchedules.facilityId,
                    systemSchedules.identifierSystem,
                    systemSchedules.identifierValue,
                  ],
                  where: sql`${systemSchedules.identifierValue} is not null`,
                })
                .returning({ id: systemSchedules.id })
            : await insert.returning({ id: systemSchedules.id });
          if (!made) {
            const existing = await byIdentifier(tx, system.facilityId, values.identifier!);
            if (!existing) throw new Refusal('identifier_taken');
            return { row: existing, created: false };
          }
          await recordSystemAct(tx, system, 'fhir_schedule.created', made.id);
          return { row: (await one(tx, system.facilityId, made.id))!, created: true };
        });
      } catch (error) {
        throw refusalOf(error);
      }
    },

    /** The list as the system now sends it, one version on. */
    async update(
      system: FhirWriter,
      id: string,
      values: ScheduleValues,
      ifMatch: number | null,
    ): Promise<ScheduleView> {
      try {
        return await db.transaction(async (tx) => {
          const before = await lockFor(tx, system.facilityId, id, ifMatch);
          const clinicId = await clinicWithLetter(tx, system.facilityId, values.clinicLetter);
          const [after] = await tx
            .update(systemSchedules)
            .set({
              ...columnsOf(system.facilityId, clinicId, values),
              version: sql`${systemSchedules.version} + 1`,
              updatedAt: sql`now()`,
            })
            .where(eq(systemSchedules.id, id))
            .returning();
          // Its slots yet to come take the list's clinic, doctor and deposit, as a template's do; a patient booked
          // already keeps the deposit their appointment took.
          await tx
            .update(screeningSlots)
            .set({ clinicId: after!.clinicId, doctor: after!.doctor ?? '', depositAmount: after!.depositAmount })
            .where(and(eq(screeningSlots.systemScheduleId, id), sql`${screeningSlots.startsAt} > now()`));
          if (before.active && !after!.active) {
            // No longer offered: its slots yet to come are withdrawn; the patients in them keep their places.
            await tx
              .update(screeningSlots)
              .set({ withdrawnAt: sql`now()`, version: sql`${screeningSlots.version} + 1`, updatedAt: sql`now()` })
              .where(
                and(
                  eq(screeningSlots.systemScheduleId, id),
                  isNull(screeningSlots.withdrawnAt),
                  sql`${screeningSlots.startsAt} > now()`,
                ),
              );
          }
          await recordSystemAct(tx, system, 'fhir_schedule.changed', id);
          return (await one(tx, system.facilityId, id))!;
        });
      } catch (error) {
        throw refusalOf(error);
      }
    },

    /**
     * Removes the list with its slots, unless an appointment names any of them (even one long over): then nothing goes
     * (set it inactive instead). The appointments' key on the slot decides, so a booking racing the removal either
     * lands first and keeps it all, or finds its slot gone.
     */
    async remove(system: FhirWriter, id: string, ifMatch: number | null): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          await lockFor(tx, system.facilityId, id, ifMatch);
          await tx.delete(screeningSlots).where(eq(screeningSlots.systemScheduleId, id));
          await tx.delete(systemSchedules).where(eq(systemSchedules.id, id));
          await recordSystemAct(tx, system, 'fhir_schedule.removed', id);
        });
      } catch (error) {
        if (foreignKeyViolation(error) !== null) throw new Refusal('schedule_has_bookings');
        throw error;
      }
    },
  };
}
export type ScheduleRepository = ReturnType<typeof createScheduleRepository>;
