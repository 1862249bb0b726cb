import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { openDatabase } from "../db/kysely";
import { migrateToLatest } from "../db/migrate";
import { createMailer } from "../features/email/mailer";
import { loadOrCreateSecret } from "./secrets";

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

let root: string;
let umask: number;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-modes-"));
  // The usual umask, under which files are world-readable unless the app says otherwise.
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
  fs.rmSync(root, { recursive: true, force: true });
});

it("keeps the generated secrets, the SQLite database with its WAL and the outbox's mails to the service's user", async () => {
  const dataDir = path.join(root, "data");
  loadOrCreateSecret(dataDir, "jwt");
  const database = openDatabase({ sqliteFile: path.join(dataDir, "livequeue.db") });
  await migrateToLatest(database.db);
  const mailer = createMailer({ smtpUrl: null, from: "LiveQueue <no-reply@localhost>", outboxDir: path.join(dataDir, "outbox-mail") });
  await mailer.send({ id: "mail-1", to: "person@example.com", subject: "Hi", text: "Hello", html: "<p>Hello</p>", headers: {} });
  mailer.close();

  expect(modeOf(dataDir)).toBe(0o700);
  expect(modeOf(path.join(dataDir, "secrets.json"))).toBe(0o600);
  for (const file of ["livequeue.db", "livequeue.db-wal", "livequeue.db-shm"]) expect(modeOf(path.join(dataDir, file)), file).toBe(0o600);
  expect(modeOf(path.join(dataDir, "outbox-mail"))).toBe(0o700);
  expect(modeOf(path.join(dataDir, "outbox-mail", "mail-1.eml"))).toBe(0o600);
  await database.close();
});

it("narrows a secrets file and a database left readable by others", async () => {
  fs.writeFileSync(path.join(root, "secrets.json"), JSON.stringify({ jwt: "an-old-secret" }), { mode: 0o644 });
  fs.writeFileSync(path.join(root, "livequeue.db"), "", { mode: 0o644 });
  expect(loadOrCreateSecret(root, "jwt")).toBe("an-old-secret");
  const database = openDatabase({ sqliteFile: path.join(root, "livequeue.db") });
  await migrateToLatest(database.db);
  expect(modeOf(path.join(root, "secrets.json"))).toBe(0o600);
  expect(modeOf(path.join(root, "livequeue.db"))).toBe(0o600);
  await database.close();
});
