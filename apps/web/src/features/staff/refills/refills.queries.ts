import type {
  RefillApproveInput,
  RefillCounts,
  RefillBox,
  RefillDeclineInput,
  RefillSentBody,
  StaffRefill,
} from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiOne } from '../../../api/client';
import { facilityPath, retryServerTrouble, staffKeys } from '../shared/staff-api';

export const refillKeys = {
  /** A facility's boxes: any step on a request asks them all again (it moves from one box to the next). */
  boxes: (facilityId: string) => [...staffKeys.all, 'refills', facilityId] as const,
  box: (facilityId: string, box: RefillBox) => [...refillKeys.boxes(facilityId), box] as const,
};

/**
 * How often a box is asked again, so a new request (or one another clinician approved) shows within a minute without
 * reloading. Each patient listed is audited once per member and day, so asking again adds nothing to their log.
 */
export const REFILLS_POLL_MS = 60_000;

const refillsPath = (facilityId: string) => `${facilityPath(facilityId)}/refills`;
const refillPath = (facilityId: string, refillId: string) =>
  `${refillsPath(facilityId)}/${encodeURIComponent(refillId)}`;

/**
 * One box of the facility's repeat prescriptions: to decide and to dispense oldest first (the first asked is the
 * first to run out), done newest first. No earlier box stays on screen while another loads: its buttons would act on
 * requests of the box just left.
 */
const refillsQuery = (facilityId: string, box: RefillBox) => ({
  queryKey: refillKeys.box(facilityId, box),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiList<StaffRefill>(`${refillsPath(facilityId)}?${new URLSearchParams({ box }).toString()}`, { signal }),
  refetchInterval: REFILLS_POLL_MS,
  retry: retryServerTrouble,
});

export const useRefills = (facilityId: string, box: RefillBox) => useQuery(refillsQuery(facilityId, box));

/**
 * How many requests wait in each of the member's own boxes, for the counts on the tabs, asked every minute whatever
 * screen is open. Numbers only (…/refills/counts): reading the lists instead would put every waiting patient in the
 * access log of each member who merely has the staff app open.
 */
export function useWaitingRefills(facilityId: string, boxes: readonly RefillBox[]): Partial<Record<RefillBox, number>> {
  const counts = useQuery({
    queryKey: [...refillKeys.boxes(facilityId), 'counts'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiOne<RefillCounts>(`${refillsPath(facilityId)}/counts`, { signal }),
    refetchInterval: REFILLS_POLL_MS,
    retry: retryServerTrouble,
    enabled: boxes.length > 0,
  });
  const waiting: Partial<Record<RefillBox, number>> = {};
  if (counts.data && boxes.includes('to_decide')) waiting.to_decide = counts.data.toDecide;
  if (counts.data && boxes.includes('to_dispense')) waiting.to_dispense = counts.data.toDispense;
  return waiting;
}

/** A step on one request, answered by the request as it now stands; the boxes are asked again whatever the answer. */
function useRefillStep<V>(facilityId: string, send: (variables: V) => Promise<StaffRefill>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // A refusal too (another clinician decided first): the boxes then show where the request is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: refillKeys.boxes(facilityId) }),
  });
}

/** The clinician's approval: the medicine goes on for `days` from the end of its supply; the patient is told. */
export function useApproveRefill(facilityId: string) {
  return useRefillStep(facilityId, ({ refillId, body }: { refillId: string; body: RefillApproveInput }) =>
    apiOne<StaffRefill>(`${refillPath(facilityId, refillId)}/approve`, { method: 'POST', body }),
  );
}

/** The clinician's refusal, with the reason the patient reads. */
export function useDeclineRefill(facilityId: string) {
  return useRefillStep(facilityId, ({ refillId, body }: { refillId: string; body: RefillDeclineInput }) =>
    apiOne<StaffRefill>(`${refillPath(facilityId, refillId)}/decline`, { method: 'POST', body }),
  );
}

/** The pharmacy has it ready to pick up: at the hospital with the day's next queue number, or at the nearby one. */
export function useMarkRefillReady(facilityId: string) {
  return useRefillStep(facilityId, (refillId: string) =>
    apiOne<StaffRefill>(`${refillPath(facilityId, refillId)}/ready`, { method: 'POST' }),
  );
}

/** The pharmacy posted it: the carrier and tracking number reach the patient. */
export function useMarkRefillSent(facilityId: string) {
  return useRefillStep(facilityId, ({ refillId, body }: { refillId: string; body: RefillSentBody }) =>
    apiOne<StaffRefill>(`${refillPath(facilityId, refillId)}/sent`, { method: 'POST', body }),
  );
}
