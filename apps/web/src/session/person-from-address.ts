import { PATIENT_SELECTOR } from '@klaimor/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useFamily } from './care-links';
import { selectPatient } from './selected-patient';
import type { SelectedPerson } from './use-selected-person';

/**
 * A link naming a person (`?patient=<id>`: a push about a held child, a caregiver's alert about a dependent) chooses
 * them once the family says who they are, and the address forgets it (the rest of the address stays). Answers whether
 * the choice is still being made: until then the screen is not shown, so nothing is read or marked for the wrong
 * person. Someone the patient no longer cares for is not chosen.
 */
export function useChoiceFromAddress({ owner, people }: Pick<SelectedPerson, 'owner' | 'people'>): boolean {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(PATIENT_SELECTOR);
  const family = useFamily({ enabled: wanted !== null && owner !== '' });
  const known = family.isFetched;
  useEffect(() => {
    if (wanted === null || !known) return;
    if (people.some((person) => person.id === wanted)) selectPatient(owner, wanted === owner ? null : wanted);
    setParams(
      (current) => {
        current.delete(PATIENT_SELECTOR);
        return current;
      },
      { replace: true },
    );
  }, [wanted, known, people, owner, setParams]);
  return wanted !== null;
}
