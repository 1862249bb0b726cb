import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { POLICY_VIOLATION_CLOSE_CODE } from "@common/live";
import { entryRefSchema } from "@common/queue";
import { textField } from "@common/text";
import type { FeatureDeps } from "../feature-deps";
import { bearerToken } from "../plugins/auth";
import { clientAddressKey } from "../lib/client-address";
import type { AdminActor, PersonActor } from "../lib/access";
import { createSocketHub, type SocketHubOptions } from "./socket-hub";
import { createAdminSessionWatch } from "./admin-session-watch";

const blankAsAbsent = (schema: z.ZodString) => z.preprocess((v) => (v === "" ? undefined : v), schema.min(1).optional());
const publicQuerySchema = z.object({
  user_id: blankAsAbsent(entryRefSchema),
  /** The proof that the socket is that submitter's: their guest secret or a member access token. */
  guest_secret: blankAsAbsent(textField({ max: 200 })),
  token: blankAsAbsent(textField({ max: 4096 })),
});
const adminQuerySchema = z.object({ token: z.string().max(4096).optional() });

/**
 * The live sockets: /ws/public (anyone; `?user_id=` tags the socket for that user's messages, and with
 * `guest_secret=` or a member `token=` makes it that submitter's sign of life) and
 * /ws/admin (`?token=` must be an admin access token). A refused socket is opened and then closed with
 * 1008, so the browser sees why instead of a bare failed handshake.
 */
export function registerLiveRoutes(
  app: FastifyInstance,
  deps: FeatureDeps,
  options: Omit<SocketHubOptions, "fanout" | "log" | "clock" | "limits"> & { isSubmitter(actor: PersonActor, userId: string): Promise<boolean> },
): void {
  const { isSubmitter, ...hubOptions } = options;
  const hub = createSocketHub({ ...hubOptions, fanout: deps.live, clock: deps.clock, log: app.log, limits: deps.config.sockets });
  const adminSessions = createAdminSessionWatch({
    endedSessions: (sessions) => deps.services.admins.endedSessions(sessions),
    intervalMs: deps.config.adminSessionCheckSeconds * 1000,
    log: app.log,
  });
  app.addHook("onReady", async () => {
    // Not awaited: without it the first change only says "refetch" instead of what changed.
    void deps.lists.prime();
  });
  app.addHook("onClose", async () => {
    hub.close();
    adminSessions.close();
    deps.lists.close();
  });

  // A socket tagged with a user id receives that user's messages; it counts as their sign of life only
  // with their proof, checked before the upgrade completes.
  const provenSubmitters = new WeakMap<FastifyRequest, string>();
  app.get(
    "/ws/public",
    {
      websocket: true,
      preValidation: async (request) => {
        const query = publicQuerySchema.safeParse(request.query);
        const userId = query.success ? query.data.user_id : undefined;
        if (!userId || !(query.data!.guest_secret || query.data!.token)) return;
        const actor = await deps.auth.person(query.data!.token ?? null, query.data!.guest_secret ?? null).catch(() => null);
        if (actor && (await isSubmitter(actor, userId))) provenSubmitters.set(request, userId);
      },
    },
    (socket, request) => {
      const query = publicQuerySchema.safeParse(request.query);
      if (!query.success) return socket.close(POLICY_VIOLATION_CLOSE_CODE, "Invalid user_id");
      hub.join(socket, "public", query.data.user_id ?? null, provenSubmitters.get(request) ?? null, clientAddressKey(request.ip));
    },
  );

  // The token is checked before the upgrade completes, so no message of an accepted socket is missed.
  const verifiedAdmins = new WeakMap<FastifyRequest, AdminActor>();
  app.get(
    "/ws/admin",
    {
      websocket: true,
      preValidation: async (request) => {
        const query = adminQuerySchema.safeParse(request.query);
        const token = (query.success ? query.data.token : undefined) ?? bearerToken(request);
        const admin = await deps.auth.adminFromToken(token ?? null);
        if (admin) verifiedAdmins.set(request, admin);
      },
    },
    (socket, request) => {
      const admin = verifiedAdmins.get(request);
      if (!admin) return socket.close(POLICY_VIOLATION_CLOSE_CODE, "Admin token required");
      hub.join(socket, "admin", null, null, clientAddressKey(request.ip));
      adminSessions.watch(socket, admin);
    },
  );
}
