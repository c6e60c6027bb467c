import type {
  DayListEntry,
  DeskBookingInput,
  DeskPatient,
  DeskRegistrationInput,
  OtpRequested,
} from '@klaimor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiList, apiOne } from '../../../api/client';
import { dayKeys } from '../day/day.queries';
import { facilityPath } from '../shared/staff-api';

const patientsPath = (facilityId: string) => `${facilityPath(facilityId)}/patients`;

/**
 * Finds a registered patient by their whole number or a booking reference. A mutation, not a query: each look-up is
 * audited and shown to the patient, so it is made when the desk presses the button and never again by itself.
 */
export function useLookUpPatient(facilityId: string) {
  return useMutation({
    mutationFn: (query: { phone: string } | { reference: string }) =>
      apiList<DeskPatient>(`${patientsPath(facilityId)}?${new URLSearchParams(query).toString()}`),
  });
}

/** Sends the consent code to the number of a patient the desk is registering. */
export function useSendRegistrationCode(facilityId: string) {
  return useMutation({
    mutationFn: (phone: string) =>
      apiOne<OtpRequested>(`${patientsPath(facilityId)}/code`, { method: 'POST', body: { phone } }),
  });
}

/** Registers the patient with the code they read out. */
export function useRegisterAtDesk(facilityId: string) {
  return useMutation({
    mutationFn: (body: DeskRegistrationInput) =>
      apiOne<DeskPatient>(patientsPath(facilityId), { method: 'POST', body }),
  });
}

/**
 * Books the patient into a slot; the key stays the same for every try of one booking, so a retry after a lost reply
 * never books twice. The day lists then show it.
 */
export function useBookAtDesk(facilityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: DeskBookingInput; idempotencyKey: string }) =>
      apiOne<DayListEntry>(`${facilityPath(facilityId)}/appointments`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dayKeys.appointments(facilityId) }),
  });
}
