import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { PRIVATE_DIR_MODE, writePrivateFile } from "../../lib/private-files";

export interface OutgoingMail {
  /** Also the Message-ID's local part, so a rare second send of the same outbox row is recognisable. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * How long a send may wait on the mail server, in ms. nodemailer's defaults (2 minutes to connect,
 * 10 minutes of silence) outlast the outbox claim (`CLAIM_MS`), after which another instance would
 * send the same mail again. Connecting and the greeting share `connectionTimeout`; a server that
 * then stops answering is dropped after `socketTimeout`, so a stalled send ends inside the claim.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } satisfies Record<string, number>;
/** The longest a send to a server that stalls at any step can take. */
export const SMTP_STALL_LIMIT_MS = SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.socketTimeout;

/**
 * Mail over SMTP when `smtpUrl` is set; otherwise each mail is written as an .eml file to
 * `outboxDir` (open it in any mail program), so nothing is lost on a machine without a mail server.
 */
export function createMailer(options: { smtpUrl: string | null; from: string; outboxDir: string; timeouts?: Partial<typeof SMTP_TIMEOUTS> }): Mailer {
  // nodemailer is loaded with the first mail: a server that sends none never holds it in memory.
  let transport: Promise<Transporter> | null = null;
  const transportOf = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      options.smtpUrl
        ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS, ...options.timeouts })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
    ));
  const domain = options.from.match(/@([^>\s]+)/)?.[1] ?? "localhost";

  return {
    async send(mail) {
      const transporter = await transportOf();
      const info = await transporter.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        messageId: `<${mail.id}@${domain}>`,
      });
      if (options.smtpUrl) return;
      await fs.mkdir(options.outboxDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const safeId = mail.id.replace(/[^\w.-]/g, "_");
      await writePrivateFile(path.join(options.outboxDir, `${safeId}.eml`), (info as unknown as { message: Buffer }).message);
    },
    close() {
      void transport?.then(
        (opened) => opened.close(),
        () => undefined,
      );
    },
  };
}
