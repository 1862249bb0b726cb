import fs from "node:fs";

/**
 * What the app keeps in DATA_DIR (signing keys, the database, mails with people's addresses) is for
 * the service's own user only: directories it creates are 0700, such files 0600 whatever the umask.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) readable only by this user; an existing directory is left as it is. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Narrows an existing file to the owner (it may predate this rule or have been copied in); a missing one is fine. */
export function restrictToOwner(file: string): void {
  try {
    fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** Writes `data` to a file readable only by this user, an existing file included. */
export function writePrivateFileSync(file: string, data: string | Buffer): void {
  fs.writeFileSync(file, data, { mode: PRIVATE_FILE_MODE });
  restrictToOwner(file);
}

/** The same, for a file that nothing else ever writes (a new mail in the outbox). */
export async function writePrivateFile(file: string, data: string | Buffer): Promise<void> {
  await fs.promises.writeFile(file, data, { mode: PRIVATE_FILE_MODE });
}
