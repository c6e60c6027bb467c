import type {
  AssignBody,
  InboxBox,
  InboxCountsReply,
  InboxMembersReply,
  InboxThread,
  ReplyBody,
  StaffThread,
  ThreadStatus,
  ThreadStatusBody,
} from '@klaimor/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiList, apiOne } from '../../../api/client';
import { facilityPath, retryServerTrouble, staffKeys } from '../shared/staff-api';

/** Who a thread may be given to (GET …/messages/members). */
export type InboxMember = z.infer<typeof InboxMembersReply>['data'][number];
/** Open threads waiting for a reply, unassigned and the member's own (GET …/messages/counts). */
export type InboxCounts = z.infer<typeof InboxCountsReply>['data'][number];

export const inboxKeys = {
  /** A facility's boxes and their counts: any act on a thread asks them again. */
  boxes: (facilityId: string) => [...staffKeys.all, 'inbox', facilityId] as const,
  list: (facilityId: string, box: InboxBox, status: ThreadStatus) =>
    [...inboxKeys.boxes(facilityId), 'list', box, status] as const,
  counts: (facilityId: string) => [...inboxKeys.boxes(facilityId), 'counts'] as const,
  members: (facilityId: string) => [...staffKeys.all, 'inbox-members', facilityId] as const,
  /** Apart from the boxes, so refreshing them never opens the thread again: each opening is audited. */
  thread: (facilityId: string, threadId: string) => [...staffKeys.all, 'inbox-thread', facilityId, threadId] as const,
};

/**
 * How often the boxes and the waiting counts are asked again, so a new message shows within a minute without
 * reloading (and the waiting times move on).
 */
export const INBOX_POLL_MS = 60_000;

const messagesPath = (facilityId: string) => `${facilityPath(facilityId)}/messages`;
const threadPath = (facilityId: string, threadId: string) =>
  `${messagesPath(facilityId)}/${encodeURIComponent(threadId)}`;

/** A photo of a message, as the browser loads it in an <img> (the staff cookie goes with every /api/staff request). */
export const inboxPhotoUrl = (facilityId: string, photoId: string): string =>
  `${messagesPath(facilityId)}/photos/${encodeURIComponent(photoId)}`;

/**
 * A box of the inbox, red flags first, then the longest waiting for a reply; the previous box stays on screen while
 * another loads.
 */
export function useInbox(facilityId: string, box: InboxBox, status: ThreadStatus) {
  const params = new URLSearchParams({ box, status });
  return useQuery({
    queryKey: inboxKeys.list(facilityId, box, status),
    queryFn: ({ signal }) => apiList<InboxThread>(`${messagesPath(facilityId)}?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: INBOX_POLL_MS,
    retry: retryServerTrouble,
  });
}

/** The threads waiting for a reply, for the badge on the inbox's tab and on its boxes. */
export function useInboxCounts(facilityId: string) {
  return useQuery({
    queryKey: inboxKeys.counts(facilityId),
    queryFn: ({ signal }) => apiOne<InboxCounts>(`${messagesPath(facilityId)}/counts`, { signal }),
    refetchInterval: INBOX_POLL_MS,
    retry: retryServerTrouble,
  });
}

export function useInboxMembers(facilityId: string) {
  return useQuery({
    queryKey: inboxKeys.members(facilityId),
    queryFn: ({ signal }) => apiList<InboxMember>(`${messagesPath(facilityId)}/members`, { signal }),
    staleTime: 5 * 60_000,
    retry: retryServerTrouble,
  });
}

/**
 * One thread with its messages, oldest first. Each opening is audited and shown to the patient, so it is asked once
 * when opened, and again only when the member asks for newer messages.
 */
export function useInboxThread(facilityId: string, threadId: string) {
  return useQuery({
    queryKey: inboxKeys.thread(facilityId, threadId),
    queryFn: ({ signal }) => apiOne<StaffThread>(threadPath(facilityId, threadId), { signal }),
    staleTime: Infinity,
    retry: retryServerTrouble,
  });
}

/**
 * An act on a thread, answered by the thread as it now stands: the answer takes the place of the thread shown (not
 * asked again, an opening is audited), and the boxes and counts are asked again.
 */
function useThreadMutation<V>(facilityId: string, threadId: string, send: (variables: V) => Promise<StaffThread>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (thread) => queryClient.setQueryData(inboxKeys.thread(facilityId, threadId), thread),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKeys.boxes(facilityId) }),
  });
}

/** The member's reply: the patient is told; an unassigned thread becomes the member's. */
export function useReplyToThread(facilityId: string, threadId: string) {
  return useThreadMutation(facilityId, threadId, (body: ReplyBody) =>
    apiOne<StaffThread>(`${threadPath(facilityId, threadId)}/replies`, { method: 'POST', body }),
  );
}

/** Gives the thread to a member who answers messages here, or back to no one (null). */
export function useAssignThread(facilityId: string, threadId: string) {
  return useThreadMutation(facilityId, threadId, (body: z.output<typeof AssignBody>) =>
    apiOne<StaffThread>(`${threadPath(facilityId, threadId)}/assignee`, { method: 'PUT', body }),
  );
}

/** Marks the thread done, or opens it again. */
export function useSetThreadStatus(facilityId: string, threadId: string) {
  return useThreadMutation(facilityId, threadId, (body: z.output<typeof ThreadStatusBody>) =>
    apiOne<StaffThread>(`${threadPath(facilityId, threadId)}/status`, { method: 'PUT', body }),
  );
}
