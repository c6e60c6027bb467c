import type { ResultSeries } from '@klaimor/contracts';
import { useQuery } from '@tanstack/react-query';
import { usePatientScope } from '../../session/patient-scope';

/** Keys name the person first (session/patient-scope.ts): `all` still covers everybody's. */
export const resultKeys = {
  all: ['results'] as const,
  of: (person: string) => [...resultKeys.all, person] as const,
  series: (person: string) => [...resultKeys.of(person), 'series'] as const,
};

/**
 * GET /api/results: the released results of the person shown, by test in the catalogue's order, each oldest first.
 * `enabled` false where the grant does not open them (the home readings' chart for a medicines-only caregiver).
 */
export function useResults({ enabled = true }: { enabled?: boolean } = {}) {
  const patient = usePatientScope();
  return useQuery({
    queryKey: resultKeys.series(patient.id),
    queryFn: ({ signal }) => patient.list<ResultSeries>('/api/results', { signal }),
    enabled,
  });
}
