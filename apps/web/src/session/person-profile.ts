import type { UserProfile } from '@klaimor/contracts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCurrentUser, userKeys } from './current-user';
import { usePatientScope } from './patient-scope';

/** A dependent's profile, under the person's own key (the signed-in patient's is `userKeys.me()`). */
export const dependentProfileKey = (person: string) => [...userKeys.all, person, 'profile'] as const;

/** The profile of the person on screen: the signed-in patient's, or the chosen dependent's. */
export function usePersonProfile(): UseQueryResult<UserProfile | null> {
  const patient = usePatientScope();
  const me = useCurrentUser();
  const dependent = useQuery({
    queryKey: dependentProfileKey(patient.id),
    queryFn: ({ signal }) => patient.one<UserProfile>('/api/users/me', { signal }),
    enabled: patient.dependentId !== null,
  });
  return patient.dependentId === null ? me : dependent;
}
