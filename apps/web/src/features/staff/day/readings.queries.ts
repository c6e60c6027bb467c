import type { StaffHomeReading } from '@klaimor/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiList } from '../../../api/client';
import { retryServerTrouble } from '../shared/staff-api';
import { appointmentPath, dayKeys } from './day.queries';

/**
 * The patient's home readings of the last 90 days, oldest first, for a visit in care. Each reading is audited (and
 * shown to the patient in their access log), so it is asked only where the section is shown, once.
 */
export function useVisitReadings(facilityId: string, appointmentId: string) {
  return useQuery({
    queryKey: dayKeys.readings(facilityId, appointmentId),
    queryFn: ({ signal }) =>
      apiList<StaffHomeReading>(`${appointmentPath(facilityId, appointmentId)}/readings`, { signal }),
    staleTime: Infinity,
    retry: retryServerTrouble,
  });
}
