import type { NearHomePharmacy, Refill, RefillRequestBody } from '@klaimor/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePatientScope } from '../../session/patient-scope';
import { medicationKeys } from '../medications/medications.queries';

/** Where the patient is, to the nearest 100 m or so: enough to sort pharmacies, and the same key for a small move. */
export interface Near {
  lat: number;
  lng: number;
}
const rounded = (degrees: number) => Math.round(degrees * 1000) / 1000;
export const nearOf = (coords: { latitude: number; longitude: number }): Near => ({
  lat: rounded(coords.latitude),
  lng: rounded(coords.longitude),
});

/** Keys name the person first (session/patient-scope.ts); the requests themselves are under the medicines' keys. */
export const refillKeys = {
  all: ['refills'] as const,
  pharmacies: (person: string, near: Near | null) =>
    [...refillKeys.all, person, 'pharmacies', near?.lat ?? null, near?.lng ?? null] as const,
};

/** GET /api/refills/pharmacies: the "รับยาใกล้บ้าน" scheme's pharmacies, nearest first around `near`, else by name. */
export function useNearHomePharmacies(near: Near | null) {
  const patient = usePatientScope();
  return useQuery({
    queryKey: refillKeys.pharmacies(patient.id, near),
    queryFn: ({ signal }) =>
      patient.list<NearHomePharmacy>(
        near ? `/api/refills/pharmacies?lat=${near.lat}&lng=${near.lng}` : '/api/refills/pharmacies',
        { signal },
      ),
    staleTime: 10 * 60_000,
    // The list by name stays while the nearest first is on its way, rather than a spinner in its place.
    placeholderData: keepPreviousData,
  });
}

/**
 * A request or its withdrawal changes the list of requests (the answer is put in at once, so the list shows it as the
 * patient arrives there) and what the medicines page offers (a medicine with a request waiting is not offered again):
 * both are read again, without waiting for it.
 */
function useAfterRefillChange() {
  const patient = usePatientScope();
  const queryClient = useQueryClient();
  return (changed?: Refill) => {
    if (changed)
      queryClient.setQueryData<Refill[]>(medicationKeys.refills(patient.id), (list = []) =>
        list.some((r) => r.id === changed.id)
          ? list.map((r) => (r.id === changed.id ? changed : r))
          : [changed, ...list],
      );
    void queryClient.invalidateQueries({ queryKey: medicationKeys.refills(patient.id) });
    void queryClient.invalidateQueries({ queryKey: medicationKeys.list(patient.id) });
  };
}

/** POST /api/refills: asks the prescribing hospital for more of a long-term medicine, saying how to get it. */
export function useRequestRefill() {
  const patient = usePatientScope();
  const changed = useAfterRefillChange();
  return useMutation({
    mutationFn: (body: RefillRequestBody) => patient.one<Refill>('/api/refills', { method: 'POST', body }),
    onSuccess: (refill) => changed(refill),
  });
}

/** POST /api/refills/:id/cancel: withdraws a request the clinician has not decided yet. */
export function useCancelRefill() {
  const patient = usePatientScope();
  const changed = useAfterRefillChange();
  return useMutation({
    mutationFn: (refillId: string) =>
      patient.one<Refill>(`/api/refills/${encodeURIComponent(refillId)}/cancel`, { method: 'POST' }),
    // Refused because the clinician decided meanwhile: the list read again shows what they decided.
    onSettled: (refill) => changed(refill),
  });
}
