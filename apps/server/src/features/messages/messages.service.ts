import {
  type InboxQuery,
  type InboxThread,
  type Message,
  type MessageAuthor,
  type MessageFacility,
  type NewThreadBody,
  type SentMessage,
  type StaffThread,
  type Thread,
  type ThreadStatus,
  type ThreadSummary,
  ageInYears,
  assessSymptoms,
} from '@klaimor/contracts';
import { AppError, validationFailed } from '../../errors.js';
import type { PatientInCare } from '../../plugins/authenticate.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';
import type { MessageRow, MessagesRepository, StaffThreadRow, ThreadRow } from './messages.repository.js';
import type { KeptPhoto } from './photos.js';

const threadNotFound = () => new AppError(404, 'not_found', 'ไม่พบข้อความนี้');
const photoNotFound = () => new AppError(404, 'not_found', 'ไม่พบรูปภาพนี้');
const messagesNotAllowed = () =>
  new AppError(
    403,
    'messages_not_allowed',
    'ส่งข้อความได้เฉพาะถึงสถานพยาบาลที่คุณเคยรับการรักษาหรือมีนัดอยู่ เลือกสถานพยาบาลจากรายการ',
  );

const iso = (at: Date) => at.toISOString();

function toMessage(row: MessageRow, patientUserId: string): Message {
  return {
    id: row.id,
    from: row.from as MessageAuthor,
    authorName: row.authorName ?? '',
    byCaregiver: row.from === 'patient' && row.authorUserId !== null && row.authorUserId !== patientUserId,
    text: row.text,
    photos: row.photos,
    createdAt: iso(row.createdAt),
  };
}

function toSummary(row: ThreadRow): ThreadSummary {
  return {
    id: row.id,
    facility: row.facility as MessageFacility,
    subject: row.subject,
    status: row.status as ThreadStatus,
    lastMessageAt: iso(row.lastMessageAt),
    lastFrom: row.lastFrom as MessageAuthor,
    unread: row.lastFrom === 'staff' && (row.patientReadAt === null || row.patientReadAt < row.lastMessageAt),
  };
}

function toInboxThread(row: Omit<StaffThreadRow, 'patientReadAt'>): InboxThread {
  return {
    id: row.id,
    patient: {
      name: `${row.firstname ?? ''} ${row.lastname ?? ''}`.trim(),
      age: row.birthday ? ageInYears(row.birthday) : null,
    },
    subject: row.subject,
    status: row.status as ThreadStatus,
    assignedTo: row.assignedMemberId ? { id: row.assignedMemberId, name: row.assigneeName ?? '' } : null,
    lastMessageAt: iso(row.lastMessageAt),
    lastFrom: row.lastFrom as MessageAuthor,
    awaitingReply: row.lastFrom === 'patient' && row.status === 'open',
    redFlag: row.redFlag,
  };
}

/** A thread as the FHIR export writes it: its messages, and each photo's JPEG by id. */
export interface ExportedThread {
  thread: Thread;
  photos: Map<string, Buffer>;
}

interface Deps {
  messages: MessagesRepository;
  access: StaffAccess;
}

/**
 * Messages between patients and the care teams of the facilities they have been seen at or booked with. A patient's
 * message is read for red flags with the symptom triage's rules: the reply says so at once, for the app to show the
 * 1669 advice; the facility sees the thread first in its inbox. Every staff read and act is audited for the patient.
 */
export function createMessagesService({ messages }: Pick<Deps, 'messages'>) {
  async function patientThread(userId: string, threadId: string): Promise<Thread> {
    const row = await messages.threadOf(threadId);
    if (!row || row.userId !== userId) throw threadNotFound();
    const rows = await messages.messagesOf(threadId);
    return { ...toSummary(row), messages: rows.map((m) => toMessage(m, userId)) };
  }

  const writer = (patient: PatientInCare) => ({
    userId: patient.userId,
    authorUserId: patient.caregiverUserId ?? patient.userId,
  });

  return {
    async facilities(userId: string): Promise<MessageFacility[]> {
      return messages.facilitiesToWrite(userId);
    },

    async threads(userId: string): Promise<ThreadSummary[]> {
      return (await messages.threads(userId)).map(toSummary);
    },

    /** One of the patient's threads, now read. */
    async open(userId: string, threadId: string): Promise<Thread> {
      if (!(await messages.openedByPatient(userId, threadId))) throw threadNotFound();
      return patientThread(userId, threadId);
    },

    async start(patient: PatientInCare, body: NewThreadBody, photos: KeptPhoto[]): Promise<SentMessage> {
      const facilityId = await messages.facilityToWrite(patient.userId, body.facilityId);
      if (!facilityId) throw messagesNotAllowed();
      const { redFlags } = assessSymptoms(`${body.subject}\n${body.text}`);
      const threadId = await messages.startThread(writer(patient), facilityId, body.subject, {
        text: body.text,
        redFlags: redFlags.map((f) => f.id),
        photos,
      });
      return { thread: await patientThread(patient.userId, threadId), redFlags };
    },

    async reply(patient: PatientInCare, threadId: string, text: string, photos: KeptPhoto[]): Promise<SentMessage> {
      const { redFlags } = assessSymptoms(text);
      const added = await messages.addPatientMessage(writer(patient), threadId, {
        text,
        redFlags: redFlags.map((f) => f.id),
        photos,
      });
      if (!added) throw threadNotFound();
      return { thread: await patientThread(patient.userId, threadId), redFlags };
    },

    /** Every thread of the patient's with its messages and their photos' JPEGs, for the FHIR export. */
    async exportFor(userId: string): Promise<ExportedThread[]> {
      const rows = await messages.threads(userId);
      return Promise.all(
        rows.map(async (row) => ({
          thread: await patientThread(userId, row.id),
          photos: await messages.photosOfThread(row.id),
        })),
      );
    },

    async photo(userId: string, photoId: string): Promise<Buffer> {
      const jpeg = await messages.patientPhoto(userId, photoId);
      if (!jpeg) throw photoNotFound();
      return jpeg;
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;

const memberNotAnswering = () => validationFailed({ memberId: 'invalid_choice' });

/** The facility's inbox: the staff who answer messages (STAFF_ACCESS.messages). */
export function createInboxService({ messages, access }: Deps) {
  async function staffThread(actor: StaffAtFacility, threadId: string) {
    const row = await messages.staffThread(actor.facilityId, threadId);
    if (!row) throw threadNotFound();
    const rows = await messages.messagesOf(threadId);
    const thread: StaffThread = {
      ...toInboxThread(row),
      messages: rows.map((m) => ({ ...toMessage(m, row.userId), redFlags: m.redFlags })),
    };
    return { thread, patientUserId: row.userId };
  }

  return {
    /** A box of the inbox; each patient listed is audited as the day list's are (once per member and day). */
    async inbox(actor: StaffAtFacility, query: InboxQuery): Promise<InboxThread[]> {
      const rows = await messages.inbox(actor.facilityId, actor.memberId, query.box, query.status);
      await access.auditReads(actor, 'patient.listed', [...new Set(rows.map((r) => r.userId))]);
      return rows.map(toInboxThread);
    },

    counts: (actor: StaffAtFacility) => messages.counts(actor.facilityId, actor.memberId),

    members: (actor: StaffAtFacility) => messages.answering(actor.facilityId),

    /** A thread opened by a member: every opening is audited, and the patient reads it in their access log. */
    async open(actor: StaffAtFacility, threadId: string): Promise<StaffThread> {
      const { thread, patientUserId } = await staffThread(actor, threadId);
      await access.audit(actor, { action: 'message.read', target: threadId, patientUserId });
      return thread;
    },

    /** The member's reply: the patient is told, and the thread is theirs when no one had taken it. */
    async reply(actor: StaffAtFacility, threadId: string, text: string): Promise<StaffThread> {
      const patientUserId = await messages.addStaffReply(actor.facilityId, threadId, actor.memberId, text);
      if (!patientUserId) throw threadNotFound();
      await access.audit(actor, { action: 'message.replied', target: threadId, patientUserId });
      return (await staffThread(actor, threadId)).thread;
    },

    /** Gives the thread to a member who answers messages here (or back to no one). */
    async assign(actor: StaffAtFacility, threadId: string, memberId: string | null): Promise<StaffThread> {
      if (memberId && !(await messages.answersAt(actor.facilityId, memberId))) throw memberNotAnswering();
      const patientUserId = await messages.assign(actor.facilityId, threadId, memberId);
      if (!patientUserId) throw threadNotFound();
      await access.audit(actor, { action: 'message.assigned', target: threadId, patientUserId });
      return (await staffThread(actor, threadId)).thread;
    },

    async setStatus(actor: StaffAtFacility, threadId: string, status: ThreadStatus): Promise<StaffThread> {
      const patientUserId = await messages.setStatus(actor.facilityId, threadId, status);
      if (!patientUserId) throw threadNotFound();
      await access.audit(actor, { action: 'message.status_changed', target: threadId, patientUserId });
      return (await staffThread(actor, threadId)).thread;
    },

    async photo(actor: StaffAtFacility, photoId: string): Promise<Buffer> {
      const photo = await messages.staffPhoto(actor.facilityId, photoId);
      if (!photo) throw photoNotFound();
      return photo.jpeg;
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
