import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { FAST_PASS_HEADER, type NormalizedSubmission, type QueueOverview, type QueuePosition, type QueueType, type Entry, type SubmitResponse } from "@common/queue";
import { api, isApiError, publicApi } from "../../lib/api-client";
import { guestHeaders } from "../../lib/guest-headers";
import { rememberListVersion } from "../../lib/live-list";
import { getAnonymousSubmission, getStoredUser, setAnonymousSubmission, setLastSubmission } from "../../lib/storage";

/** Query keys shared by the pages and the live-update hook. */
export const queueKeys = {
  all: ["queue"] as const,
  overview: () => ["queue", "overview"] as const,
  list: (type: QueueType) => ["queue", "list", type] as const,
  lists: () => ["queue", "list"] as const,
  position: (userId: string | null) => ["queue", "position", userId] as const,
  positions: () => ["queue", "position"] as const,
  entry: (userId: string) => ["queue", "entry", userId] as const,
};

const LIST_PATHS: Record<QueueType, string> = {
  waiting: "queuer/queue",
  active: "active-queuer/queue",
  on_hold: "queuer/on-hold",
};

export const overviewQuery = () =>
  queryOptions({
    queryKey: queueKeys.overview(),
    queryFn: () => publicApi.get<QueueOverview>("queue-position/overview"),
    // Never dropped: once one has answered, the page's queue status is the overview's (queueStatusOf).
    gcTime: Number.POSITIVE_INFINITY,
  });

/** GET queuer/{id}: one submitter's live entry as stored now (the lists may be a moment behind). */
export const entryQuery = (userId: string) =>
  queryOptions({ queryKey: queueKeys.entry(userId), queryFn: () => publicApi.get<Entry>(`queuer/${encodeURIComponent(userId)}`), staleTime: 0 });

/** One of the three public lists; a 404 means an empty list. Its version is kept for live changes. */
export const queueListQuery = (type: QueueType) =>
  queryOptions({
    queryKey: queueKeys.list(type),
    // A fetch superseded by a newer change is aborted, so the version kept is always that of the list held.
    queryFn: async ({ signal }) => {
      try {
        const onHeaders = (headers: Headers) => rememberListVersion(queueKeys.list(type), headers);
        return (await publicApi.get<Entry[]>(LIST_PATHS[type], { onHeaders, signal })) ?? [];
      } catch (error) {
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
  });

/** The position of one submitter; null when not in the queue (404), which hides the widget. */
export const positionQuery = (userId: string | null) =>
  queryOptions({
    queryKey: queueKeys.position(userId),
    enabled: !!userId,
    queryFn: async () => {
      try {
        // With the submitter's own proof the lookup also counts as their sign of life.
        return await api.get<QueuePosition>(`queue-position/position/${encodeURIComponent(userId ?? "")}`, { headers: guestHeaders(userId ?? undefined) });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });

/** X-FastPass-Level when the member spends a token of that tier. */
export const fastPassHeaders = (level: number | undefined): Record<string, string> => (level ? { [FAST_PASS_HEADER]: String(level) } : {});

/** POST queuer/: joins the queue (spending a Fast Pass of `fastPassLevel` if given) and remembers a guest's submission. */
export function useSubmitToQueue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fastPassLevel, ...submission }: NormalizedSubmission & { fastPassLevel?: number }) =>
      api.post<SubmitResponse>("queuer/", {
        json: submission,
        query: { bypass_duplicates: false },
        headers: { ...guestHeaders(), ...fastPassHeaders(fastPassLevel) },
      }),
    onSuccess: (answer) => {
      rememberSubmission(answer);
      keepEntry(client, answer.queuer);
    },
  });
}

/**
 * What a change's answer tells the cache: the submitter's entry as stored now. The lists, positions and
 * overview follow from the socket's versioned updates (refetched only on a version gap), not from here.
 */
export function keepEntry(client: QueryClient, entry: Entry): void {
  client.setQueryData(queueKeys.entry(entry.user_id), entry);
}

/** Remembers a new submission in this browser (a guest's secret above all), whichever call made it. */
export function rememberSubmission(answer: SubmitResponse): void {
  const { queuer, user, guest_secret } = answer;
  if (user.is_guest) {
    const previous = getAnonymousSubmission();
    const secret = guest_secret ?? (previous?.user_id === user.user_id ? previous.guest_secret : undefined);
    setAnonymousSubmission({ id: queuer.id, user_id: queuer.user_id, guest_secret: secret, submitted_at: queuer.submitted_at });
  }
  setLastSubmission({
    id: queuer.id,
    user_id: queuer.user_id,
    artist_name: queuer.artist_name,
    track_title: queuer.track_title,
    submitted_at: queuer.submitted_at,
  });
}

/** PUT queuer/{user_id}: the owner changes the fields of a waiting entry. */
export function useUpdateEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, submission }: { userId: string; submission: NormalizedSubmission }) =>
      api.put<Entry>(`queuer/${encodeURIComponent(userId)}`, { json: { ...submission, on_hold: false }, headers: guestHeaders(userId) }),
    onSuccess: (entry) => keepEntry(client, entry),
  });
}

/** DELETE queuer/{user_id}: the owner leaves the queue. */
export function useLeaveQueue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete<unknown>(`queuer/${encodeURIComponent(userId)}`, { headers: guestHeaders(userId) }),
    onSuccess: (_answer, userId) => {
      // Out of the queue: no entry and no position to read any more.
      client.removeQueries({ queryKey: queueKeys.entry(userId), exact: true });
      client.setQueryData(queueKeys.position(userId), null);
    },
  });
}

/** Whether this browser owns the entry: the guest record's user id or the signed-in user's id. */
export function isOwnEntry(entry: Pick<Entry, "user_id" | "owner_id">): boolean {
  return isEntryOf(entry, getStoredUser()?.user_id ?? null, getAnonymousSubmission()?.user_id ?? null);
}

/** Whether `entry` is the signed-in user's (`userId`) or this browser's guest submission's (`guestId`). */
export function isEntryOf(entry: Pick<Entry, "user_id" | "owner_id">, userId: string | null, guestId: string | null): boolean {
  if (guestId !== null && entry.user_id === guestId) return true;
  return userId !== null && (entry.user_id === userId || entry.owner_id === userId);
}
