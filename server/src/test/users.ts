import { randomBytes } from "node:crypto";
import { registerSchema, type UserAuthResponse } from "@common/users";
import type { FeatureDeps } from "../feature-deps";

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
  let session = await deps.services.userAuth.register(
    registerSchema.parse({ username, email: options.email ?? `${username}@example.com`, password, display_name: options.displayName ?? null }),
  );
  if (options.publicProfile === false) {
    session = {
      ...session,
      user: await deps.services.users.updateMe(
        { kind: "person", userId: session.user.user_id, guestId: null, invalidGuestSecret: false },
        { preferences: { public_profile: false } },
      ),
    };
  }
  return { ...session, password };
}
