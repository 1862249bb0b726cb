import type { RawData, WebSocket } from "ws";
import { parseClientMessage } from "./client-messages";

/** How long a socket that brought no credential in its URL has to send it as its first message. */
export const AUTH_MESSAGE_WAIT_MS = 10_000;

/** A socket's credential, from its URL or its first message. */
export interface SocketCredential {
  token: string | null;
  guestSecret: string | null;
}

/**
 * The credential of a socket's first message, `{type: "auth", token | guest_secret}`, kept out of the
 * URL (where proxies and logs keep it); null when the first message is something else, or none comes
 * in time.
 */
export function firstMessageCredential(socket: WebSocket, waitMs = AUTH_MESSAGE_WAIT_MS): Promise<SocketCredential | null> {
  return new Promise((resolve) => {
    const finish = (credential: SocketCredential | null) => {
      clearTimeout(timer);
      socket.off("message", onMessage);
      socket.off("close", onClose);
      resolve(credential);
    };
    const onMessage = (data: RawData, isBinary: boolean) => {
      const parsed = isBinary ? null : parseClientMessage(data.toString());
      finish(parsed?.ok && parsed.message.type === "auth" ? { token: parsed.message.token ?? null, guestSecret: parsed.message.guest_secret ?? null } : null);
    };
    const onClose = () => finish(null);
    const timer = setTimeout(() => finish(null), waitMs);
    timer.unref();
    socket.on("message", onMessage);
    socket.on("close", onClose);
  });
}

/**
 * The same for a socket that nobody else listens to yet: the messages that follow the credential
 * (sent before it is checked) are kept, and `release` hands them to whoever listens by then.
 */
export function holdUntilFirstMessage(socket: WebSocket): { credential: Promise<SocketCredential | null>; release(): void } {
  const held: { data: RawData; isBinary: boolean }[] = [];
  const keep = (data: RawData, isBinary: boolean) => void held.push({ data, isBinary });
  socket.on("message", keep);
  return {
    credential: firstMessageCredential(socket),
    release() {
      socket.off("message", keep);
      for (const { data, isBinary } of held.slice(1)) socket.emit("message", data, isBinary);
    },
  };
}
