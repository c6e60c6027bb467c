import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  appointments,
  auditEvents,
  facilities,
  otpCodes,
  patientConsents,
  phoneVerifications,
  screeningSlots,
  staffMembers,
  systemClients,
  users,
  visitRecordVersions,
  visitRecords,
} from '../../db/schema.js';
import { STATUSES_HOLDING_A_PLACE } from '../../shared/appointment-lifecycle/appointment-lifecycle.js';

/** The patients who acted as caregivers in a dependent's audit trail. */
const caregivers = alias(users, 'caregivers');

/** An appointment carries a money trail when a deposit was paid or a provider charge was created for it. */
const moneyTrail = or(isNotNull(appointments.depositPaidAt), isNotNull(appointments.paymentRef));

export function createMyDataRepository(db: Db) {
  return {
    /** The audit trail's entries about one patient, newest first (the last 200). */
    async accessLog(userId: string) {
      return db
        .select({
          at: auditEvents.at,
          action: auditEvents.action,
          role: auditEvents.role,
          target: auditEvents.target,
          reason: sql<string | null>`${auditEvents.details} ->> 'reason'`,
          staffName: staffMembers.displayName,
          systemName: systemClients.name,
          hospital: { id: facilities.stableId, nameTh: facilities.nameTh, nameEn: facilities.nameEn },
          caregiverName: sql<
            string | null
          >`case when ${caregivers.id} is null then null else ${caregivers.firstname} || ' ' || ${caregivers.lastname} end`,
        })
        .from(auditEvents)
        .leftJoin(staffMembers, eq(staffMembers.id, auditEvents.staffMemberId))
        .leftJoin(systemClients, eq(systemClients.id, auditEvents.systemClientId))
        .leftJoin(facilities, eq(facilities.id, auditEvents.facilityId))
        .leftJoin(caregivers, eq(caregivers.id, auditEvents.caregiverUserId))
        .where(
          and(
            eq(auditEvents.patientUserId, userId),
            or(
              and(or(isNotNull(staffMembers.id), isNotNull(systemClients.id)), isNotNull(facilities.id)),
              isNotNull(caregivers.id),
            ),
          ),
        )
        .orderBy(desc(auditEvents.at))
        .limit(200);
    },

    /** Every consent the patient gave to the terms and privacy notice, oldest first. */
    async consents(userId: string) {
      return db
        .select({ version: patientConsents.version, givenAt: patientConsents.givenAt })
        .from(patientConsents)
        .where(eq(patientConsents.userId, userId))
        .orderBy(asc(patientConsents.givenAt));
    },

    /**
     * Erases a patient in one transaction. Appointments with a money trail stay as anonymous payment records
     * (what the patient wrote is blanked; the account link goes with the account, by the foreign key's
     * `set null`), so deposits can still be reconciled and refunds owed still paid. Everything else of the
     * patient goes: the account, its sessions and every health record (by cascade), other appointments and
     * their history, and the one-time codes and phone verifications of the number.
     */
    async erase(userId: string, phone: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        // What a clinician recorded is health data of the patient: it goes, even where the payment record stays, with
        // the versions corrections replaced.
        await tx
          .delete(visitRecordVersions)
          .where(
            inArray(
              visitRecordVersions.appointmentId,
              tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.userId, userId)),
            ),
          );
        await tx
          .delete(visitRecords)
          .where(
            inArray(
              visitRecords.appointmentId,
              tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.userId, userId)),
            ),
          );
        await tx
          .update(appointments)
          .set({ symptoms: '', duration: '' })
          .where(and(eq(appointments.userId, userId), moneyTrail));
        const erased = await tx
          .delete(appointments)
          .where(
            and(eq(appointments.userId, userId), isNull(appointments.depositPaidAt), isNull(appointments.paymentRef)),
          )
          .returning({ slotId: appointments.slotId, status: appointments.status });
        // A hold still counted in its slot (one past its time that housekeeping has not swept yet) gives its place back.
        for (const { slotId } of erased.filter((a) =>
          (STATUSES_HOLDING_A_PLACE as readonly string[]).includes(a.status),
        )) {
          await tx
            .update(screeningSlots)
            .set({ taken: sql`${screeningSlots.taken} - 1` })
            .where(eq(screeningSlots.id, slotId));
        }
        if (phone !== null) {
          await tx.delete(otpCodes).where(eq(otpCodes.phone, phone));
          await tx.delete(phoneVerifications).where(eq(phoneVerifications.phone, phone));
        }
        await tx.delete(users).where(eq(users.id, userId));
      });
    },
  };
}
export type MyDataRepository = ReturnType<typeof createMyDataRepository>;
