import type { CareLink } from '@klaimor/contracts';
import { useEffect } from 'react';
import { activeDependents, allows, useFamily, type CareArea } from './care-links';
import { useCurrentUser } from './current-user';
import { useOwnerId } from './patient-scope';
import { dependentColour } from './person-colours';
import { loseAccess, useSelectedDependent } from './selected-patient';

export interface ShownPerson {
  id: string;
  firstname: string;
  lastname: string;
  /** The band and initial's colour; null for the signed-in patient (the app's own colour). */
  colour: string | null;
  /** The grant, for a dependent; null for the signed-in patient. */
  link: CareLink | null;
}

export interface SelectedPerson {
  owner: string;
  /** Whose data is on screen; null while a chosen dependent's grant is still being read. */
  person: ShownPerson | null;
  /** The signed-in patient and every dependent with an active grant, the patient first. */
  people: ShownPerson[];
  /** The grants could not be read, so a chosen dependent cannot be shown. */
  failed: boolean;
  retry: () => void;
}

/**
 * The person whose data is on screen, with the people the patient may switch to. A chosen dependent whose grant is no
 * longer active (revoked meanwhile, in another tab or by them) sends the patient back to their own data, saying so.
 */
export function useSelectedPerson(): SelectedPerson {
  const me = useCurrentUser();
  const owner = useOwnerId();
  const selected = useSelectedDependent(owner);
  // Offline (nobody known to be signed in) only the device's own patient's copy is drawn.
  const dependentId = me.data ? selected : null;
  const family = useFamily({ enabled: me.data != null });
  const dependents = activeDependents(family.data ?? []);
  const self: ShownPerson = {
    id: owner,
    firstname: me.data?.firstname ?? '',
    lastname: me.data?.lastname ?? '',
    colour: null,
    link: null,
  };
  const people = [
    self,
    ...dependents.map((link, i): ShownPerson => ({ ...link.person, colour: dependentColour(i), link })),
  ];
  const chosen = dependentId === null ? self : people.find((p) => p.id === dependentId);
  const gone = dependentId !== null && family.data !== undefined && chosen === undefined;

  useEffect(() => {
    if (!gone) return;
    const name = family.data?.find((link) => link.person.id === dependentId)?.person.firstname ?? null;
    loseAccess(owner, { reason: 'ended', name });
  }, [gone, family.data, dependentId, owner]);

  return {
    owner,
    person: chosen ?? null,
    people,
    failed: chosen === undefined && family.isError,
    retry: () => void family.refetch(),
  };
}

/** Whether the screen may offer acting on `area`: always for the patient's own data, else as the grant allows. */
export function useCareAllows(area: CareArea): boolean {
  const link = useSelectedPerson().person?.link;
  return !link || allows(link, area);
}
