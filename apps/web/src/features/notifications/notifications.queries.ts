import type { LineStatus, Notification, NotificationSettings, NotificationsReply } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiOne, apiRequest } from '../../api/client';
import { medicationKeys } from '../medications/medications.queries';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
  line: () => [...notificationKeys.all, 'line'] as const,
};

/** How often the bell asks for new notifications while the app is open (reminders are made each minute). */
const BELL_POLL_MS = 60_000;

export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => apiOne<{ unread: number }>('/api/notifications/unread', { signal }),
    refetchInterval: BELL_POLL_MS,
  });
}

export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => apiRequest<NotificationsReply>('/api/notifications', { signal }),
  });
}

/** Marks every notification read; the list keeps showing which were new until it is read again. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/api/notifications/read', { method: 'POST' }),
    onSuccess: () => queryClient.setQueryData(notificationKeys.unread(), { unread: 0 }),
  });
}

/** "กินแล้ว" or "เตือนอีกครั้งใน 15 นาที" on a medication reminder; the checklist is read again after a "taken". */
export function useAnswerReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'taken' | 'snooze' }) =>
      apiOne<Notification>(`/api/notifications/${id}/${answer}`, { method: 'POST' }),
    onSuccess: async (_, { answer }) => {
      await queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
      if (answer === 'taken') await queryClient.invalidateQueries({ queryKey: medicationKeys.all });
    },
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) => apiOne<NotificationSettings>('/api/notification-settings', { signal }),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => apiOne<NotificationSettings>('/api/notification-settings', { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings(), saved),
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
    mutationFn: (subscription: PushSubscriptionJSON) => apiRequest<void>('/api/push-subscriptions', { method: 'POST', body: subscription }),
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
