import { CARE_ACCESS, careAllows, type CareLink, type CareNeed } from '@klaimor/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiList } from '../api/client';

/** The signed-in patient's care links, read by the person switcher and the family screen alike. */
export const familyKeys = {
  all: ['family'] as const,
  links: () => [...familyKeys.all, 'links'] as const,
};

/** GET /api/family: the dependents and the caregivers of the signed-in patient, with each grant. */
export function useFamily({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: familyKeys.links(),
    queryFn: ({ signal }) => apiList<CareLink>('/api/family', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** The grants the signed-in patient holds now: dependents whose data they may open, oldest first. */
export function activeDependents(links: readonly CareLink[]): CareLink[] {
  return links
    .filter((link) => link.direction === 'caring_for' && link.status === 'active')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * What a screen shows or offers for a dependent, each read from the one table of what a grant opens (`CARE_ACCESS`
 * in contracts, which the server's routes check too).
 */
export type CareArea =
  | 'records'
  | 'appointments'
  | 'booking'
  | 'medicines'
  | 'changeMedicines'
  | 'healthBackground'
  | 'changeHealthBackground'
  | 'changeProfile'
  | 'notifications'
  | 'homeReadings';
const AREA_NEEDS: Record<CareArea, CareNeed> = {
  records: CARE_ACCESS.visits.read,
  appointments: CARE_ACCESS.appointments.read,
  booking: CARE_ACCESS.appointments.change,
  medicines: CARE_ACCESS.medications.read,
  changeMedicines: CARE_ACCESS.medications.change,
  healthBackground: CARE_ACCESS.health_background.read,
  changeHealthBackground: CARE_ACCESS.health_background.change,
  changeProfile: CARE_ACCESS.profile.change,
  notifications: CARE_ACCESS.notifications.read,
  homeReadings: CARE_ACCESS.home_readings.read,
};

export function allows(link: Pick<CareLink, 'scopes' | 'person'>, area: CareArea): boolean {
  return careAllows({ scopes: link.scopes, holds: link.person.youHold }, AREA_NEEDS[area]);
}
