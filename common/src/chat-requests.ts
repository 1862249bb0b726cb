/**
 * Requests from chat: who a chat request belongs to, what the platform says of them, and who the host
 * lets request. Shared by the server's chat features and the admin pages.
 */

/** Where a chat identity lives. `name` is a caller known only by a name (StreamElements, a name in the query): never linked to an account. */
export const CHAT_PLATFORMS = ["twitch", "youtube", "name"] as const;
export type ChatPlatform = (typeof CHAT_PLATFORMS)[number];

/** How a request reached us: a bot's command URL, the built-in chat connection or a channel-point redemption. */
export const CHAT_SOURCES = ["nightbot", "streamelements", "fossabot", "twitch_chat", "twitch_points", "youtube_chat"] as const;
export type ChatSource = (typeof CHAT_SOURCES)[number];

/**
 * What the platform says of a viewer, lowest first. A viewer's standing is their highest role; a role
 * nobody confirmed counts as `everyone`. YouTube members are `subscriber`, YouTube's owner `broadcaster`.
 */
export const CHAT_ROLES = ["everyone", "follower", "subscriber", "vip", "moderator", "broadcaster"] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** The roles a host can choose as the least standing that may request from chat. */
export const CHAT_REQUEST_ROLES = ["everyone", "follower", "subscriber", "vip", "moderator"] as const satisfies readonly ChatRole[];

export const CHAT_ROLE_LABELS: Record<ChatRole, string> = {
  everyone: "Everyone",
  follower: "Followers",
  subscriber: "Subscribers and members",
  vip: "VIPs",
  moderator: "Moderators",
  broadcaster: "The broadcaster",
};

export const chatRoleRank = (role: ChatRole): number => CHAT_ROLES.indexOf(role);

/** The highest of `roles` (`everyone` when none). */
export function highestChatRole(roles: readonly ChatRole[]): ChatRole {
  return roles.reduce<ChatRole>((best, role) => (chatRoleRank(role) > chatRoleRank(best) ? role : best), "everyone");
}

export const isChatRole = (value: string): value is ChatRole => (CHAT_ROLES as readonly string[]).includes(value);

/** Reads the comma-separated exempt roles setting; unknown words are ignored. */
export function parseChatRoles(value: string | null | undefined): ChatRole[] {
  return (value ?? "")
    .split(",")
    .map((word) => word.trim().toLowerCase())
    .filter(isChatRole);
}

/** Who may request, as the line a refused viewer reads. */
export function whoMayRequest(minimum: ChatRole): string {
  if (minimum === "everyone") return "everyone";
  const higher = CHAT_ROLES.filter((role) => chatRoleRank(role) >= chatRoleRank(minimum) && role !== "broadcaster");
  return higher.map((role) => CHAT_ROLE_LABELS[role].toLowerCase()).join(", ");
}
