import { canonicalizeLink } from "@common/link-canonical";
import type { FeatureDeps } from "../feature-deps";
import type { SubmissionsTable } from "../db/tables/core";
import { newGuestUserId, newId, newSecret, sha256 } from "../lib/ids";
import { createTestAdmin, type TestAdmin } from "./admins";
import { systemActor } from "../lib/access";
import { summarize } from "../features/queue/queue-events";
import { WAITING_ENTRY } from "./submission-row";

let sequence = 0;
const startedAt = Date.now();

/** An admin with an access token; `active: false` gives an inactive one. */
export function makeAdmin(deps: FeatureDeps, options: { active?: boolean } = {}): Promise<TestAdmin> {
  return createTestAdmin(deps, options);
}

/** A user access token for an account id, with a private account of that id made when there is none. */
export async function makeUserToken(deps: FeatureDeps, userId: string = newId()): Promise<string> {
  const at = new Date().toISOString();
  await deps.db
    .insertInto("users")
    .values({
      id: userId,
      username: `member_${sha256(userId).slice(0, 16)}`,
      email: null,
      email_verified: 0,
      password_hash: null,
      google_sub: null,
      display_name: "Member",
      avatar_url: null,
      bio: null,
      location: null,
      website_url: null,
      default_artist_name: null,
      default_youtube_username: null,
      preferences: JSON.stringify({ public_profile: false }),
      is_public: 0,
      youtube_channel_id: null,
      youtube_channel_title: null,
      created_at: at,
      updated_at: at,
      last_active: at,
    })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
  return deps.tokens.signAccess(userId, "user");
}

export interface MadeSubmission {
  row: SubmissionsTable;
  /** The guest secret, when the submission belongs to a guest made here. */
  guestSecret: string | null;
}

/**
 * A submission written straight to the database, with a guest (and its secret) made for it unless
 * `user_id` is given. Each call gets a later `submitted_at` than the one before, so order is predictable.
 * Announced like any change, so every cached list is dropped.
 */
export async function makeSubmission(deps: FeatureDeps, values: Partial<SubmissionsTable> = {}): Promise<MadeSubmission> {
  sequence += 1;
  let guestSecret: string | null = null;
  let userId = values.user_id;
  if (!userId) {
    userId = newGuestUserId();
    guestSecret = newSecret();
    await deps.db
      .insertInto("guests")
      .values({ user_id: userId, secret_hash: sha256(guestSecret), created_at: new Date().toISOString(), last_active: null })
      .execute();
  }
  const link = values.link ?? `https://example.com/track-${sequence}-${newId()}`;
  const row: SubmissionsTable = {
    ...WAITING_ENTRY,
    id: newId(),
    user_id: userId,
    artist_name: `Artist ${sequence}`,
    track_title: `Track ${sequence}`,
    youtube_username: `Channel${sequence}`,
    username: `channel${sequence}`,
    link,
    canonical_key: values.file_key ? null : (canonicalizeLink(link)?.key ?? null),
    submitted_at: new Date(startedAt + sequence).toISOString(),
    ...values,
  };
  await deps.db.insertInto("submissions").values(row).execute();
  await announceWrite(deps, row);
  return { row, guestSecret };
}

/** A row written behind the services' back is announced as the queue would announce a new entry. */
async function announceWrite(deps: FeatureDeps, row: SubmissionsTable): Promise<void> {
  await deps.events.emit("submission.added", { entry: summarize(row), from: null, by_admin: false });
  await deps.lists.settled();
}

/** Empties the queue, its history and the activity record between tests, and drops every cached list. */
export async function resetQueue(deps: FeatureDeps): Promise<void> {
  await deps.db.deleteFrom("submissions").execute();
  await deps.db.deleteFrom("activity").execute();
  const counts = { waiting: 0, active: 0, on_hold: 0 };
  for (const queue_type of ["waiting", "active", "on_hold"] as const) await deps.events.emit("queue.cleared", { queue_type, removed_count: 0, counts });
  // Their list updates go out after a short burst window: let them go before the test connects its sockets.
  await deps.lists.settled();
}

/** The server acting on its own authority, for setting up a test's state through the services. */
export const TEST_SYSTEM = systemActor("test setup");

/** An empty queue that is on and takes submissions, with every list update of the reset sent. */
export async function openEmptyQueue(deps: FeatureDeps): Promise<void> {
  await resetQueue(deps);
  await deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
  await deps.services.settings.set(TEST_SYSTEM, "isSubmissionsOpen", "true");
  await deps.lists.settled();
}

/** The fields of a submission as a person fills them in, numbered so that each link is its own. */
export const submissionForm = (i: number | string, values: Record<string, unknown> = {}) => ({
  artist_name: `Artist ${i}`,
  track_title: `Track ${i}`,
  youtube_username: `Channel${i}`,
  link: `https://example.com/song-${i}`,
  ...values,
});
