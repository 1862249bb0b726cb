import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { createMailer } from "./mailer";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it("writes each mail as an .eml file in the outbox folder when there is no SMTP server", async () => {
  const outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-mail-")), "outbox-mail");
  dirs.push(path.dirname(outboxDir));
  const mailer = createMailer({ smtpUrl: null, from: "Night Owl <queue@example.test>", outboxDir });
  await mailer.send({
    id: "queue_open.1",
    to: "fan@example.com",
    subject: "Night Owl's queue is open",
    text: "The queue is open.",
    html: "<p>The queue is open.</p>",
    headers: { "List-Unsubscribe": "<http://queue.example.test/api/v1/email-subscriptions/unsubscribe?token=t>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });

  const raw = fs.readFileSync(path.join(outboxDir, "queue_open.1.eml"), "utf8");
  expect(raw).toMatch(/^To: fan@example.com$/m);
  expect(raw).toMatch(/^Subject: Night Owl's queue is open$/m);
  expect(raw).toMatch(/^Message-ID: <queue_open\.1@example\.test>$/m);
  expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  expect(raw).toContain("Content-Type: text/plain");
  expect(raw).toContain("<p>The queue is open.</p>");
});
