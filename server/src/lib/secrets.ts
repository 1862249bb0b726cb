import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { ensurePrivateDir, restrictToOwner, writePrivateFileSync } from "./private-files";

/** Reads a named secret from DATA_DIR/secrets.json (0600), generating and saving it the first time. */
export function loadOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, "secrets.json");
  ensurePrivateDir(dataDir);
  restrictToOwner(file);
  const secrets: Record<string, string> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
  const existing = secrets[name];
  if (existing) return existing;
  const created = randomBytes(48).toString("base64url");
  secrets[name] = created;
  writePrivateFileSync(file, JSON.stringify(secrets, null, 2));
  return created;
}
