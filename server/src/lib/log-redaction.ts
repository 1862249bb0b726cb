/**
 * Every log line passes through `redactSecrets` on its way out, whatever wrote it (the request log,
 * an error with a URL in its message, a library's warning), so a credential that reached a URL, a
 * header or a logged object never reaches the log.
 */

const REDACTED = "[redacted]";

// Query parameters that carry a credential: Google's tokens and codes, OAuth state, the sockets' and
// mail links' tokens, guests' secrets, the YouTube API key.
const SECRET_PARAMS = "credential|access_token|refresh_token|id_token|client_secret|code|state|token|guest_secret|key";
// The value runs to the next parameter (an encoded one's too); inside a JSON string an escaped character (\") is part of it.
const PARAM_VALUE = String.raw`(?:\\.|(?!%26)[^&#"\s\\])*`;
const SECRET_PARAM = new RegExp(String.raw`((?:[?&]|%3F|%26)(?:${SECRET_PARAMS})(?:=|%3D))${PARAM_VALUE}`, "gi");

// Path segments that are credentials: the chat-bot command URLs' secret (chat/{secret}/{command}) and
// the single-use upload URL's key.
const SECRET_SEGMENT = /(\/(?:chat|files\/upload)\/)(?!\[redacted\])[^/?#"\s\\]+/g;

// Logged objects' fields (headers included) that hold a credential.
const SECRET_FIELDS = "authorization|cookie|set-cookie|x-guest-secret|password|credential|access_token|refresh_token|id_token|client_secret|guest_secret|token|secret";
const SECRET_FIELD = new RegExp(String.raw`("(?:${SECRET_FIELDS})":)"(?:\\.|[^"\\])*"`, "gi");

const BEARER = /\b(Bearer\s+)[^\s"\\,]+/gi;
// user:password@ in a URL (a database, Redis or SMTP address in an error).
const URL_USERINFO = /(\b[a-z][\w+.-]*:\/\/)[^/@\s"\\]+@/gi;

/** The line with every credential it holds replaced by "[redacted]". */
export function redactSecrets(line: string): string {
  return line
    .replace(SECRET_PARAM, `$1${REDACTED}`)
    .replace(SECRET_SEGMENT, (_match, prefix: string) => `${prefix}${REDACTED}`)
    .replace(SECRET_FIELD, `$1"${REDACTED}"`)
    .replace(BEARER, `$1${REDACTED}`)
    .replace(URL_USERINFO, `$1${REDACTED}@`);
}

export interface LineStream {
  write(line: string): unknown;
}

/** A log destination that redacts each line before `target` sees it. */
export const redactingStream = (target: LineStream): LineStream => ({ write: (line: string) => target.write(redactSecrets(line)) });

/** Fastify's logger settings with the output redacted (to the given stream, else stdout). */
export function withRedactedOutput(logger: boolean | object | undefined): boolean | object {
  if (!logger) return false;
  const given = logger === true ? {} : (logger as { stream?: LineStream });
  return { ...given, stream: redactingStream(given.stream ?? process.stdout) };
}
