import type { InboxBox, MessageAuthor, ThreadStatus } from '@klaimor/contracts';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import {
  appointments,
  facilities,
  messagePhotos,
  messageThreads,
  messages,
  staffMembers,
  staffRoles,
  users,
} from '../../db/schema.js';
import type { KeptPhoto } from './photos.js';

/** The appointments that make a facility one the patient has been seen at or booked with. */
const SEEN_OR_BOOKED = ['booked', 'checked_in', 'in_consultation', 'completed'];
/** The roles that answer messages (STAFF_ACCESS.messages). */
const ANSWERING_ROLES = ['front_desk', 'clinician'];

const facilityColumns = {
  id: facilities.stableId,
  nameTh: facilities.nameTh,
  nameEn: facilities.nameEn,
  replyWithinHours: facilities.messageReplyHours,
};

const threadColumns = {
  id: messageThreads.id,
  userId: messageThreads.userId,
  facilityId: messageThreads.facilityId,
  subject: messageThreads.subject,
  status: messageThreads.status,
  lastFrom: messageThreads.lastFrom,
  lastMessageAt: messageThreads.lastMessageAt,
  patientReadAt: messageThreads.patientReadAt,
  redFlag: messageThreads.redFlag,
  assignedMemberId: messageThreads.assignedMemberId,
};

export interface NewMessage {
  text: string;
  redFlags: string[];
  photos: KeptPhoto[];
}

export interface MessageRow {
  id: string;
  threadId: string;
  from: string;
  authorUserId: string | null;
  text: string;
  redFlags: string[];
  createdAt: Date;
  authorName: string | null;
  photos: { id: string; width: number; height: number }[];
}

const author = alias(users, 'author');

async function insertMessage(
  tx: Tx,
  threadId: string,
  from: MessageAuthor,
  by: { authorUserId?: string; authorMemberId?: string },
  message: NewMessage,
): Promise<string> {
  const [row] = await tx
    .insert(messages)
    .values({ threadId, from, ...by, text: message.text, redFlags: message.redFlags })
    .returning({ id: messages.id });
  if (message.photos.length > 0)
    await tx.insert(messagePhotos).values(message.photos.map((photo) => ({ messageId: row.id, ...photo })));
  return row.id;
}

export function createMessagesRepository(db: Db) {
  /** A thread's messages, oldest first, each with its writer's name and its photos (never their bytes). */
  async function messagesOf(threadId: string): Promise<MessageRow[]> {
    const rows = await db
      .select({
        id: messages.id,
        threadId: messages.threadId,
        from: messages.from,
        authorUserId: messages.authorUserId,
        text: messages.text,
        redFlags: messages.redFlags,
        createdAt: messages.createdAt,
        staffName: staffMembers.displayName,
        patientFirst: author.firstname,
        patientLast: author.lastname,
      })
      .from(messages)
      .leftJoin(staffMembers, eq(staffMembers.id, messages.authorMemberId))
      .leftJoin(author, eq(author.id, messages.authorUserId))
      .where(eq(messages.threadId, threadId))
      .orderBy(asc(messages.createdAt), asc(messages.id));
    const photos = rows.length
      ? await db
          .select({
            id: messagePhotos.id,
            messageId: messagePhotos.messageId,
            width: messagePhotos.width,
            height: messagePhotos.height,
          })
          .from(messagePhotos)
          .where(
            inArray(
              messagePhotos.messageId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(messagePhotos.id))
      : [];
    return rows.map(({ staffName, patientFirst, patientLast, ...row }) => ({
      ...row,
      authorName: staffName ?? (patientFirst ? `${patientFirst} ${patientLast ?? ''}`.trim() : null),
      photos: photos.filter((p) => p.messageId === row.id).map(({ id, width, height }) => ({ id, width, height })),
    }));
  }

  return {
    messagesOf,

    /** The facilities the patient has been seen at or booked with, by name. */
    facilitiesToWrite: (userId: string) =>
      db
        .selectDistinct(facilityColumns)
        .from(appointments)
        .innerJoin(facilities, eq(facilities.id, appointments.facilityId))
        .where(and(eq(appointments.userId, userId), inArray(appointments.status, SEEN_OR_BOOKED)))
        .orderBy(facilities.nameTh),

    /** The facility's internal id, when the patient has been seen at or booked with it. */
    async facilityToWrite(userId: string, facilityStableId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: facilities.id })
        .from(appointments)
        .innerJoin(facilities, eq(facilities.id, appointments.facilityId))
        .where(
          and(
            eq(appointments.userId, userId),
            eq(facilities.stableId, facilityStableId),
            inArray(appointments.status, SEEN_OR_BOOKED),
          ),
        )
        .limit(1);
      return row?.id ?? null;
    },

    /** The patient's threads, the latest message first. */
    threads: (userId: string) =>
      db
        .select({ ...threadColumns, facility: facilityColumns })
        .from(messageThreads)
        .innerJoin(facilities, eq(facilities.id, messageThreads.facilityId))
        .where(eq(messageThreads.userId, userId))
        .orderBy(desc(messageThreads.lastMessageAt)),

    /** One of the patient's threads (null for anyone else's), marked read by them. */
    async openedByPatient(userId: string, threadId: string) {
      const [row] = await db
        .update(messageThreads)
        .set({ patientReadAt: sql`now()` })
        .where(and(eq(messageThreads.id, threadId), eq(messageThreads.userId, userId)))
        .returning({ id: messageThreads.id });
      if (!row) return null;
      return (await this.threadOf(threadId))!;
    },

    async threadOf(threadId: string) {
      const [row] = await db
        .select({ ...threadColumns, facility: facilityColumns })
        .from(messageThreads)
        .innerJoin(facilities, eq(facilities.id, messageThreads.facilityId))
        .where(eq(messageThreads.id, threadId));
      return row ?? null;
    },

    /** A new thread with its first message and photos, in one transaction. The thread's id. */
    async startThread(
      patient: { userId: string; authorUserId: string },
      facilityId: string,
      subject: string,
      message: NewMessage,
    ): Promise<string> {
      return db.transaction(async (tx) => {
        const [thread] = await tx
          .insert(messageThreads)
          .values({
            userId: patient.userId,
            facilityId,
            subject,
            lastFrom: 'patient',
            patientReadAt: sql`now()`,
            redFlag: message.redFlags.length > 0,
          })
          .returning({ id: messageThreads.id });
        await insertMessage(tx, thread.id, 'patient', { authorUserId: patient.authorUserId }, message);
        return thread.id;
      });
    },

    /**
     * The patient's message in one of their threads (false when it is not theirs): a thread marked done opens again,
     * and it waits for the facility.
     */
    async addPatientMessage(
      patient: { userId: string; authorUserId: string },
      threadId: string,
      message: NewMessage,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [thread] = await tx
          .update(messageThreads)
          .set({
            lastFrom: 'patient',
            lastMessageAt: sql`now()`,
            patientReadAt: sql`now()`,
            status: 'open',
            redFlag: sql`${messageThreads.redFlag} or ${message.redFlags.length > 0}`,
          })
          .where(and(eq(messageThreads.id, threadId), eq(messageThreads.userId, patient.userId)))
          .returning({ id: messageThreads.id });
        if (!thread) return false;
        await insertMessage(tx, threadId, 'patient', { authorUserId: patient.authorUserId }, message);
        return true;
      });
    },

    /** The JPEGs of a thread's photos, by id, for the patient's FHIR export. */
    async photosOfThread(threadId: string): Promise<Map<string, Buffer>> {
      const rows = await db
        .select({ id: messagePhotos.id, jpeg: messagePhotos.jpeg })
        .from(messagePhotos)
        .innerJoin(messages, eq(messages.id, messagePhotos.messageId))
        .where(eq(messages.threadId, threadId));
      return new Map(rows.map((r) => [r.id, r.jpeg]));
    },

    /** A photo's bytes, when its message is in one of the patient's threads. */
    async patientPhoto(userId: string, photoId: string): Promise<Buffer | null> {
      const [row] = await db
        .select({ jpeg: messagePhotos.jpeg })
        .from(messagePhotos)
        .innerJoin(messages, eq(messages.id, messagePhotos.messageId))
        .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
        .where(and(eq(messagePhotos.id, photoId), eq(messageThreads.userId, userId)));
      return row?.jpeg ?? null;
    },

    /* -------------------------------------------------------------- the facility's side */

    /**
     * The facility's threads in one box. Open ones: a red flag first, then those waiting for a reply, the longest
     * waiting first, then the rest, the latest first. Done ones: the latest first.
     */
    inbox: (facilityId: string, memberId: string, box: InboxBox, status: ThreadStatus) =>
      db
        .select({
          ...threadColumns,
          firstname: users.firstname,
          lastname: users.lastname,
          birthday: users.birthday,
          assigneeName: staffMembers.displayName,
        })
        .from(messageThreads)
        .innerJoin(users, eq(users.id, messageThreads.userId))
        .leftJoin(staffMembers, eq(staffMembers.id, messageThreads.assignedMemberId))
        .where(
          and(
            eq(messageThreads.facilityId, facilityId),
            eq(messageThreads.status, status),
            box === 'unassigned' ? isNull(messageThreads.assignedMemberId) : undefined,
            box === 'mine' ? eq(messageThreads.assignedMemberId, memberId) : undefined,
          ),
        )
        .orderBy(
          ...(status === 'open'
            ? [
                desc(sql`${messageThreads.redFlag} and ${messageThreads.lastFrom} = 'patient'`),
                desc(sql`${messageThreads.lastFrom} = 'patient'`),
                sql`case when ${messageThreads.lastFrom} = 'patient' then ${messageThreads.lastMessageAt} end asc`,
              ]
            : []),
          // Done ones, the latest first: read backwards along the inbox index, however many years a facility keeps.
          desc(messageThreads.lastMessageAt),
        )
        .limit(200),

    /** Open threads waiting for the facility: not yet taken by anyone, and taken by this member. */
    async counts(facilityId: string, memberId: string): Promise<{ unassigned: number; mine: number }> {
      const [row] = await db
        .select({
          unassigned: sql<number>`count(*) filter (where ${messageThreads.assignedMemberId} is null)::int`,
          mine: sql<number>`count(*) filter (where ${messageThreads.assignedMemberId} = ${memberId})::int`,
        })
        .from(messageThreads)
        .where(
          and(
            eq(messageThreads.facilityId, facilityId),
            eq(messageThreads.status, 'open'),
            eq(messageThreads.lastFrom, 'patient'),
          ),
        );
      return row;
    },

    /** A thread of the facility's, with its patient and assignee; null for another facility's. */
    async staffThread(facilityId: string, threadId: string) {
      const [row] = await db
        .select({
          ...threadColumns,
          firstname: users.firstname,
          lastname: users.lastname,
          birthday: users.birthday,
          assigneeName: staffMembers.displayName,
        })
        .from(messageThreads)
        .innerJoin(users, eq(users.id, messageThreads.userId))
        .leftJoin(staffMembers, eq(staffMembers.id, messageThreads.assignedMemberId))
        .where(and(eq(messageThreads.id, threadId), eq(messageThreads.facilityId, facilityId)));
      return row ?? null;
    },

    /**
     * A staff member's reply, in one transaction with what goes with it: the thread waits for the patient, is taken by
     * the member when no one had it, and the patient is told (after their quiet hours). The patient, or null for another
     * facility's thread.
     */
    async addStaffReply(facilityId: string, threadId: string, memberId: string, text: string): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [thread] = await tx
          .update(messageThreads)
          .set({
            lastFrom: 'staff',
            lastMessageAt: sql`now()`,
            assignedMemberId: sql`coalesce(${messageThreads.assignedMemberId}, ${memberId}::uuid)`,
          })
          .where(and(eq(messageThreads.id, threadId), eq(messageThreads.facilityId, facilityId)))
          .returning({ userId: messageThreads.userId });
        if (!thread) return null;
        const messageId = await insertMessage(
          tx,
          threadId,
          'staff',
          { authorMemberId: memberId },
          { text, redFlags: [], photos: [] },
        );
        // The words stay in the app: the notice may go by SMS or LINE, so it carries none of them.
        await tx.execute(sql`
          insert into notifications (user_id, kind, dedupe_key, due_at, title, body)
          select ${thread.userId}, 'message_reply', ${`message_reply:${messageId}`},
            after_quiet_hours(now(), s.quiet_from, s.quiet_until),
            f.name_th || 'ตอบข้อความของคุณแล้ว', 'เปิดแอปใกล้หมอเพื่ออ่านข้อความจากทีมดูแล'
          from facilities f left join notification_settings s on s.user_id = ${thread.userId}
          where f.id = ${facilityId}
          on conflict (dedupe_key) do nothing`);
        return thread.userId;
      });
    },

    /** Gives the thread to a member (or none); the patient it is about, or null for another facility's thread. */
    async assign(facilityId: string, threadId: string, memberId: string | null): Promise<string | null> {
      const [row] = await db
        .update(messageThreads)
        .set({ assignedMemberId: memberId })
        .where(and(eq(messageThreads.id, threadId), eq(messageThreads.facilityId, facilityId)))
        .returning({ userId: messageThreads.userId });
      return row?.userId ?? null;
    },

    async setStatus(facilityId: string, threadId: string, status: ThreadStatus): Promise<string | null> {
      const [row] = await db
        .update(messageThreads)
        .set({ status })
        .where(and(eq(messageThreads.id, threadId), eq(messageThreads.facilityId, facilityId)))
        .returning({ userId: messageThreads.userId });
      return row?.userId ?? null;
    },

    /** The members who answer messages at the facility, by name: those a thread may be given to. */
    answering: (facilityId: string) =>
      db
        .selectDistinct({ id: staffMembers.id, name: staffMembers.displayName })
        .from(staffRoles)
        .innerJoin(staffMembers, eq(staffMembers.id, staffRoles.memberId))
        .where(and(eq(staffRoles.facilityId, facilityId), inArray(staffRoles.role, ANSWERING_ROLES)))
        .orderBy(staffMembers.displayName),

    /** Whether the member answers messages at the facility (front desk or clinician there). */
    async answersAt(facilityId: string, memberId: string): Promise<boolean> {
      const [row] = await db
        .select({ memberId: staffRoles.memberId })
        .from(staffRoles)
        .where(
          and(
            eq(staffRoles.facilityId, facilityId),
            eq(staffRoles.memberId, memberId),
            inArray(staffRoles.role, ANSWERING_ROLES),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** A photo's bytes, when its thread is the facility's; with the patient it shows. */
    async staffPhoto(facilityId: string, photoId: string): Promise<{ jpeg: Buffer; userId: string } | null> {
      const [row] = await db
        .select({ jpeg: messagePhotos.jpeg, userId: messageThreads.userId })
        .from(messagePhotos)
        .innerJoin(messages, eq(messages.id, messagePhotos.messageId))
        .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
        .where(and(eq(messagePhotos.id, photoId), eq(messageThreads.facilityId, facilityId)));
      return row ?? null;
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
export type ThreadRow = NonNullable<Awaited<ReturnType<MessagesRepository['threadOf']>>>;
export type StaffThreadRow = NonNullable<Awaited<ReturnType<MessagesRepository['staffThread']>>>;
