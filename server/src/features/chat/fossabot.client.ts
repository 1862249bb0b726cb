import { z } from "zod";
import type { Config } from "../../config";
import type { ChatRole } from "@common/chat-requests";
import type { ChatIdentity } from "../chat-requests/chat-requests.service";
import { fossabotRoles } from "./bot-callers";

const validateSchema = z.object({ context_url: z.string() });
const contextSchema = z.object({
  message: z
    .object({
      provider: z.string().optional(),
      user: z.object({
        provider_id: z.string(),
        login: z.string().optional(),
        display_name: z.string(),
        roles: z.array(z.object({ type: z.string() })).default([]),
      }),
    })
    .nullable()
    .optional(),
});

/** The caller Fossabot vouches for, or why there is none. */
export type FossabotCaller = { identity: ChatIdentity; roles: ChatRole[] } | { refused: "invalid" | "no_message" | "unavailable" };

/**
 * Fossabot's proof of a $(customapi) call: the per-call token is validated once (a second validation
 * fails, so a replayed token proves nothing), then the call's context names the chatter and their roles.
 * Only our configured API base is asked, never an address the request carries.
 */
export function createFossabotClient(config: Config["fossabot"]) {
  async function get(path: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${config.apiBase}/${path}`, { signal: AbortSignal.timeout(config.timeoutMs) });
    return { status: response.status, body: await response.json().catch(() => null) };
  }

  return {
    async callerOf(token: string): Promise<FossabotCaller> {
      const safe = encodeURIComponent(token);
      try {
        const validated = await get(`customapi/validate/${safe}`);
        if (validated.status === 400 || validated.status === 404) return { refused: "invalid" };
        if (validated.status !== 200 || !validateSchema.safeParse(validated.body).success) return { refused: "unavailable" };
        const context = await get(`customapi/context/${safe}`);
        const parsed = contextSchema.safeParse(context.body);
        if (context.status !== 200 || !parsed.success) return { refused: context.status === 400 ? "invalid" : "unavailable" };
        const message = parsed.data.message;
        if (!message) return { refused: "no_message" };
        const provider = (message.provider ?? "").toLowerCase();
        const { user } = message;
        const identity: ChatIdentity =
          provider === "twitch" || provider === "youtube"
            ? { platform: provider, platformUserId: user.provider_id, displayName: user.display_name }
            : { platform: "name", platformUserId: user.display_name, displayName: user.display_name };
        return { identity, roles: fossabotRoles(user.roles.map((role) => role.type)) };
      } catch {
        return { refused: "unavailable" };
      }
    },
  };
}

export type FossabotClient = ReturnType<typeof createFossabotClient>;
