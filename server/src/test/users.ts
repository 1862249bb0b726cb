import { randomBytes } from "node:crypto";
import type { SubmissionStatus } from "@common/queue";
import type { UserAuthResponse } from "@common/users";
import type { FeatureDeps } from "../app";
import type { SubmissionsTable } from "../db/tables/core";
import { toIso } from "../lib/clock";
import { newGuestUserId, newId, newSecret, sha256 } from "../lib/ids";

export interface TestUser extends UserAuthResponse {
  password: string;
}

const unique = () => randomBytes(4).toString("hex");

/** Registers a member through the real sign-up service; returns its tokens, profile and password. */
export async function createTestUser(
  deps: FeatureDeps,
  options: { username?: string; email?: string; password?: string; displayName?: string; publicProfile?: boolean } = {},
): Promise<TestUser> {
  const username = options.username ?? `member_${unique()}`;
  const password = options.password ?? "member-password-1";
  let session = await deps.services.userAuth.register({
    username,
    email: options.email ?? `${username}@example.com`,
    password,
    display_name: options.displayName ?? null,
  });
  if (options.publicProfile === false) {
    session = { ...session, user: await deps.services.users.updateMe(session.user.user_id, { preferences: { public_profile: false } }) };
  }
  return { ...session, password };
}

/** A guest as the queue knows one: an id and the secret only that guest's browser holds. */
export async function createTestGuest(deps: FeatureDeps): Promise<{ userId: string; secret: string }> {
  const userId = newGuestUserId();
  const secret = newSecret();
  await deps.db
    .insertInto("guests")
    .values({ user_id: userId, secret_hash: sha256(secret), created_at: toIso(new Date()), last_active: null })
    .execute();
  return { userId, secret };
}

/** Writes one row of the submissions table, as the queue would have. */
export async function insertTestSubmission(
  deps: FeatureDeps,
  options: { userId: string; ownerId?: string | null; status?: SubmissionStatus; submittedAt?: Date; trackTitle?: string; artistName?: string; playedListCleared?: boolean },
): Promise<SubmissionsTable> {
  const submittedAt = toIso(options.submittedAt ?? new Date());
  const status = options.status ?? "waiting";
  const row: SubmissionsTable = {
    id: newId(),
    user_id: options.userId,
    owner_id: options.ownerId ?? null,
    artist_name: options.artistName ?? "Artist",
    track_title: options.trackTitle ?? `Track ${unique()}`,
    youtube_username: "Anonymous",
    username: "anonymous",
    link: `https://example.com/${unique()}`,
    message: "Empty!",
    status,
    hold_reason: null,
    priority_level: 0,
    premium_expires: null,
    payment_source: null,
    payment_reference: null,
    file_key: null,
    submitted_at: submittedAt,
    activated_at: status === "active" || status === "played" ? submittedAt : null,
    played_at: status === "played" ? submittedAt : null,
    removed_at: status === "removed" ? submittedAt : null,
    played_list_cleared: options.playedListCleared ? 1 : 0,
    created_by_admin: 0,
  };
  await deps.db.insertInto("submissions").values(row).execute();
  return row;
}
