import type { ChatRole, ChatSource } from "@common/chat-requests";
import type { ChatIdentity } from "../chat-requests/chat-requests.service";

/** Who called a command, as far as the request itself says; Fossabot's word is proven by asking Fossabot. */
export type BotClaim =
  | { kind: "known"; source: ChatSource; identity: ChatIdentity; roles: ChatRole[] }
  /** Fossabot's per-call token: its context (the caller and their roles) is read from Fossabot. */
  | { kind: "fossabot"; token: string }
  | { kind: "none" };

/** The request headers and query a command reads (header names lowercased, as Node gives them). */
export interface BotRequest {
  headers: Record<string, string | string[] | undefined>;
  /** StreamElements passes ${user}; any bot may pass a name here when it sends no identity of its own. */
  user?: string;
}

const NIGHTBOT_LEVELS: Record<string, ChatRole> = {
  owner: "broadcaster",
  moderator: "moderator",
  vip: "vip",
  twitch_vip: "vip",
  // Nightbot ranks its regulars (a list the host keeps) above subscribers and below VIPs.
  regular: "subscriber",
  subscriber: "subscriber",
  everyone: "everyone",
};

const header = (request: BotRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Twitch and YouTube ids are platform identities; any other provider (Discord...) is only a name. */
function identityOf(provider: string | null, id: string | null, name: string): ChatIdentity {
  if ((provider === "twitch" || provider === "youtube") && id) return { platform: provider, platformUserId: id, displayName: name };
  return { platform: "name", platformUserId: name, displayName: name };
}

/**
 * Reads the caller the way each bot sends them: Nightbot's `Nightbot-User` header (form-encoded
 * name, displayName, provider, providerId, userLevel), Fossabot's `x-fossabot-customapitoken` (proven
 * later), else a name in the query (StreamElements' ${user}). A role nobody confirmed is `everyone`.
 */
export function readBotClaim(request: BotRequest): BotClaim {
  const nightbot = header(request, "nightbot-user");
  if (nightbot) {
    const user = new URLSearchParams(nightbot);
    const name = user.get("displayName") || user.get("name") || "";
    if (name) {
      const role = NIGHTBOT_LEVELS[(user.get("userLevel") ?? "").toLowerCase()] ?? "everyone";
      return { kind: "known", source: "nightbot", identity: identityOf(user.get("provider"), user.get("providerId"), name), roles: [role] };
    }
  }
  const fossabotToken = header(request, "x-fossabot-customapitoken");
  if (fossabotToken && header(request, "x-fossabot-hasmessage") !== "false") return { kind: "fossabot", token: fossabotToken };
  const name = (request.user ?? "").trim().replace(/^@+/, "");
  if (name) return { kind: "known", source: "streamelements", identity: identityOf(null, null, name), roles: ["everyone"] };
  return { kind: "none" };
}

/** Fossabot's role types, as its context call lists them; custom roles and unknown types confer nothing. */
export function fossabotRoles(types: readonly string[]): ChatRole[] {
  const known: Record<string, ChatRole> = { broadcaster: "broadcaster", moderator: "moderator", vip: "vip", subscriber: "subscriber", follower: "follower" };
  return types.flatMap((type) => (known[type.toLowerCase()] ? [known[type.toLowerCase()]!] : []));
}
