import path from "node:path";
import type { Config } from "../../config";
import { AppError } from "../../lib/errors";
import { ensurePrivateDir, writePrivateFileSync } from "../../lib/private-files";
import { generateAdminPassword, type AdminsService } from "./admins.service";

/** Where a generated first-admin password is kept, in DATA_DIR. */
export const FIRST_ADMIN_PASSWORD_FILE = "first-admin-password.txt";

/**
 * First start: when no admin exists at all, creates a super admin named ADMIN_USERNAME (default
 * "admin") with ADMIN_PASSWORD, or with a generated password written to a file in DATA_DIR that
 * only the service's user can read; only the file's path is printed, so the password never reaches
 * a log (stdout usually ends in one: journald, docker logs). Once any admin exists
 * this does nothing, even if ADMIN_USERNAME/ADMIN_PASSWORD name another account or a new password:
 * the environment seeds the first account, it never overwrites one. Change passwords and add admins
 * with the CLI (`npm run admin -- set-password <username>`).
 */
export async function bootstrapAdmin(
  admins: AdminsService,
  config: Partial<Pick<Config, "adminUsername" | "adminPassword">> & Pick<Config, "dataDir">,
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
    ensurePrivateDir(config.dataDir);
    const file = path.join(config.dataDir, FIRST_ADMIN_PASSWORD_FILE);
    writePrivateFileSync(file, `${password}\n`);
    print(`Created the first admin. Sign in at /access as "${username}" with the password in ${file} (readable only by this user), then delete that file.\n`);
  }
}
