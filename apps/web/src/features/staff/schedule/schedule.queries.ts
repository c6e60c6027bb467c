import type {
  CloseDayBody,
  Closure,
  ExtraSessionBody,
  Schedule,
  ScheduleTemplate,
  StaffSlot,
  WeeklyTemplateBody,
} from '@klaimor/contracts';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiOne, apiRequest } from '../../../api/client';
import { facilityPath, retryServerTrouble, staffKeys } from '../shared/staff-api';

export const scheduleKeys = {
  /** A facility's schedule; its slot lists sit under it, so a change refreshes both. */
  schedule: (facilityId: string) => [...staffKeys.all, 'schedule', facilityId] as const,
  slots: (facilityId: string, from: string, to: string) =>
    [...scheduleKeys.schedule(facilityId), 'slots', from, to] as const,
};

const schedulePath = (facilityId: string) => `${facilityPath(facilityId)}/schedule`;

export function useSchedule(facilityId: string) {
  return useQuery({
    queryKey: scheduleKeys.schedule(facilityId),
    queryFn: ({ signal }) => apiOne<Schedule>(schedulePath(facilityId), { signal }),
    retry: retryServerTrouble,
  });
}

/**
 * The slots the schedule made between two Bangkok dates (inclusive); the previous days stay on screen while the next
 * load.
 */
export function useScheduleSlots(facilityId: string, from: string, to: string) {
  const range = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  return useQuery({
    queryKey: scheduleKeys.slots(facilityId, from, to),
    queryFn: ({ signal }) => apiList<StaffSlot>(`${schedulePath(facilityId)}/slots?${range}`, { signal }),
    placeholderData: keepPreviousData,
    retry: retryServerTrouble,
  });
}

export type SessionKind = 'weekly' | 'extra';

export type SaveSession =
  | { kind: 'weekly'; id?: string; body: z.output<typeof WeeklyTemplateBody> }
  | { kind: 'extra'; id?: string; body: z.output<typeof ExtraSessionBody> };

const sessionsPath = (facilityId: string, kind: SessionKind) =>
  `${schedulePath(facilityId)}/${kind === 'weekly' ? 'templates' : 'extra-sessions'}`;

/** Every change to a schedule is answered by reading the schedule and its slots again. */
function useScheduleMutation<V, R>(facilityId: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.schedule(facilityId) }),
  });
}

/** Adds a weekly or an extra session, or changes one when `id` is given. */
export function useSaveSession(facilityId: string) {
  return useScheduleMutation(facilityId, ({ kind, id, body }: SaveSession) =>
    id
      ? apiOne<ScheduleTemplate>(`${sessionsPath(facilityId, kind)}/${encodeURIComponent(id)}`, { method: 'PUT', body })
      : apiOne<ScheduleTemplate>(sessionsPath(facilityId, kind), { method: 'POST', body }),
  );
}

export function useRemoveSession(facilityId: string) {
  return useScheduleMutation(facilityId, ({ kind, id }: { kind: SessionKind; id: string }) =>
    apiRequest<void>(`${sessionsPath(facilityId, kind)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}

/** Closes a day; with patients booked the server answers 409 day_has_bookings unless `confirm` is true. */
export function useCloseDay(facilityId: string) {
  return useScheduleMutation(facilityId, (body: z.output<typeof CloseDayBody>) =>
    apiOne<Closure>(`${schedulePath(facilityId)}/closures`, { method: 'POST', body }),
  );
}

export function useReopenDay(facilityId: string) {
  return useScheduleMutation(facilityId, (date: string) =>
    apiRequest<void>(`${schedulePath(facilityId)}/closures/${encodeURIComponent(date)}`, { method: 'DELETE' }),
  );
}

/** Closes the fixed-date Thai public holidays of a year (Gregorian) from today on; answers the days it closed. */
export function useClosePublicHolidays(facilityId: string) {
  return useScheduleMutation(facilityId, (year: number) =>
    apiList<Closure>(`${schedulePath(facilityId)}/closures/public-holidays`, { method: 'POST', body: { year } }),
  );
}
