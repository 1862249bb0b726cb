import type { AdminProfile } from "@common/auth";
import type { FeatureDeps } from "../feature-deps";

let counter = 0;

export interface TestAdmin {
  admin: AdminProfile;
  password: string;
  /** An admin access token, ready for a Bearer header or /ws/admin?token=. */
  accessToken: string;
}

/** Creates an admin (active unless told otherwise) and signs an access token for it. */
export async function createTestAdmin(deps: FeatureDeps, options: { username?: string; password?: string; active?: boolean; superAdmin?: boolean } = {}): Promise<TestAdmin> {
  counter += 1;
  const password = options.password ?? "admin-password-1";
  let admin = await deps.services.admins.create({
    username: options.username ?? `admin${counter}_${Date.now()}`,
    password,
    isSuperAdmin: options.superAdmin ?? false,
  });
  if (options.active === false) admin = await deps.services.admins.setActive(admin.username, false);
  const session = await deps.services.admins.session(admin.admin_id);
  return { admin, password, accessToken: await deps.tokens.signAccess(admin.admin_id, "admin", { sv: session!.sessionVersion }) };
}
