import type { MessageFacility, SentMessage, Thread, ThreadSummary } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePatientScope } from '../../session/patient-scope';

/** Keys name the person first (session/patient-scope.ts): `all` still covers everybody's. */
export const messageKeys = {
  all: ['care-messages'] as const,
  of: (person: string) => [...messageKeys.all, person] as const,
  facilities: (person: string) => [...messageKeys.of(person), 'facilities'] as const,
  threads: (person: string) => [...messageKeys.of(person), 'threads'] as const,
  thread: (person: string, id: string) => [...messageKeys.threads(person), id] as const,
};

/** What the patient writes: the words, and the photos chosen (sent as the form field `photo`). */
export interface Draft {
  text: string;
  photos: File[];
}

function formOf(fields: Record<string, string>, photos: File[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const photo of photos) form.append('photo', photo, photo.name);
  return form;
}

/** GET /api/messages/facilities: where the person may write (seen or booked there), with each one's reply time. */
export function useMessageFacilities() {
  const patient = usePatientScope();
  return useQuery({
    queryKey: messageKeys.facilities(patient.id),
    queryFn: ({ signal }) => patient.list<MessageFacility>('/api/messages/facilities', { signal }),
  });
}

/** GET /api/messages: the person's threads, the latest first; asked again each minute for replies. */
export function useThreads() {
  const patient = usePatientScope();
  return useQuery({
    queryKey: messageKeys.threads(patient.id),
    queryFn: ({ signal }) => patient.list<ThreadSummary>('/api/messages', { signal }),
    refetchInterval: 60_000,
  });
}

/** GET /api/messages/:id: one thread, marked read by opening it; asked again each minute for a reply. */
export function useThread(threadId: string) {
  const patient = usePatientScope();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messageKeys.thread(patient.id, threadId),
    queryFn: async ({ signal }) => {
      const thread = await patient.one<Thread>(`/api/messages/${encodeURIComponent(threadId)}`, { signal });
      // Opening it read it: the list's "new reply" mark goes.
      void queryClient.invalidateQueries({ queryKey: messageKeys.threads(patient.id), exact: true });
      return thread;
    },
    refetchInterval: 60_000,
  });
}

/** The address of a message's photo, for an <img> (the session cookie goes with it). */
export function usePhotoUrl(): (photoId: string) => string {
  const patient = usePatientScope();
  return (photoId) => patient.url(`/api/messages/photos/${encodeURIComponent(photoId)}`);
}

/** POST /api/messages (a new thread) or /api/messages/:id (one more message): the thread, and the red flags raised. */
export function useSendMessage() {
  const patient = usePatientScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      threadId,
      start,
      draft,
    }: {
      threadId?: string;
      start?: { facilityId: string; subject: string };
      draft: Draft;
    }) =>
      patient.one<SentMessage>(threadId ? `/api/messages/${encodeURIComponent(threadId)}` : '/api/messages', {
        method: 'POST',
        body: formOf({ ...start, text: draft.text }, draft.photos),
      }),
    onSuccess: (sent) => {
      queryClient.setQueryData(messageKeys.thread(patient.id, sent.thread.id), sent.thread);
      void queryClient.invalidateQueries({ queryKey: messageKeys.threads(patient.id), exact: true });
    },
  });
}
