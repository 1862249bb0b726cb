import { z } from "zod";
import type { ClientMessage } from "@common/live";
import { playerClientMessageSchemas } from "@common/player";
import { QUEUE_TYPES, entryRefSchema } from "@common/queue";
import { TEXT_MESSAGES } from "@common/text";
import { illFormedTextPath } from "../lib/well-formed-text";

const clientMessageSchemas = {
  subscribe_queue: z.object({ type: z.literal("subscribe_queue"), queue_types: z.array(z.enum(QUEUE_TYPES)).max(QUEUE_TYPES.length) }),
  ping: z.object({ type: z.literal("ping") }),
  request_position: z.object({ type: z.literal("request_position"), user_id: entryRefSchema.optional() }),
  auth: z.object({ type: z.literal("auth"), token: z.string().max(4096).optional(), guest_secret: z.string().max(200).optional() }),
  ...playerClientMessageSchemas,
} satisfies Record<ClientMessage["type"], z.ZodType>;

export type ParsedClientMessage = { ok: true; message: ClientMessage } | { ok: false; error: string };

/** Reads one frame from a client; anything that is not a known message says why in `error`. */
export function parseClientMessage(text: string): ParsedClientMessage {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: "Message must be JSON" };
  }
  if (illFormedTextPath(raw)) return { ok: false, error: TEXT_MESSAGES.illFormed };
  const type = (raw as { type?: unknown } | null)?.type;
  if (typeof type !== "string" || !Object.hasOwn(clientMessageSchemas, type)) {
    return { ok: false, error: `Unknown message type: ${String(type).slice(0, 50)}` };
  }
  const parsed = clientMessageSchemas[type as ClientMessage["type"]].safeParse(raw);
  if (!parsed.success) return { ok: false, error: `Invalid ${type} message: ${parsed.error.issues[0]?.message ?? "bad fields"}` };
  return { ok: true, message: parsed.data as ClientMessage };
}
