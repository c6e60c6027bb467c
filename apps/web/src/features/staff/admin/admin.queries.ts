import { AUDIT_LOG_PAGE } from '@klaimor/contracts';
import type {
  AuditActionFilter,
  AuditLogEntry,
  ChangeStaffRolesBody,
  FacilitySettings,
  FacilitySettingsBody,
  FacilityStaffMember,
  InviteStaffBody,
  StaffInvitation,
} from '@klaimor/contracts';
import type { z } from 'zod';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiOne, apiRequest } from '../../../api/client';
import { facilityPath, retryServerTrouble, staffKeys } from '../shared/staff-api';

export interface AuditFilter {
  /** Bangkok dates, both included. */
  from: string;
  to: string;
  /** One member's actions only; null for everyone's. */
  memberId: string | null;
  /** One action or a group of them (`sign_ins`); null for all. */
  action: AuditActionFilter | null;
  /** A patient's reference, upper case; null for every patient. */
  patientRef: string | null;
}

/** The query string of a filter, as both the pages and the export read it. */
function auditParams(filter: AuditFilter): URLSearchParams {
  const params = new URLSearchParams({ from: filter.from, to: filter.to });
  if (filter.memberId) params.set('memberId', filter.memberId);
  if (filter.action) params.set('action', filter.action);
  if (filter.patientRef) params.set('patientRef', filter.patientRef);
  return params;
}

export const adminKeys = {
  /** A facility's members, as its admin manages them. */
  members: (facilityId: string) => [...staffKeys.all, 'members', facilityId] as const,
  settings: (facilityId: string) => [...staffKeys.all, 'settings', facilityId] as const,
  /** A facility's audit trail; any change an admin makes here adds to it. */
  audit: (facilityId: string) => [...staffKeys.all, 'audit', facilityId] as const,
  auditPages: (facilityId: string, filter: AuditFilter) => [...adminKeys.audit(facilityId), filter] as const,
};

const membersPath = (facilityId: string) => `${facilityPath(facilityId)}/staff`;
const memberPath = (facilityId: string, memberId: string) =>
  `${membersPath(facilityId)}/${encodeURIComponent(memberId)}`;

/**
 * The facility's members: who they are, their roles here, whether they have enrolled, when they last signed in. Only
 * an admin may read them (`enabled` false for anyone else).
 */
export function useFacilityStaff(facilityId: string, enabled = true) {
  return useQuery({
    queryKey: adminKeys.members(facilityId),
    queryFn: ({ signal }) => apiList<FacilityStaffMember>(membersPath(facilityId), { signal }),
    retry: retryServerTrouble,
    enabled,
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
        queryClient.invalidateQueries({ queryKey: adminKeys.members(facilityId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit(facilityId) }),
      ]),
  });
}

/**
 * Invites someone with their roles here: the reply holds the one-time enrolment link (null for someone already
 * enrolled).
 */
export function useInviteStaff(facilityId: string) {
  return useMembersMutation(facilityId, (body: z.output<typeof InviteStaffBody>) =>
    apiOne<StaffInvitation>(membersPath(facilityId), { method: 'POST', body }),
  );
}

/**
 * A new one-time enrolment link: following it sets a new password and authenticator. 409 staff_member_elsewhere for
 * someone who also works elsewhere.
 */
export function useNewEnrolmentLink(facilityId: string) {
  return useMembersMutation(facilityId, (memberId: string) =>
    apiOne<StaffInvitation>(`${memberPath(facilityId, memberId)}/enrolment-link`, { method: 'POST' }),
  );
}

/** Ends a member's sign-in waits; their password and authenticator stay. */
export function useUnlockSignIn(facilityId: string) {
  return useMembersMutation(facilityId, (memberId: string) =>
    apiOne<FacilityStaffMember>(`${memberPath(facilityId, memberId)}/unlock-sign-in`, { method: 'POST' }),
  );
}

interface RolesChange {
  member: FacilityStaffMember;
  body: z.output<typeof ChangeStaffRolesBody>;
}

/** 409 staff_last_admin when it would leave the facility without an admin. */
export function useChangeStaffRoles(facilityId: string) {
  const queryClient = useQueryClient();
  return useMembersMutation(facilityId, async ({ member, body }: RolesChange) => {
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

/**
 * What patients see of the facility (phone, opening hours, schemes, insurers) and the deposit new sessions start
 * from.
 */
export function useFacilitySettings(facilityId: string) {
  return useQuery({
    queryKey: adminKeys.settings(facilityId),
    queryFn: ({ signal }) => apiOne<FacilitySettings>(settingsPath(facilityId), { signal }),
    retry: retryServerTrouble,
  });
}

export function useSaveFacilitySettings(facilityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof FacilitySettingsBody>) =>
      apiOne<FacilitySettings>(settingsPath(facilityId), { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.settings(facilityId), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.audit(facilityId) }),
  });
}

/**
 * The facility's audit trail between two Bangkok dates, newest first, 50 entries a page; the next page starts after the
 * last entry's cursor. Not asked while the filter is not one the server would take (`enabled`).
 */
export function useAuditLog(facilityId: string, filter: AuditFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: adminKeys.auditPages(facilityId, filter),
    enabled,
    queryFn: ({ signal, pageParam }) => {
      const params = auditParams(filter);
      if (pageParam) params.set('after', pageParam);
      return apiList<AuditLogEntry>(`${facilityPath(facilityId)}/audit?${params.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.length >= AUDIT_LOG_PAGE ? (page.at(-1)?.cursor ?? null) : null),
    placeholderData: keepPreviousData,
    retry: retryServerTrouble,
  });
}

/**
 * Every entry of the filter at once (the server refuses more than AUDIT_LOG_EXPORT_MAX), for the CSV file. The server
 * records the export in the trail, so the log is read again.
 */
export function useAuditExport(facilityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filter: AuditFilter) =>
      apiList<AuditLogEntry>(`${facilityPath(facilityId)}/audit/export?${auditParams(filter).toString()}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.audit(facilityId) }),
  });
}
