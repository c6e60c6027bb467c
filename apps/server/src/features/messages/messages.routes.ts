import {
  AssignBody,
  InboxCountsReply,
  InboxMembersReply,
  InboxQuery,
  InboxReply,
  MessageFacilitiesReply,
  NewThreadBody,
  PhotoParams,
  ReplyBody,
  SentMessageReply,
  StaffPhotoParams,
  StaffThreadParams,
  StaffThreadReply,
  ThreadParams,
  ThreadReply,
  ThreadStatusBody,
  ThreadsReply,
} from '@klaimor/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInPatient } from '../../plugins/authenticate.js';
import { careFor } from '../../plugins/patient-selector.js';
import { staffAtFacility } from '../../plugins/staff-areas.js';
import { PHOTO_FIELD, acceptMessageForms, readMessageForm } from './message-form.js';
import type { InboxService, MessagesService } from './messages.service.js';

const tags = ['messages'];
const form = `multipart/form-data: the fields, and up to three photos as \`${PHOTO_FIELD}\` (JPEG, PNG or WebP, 5 MB each)`;

/** A photo's JPEG (cached nowhere, as every API reply). */
const sendPhoto = (reply: FastifyReply, jpeg: Buffer) => reply.header('content-type', 'image/jpeg').send(jpeg);

/** The patient's messages with the care teams of the facilities they have been seen at or booked with. */
export function messagesRoutes(messages: MessagesService): FastifyPluginAsyncZod {
  return async (app) => {
    await acceptMessageForms(app);

    app.get(
      '/messages/facilities',
      {
        config: careFor('messages', 'read'),
        schema: {
          tags,
          summary: 'The facilities the patient may write to (seen or booked there), with the reply time each states',
          response: { 200: MessageFacilitiesReply },
        },
      },
      async (request) => ({ data: await messages.facilities(signedInPatient(request).userId) }),
    );

    app.get(
      '/messages',
      {
        config: careFor('messages', 'read'),
        schema: { tags, summary: "The patient's threads, the latest first", response: { 200: ThreadsReply } },
      },
      async (request) => ({ data: await messages.threads(signedInPatient(request).userId) }),
    );

    app.get(
      '/messages/:threadId',
      {
        config: careFor('messages', 'read'),
        schema: {
          tags,
          summary: "One of the patient's threads with its messages, now read (anyone else's is 404)",
          params: ThreadParams,
          response: { 200: ThreadReply },
        },
      },
      async (request) => ({ data: [await messages.open(signedInPatient(request).userId, request.params.threadId)] }),
    );

    app.post(
      '/messages',
      {
        config: { ...careFor('messages', 'change'), limits: 'upload' },
        schema: {
          tags,
          summary: `A new thread to a facility (fields facilityId, subject, text; ${form}); 403 messages_not_allowed where the patient has not been seen or booked; the reply names any red flags the words raise`,
          consumes: ['multipart/form-data'],
          response: { 201: SentMessageReply },
        },
      },
      async (request, reply) => {
        const { body, photos } = await readMessageForm(app, request, NewThreadBody);
        const sent = await messages.start(signedInPatient(request), body, photos);
        return reply.status(201).send({ data: [sent] });
      },
    );

    app.post(
      '/messages/:threadId',
      {
        config: { ...careFor('messages', 'change'), limits: 'upload' },
        schema: {
          tags,
          summary: `One more message in the patient's thread (field text; ${form}); a thread marked done opens again`,
          consumes: ['multipart/form-data'],
          params: ThreadParams,
          response: { 201: SentMessageReply },
        },
      },
      async (request, reply) => {
        const { body, photos } = await readMessageForm(app, request, ReplyBody);
        const sent = await messages.reply(signedInPatient(request), request.params.threadId, body.text, photos);
        return reply.status(201).send({ data: [sent] });
      },
    );

    app.get(
      '/messages/photos/:photoId',
      {
        config: careFor('messages', 'read'),
        schema: { tags, summary: "A photo of the patient's messages, as a JPEG", params: PhotoParams },
      },
      async (request, reply) =>
        sendPhoto(reply, await messages.photo(signedInPatient(request).userId, request.params.photoId)),
    );
  };
}

const staffTags = ['staff: messages'];

/** The facility's inbox (front desk and clinicians). In the staff signed-in scope. */
export function inboxRoutes(inbox: InboxService): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/staff/facilities/:facilityId/messages';
    const config = { staff: 'messages' as const };

    app.get(
      base,
      {
        config,
        schema: {
          tags: staffTags,
          summary:
            'A box of the inbox (unassigned, mine, all; open or done): red flags first, then the longest waiting for a reply; each patient listed is audited',
          querystring: InboxQuery,
          response: { 200: InboxReply },
        },
      },
      async (request) => ({ data: await inbox.inbox(staffAtFacility(request), request.query) }),
    );

    app.get(
      `${base}/counts`,
      {
        config,
        schema: {
          tags: staffTags,
          summary: 'Open threads waiting for a reply: unassigned, and the member’s own',
          response: { 200: InboxCountsReply },
        },
      },
      async (request) => ({ data: [await inbox.counts(staffAtFacility(request))] }),
    );

    app.get(
      `${base}/members`,
      {
        config,
        schema: { tags: staffTags, summary: 'Who a thread may be given to', response: { 200: InboxMembersReply } },
      },
      async (request) => ({ data: await inbox.members(staffAtFacility(request)) }),
    );

    app.get(
      `${base}/photos/:photoId`,
      {
        config,
        schema: { tags: staffTags, summary: "A photo of the facility's messages, as a JPEG", params: StaffPhotoParams },
      },
      async (request, reply) => sendPhoto(reply, await inbox.photo(staffAtFacility(request), request.params.photoId)),
    );

    app.get(
      `${base}/:threadId`,
      {
        config,
        schema: {
          tags: staffTags,
          summary:
            'A thread with its messages and the red flags each raised; audited (message.read), shown to the patient',
          params: StaffThreadParams,
          response: { 200: StaffThreadReply },
        },
      },
      async (request) => ({ data: [await inbox.open(staffAtFacility(request), request.params.threadId)] }),
    );

    app.post(
      `${base}/:threadId/replies`,
      {
        config,
        schema: {
          tags: staffTags,
          summary: "The member's reply: the patient is told, the thread is the member's when no one had it",
          params: StaffThreadParams,
          body: ReplyBody,
          response: { 201: StaffThreadReply },
        },
      },
      async (request, reply) => {
        const thread = await inbox.reply(staffAtFacility(request), request.params.threadId, request.body.text);
        return reply.status(201).send({ data: [thread] });
      },
    );

    app.put(
      `${base}/:threadId/assignee`,
      {
        config,
        schema: {
          tags: staffTags,
          summary: 'Give the thread to a member who answers messages here, or back to no one',
          params: StaffThreadParams,
          body: AssignBody,
          response: { 200: StaffThreadReply },
        },
      },
      async (request) => ({
        data: [await inbox.assign(staffAtFacility(request), request.params.threadId, request.body.memberId)],
      }),
    );

    app.put(
      `${base}/:threadId/status`,
      {
        config,
        schema: {
          tags: staffTags,
          summary: 'Mark the thread done, or open it again (a patient writing again opens it too)',
          params: StaffThreadParams,
          body: ThreadStatusBody,
          response: { 200: StaffThreadReply },
        },
      },
      async (request) => ({
        data: [await inbox.setStatus(staffAtFacility(request), request.params.threadId, request.body.status)],
      }),
    );
  };
}
