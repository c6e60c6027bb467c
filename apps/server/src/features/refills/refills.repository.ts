import type { AuditAction, RefillBox, ShipTo } from '@klaimor/contracts';
import { aliasedTable, and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { uniqueViolation } from '../../db/results.js';
import {
  appointments,
  auditEvents,
  facilities,
  medications,
  pharmacyQueueCounters,
  refillRequests,
  staffMembers,
  users,
} from '../../db/schema.js';

export type MedicationRow = typeof medications.$inferSelect;
export type RefillRequestRow = typeof refillRequests.$inferSelect;

const pharmacy = aliasedTable(facilities, 'pharmacy');
const decider = aliasedTable(staffMembers, 'decider');

/** A request with the names it is shown with: the medicine, the hospital, the nearby pharmacy. */
const listed = {
  ...getTableColumns(refillRequests),
  medicine: {
    id: medications.id,
    name: medications.name,
    strength: medications.strength,
    form: medications.form,
  },
  facility: { id: facilities.stableId, nameTh: facilities.nameTh, nameEn: facilities.nameEn },
  pharmacy: {
    id: pharmacy.stableId,
    nameTh: pharmacy.nameTh,
    nameEn: pharmacy.nameEn,
    address: pharmacy.address,
  },
};
export type ListedRefillRow = RefillRequestRow & {
  medicine: { id: string; name: string; strength: string | null; form: string };
  facility: { id: string; nameTh: string; nameEn: string };
  /** Null unless a nearby pharmacy was chosen (drizzle gives a left join's all-null object as null). */
  pharmacy: { id: string; nameTh: string; nameEn: string; address: string | null } | null;
};
export type StaffRefillRow = ListedRefillRow & {
  medication: MedicationRow;
  firstname: string;
  lastname: string;
  birthday: string;
  decidedByName: string | null;
};

/** Who acts at the hospital, as the audit names them. */
export interface RefillActor {
  memberId: string;
  role: string;
  facilityId: string;
}

/** A step the hospital took: the audit entry and, in words fit for SMS or LINE (no medicine named), the notice. */
export interface RefillStep {
  action: AuditAction;
  notice: { title: string; body: string };
}

/** The names a notice speaks of: the hospital's, and the nearby pharmacy's (Thai, as the notices are written). */
export interface PlaceNames {
  facility: string;
  pharmacy: string | null;
}
/** A step's audit action and notice, from the request as it now stands. */
export type Describe = (row: RefillRequestRow, names: PlaceNames) => RefillStep;

async function placeNames(tx: Tx, row: RefillRequestRow): Promise<PlaceNames> {
  const ids = [row.facilityId, row.pharmacyId].filter((v): v is string => !!v);
  const names = await tx
    .select({ id: facilities.id, nameTh: facilities.nameTh })
    .from(facilities)
    .where(inArray(facilities.id, ids));
  const name = (id: string | null) => names.find((n) => n.id === id)?.nameTh ?? null;
  return { facility: name(row.facilityId) ?? '', pharmacy: name(row.pharmacyId) };
}

/** Why a step changed nothing: no such request at this facility, or it is no longer at the step asked of it. */
export type StepRefusal = 'not_found' | 'moved_on';

const BOXES: Record<RefillBox, string[]> = {
  to_decide: ['requested'],
  to_dispense: ['approved'],
  done: ['declined', 'cancelled', 'ready', 'sent'],
};

/**
 * The audit entry and the patient's notice of a step, in the step's transaction: stored with the change or not at
 * all. The notice waits out the patient's quiet hours, once per request and step (its dedupe key).
 */
async function auditAndTell(tx: Tx, by: RefillActor, row: RefillRequestRow, step: RefillStep) {
  await tx.insert(auditEvents).values({
    staffMemberId: by.memberId,
    role: by.role,
    facilityId: by.facilityId,
    action: step.action,
    target: row.id,
    patientUserId: row.userId,
  });
  await tx.execute(sql`
    insert into notifications (user_id, kind, dedupe_key, due_at, title, body)
    select ${row.userId}, 'refill', ${`refill:${row.id}:${row.status}`},
      after_quiet_hours(now(), s.quiet_from, s.quiet_until), ${step.notice.title}, ${step.notice.body}
    from (select 1) as one left join notification_settings s on s.user_id = ${row.userId}
    on conflict (dedupe_key) do nothing`);
}

/** Thrown inside a step's transaction to roll it back (a queue number taken for nothing is given back). */
class StepRefused extends Error {
  constructor(readonly refusal: StepRefusal) {
    super(refusal);
  }
}

export function createRefillsRepository(db: Db) {
  const listQuery = () =>
    db
      .select(listed)
      .from(refillRequests)
      .innerJoin(medications, eq(medications.id, refillRequests.medicationId))
      .innerJoin(facilities, eq(facilities.id, refillRequests.facilityId))
      .leftJoin(pharmacy, eq(pharmacy.id, refillRequests.pharmacyId));

  const staffQuery = (where: ReturnType<typeof and>) =>
    db
      .select({
        ...listed,
        medication: getTableColumns(medications),
        firstname: users.firstname,
        lastname: users.lastname,
        birthday: users.birthday,
        decidedByName: decider.displayName,
      })
      .from(refillRequests)
      .innerJoin(medications, eq(medications.id, refillRequests.medicationId))
      .innerJoin(facilities, eq(facilities.id, refillRequests.facilityId))
      .innerJoin(users, eq(users.id, refillRequests.userId))
      .leftJoin(pharmacy, eq(pharmacy.id, refillRequests.pharmacyId))
      .leftJoin(decider, eq(decider.id, refillRequests.decidedBy))
      .where(where);

  /**
   * Runs one step in a transaction: `change` moves the request on and returns it, or null when it was not at the step
   * (then nothing is kept). The notice's words come from `describe`, given the names of the places it speaks of.
   */
  async function step(
    by: RefillActor,
    id: string,
    change: (tx: Tx) => Promise<RefillRequestRow | null>,
    describe: Describe,
  ): Promise<{ done: true; userId: string } | { done: false; refusal: StepRefusal }> {
    try {
      return await db.transaction(async (tx) => {
        const row = await change(tx);
        if (!row) {
          const [exists] = await tx
            .select({ id: refillRequests.id })
            .from(refillRequests)
            .where(and(eq(refillRequests.id, id), eq(refillRequests.facilityId, by.facilityId)));
          throw new StepRefused(exists ? 'moved_on' : 'not_found');
        }
        await auditAndTell(tx, by, row, describe(row, await placeNames(tx, row)));
        return { done: true as const, userId: row.userId };
      });
    } catch (error) {
      if (error instanceof StepRefused) return { done: false, refusal: error.refusal };
      throw error;
    }
  }

  return {
    /**
     * One of the patient's medicines with the facility that prescribed it (its internal id) and whether a request
     * already waits; null when it is not theirs.
     */
    async medicine(userId: string, medicationId: string) {
      const [row] = await db
        .select({
          medication: getTableColumns(medications),
          facilityId: appointments.facilityId,
          refillWaiting: sql<boolean>`exists (select 1 from refill_requests r where r.medication_id = ${medications.id} and r.status = 'requested')`,
        })
        .from(medications)
        .leftJoin(appointments, eq(appointments.id, medications.prescribedIn))
        .where(and(eq(medications.id, medicationId), eq(medications.userId, userId)));
      return row ?? null;
    },

    /** A pharmacy of the "รับยาใกล้บ้าน" scheme shown in the directory, by its stable id; null otherwise. */
    async nearHomePharmacy(stableId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: facilities.id })
        .from(facilities)
        .where(
          and(
            eq(facilities.stableId, stableId),
            eq(facilities.kind, 'pharmacy'),
            eq(facilities.nearHomePharmacy, true),
            sql`${facilities.hiddenAt} is null`,
          ),
        );
      return row?.id ?? null;
    },

    /** Every pharmacy of the scheme shown in the directory (a few hundred at most: ordered by the caller). */
    nearHomePharmacies: () =>
      db
        .select({
          id: facilities.stableId,
          nameTh: facilities.nameTh,
          nameEn: facilities.nameEn,
          address: facilities.address,
          district: facilities.district,
          province: facilities.province,
          openingHours: facilities.openingHours,
          lat: facilities.lat,
          lng: facilities.lng,
        })
        .from(facilities)
        .where(
          and(
            eq(facilities.kind, 'pharmacy'),
            eq(facilities.nearHomePharmacy, true),
            sql`${facilities.hiddenAt} is null`,
          ),
        )
        .orderBy(facilities.nameTh),

    /** Where a parcel to the patient goes: their name, number and address as registered now. */
    async shipTo(userId: string): Promise<ShipTo | null> {
      const [row] = await db
        .select({
          firstname: users.firstname,
          lastname: users.lastname,
          phone: users.phone,
          address: users.address,
          subdistrict: users.subdistrict,
          district: users.district,
          province: users.province,
          postcode: users.postcode,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) return null;
      const { firstname, lastname, phone, ...place } = row;
      return { name: `${firstname} ${lastname}`, phone: phone ?? '', ...place };
    },

    /** Stores a request; 'waiting' when one for the medicine already waits (the partial unique index says so). */
    async create(values: typeof refillRequests.$inferInsert): Promise<string | 'waiting'> {
      try {
        const [row] = await db.insert(refillRequests).values(values).returning({ id: refillRequests.id });
        return row.id;
      } catch (error) {
        if (uniqueViolation(error) === 'refill_requests_one_open_idx') return 'waiting';
        throw error;
      }
    },

    /** The patient's requests, newest first. */
    forPatient: (userId: string): Promise<ListedRefillRow[]> =>
      listQuery()
        .where(eq(refillRequests.userId, userId))
        .orderBy(desc(refillRequests.requestedAt))
        .limit(50) as Promise<ListedRefillRow[]>,

    async oneOfPatient(userId: string, id: string): Promise<ListedRefillRow | null> {
      const [row] = (await listQuery().where(
        and(eq(refillRequests.id, id), eq(refillRequests.userId, userId)),
      )) as ListedRefillRow[];
      return row ?? null;
    },

    /** Withdraws a request still waiting; false when there is none such of the patient's. */
    async cancel(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(refillRequests)
        .set({ status: 'cancelled' })
        .where(
          and(eq(refillRequests.id, id), eq(refillRequests.userId, userId), eq(refillRequests.status, 'requested')),
        )
        .returning({ id: refillRequests.id });
      return rows.length === 1;
    },

    /** A box of the facility's requests: the oldest waiting first, the done ones latest first. */
    forFacility: (facilityId: string, box: RefillBox): Promise<StaffRefillRow[]> =>
      staffQuery(and(eq(refillRequests.facilityId, facilityId), inArray(refillRequests.status, BOXES[box])))
        .orderBy(box === 'done' ? desc(refillRequests.requestedAt) : refillRequests.requestedAt)
        .limit(200) as Promise<StaffRefillRow[]>,

    /** How many of the facility's requests wait for a decision, and for the pharmacy. */
    async counts(facilityId: string): Promise<{ toDecide: number; toDispense: number }> {
      const [row] = await db
        .select({
          toDecide: sql<number>`count(*) filter (where ${refillRequests.status} = 'requested')::int`,
          toDispense: sql<number>`count(*) filter (where ${refillRequests.status} = 'approved')::int`,
        })
        .from(refillRequests)
        .where(
          and(eq(refillRequests.facilityId, facilityId), inArray(refillRequests.status, ['requested', 'approved'])),
        );
      return row ?? { toDecide: 0, toDispense: 0 };
    },

    async oneOfFacility(facilityId: string, id: string): Promise<StaffRefillRow | null> {
      const [row] = (await staffQuery(
        and(eq(refillRequests.facilityId, facilityId), eq(refillRequests.id, id)),
      )) as StaffRefillRow[];
      return row ?? null;
    },

    /**
     * Approves a waiting request and extends its medicine by `days` from the end of its supply (or from today when it
     * lapsed), adding what they take to a counted stock: one transaction, guarded by the request's status, so of two
     * clinicians approving at once one extends the medicine and the other is told it was decided.
     */
    approve(
      by: RefillActor,
      id: string,
      days: number,
      today: string,
      unitsOf: (med: MedicationRow) => number,
      describe: Describe,
    ) {
      return step(
        by,
        id,
        async (tx) => {
          const [row] = await tx
            .update(refillRequests)
            .set({
              status: 'approved',
              decidedAt: sql`now()`,
              decidedBy: by.memberId,
              approvedDays: days,
              suppliedUntil: sql`(select greatest(m.end_date, ${today}::date - 1) + ${days}::int
                from medications m where m.id = ${refillRequests.medicationId})`,
            })
            .where(
              and(
                eq(refillRequests.id, id),
                eq(refillRequests.facilityId, by.facilityId),
                eq(refillRequests.status, 'requested'),
              ),
            )
            .returning();
          if (!row) return null;
          const [med] = await tx.select().from(medications).where(eq(medications.id, row.medicationId)).for('update');
          // A prescription corrected or stopped since the request is not renewed as it stood.
          if (!med || med.recordStatus !== 'final' || med.stoppedAt) throw new StepRefused('moved_on');
          await tx
            .update(medications)
            .set({
              endDate: row.suppliedUntil,
              stock: med.stock === null ? null : med.stock + unitsOf(med),
              updatedAt: sql`now()`,
            })
            .where(eq(medications.id, med.id));
          return row;
        },
        describe,
      );
    },

    decline(by: RefillActor, id: string, reason: string, describe: Describe) {
      return step(
        by,
        id,
        async (tx) => {
          const [row] = await tx
            .update(refillRequests)
            .set({ status: 'declined', decidedAt: sql`now()`, decidedBy: by.memberId, declineReason: reason })
            .where(
              and(
                eq(refillRequests.id, id),
                eq(refillRequests.facilityId, by.facilityId),
                eq(refillRequests.status, 'requested'),
              ),
            )
            .returning();
          return row ?? null;
        },
        describe,
      );
    },

    /**
     * An approved refill to pick up is ready: at the hospital's pharmacy with the day's next queue number (the counter
     * row hands them out one at a time; a refused step gives its number back by rolling back), at the nearby pharmacy
     * without one.
     */
    ready(by: RefillActor, id: string, today: string, describe: Describe) {
      return step(
        by,
        id,
        async (tx) => {
          const [current] = await tx
            .select({ delivery: refillRequests.delivery })
            .from(refillRequests)
            .where(
              and(
                eq(refillRequests.id, id),
                eq(refillRequests.facilityId, by.facilityId),
                eq(refillRequests.status, 'approved'),
                sql`${refillRequests.delivery} <> 'post'`,
              ),
            )
            .for('update');
          if (!current) return null;
          const queue =
            current.delivery === 'hospital_pharmacy'
              ? { pickupQueueNumber: await nextPickupNumber(tx, by.facilityId, today), pickupDate: today }
              : {};
          const [row] = await tx
            .update(refillRequests)
            .set({ status: 'ready', readyAt: sql`now()`, handedOverBy: by.memberId, ...queue })
            .where(and(eq(refillRequests.id, id), eq(refillRequests.status, 'approved')))
            .returning();
          return row ?? null;
        },
        describe,
      );
    },

    sent(
      by: RefillActor,
      id: string,
      parcel: { carrier: string; carrierName: string | null; trackingNumber: string },
      describe: Describe,
    ) {
      return step(
        by,
        id,
        async (tx) => {
          const [row] = await tx
            .update(refillRequests)
            .set({ status: 'sent', sentAt: sql`now()`, handedOverBy: by.memberId, ...parcel })
            .where(
              and(
                eq(refillRequests.id, id),
                eq(refillRequests.facilityId, by.facilityId),
                eq(refillRequests.status, 'approved'),
                eq(refillRequests.delivery, 'post'),
              ),
            )
            .returning();
          return row ?? null;
        },
        describe,
      );
    },
  };
}
export type RefillsRepository = ReturnType<typeof createRefillsRepository>;

/** The hospital pharmacy's next pickup number of a day. */
async function nextPickupNumber(tx: Tx, facilityId: string, day: string): Promise<number> {
  const [row] = await tx
    .insert(pharmacyQueueCounters)
    .values({ facilityId, onDate: day, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [pharmacyQueueCounters.facilityId, pharmacyQueueCounters.onDate],
      set: { lastNumber: sql`${pharmacyQueueCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: pharmacyQueueCounters.lastNumber });
  return row.lastNumber;
}
