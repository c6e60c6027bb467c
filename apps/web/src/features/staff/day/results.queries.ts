import type { LabResult, RecordResultsBody } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList } from '../../../api/client';
import { retryServerTrouble } from '../shared/staff-api';
import { appointmentPath, dayKeys } from './day.queries';

const resultsPath = (facilityId: string, appointmentId: string) =>
  `${appointmentPath(facilityId, appointmentId)}/results`;

/**
 * The patient's results at this facility, held ones too, newest first. Each reading is audited (and shown to the
 * patient), so it is asked only where the panel is shown, once.
 */
export function useVisitResults(facilityId: string, appointmentId: string, open = true) {
  return useQuery({
    queryKey: dayKeys.results(facilityId, appointmentId),
    queryFn: ({ signal }) => apiList<LabResult>(resultsPath(facilityId, appointmentId), { signal }),
    enabled: open,
    staleTime: Infinity,
    retry: retryServerTrouble,
  });
}

/**
 * Records a sitting's results for the visit, held or released at once. The answer is the patient's results at the
 * facility as they now stand: it takes the place of the list shown, which is not asked again (a reading is audited).
 */
export function useRecordResults(facilityId: string, appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordResultsBody) =>
      apiList<LabResult>(resultsPath(facilityId, appointmentId), { method: 'POST', body }),
    onSuccess: (results) => queryClient.setQueryData(dayKeys.results(facilityId, appointmentId), results),
  });
}

/** Gives the visit's held results to the patient: those named, or all of them. The answer replaces the list shown. */
export function useReleaseResults(facilityId: string, appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resultIds?: string[]) =>
      apiList<LabResult>(`${resultsPath(facilityId, appointmentId)}/release`, {
        method: 'POST',
        body: resultIds ? { resultIds } : {},
      }),
    onSuccess: (results) => queryClient.setQueryData(dayKeys.results(facilityId, appointmentId), results),
  });
}
