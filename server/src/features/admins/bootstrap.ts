import type { Config } from "../../config";
import { AppError } from "../../lib/errors";
import { generateAdminPassword, type AdminsService } from "./admins.service";

/**
 * First start: when no admin exists at all, creates a super admin named ADMIN_USERNAME (default
 * "admin") with ADMIN_PASSWORD, or with a generated password printed once. Once any admin exists
 * this does nothing, even if ADMIN_USERNAME/ADMIN_PASSWORD name another account or a new password:
 * the environment seeds the first account, it never overwrites one. Change passwords and add admins
 * with the CLI (`npm run admin -- set-password <username>`).
 */
export async function bootstrapAdmin(
  admins: AdminsService,
  config: Partial<Pick<Config, "adminUsername" | "adminPassword">>,
  print: (text: string) => void,
): Promise<void> {
  if (await admins.exists()) return;
  const username = config.adminUsername ?? "admin";
  const password = config.adminPassword ?? generateAdminPassword();
  try {
    await admins.create({ username, password, isSuperAdmin: true });
  } catch (error) {
    // Another instance starting at the same moment created it first.
    if (error instanceof AppError && error.status === 409) return;
    throw error;
  }
  if (!config.adminPassword) {
    print(`Created the first admin. Sign in at /access as "${username}" with password: ${password}\nThis password is not shown again.\n`);
  }
}
