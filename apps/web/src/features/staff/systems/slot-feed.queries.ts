import type { SetSlotFeedBody, SlotFeed, SlotFeedReply } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { adminKeys } from '../admin/admin.queries';
import { facilityPath, retryServerTrouble, staffKeys } from '../shared/staff-api';

export const slotFeedKeys = {
  /** The facility's availability feed and its last read. */
  feed: (facilityId: string) => [...staffKeys.all, 'slot-feed', facilityId] as const,
};

const feedPath = (facilityId: string) => `${facilityPath(facilityId)}/slot-feed`;

/** The facility's availability feed, or null when none is set. */
export function useSlotFeed(facilityId: string) {
  return useQuery({
    queryKey: slotFeedKeys.feed(facilityId),
    queryFn: async ({ signal }) => (await apiRequest<SlotFeedReply>(feedPath(facilityId), { signal })).data,
    retry: retryServerTrouble,
  });
}

/** Each change puts the feed the server answers in place, and reads the audit trail again. */
function useFeedMutation<V>(facilityId: string, mutationFn: (variables: V) => Promise<SlotFeedReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V): Promise<SlotFeed | null> => (await mutationFn(variables)).data,
    onSuccess: (feed) => queryClient.setQueryData(slotFeedKeys.feed(facilityId), feed),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: slotFeedKeys.feed(facilityId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit(facilityId) }),
      ]),
  });
}

/** Sets the address of the system's `$bulk-publish` manifest; it is read within the next minute. */
export function useSetSlotFeed(facilityId: string) {
  return useFeedMutation(facilityId, (body: SetSlotFeedBody) =>
    apiRequest<SlotFeedReply>(feedPath(facilityId), { method: 'PUT', body }),
  );
}

/** Stops reading the feed; the slots it made stay. */
export function useClearSlotFeed(facilityId: string) {
  return useFeedMutation(facilityId, () => apiRequest<SlotFeedReply>(feedPath(facilityId), { method: 'DELETE' }));
}

/** Reads the feed now; the answer is how it went. */
export function useReadSlotFeed(facilityId: string) {
  return useFeedMutation(facilityId, () =>
    apiRequest<SlotFeedReply>(`${feedPath(facilityId)}/read`, { method: 'POST' }),
  );
}
