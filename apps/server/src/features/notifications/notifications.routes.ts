import {
  NotificationReply,
  NotificationSettings,
  NotificationSettingsReply,
  NotificationsReply,
  PushSubscriptionBody,
  PushUnsubscribeBody,
  RecordParams,
  UnreadNotificationsReply,
} from '@klaimor/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInPatient, signedInSessionHash } from '../../plugins/authenticate.js';
import type { NotificationsService } from './notifications.service.js';
import { careFor, selfOnly } from '../../plugins/patient-selector.js';

/**
 * A held profile (a child registered by a parent, who cannot sign in) is heard by its holder: the holder keeps its
 * reminder times and opens and answers its notification centre with `?patient=`. Anyone else's are their own.
 */
const heldRead = careFor('notifications', 'read');
const heldChange = careFor('notifications', 'change');

export function notificationsRoutes(notifications: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['notifications'];

    app.get(
      '/notification-settings',
      {
        config: heldRead,
        schema: {
          tags,
          summary: 'Reminder times of day, quiet hours, what to be reminded of, the channel',
          response: { 200: NotificationSettingsReply },
        },
      },
      async (request) => ({ data: [await notifications.settings(signedInPatient(request).userId)] }),
    );

    app.put(
      '/notification-settings',
      {
        config: heldChange,
        schema: {
          tags,
          summary:
            "Replace the notification settings (the whole record); a held profile's keep no channel or quiet hours (its holder's count)",
          body: NotificationSettings,
          response: { 200: NotificationSettingsReply },
        },
      },
      async (request) => ({ data: [await notifications.saveSettings(signedInPatient(request), request.body)] }),
    );

    app.get(
      '/notifications',
      {
        config: heldRead,
        schema: {
          tags,
          summary: 'The notification centre: the latest 50 notifications sent, newest first, and the unread count',
          response: { 200: NotificationsReply },
        },
      },
      async (request) => notifications.list(signedInPatient(request).userId),
    );

    app.get(
      '/notifications/unread',
      {
        config: selfOnly,
        schema: {
          tags,
          summary: 'How many notifications are unread (the bell): the own, and per profile the patient holds',
          response: { 200: UnreadNotificationsReply },
        },
      },
      async (request) => ({ data: [await notifications.unread(signedInPatient(request).userId)] }),
    );

    app.post(
      '/notifications/read',
      {
        config: heldChange,
        schema: { tags, summary: 'Mark every notification read', response: { 204: z.null() } },
      },
      async (request, reply) => {
        await notifications.markAllRead(signedInPatient(request).userId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/notifications/:id/taken',
      {
        config: heldChange,
        schema: {
          tags,
          summary: 'Answer a medication reminder "taken": ticks the doses it named (once; a second answer is 409)',
          params: RecordParams,
          response: { 200: NotificationReply },
        },
      },
      async (request) => ({ data: [await notifications.taken(signedInPatient(request).userId, request.params.id)] }),
    );

    app.post(
      '/notifications/:id/snooze',
      {
        config: heldChange,
        schema: {
          tags,
          summary: 'Answer a medication reminder "remind me in 15 minutes" (once; a second answer is 409)',
          params: RecordParams,
          response: { 200: NotificationReply },
        },
      },
      async (request) => ({ data: [await notifications.snooze(signedInPatient(request).userId, request.params.id)] }),
    );

    app.post(
      '/push-subscriptions',
      {
        config: selfOnly,
        schema: {
          tags,
          summary:
            "Keep this browser's Web Push subscription, for as long as this session lasts (signing out removes it)",
          body: PushSubscriptionBody,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await notifications.subscribe(signedInPatient(request).userId, signedInSessionHash(request), request.body);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/push-subscriptions',
      {
        config: selfOnly,
        schema: {
          tags,
          summary: "Forget this browser's Web Push subscription",
          body: PushUnsubscribeBody,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await notifications.unsubscribe(signedInPatient(request).userId, request.body.endpoint);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/notifications/test',
      {
        config: selfOnly,
        schema: {
          tags,
          summary: "Send a test notification through the patient's channel now",
          response: { 201: NotificationReply },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: [await notifications.sendTest(signedInPatient(request).userId)] }),
    );
  };
}
