import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";

/** The chatter of a $(customapi) call, as Fossabot's context call describes them. */
export interface FossabotChatter {
  providerId: string;
  login: string;
  displayName: string;
  /** Role types: broadcaster, moderator, vip, subscriber, custom... */
  roles: string[];
}

export interface FakeFossabot {
  url: string;
  /** FOSSABOT_API_BASE pointing the app here. */
  env: Record<string, string>;
  /** A new per-call token for the chatter (null: a timer, no message), and the headers Fossabot sends with it. */
  call(chatter: FossabotChatter | null): Record<string, string>;
  /** "error": answer 503; otherwise the real answers. */
  failure: "error" | null;
  /** Paths asked, in order. */
  requests: string[];
  close(): Promise<void>;
}

const errorBody = (status: number, code: string, error: string, message: string) => ({ code, error, message, status });

/**
 * A local Fossabot API: GET /customapi/validate/{token} (single use: a second call is 400
 * token_invalid) and GET /customapi/context/{token}, with the shapes of docs.fossabot.com.
 */
export async function startFakeFossabot(): Promise<FakeFossabot> {
  const tokens = new Map<string, { chatter: FossabotChatter | null; validated: boolean }>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake-fossabot");
    fake.requests.push(url.pathname);
    const send = (status: number, body: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (fake.failure === "error") return send(503, errorBody(503, "unavailable", "Service Unavailable", "Try again later"));
    const match = /^\/v2\/customapi\/(validate|context)\/([^/]+)$/.exec(url.pathname);
    const entry = match ? tokens.get(decodeURIComponent(match[2]!)) : undefined;
    if (!match || !entry) return send(400, errorBody(400, "token_invalid", "Bad Request", "Invalid token"));
    if (match[1] === "validate") {
      if (entry.validated) return send(400, errorBody(400, "token_invalid", "Bad Request", "Invalid token"));
      entry.validated = true;
      return send(200, { context_url: `${fake.url}/customapi/context/${match[2]}` });
    }
    const { chatter } = entry;
    send(200, {
      channel: { id: "1", login: "host", display_name: "Host", slug: "host", provider: "twitch", provider_id: "900", is_live: true },
      message: chatter
        ? {
            id: randomUUID(),
            content: "!sr",
            provider: "twitch",
            user: {
              provider_id: chatter.providerId,
              login: chatter.login,
              display_name: chatter.displayName,
              roles: chatter.roles.map((type, index) => ({ id: String(index + 1), name: type, type })),
            },
          }
        : null,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  const fake: FakeFossabot = {
    url: base,
    env: { FOSSABOT_API_BASE: base },
    failure: null,
    requests: [],
    call(chatter) {
      const token = randomUUID();
      tokens.set(token, { chatter, validated: false });
      return {
        "x-fossabot-channelid": "1",
        "x-fossabot-channellogin": "host",
        "x-fossabot-channelprovider": "twitch",
        "x-fossabot-customapitoken": token,
        "x-fossabot-hasmessage": chatter ? "true" : "false",
        // A request may carry any address here: the app asks only its own setting.
        "x-fossabot-validateurl": `https://elsewhere.invalid/v2/customapi/validate/${token}`,
        "user-agent": "Fossabot Web Proxy",
        ...(chatter
          ? { "x-fossabot-message-userprovider": "twitch", "x-fossabot-message-userproviderid": chatter.providerId, "x-fossabot-message-userdisplayname": chatter.displayName }
          : {}),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
