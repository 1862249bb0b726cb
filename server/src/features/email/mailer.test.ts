import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { CLAIM_MS } from "../../events/outbox";
import { createMailer, SMTP_STALL_LIMIT_MS, SMTP_TIMEOUTS } from "./mailer";

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

it("gives up on a mail server that stalls well before the outbox claim runs out, so no other instance sends it meanwhile", async () => {
  expect(SMTP_STALL_LIMIT_MS).toBeLessThan(CLAIM_MS);
  expect(SMTP_TIMEOUTS.greetingTimeout).toBeLessThanOrEqual(SMTP_TIMEOUTS.connectionTimeout);

  // Accepts the connection and never says hello.
  const sockets: net.Socket[] = [];
  const silent = net.createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const { port } = silent.address() as net.AddressInfo;
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "queue@example.test", outboxDir: os.tmpdir(), timeouts: { greetingTimeout: 200 } });
  try {
    // The greeting limit it was given gives up: a mailer waiting for nodemailer's default 30 s would hit the test's timeout instead.
    await expect(mailer.send({ id: "stalled.1", to: "fan@example.com", subject: "s", text: "t", html: "<p>t</p>", headers: {} })).rejects.toThrow(/greeting/i);
  } finally {
    mailer.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
});
