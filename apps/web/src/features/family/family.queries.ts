import type {
  AcceptCareInput,
  AddDependentInput,
  CareConsentCodeInput,
  CareInvitationInput,
  CareLink,
  ChangeCareInput,
  ConfirmCareInput,
  OtpRequested,
} from '@klaimor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiList, apiOne, apiRequest } from '../../api/client';
import { devSmsKeys } from '../../session/app-config';
import { familyKeys } from '../../session/care-links';
import { selectedDependent, selectPatient } from '../../session/selected-patient';
import { useOwnerId } from '../../session/patient-scope';

/** Every family call is about the signed-in patient's own links: none of them names a `patient`. */
function useFamilyMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}

/** A code to the mobile number an adult dependent controls, for them to read out (202). */
export function useRequestConsentCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CareConsentCodeInput) =>
      apiRequest<unknown>('/api/family/consent-code', { method: 'POST', body }),
    onSuccess: (_reply, body) => queryClient.invalidateQueries({ queryKey: devSmsKeys.phone(body.phone) }),
  });
}

/** Registers a dependent without an account of their own, held under the signed-in patient. */
export const useAddDependent = () =>
  useFamilyMutation((body: AddDependentInput) => apiList<CareLink>('/api/family/dependents', { method: 'POST', body }));

/** Asks someone who has an account (found by their number) to be looked after. */
export const useInviteToCare = () =>
  useFamilyMutation((body: CareInvitationInput) =>
    apiOne<CareLink>('/api/family/invitations', { method: 'POST', body }),
  );

/**
 * A code for a pending link: to the signed-in invitee's own phone to accept with, or, asked by a parent, to the
 * minor's phone for the minor to read out.
 */
export function useRequestLinkCode() {
  return useMutation({
    mutationFn: (linkId: string) =>
      apiRequest<OtpRequested | undefined>(`/api/family/links/${encodeURIComponent(linkId)}/code`, { method: 'POST' }),
  });
}

export const useAcceptCare = () =>
  useFamilyMutation(({ linkId, body }: { linkId: string; body: AcceptCareInput }) =>
    apiOne<CareLink>(`/api/family/links/${encodeURIComponent(linkId)}/accept`, { method: 'POST', body }),
  );

/** The parent confirms a minor's link with the code the minor read out from their phone. */
export const useConfirmWithChildsCode = () =>
  useFamilyMutation(({ linkId, body }: { linkId: string; body: ConfirmCareInput }) =>
    apiOne<CareLink>(`/api/family/links/${encodeURIComponent(linkId)}/confirm`, { method: 'POST', body }),
  );

/** The minor reports a parent link as not their parent's: suspended at once. */
export const useReportNotMyParent = () =>
  useFamilyMutation((linkId: string) =>
    apiOne<CareLink>(`/api/family/links/${encodeURIComponent(linkId)}/report`, { method: 'POST' }),
  );

/** Changes what a grant allows (narrowing is open to both sides, widening to the grantor) or the alert delay. */
export const useChangeCare = () =>
  useFamilyMutation(({ linkId, body }: { linkId: string; body: ChangeCareInput }) =>
    apiOne<CareLink>(`/api/family/links/${encodeURIComponent(linkId)}`, { method: 'PATCH', body }),
  );

/** Ends a grant, or declines an invitation. */
export const useRevokeCare = () =>
  useFamilyMutation((linkId: string) =>
    apiOne<CareLink>(`/api/family/links/${encodeURIComponent(linkId)}/revoke`, { method: 'POST' }),
  );

/**
 * After a held profile was deleted: a caregiver who was looking at it is back on their own data (no "access lost"
 * message: they chose this), nothing of it stays cached, and the family list is read again.
 */
export function useForgetDeletedProfile(): (dependentId: string) => Promise<void> {
  const queryClient = useQueryClient();
  const owner = useOwnerId();
  return async (dependentId) => {
    if (selectedDependent(owner) === dependentId) selectPatient(owner, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(dependentId) });
    await queryClient.invalidateQueries({ queryKey: familyKeys.all });
  };
}
