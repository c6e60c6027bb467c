import type {
  LineStatus,
  Notification,
  NotificationSettings,
  NotificationsReply,
  UnreadNotifications,
} from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiOne, apiRequest } from '../../api/client';
import { useHeardScope } from './heard-person';
import { medicationKeys } from '../medications/medications.queries';

/**
 * The centre and the settings are the heard person's (the patient's own, or a held child's, which the parent holding
 * the profile keeps; `useHeardPerson`): their keys name the person, as session/patient-scope.ts asks. The bell and LINE are the
 * signed-in patient's.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  of: (person: string) => [...notificationKeys.all, person] as const,
  list: (person: string) => [...notificationKeys.of(person), 'list'] as const,
  settings: (person: string) => [...notificationKeys.of(person), 'settings'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  line: () => [...notificationKeys.all, 'line'] as const,
};

/** How often the bell asks for new notifications while the app is open (reminders are made each minute). */
const BELL_POLL_MS = 60_000;

/** The bell's count: the patient's own unread notifications, and those in the centre of each child they hold. */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => apiOne<UnreadNotifications>('/api/notifications/unread', { signal }),
    refetchInterval: BELL_POLL_MS,
  });
}

export function useNotifications() {
  const patient = useHeardScope();
  return useQuery({
    queryKey: notificationKeys.list(patient.id),
    queryFn: ({ signal }) => patient.request<NotificationsReply>('/api/notifications', { signal }),
  });
}

/** Marks every notification of the person read; the list keeps showing which were new until it is read again. */
export function useMarkAllRead() {
  const patient = useHeardScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => patient.request<void>('/api/notifications/read', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unread() }),
  });
}

/** "กินแล้ว" or "เตือนอีกครั้งใน 15 นาที" on a medication reminder; the checklist is read again after a "taken". */
export function useAnswerReminder() {
  const patient = useHeardScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'taken' | 'snooze' }) =>
      patient.one<Notification>(`/api/notifications/${id}/${answer}`, { method: 'POST' }),
    onSuccess: async (_, { answer }) => {
      await queryClient.invalidateQueries({ queryKey: notificationKeys.list(patient.id) });
      if (answer === 'taken') await queryClient.invalidateQueries({ queryKey: medicationKeys.of(patient.id) });
    },
  });
}

export function useNotificationSettings() {
  const patient = useHeardScope();
  return useQuery({
    queryKey: notificationKeys.settings(patient.id),
    queryFn: ({ signal }) => patient.one<NotificationSettings>('/api/notification-settings', { signal }),
  });
}

export function useSaveNotificationSettings() {
  const patient = useHeardScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      patient.one<NotificationSettings>('/api/notification-settings', { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings(patient.id), saved),
  });
}

export function useSendTestNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiOne<Notification>('/api/notifications/test', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Tells the server this browser's push subscription, for this session (idempotent: the same one is kept once). */
export function useSavePushSubscription() {
  return useMutation({
    mutationFn: (subscription: PushSubscriptionJSON) =>
      apiRequest<void>('/api/push-subscriptions', { method: 'POST', body: subscription }),
  });
}

/** Whether the patient's LINE is linked; asked only where the server offers LINE. */
export function useLineStatus(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.line(),
    queryFn: ({ signal }) => apiOne<LineStatus>('/api/line', { signal }),
    enabled,
  });
}

/** Unlinks LINE; the server moves notifications chosen by LINE to the app, so the settings are read again. */
export function useUnlinkLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/api/line/link', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
