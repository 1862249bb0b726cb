import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { overviewQuery, positionQuery, queueListQuery } from "../features/queue";
import { liveStreamQuery } from "../features/stream";
import { publicConfigQuery } from "../lib/site";
import { getAnonymousSubmission, getStoredUser, isUserSignedIn } from "../lib/storage";

/** How long the app's first render waits for these answers: past it, the page asks again as it mounts. */
const FIRST_PAGE_DATA_WAIT_MS = 3_000;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

type Ask = <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>) => Promise<void>;

/**
 * Asks, while the prerendered queue page's code loads, what its first render will ask for (main.tsx
 * loads this module for /queue alone, outside the first download of `/`). With the answers in, that
 * render draws them at once. Without them, each answer arrives after the render and draws the
 * page again as one blocking task (a query's store change is never rendered in a transition), and the
 * page's answers only go out once its first render has committed.
 *
 * One try each: an answer that fails leaves its query to the page, which asks again with the usual
 * retries as it mounts.
 */
export function loadQueuePageData(client: QueryClient): Promise<unknown> {
  // Each call in a task of its own: starting a request costs the page a few milliseconds, and eight
  // of them at once made one blocking task of a slow phone's first seconds.
  const ask: Ask = (options) => nextTask().then(() => client.prefetchQuery({ ...options, retry: false }));
  const shared = [ask(publicConfigQuery()), ask(liveStreamQuery()), ask(overviewQuery())];
  const answered = Promise.all([...shared, ...queuePageData(client, ask)]);
  return Promise.race([answered, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_DATA_WAIT_MS))]);
}

/** The lists, the viewer's place and the votes of the song playing (`SkipVoteSection` asks for that song's). */
function queuePageData(client: QueryClient, ask: Ask): Promise<unknown>[] {
  const memberId = isUserSignedIn() ? (getStoredUser()?.user_id ?? null) : null;
  const followedId = getStoredUser()?.user_id ?? getAnonymousSubmission()?.user_id ?? null;
  const active = ask(queueListQuery("active"));
  // The votes' code is the queue page's own: loaded beside it, not in the first download of `/`.
  const votes = import("../features/votes").then(({ playedQuery }) => ask(playedQuery(memberId)));
  const skipVotes = Promise.all([import("../features/skip-votes"), active]).then(([{ skipVoteQuery }]) =>
    ask(skipVoteQuery(client.getQueryData(queueListQuery("active").queryKey)?.[0]?.id ?? null, memberId)),
  );
  const place = followedId ? ask(positionQuery(followedId)) : Promise.resolve();
  return [active, ask(queueListQuery("waiting")), ask(queueListQuery("on_hold")), place, votes, skipVotes];
}
