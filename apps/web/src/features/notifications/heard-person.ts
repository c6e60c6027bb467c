import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { allows } from '../../session/care-links';
import { patientScope, usePatientScope, type PatientScope } from '../../session/patient-scope';
import { useSelectedPerson, type ShownPerson } from '../../session/use-selected-person';

/**
 * Whose notifications the screens show: a held child's while the patient holding the profile has chosen them, else the
 * patient's own. A dependent who signs in hears their own notifications, so choosing one does not hide the patient's.
 */
export function useHeardPerson(): ShownPerson | null {
  const { person, people } = useSelectedPerson();
  if (!person) return null;
  return !person.link || allows(person.link, 'notifications') ? person : (people[0] ?? null);
}

/** The calls for the notifications of `useHeardPerson()`. */
export function useHeardScope(): PatientScope {
  const queryClient = useQueryClient();
  const scope = usePatientScope();
  const heard = useHeardPerson();
  const own = heard !== null && heard.link === null;
  return useMemo(
    () => (own && scope.dependentId !== null ? patientScope(queryClient, scope.owner, null) : scope),
    [own, scope, queryClient],
  );
}
