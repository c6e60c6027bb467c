import { AUDIT_LOG_PAGE } from '@klaimor/contracts';
import type {
  AppointmentStatus,
  AuditLogEntry,
  ChangeStaffRolesBody,
  CloseDayBody,
  Closure,
  DayListEntry,
  Enrolled,
  EnrolmentStarted,
  ExtraSessionBody,
  FacilitySettings,
  FacilitySettingsBody,
  FacilityStaffMember,
  InviteStaffBody,
  PatientRecordForStaff,
  Schedule,
  ScheduleTemplate,
  StaffEnrolment,
  StaffInvitation,
  StaffMe,
  StaffCancelBody,
  StaffSignInBody,
  StaffSlot,
  VisitRecordBody,
  WeeklyTemplateBody,
} from '@klaimor/contracts';
import type { z } from 'zod';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiList, apiOne, apiRequest, isApiError } from '../../api/client';

export const staffKeys = {
  all: ['staff'] as const,
  me: () => [...staffKeys.all, 'me'] as const,
  enrolment: (token: string) => [...staffKeys.all, 'enrolment', token] as const,
  /** A facility's schedule; its slot lists sit under it, so a change refreshes both. */
  schedule: (facilityId: string) => [...staffKeys.all, 'schedule', facilityId] as const,
  slots: (facilityId: string, from: string, to: string) => [...staffKeys.schedule(facilityId), 'slots', from, to] as const,
  /** A facility's day lists; an action on one appointment refreshes every list of the facility. */
  appointments: (facilityId: string) => [...staffKeys.all, 'appointments', facilityId] as const,
  dayList: (facilityId: string, filter: DayListFilter) => [...staffKeys.appointments(facilityId), 'day', filter] as const,
  /** Apart from the lists, so an action never asks for the record again: each opening is audited. */
  record: (facilityId: string, appointmentId: string) => [...staffKeys.all, 'record', facilityId, appointmentId] as const,
  /** A facility's members, as its admin manages them. */
  members: (facilityId: string) => [...staffKeys.all, 'members', facilityId] as const,
  settings: (facilityId: string) => [...staffKeys.all, 'settings', facilityId] as const,
  /** A facility's audit trail; any change an admin makes here adds to it. */
  audit: (facilityId: string) => [...staffKeys.all, 'audit', facilityId] as const,
  auditPages: (facilityId: string, filter: AuditFilter) => [...staffKeys.audit(facilityId), filter] as const,
};

/** Whether a failed staff call means the staff session is gone (never started, ended, or idle too long). */
export const isSignedOut = (error: unknown): boolean => isApiError(error) && error.status === 401;

/** A client error is an answer: asking again would get the same one. */
const retryServerTrouble = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status > 0 && error.status < 500) && failures < 1;

/** The signed-in member and their roles per facility, or null when no staff session (401 is an answer, not an error). */
export async function fetchStaffMe(): Promise<StaffMe | null> {
  try {
    return await apiOne<StaffMe>('/api/staff/me');
  } catch (error) {
    if (isSignedOut(error)) return null;
    throw error;
  }
}

export function useStaffMe() {
  return useQuery({ queryKey: staffKeys.me(), queryFn: fetchStaffMe, staleTime: 60_000, retry: retryServerTrouble });
}

/** Signs in; the member is then read afresh, and nothing of an earlier member's stays in the cache. */
export function useStaffSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof StaffSignInBody>) => apiRequest<void>('/api/staff/sign-in', { method: 'POST', body }),
    onSuccess: () => queryClient.removeQueries({ queryKey: staffKeys.all }),
  });
}

export function useStaffSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiRequest<void>('/api/staff/sign-out', { method: 'POST' });
      } catch (error) {
        // A session that had already ended is signed out all the same.
        if (!isSignedOut(error)) throw error;
      }
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: staffKeys.all });
      queryClient.setQueryData(staffKeys.me(), null);
    },
  });
}

const enrolmentPath = (token: string) => `/api/staff/enrolment/${encodeURIComponent(token)}`;

/** Who an enrolment link is for; 404 staff_enrolment_invalid when it is expired, used or unknown. */
export function useStaffEnrolment(token: string) {
  return useQuery({
    queryKey: staffKeys.enrolment(token),
    queryFn: ({ signal }) => apiOne<StaffEnrolment>(enrolmentPath(token), { signal }),
    enabled: token !== '',
    retry: retryServerTrouble,
    staleTime: Infinity,
  });
}

export function useStartEnrolment(token: string) {
  return useMutation({
    mutationFn: (password: string) => apiOne<EnrolmentStarted>(`${enrolmentPath(token)}/start`, { method: 'POST', body: { password } }),
  });
}

/** Confirms the authenticator; the reply carries the recovery codes and starts a staff session. */
export function useConfirmEnrolment(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiOne<Enrolled>(`${enrolmentPath(token)}/confirm`, { method: 'POST', body: { code } }),
    onSuccess: () => queryClient.removeQueries({ queryKey: staffKeys.me() }),
  });
}

const schedulePath = (facilityId: string) => `/api/staff/facilities/${encodeURIComponent(facilityId)}/schedule`;

export function useSchedule(facilityId: string) {
  return useQuery({
    queryKey: staffKeys.schedule(facilityId),
    queryFn: ({ signal }) => apiOne<Schedule>(schedulePath(facilityId), { signal }),
    retry: retryServerTrouble,
  });
}

/** The slots the schedule made between two Bangkok dates (inclusive); the previous days stay on screen while the next load. */
export function useScheduleSlots(facilityId: string, from: string, to: string) {
  return useQuery({
    queryKey: staffKeys.slots(facilityId, from, to),
    queryFn: ({ signal }) =>
      apiList<StaffSlot>(`${schedulePath(facilityId)}/slots?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { signal }),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.schedule(facilityId) }),
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

/** How often the day list is asked again, so a desk sees new bookings and other desks' check-ins without reloading. */
export const DAY_LIST_POLL_MS = 5000;

export interface DayListFilter {
  date: string;
  status: AppointmentStatus | null;
  q: string;
}

const appointmentsPath = (facilityId: string) => `/api/staff/facilities/${encodeURIComponent(facilityId)}/appointments`;

/** A day's appointments at the facility, asked again every 5 seconds; the previous list stays on screen while a new filter loads. */
export function useDayList(facilityId: string, filter: DayListFilter) {
  const params = new URLSearchParams({ date: filter.date });
  if (filter.status) params.set('status', filter.status);
  const q = filter.q.trim();
  if (q) params.set('q', q);
  return useQuery({
    queryKey: staffKeys.dayList(facilityId, { ...filter, q }),
    queryFn: ({ signal }) => apiList<DayListEntry>(`${appointmentsPath(facilityId)}?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: DAY_LIST_POLL_MS,
    retry: retryServerTrouble,
  });
}

export type AppointmentAction =
  | { kind: 'check-in' | 'start-consultation' | 'no-show' }
  | { kind: 'cancel'; body: z.output<typeof StaffCancelBody> }
  | { kind: 'complete'; body: VisitRecordBody };

/** Moves one appointment on (check-in, calling in, no-show, cancel, the visit recorded); answers it as the list shows it. */
export function useAppointmentAction(facilityId: string, appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AppointmentAction) =>
      apiOne<DayListEntry>(`${appointmentsPath(facilityId)}/${encodeURIComponent(appointmentId)}/${action.kind}`, {
        method: 'POST',
        body: 'body' in action ? action.body : undefined,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.appointments(facilityId) }),
  });
}

/** The patient's record for the clinician; each opening is audited and shown to the patient, so it is asked only on request. */
export function usePatientRecord(facilityId: string, appointmentId: string, open: boolean) {
  return useQuery({
    queryKey: staffKeys.record(facilityId, appointmentId),
    queryFn: ({ signal }) => apiOne<PatientRecordForStaff>(`${appointmentsPath(facilityId)}/${encodeURIComponent(appointmentId)}/record`, { signal }),
    enabled: open,
    staleTime: Infinity,
    retry: retryServerTrouble,
  });
}

const facilityPath = (facilityId: string) => `/api/staff/facilities/${encodeURIComponent(facilityId)}`;
const membersPath = (facilityId: string) => `${facilityPath(facilityId)}/staff`;
const memberPath = (facilityId: string, memberId: string) => `${membersPath(facilityId)}/${encodeURIComponent(memberId)}`;

/** The facility's members: who they are, their roles here, whether they have enrolled, when they last signed in. */
export function useFacilityStaff(facilityId: string) {
  return useQuery({
    queryKey: staffKeys.members(facilityId),
    queryFn: ({ signal }) => apiList<FacilityStaffMember>(membersPath(facilityId), { signal }),
    retry: retryServerTrouble,
  });
}

/**
 * A change to the members is answered by reading them again, and the audit trail that records it; the signed-in
 * member too, whose own roles may have changed.
 */
function useMembersMutation<V, R>(facilityId: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.members(facilityId) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.audit(facilityId) }),
      ]),
  });
}

/** Invites someone with their roles here: the reply holds the one-time enrolment link (null for someone already enrolled). */
export function useInviteStaff(facilityId: string) {
  return useMembersMutation(facilityId, (body: z.output<typeof InviteStaffBody>) =>
    apiOne<StaffInvitation>(membersPath(facilityId), { method: 'POST', body }),
  );
}

/** A new one-time enrolment link: following it sets a new password and authenticator. 409 staff_member_elsewhere for someone who also works elsewhere. */
export function useNewEnrolmentLink(facilityId: string) {
  return useMembersMutation(facilityId, (memberId: string) =>
    apiOne<StaffInvitation>(`${memberPath(facilityId, memberId)}/enrolment-link`, { method: 'POST' }),
  );
}

/** 409 staff_last_admin when it would leave the facility without an admin. */
export function useChangeStaffRoles(facilityId: string) {
  const queryClient = useQueryClient();
  return useMembersMutation(facilityId, async ({ member, body }: { member: FacilityStaffMember; body: z.output<typeof ChangeStaffRolesBody> }) => {
    const changed = await apiOne<FacilityStaffMember>(memberPath(facilityId, member.id), { method: 'PUT', body });
    // An admin who gives up their own admin role here sees their screens change at once.
    if (member.isYou) await queryClient.invalidateQueries({ queryKey: staffKeys.me() });
    return changed;
  });
}

/** Takes every role here away from a member; 409 staff_last_admin for the last admin. */
export function useRemoveStaff(facilityId: string) {
  const queryClient = useQueryClient();
  return useMembersMutation(facilityId, async (member: FacilityStaffMember) => {
    await apiRequest<void>(memberPath(facilityId, member.id), { method: 'DELETE' });
    if (member.isYou) await queryClient.invalidateQueries({ queryKey: staffKeys.me() });
  });
}

const settingsPath = (facilityId: string) => `${facilityPath(facilityId)}/settings`;

/** What patients see of the facility (phone, opening hours, schemes, insurers) and the deposit new sessions start from. */
export function useFacilitySettings(facilityId: string) {
  return useQuery({
    queryKey: staffKeys.settings(facilityId),
    queryFn: ({ signal }) => apiOne<FacilitySettings>(settingsPath(facilityId), { signal }),
    retry: retryServerTrouble,
  });
}

export function useSaveFacilitySettings(facilityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof FacilitySettingsBody>) => apiOne<FacilitySettings>(settingsPath(facilityId), { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(staffKeys.settings(facilityId), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.audit(facilityId) }),
  });
}

export interface AuditFilter {
  date: string;
  /** One member's actions only; null for everyone's. */
  memberId: string | null;
}

/** One Bangkok day of the facility's audit trail, newest first, 50 entries a page; the next page starts after the last entry's cursor. */
export function useAuditLog(facilityId: string, filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: staffKeys.auditPages(facilityId, filter),
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ date: filter.date });
      if (filter.memberId) params.set('memberId', filter.memberId);
      if (pageParam) params.set('after', pageParam);
      return apiList<AuditLogEntry>(`${facilityPath(facilityId)}/audit?${params.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.length >= AUDIT_LOG_PAGE ? (page.at(-1)?.cursor ?? null) : null),
    placeholderData: keepPreviousData,
    retry: retryServerTrouble,
  });
}
