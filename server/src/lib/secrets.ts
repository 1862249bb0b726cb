import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";

/** Reads a named secret from DATA_DIR/secrets.json, generating and saving it the first time. */
export function loadOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, "secrets.json");
  fs.mkdirSync(dataDir, { recursive: true });
  const secrets: Record<string, string> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
  const existing = secrets[name];
  if (existing) return existing;
  const created = randomBytes(48).toString("base64url");
  secrets[name] = created;
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return created;
}
