import type {
  AllergyInput,
  AppointmentStatus,
  ConditionInput,
  HealthBackground,
  BreakGlassInput,
  CorrectedVisit,
  EnteredInErrorInput,
  PrescriptionAmendInput,
  VisitAmendInput,
  DayListEntry,
  HospitalNumberInput,
  PatientRecordForStaff,
  PatientRegistration,
  StaffCancelBody,
  StaffMoveBody,
  VisitRecordInput,
} from '@klaimor/contracts';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiOne, isApiError } from '../../../api/client';
import { facilityPath, retryServerTrouble, staffKeys } from '../shared/staff-api';

export interface DayListFilter {
  date: string;
  status: AppointmentStatus | null;
  q: string;
  /** One clinic's appointments; null for all. */
  clinicId?: string | null;
  /** Only the sessions the signed-in clinician sees patients in. */
  ownSessions?: boolean;
}

export const dayKeys = {
  /** A facility's day lists; an action on one appointment refreshes every list of the facility. */
  appointments: (facilityId: string) => [...staffKeys.all, 'appointments', facilityId] as const,
  list: (facilityId: string, filter: DayListFilter) => [...dayKeys.appointments(facilityId), 'day', filter] as const,
  search: (facilityId: string, q: string) => [...dayKeys.appointments(facilityId), 'search', q] as const,
  /** Read on asking only: each reading is audited. */
  registration: (facilityId: string, appointmentId: string) =>
    [...staffKeys.all, 'registration', facilityId, appointmentId] as const,
  /** Apart from the lists, so an action never asks for the record again: each opening is audited. */
  record: (facilityId: string, appointmentId: string) =>
    [...staffKeys.all, 'record', facilityId, appointmentId] as const,
  /** The patient's results at the facility, read for one visit: each reading is audited as well. */
  results: (facilityId: string, appointmentId: string) =>
    [...staffKeys.all, 'results', facilityId, appointmentId] as const,
  /** The patient's home readings, read for one visit: audited too. */
  readings: (facilityId: string, appointmentId: string) =>
    [...staffKeys.all, 'readings', facilityId, appointmentId] as const,
};

/** How often the day list is asked again, so a desk sees new bookings and other desks' check-ins without reloading. */
export const DAY_LIST_POLL_MS = 5000;

const appointmentsPath = (facilityId: string) => `${facilityPath(facilityId)}/appointments`;
/** One appointment's staff calls. */
export const appointmentPath = (facilityId: string, appointmentId: string) =>
  `${appointmentsPath(facilityId)}/${encodeURIComponent(appointmentId)}`;

/**
 * A day's appointments at the facility, asked again every 5 seconds; the previous list stays on screen while a new
 * filter loads.
 */
export function useDayList(facilityId: string, filter: DayListFilter) {
  const params = new URLSearchParams({ date: filter.date });
  if (filter.status) params.set('status', filter.status);
  const q = filter.q.trim();
  if (q) params.set('q', q);
  if (filter.clinicId) params.set('clinicId', filter.clinicId);
  if (filter.ownSessions) params.set('clinician', 'me');
  return useQuery({
    queryKey: dayKeys.list(facilityId, { ...filter, q }),
    queryFn: ({ signal }) => apiList<DayListEntry>(`${appointmentsPath(facilityId)}?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: DAY_LIST_POLL_MS,
    retry: retryServerTrouble,
  });
}

/** The shortest search the server answers across dates (AppointmentSearchQuery). */
export const SEARCH_MIN_LENGTH = 3;

/** The facility's appointments on any date matching the search, once it is long enough to mean someone. */
export function useAppointmentSearch(facilityId: string, q: string) {
  const trimmed = q.trim();
  return useQuery({
    queryKey: dayKeys.search(facilityId, trimmed),
    queryFn: ({ signal }) =>
      apiList<DayListEntry>(
        `${appointmentsPath(facilityId)}/search?${new URLSearchParams({ q: trimmed }).toString()}`,
        {
          signal,
        },
      ),
    enabled: trimmed.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    retry: retryServerTrouble,
  });
}

/** What the desk registers the patient with in the hospital's own system; asked only when the desk opens it. */
export function usePatientRegistration(facilityId: string, appointmentId: string, open: boolean) {
  return useQuery({
    queryKey: dayKeys.registration(facilityId, appointmentId),
    queryFn: ({ signal }) =>
      apiOne<PatientRegistration>(`${appointmentPath(facilityId, appointmentId)}/registration`, { signal }),
    enabled: open,
    staleTime: Infinity,
    retry: retryServerTrouble,
  });
}

/** Keeps the patient's HN here; the registration shown and the lists then carry it. */
export function useSetHospitalNumber(facilityId: string, appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HospitalNumberInput) =>
      apiOne<PatientRegistration>(`${appointmentPath(facilityId, appointmentId)}/hospital-number`, {
        method: 'PUT',
        body,
      }),
    onSuccess: (registration) => {
      queryClient.setQueryData(dayKeys.registration(facilityId, appointmentId), registration);
      return queryClient.invalidateQueries({ queryKey: dayKeys.appointments(facilityId) });
    },
  });
}

export type AppointmentAction =
  | { kind: 'check-in' | 'start-consultation' | 'no-show' | 'deposit-returned' }
  | { kind: 'cancel'; body: z.output<typeof StaffCancelBody> }
  | { kind: 'move'; body: StaffMoveBody }
  | { kind: 'complete'; body: VisitRecordInput };

/**
 * Moves one appointment on (check-in, calling in, no-show, cancel, the visit recorded); answers it as the list
 * shows it.
 */
export function useAppointmentAction(facilityId: string, appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AppointmentAction) =>
      apiOne<DayListEntry>(`${appointmentPath(facilityId, appointmentId)}/${action.kind}`, {
        method: 'POST',
        body: 'body' in action ? action.body : undefined,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dayKeys.appointments(facilityId) }),
    // A drug refused for an allergy the record beside does not show yet (recorded since it was read): read it again.
    onError: (error) =>
      isApiError(error, 'validation_failed') && Object.values(error.fields).includes('allergy_override_required')
        ? queryClient.invalidateQueries({ queryKey: dayKeys.record(facilityId, appointmentId) })
        : undefined,
    // The record shown beside the visit form then reads as it now stands: the visit and its medicines just saved.
    onSuccess: (_entry, action) =>
      action.kind === 'complete'
        ? queryClient.invalidateQueries({ queryKey: dayKeys.record(facilityId, appointmentId) })
        : undefined,
  });
}

/**
 * Opens the record outside care with a reason (audited, flagged, the reason shown to the patient): the record the
 * answer brings takes the place of the refusal the plain opening had.
 */
export function useBreakGlass(facilityId: string, appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BreakGlassInput) =>
      apiOne<PatientRecordForStaff>(`${appointmentPath(facilityId, appointmentId)}/record/break-glass`, {
        method: 'POST',
        body,
      }),
    onSuccess: (record) => queryClient.setQueryData(dayKeys.record(facilityId, appointmentId), record),
  });
}

/**
 * The patient's record for the clinician; each opening is audited and shown to the patient, so it is asked only on
 * request.
 */
export function usePatientRecord(facilityId: string, appointmentId: string, open: boolean) {
  return useQuery({
    queryKey: dayKeys.record(facilityId, appointmentId),
    queryFn: ({ signal }) =>
      apiOne<PatientRecordForStaff>(`${appointmentPath(facilityId, appointmentId)}/record`, { signal }),
    enabled: open,
    staleTime: Infinity,
    retry: retryServerTrouble,
  });
}

/** A correction of the visit or of one of its prescriptions, as the record panel offers it. */
export type Correction =
  | { of: 'visit'; kind: 'amend'; body: VisitAmendInput }
  | { of: 'visit'; kind: 'entered-in-error'; body: EnteredInErrorInput }
  | { of: 'prescription'; medicationId: string; kind: 'amend'; body: PrescriptionAmendInput }
  | { of: 'prescription'; medicationId: string; kind: 'entered-in-error'; body: EnteredInErrorInput };

/**
 * Corrects the visit recorded at this appointment, or one of its prescriptions (audited, told to the patient). The
 * answer (the visit and every version of its prescriptions) goes into the record already open, so the record is not
 * asked again: each opening is audited.
 */
export function useCorrection(facilityId: string, appointmentId: string) {
  const queryClient = useQueryClient();
  const key = dayKeys.record(facilityId, appointmentId);
  return useMutation({
    mutationFn: (c: Correction) =>
      apiOne<CorrectedVisit>(
        c.of === 'visit'
          ? `${appointmentPath(facilityId, appointmentId)}/visit/${c.kind}`
          : `${appointmentPath(facilityId, appointmentId)}/prescriptions/${encodeURIComponent(c.medicationId)}/${c.kind}`,
        { method: 'POST', body: c.body },
      ),
    onSuccess: ({ visit, medications }) =>
      queryClient.setQueryData<PatientRecordForStaff>(key, (record) =>
        record
          ? {
              ...record,
              visits: record.visits.map((v) => (v.source === visit.source && v.id === visit.id ? visit : v)),
              medications: [
                ...record.medications.filter((m) => m.prescribedBy?.appointmentId !== appointmentId),
                ...medications,
              ],
            }
          : record,
      ),
    // Another clinician's correction came first: the record read again shows what now stands.
    onError: (error) =>
      isApiError(error, 'visit_changed_meanwhile') || isApiError(error, 'prescription_changed_meanwhile')
        ? queryClient.invalidateQueries({ queryKey: key })
        : undefined,
  });
}

/** An allergy or a condition the clinician records on the patient's record, or one this facility recorded to remove. */
export type BackgroundChange =
  | { kind: 'add'; of: 'allergies'; body: AllergyInput }
  | { kind: 'add'; of: 'conditions'; body: ConditionInput }
  | { kind: 'remove'; of: 'allergies' | 'conditions'; id: string };

/**
 * Writes on the patient's allergies and conditions (in care, audited, shown to the patient). The answer (both lists as
 * they now stand) goes into the record already open, so the record is not asked again: each opening is audited.
 */
export function useBackgroundChange(facilityId: string, appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: BackgroundChange) =>
      c.kind === 'add'
        ? apiOne<HealthBackground>(`${appointmentPath(facilityId, appointmentId)}/${c.of}`, {
            method: 'POST',
            body: c.body,
          })
        : apiOne<HealthBackground>(
            `${appointmentPath(facilityId, appointmentId)}/${c.of}/${encodeURIComponent(c.id)}`,
            { method: 'DELETE' },
          ),
    onSuccess: (background) =>
      queryClient.setQueryData<PatientRecordForStaff>(dayKeys.record(facilityId, appointmentId), (record) =>
        record ? { ...record, ...background } : record,
      ),
  });
}
