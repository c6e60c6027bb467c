import { z } from 'zod';
import { dataOf } from './envelope.js';
import { reasons, requiredText } from './fields.js';
import { RED_FLAG_IDS } from './triage/red-flags.data.js';

/**
 * Messages with the care team ("ข้อความถึงทีมดูแล"): a patient writes to a facility where they have been seen or booked,
 * a thread at a time; the facility's staff answer from an inbox. Not for emergencies: a message that reads like one
 * (the red-flag rules of the symptom triage) is answered at once by the app with the 1669 advice.
 */

export const MESSAGE_TEXT_MAX = 2000;
export const THREAD_SUBJECT_MAX = 100;
/** Photos a message may carry, each at most this many bytes as sent, in one of these types. */
export const MESSAGE_PHOTOS_MAX = 3;
export const MESSAGE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const MESSAGE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/**
 * Pixels a photo may decode to: a phone's 48-megapixel camera fits, a small file that unpacks into gigabytes (an image
 * bomb) is refused before it is decoded.
 */
export const MESSAGE_PHOTO_MAX_PIXELS = 50_000_000;
/** The long edge a photo is kept at, re-encoded as JPEG with nothing but its pixels (no EXIF, no place, no camera). */
export const MESSAGE_PHOTO_LONG_EDGE = 1600;
/** The reply time a facility states, in hours (shown to the patient before they write). */
export const REPLY_HOURS_MAX = 168;

export const ThreadStatus = z.enum(['open', 'done']);
export type ThreadStatus = z.infer<typeof ThreadStatus>;
export const MessageAuthor = z.enum(['patient', 'staff']);
export type MessageAuthor = z.infer<typeof MessageAuthor>;

const MessageText = requiredText(MESSAGE_TEXT_MAX);

/** POST /api/messages (multipart: these fields, then up to three photos as `photo`): a new thread. */
export const NewThreadBody = z.strictObject({
  facilityId: z.string({ error: reasons.required }).min(1, { error: reasons.required }).max(100),
  subject: requiredText(THREAD_SUBJECT_MAX),
  text: MessageText,
});
export type NewThreadBody = z.infer<typeof NewThreadBody>;

/** POST /api/messages/:threadId (multipart, photos as above) and the staff's reply (JSON): one more message. */
export const ReplyBody = z.strictObject({ text: MessageText });
export type ReplyBody = z.infer<typeof ReplyBody>;

export const ThreadParams = z.strictObject({ threadId: z.uuid({ error: reasons.invalidChoice }) });
export const PhotoParams = z.strictObject({ photoId: z.uuid({ error: reasons.invalidChoice }) });

const FacilityName = z.object({ id: z.string(), nameTh: z.string(), nameEn: z.string() });

export const MessagePhoto = z.object({ id: z.string(), width: z.number(), height: z.number() });
export type MessagePhoto = z.infer<typeof MessagePhoto>;

export const Message = z.object({
  id: z.string(),
  from: MessageAuthor,
  /** The staff member's name as the facility shows it, or the patient's (a caregiver writing for them: the caregiver's). */
  authorName: z.string(),
  /** A caregiver wrote it for the patient, under a family grant. */
  byCaregiver: z.boolean(),
  text: z.string(),
  photos: z.array(MessagePhoto),
  createdAt: z.string(),
});
export type Message = z.infer<typeof Message>;

/** A facility the patient may write to: seen or booked there. */
export const MessageFacility = FacilityName.extend({
  /** The reply time the facility states, in hours; null when it states none. */
  replyWithinHours: z.number().nullable(),
});
export type MessageFacility = z.infer<typeof MessageFacility>;
export const MessageFacilitiesReply = dataOf(MessageFacility);

export const ThreadSummary = z.object({
  id: z.string(),
  facility: MessageFacility,
  subject: z.string(),
  status: ThreadStatus,
  lastMessageAt: z.string(),
  lastFrom: MessageAuthor,
  /** A staff message the patient has not opened yet. */
  unread: z.boolean(),
});
export type ThreadSummary = z.infer<typeof ThreadSummary>;
export const ThreadsReply = dataOf(ThreadSummary);

export const Thread = ThreadSummary.extend({ messages: z.array(Message) });
export type Thread = z.infer<typeof Thread>;
export const ThreadReply = dataOf(Thread);

/**
 * What writing a message answers: the thread, and the red flags the text raised. When there are any, the app shows the
 * 1669 advice and the nearest emergency department at once, and says not to wait for a reply.
 */
export const SentMessage = z.object({
  thread: Thread,
  redFlags: z.array(z.object({ id: z.enum(RED_FLAG_IDS), matched: z.string() })),
});
export type SentMessage = z.infer<typeof SentMessage>;
export const SentMessageReply = dataOf(SentMessage);

/* ------------------------------------------------------------------ the facility's inbox */

export const InboxBox = z.enum(['unassigned', 'mine', 'all']);
export type InboxBox = z.infer<typeof InboxBox>;

export const InboxQuery = z.strictObject({
  box: InboxBox.default('unassigned'),
  status: ThreadStatus.default('open'),
});
export type InboxQuery = z.output<typeof InboxQuery>;

export const StaffThreadParams = z.strictObject({
  facilityId: z.string(),
  threadId: z.uuid({ error: reasons.invalidChoice }),
});
export const StaffPhotoParams = z.strictObject({
  facilityId: z.string(),
  photoId: z.uuid({ error: reasons.invalidChoice }),
});

const Assignee = z.object({ id: z.string(), name: z.string() });

export const InboxThread = z.object({
  id: z.string(),
  /** The patient by name and age, as the day list shows them. */
  patient: z.object({ name: z.string(), age: z.number().nullable() }),
  subject: z.string(),
  status: ThreadStatus,
  assignedTo: Assignee.nullable(),
  lastMessageAt: z.string(),
  lastFrom: MessageAuthor,
  /** The patient wrote last: the thread waits for the facility. */
  awaitingReply: z.boolean(),
  /** A message of the patient's raised a red flag (the patient was told to call 1669). */
  redFlag: z.boolean(),
});
export type InboxThread = z.infer<typeof InboxThread>;
export const InboxReply = dataOf(InboxThread);

/** GET …/messages/counts: for the staff menu's badge. */
export const InboxCounts = z.object({ unassigned: z.number(), mine: z.number() });
export const InboxCountsReply = dataOf(InboxCounts);

export const StaffThread = InboxThread.extend({
  messages: z.array(Message.extend({ redFlags: z.array(z.string()) })),
});
export type StaffThread = z.infer<typeof StaffThread>;
export const StaffThreadReply = dataOf(StaffThread);

/** GET …/messages/members: who a thread may be given to. */
export const InboxMembersReply = dataOf(Assignee);

/** PUT …/threads/:threadId/assignee: a member of the facility who may answer, or null to put it back unassigned. */
export const AssignBody = z.strictObject({ memberId: z.uuid({ error: reasons.invalidChoice }).nullable() });
/** PUT …/threads/:threadId/status: done, or open again. */
export const ThreadStatusBody = z.strictObject({ status: ThreadStatus });
