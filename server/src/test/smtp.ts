import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A delivered mail as the test reads it: headers unfolded, bodies decoded from quoted-printable. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  header(name: string): string | undefined;
  text: string;
  html: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = Buffer.from(
    body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  );
  return bytes.toString("utf8");
}

/** The decoded body of the MIME part of `type` (text/plain or text/html). */
function part(raw: string, type: string, boundary: string | undefined): string {
  const start = raw.search(new RegExp(`Content-Type: ${type}`, "i"));
  if (start < 0) return "";
  const rest = raw.slice(start);
  const headerEnd = rest.search(/\r?\n\r?\n/);
  const headers = rest.slice(0, headerEnd);
  const afterHeaders = rest.slice(headerEnd).replace(/^\r?\n\r?\n/, "");
  const body = boundary ? (afterHeaders.split(`--${boundary}`)[0] ?? "").replace(/\r?\n$/, "") : afterHeaders;
  if (/quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/base64/i.test(headers)) return Buffer.from(body, "base64").toString("utf8");
  return body;
}

function parse(raw: string, to: string[]): ReceivedMail {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n([ \t])/g, "$1");
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const boundary = headers.get("content-type")?.match(/boundary="?([^";]+)"?/)?.[1];
  return { to, raw, header: (name) => headers.get(name.toLowerCase()), text: part(raw, "text/plain", boundary), html: part(raw, "text/html", boundary) };
}

/** A real SMTP server in the test process that keeps what it receives; stop() and start() again on the same port simulate an outage. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;

  async function start(): Promise<void> {
    if (server) return;
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push(
            parse(
              Buffer.concat(chunks).toString("utf8"),
              session.envelope.rcptTo.map((r) => r.address),
            ),
          );
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  }

  async function stop(): Promise<void> {
    const current = server;
    server = null;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  await start();
  return {
    received,
    url: () => `smtp://127.0.0.1:${port}`,
    start,
    stop,
    /** Mails to one address, oldest first. */
    to: (address: string) => received.filter((mail) => mail.to.includes(address)),
  };
}
