import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { POLICY_VIOLATION_CLOSE_CODE } from "@common/live";
import type { FeatureDeps } from "../app";
import { bearerToken } from "../plugins/auth";
import { createSocketHub, type SocketHubOptions } from "./socket-hub";

const publicQuerySchema = z.object({
  user_id: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().min(1).max(200).optional()),
});
const adminQuerySchema = z.object({ token: z.string().max(4096).optional() });

/**
 * The live sockets: /ws/public (anyone; `?user_id=` tags the socket for that user's messages) and
 * /ws/admin (`?token=` must be an admin access token). A refused socket is opened and then closed with
 * 1008, so the browser sees why instead of a bare failed handshake.
 */
export function registerLiveRoutes(
  app: FastifyInstance,
  deps: FeatureDeps,
  options: Omit<SocketHubOptions, "fanout" | "log" | "clock">,
): void {
  const hub = createSocketHub({ ...options, fanout: deps.live, clock: deps.clock, log: app.log });
  app.addHook("onClose", async () => hub.close());

  app.get("/ws/public", { websocket: true }, (socket, request) => {
    const query = publicQuerySchema.safeParse(request.query);
    if (!query.success) return socket.close(POLICY_VIOLATION_CLOSE_CODE, "Invalid user_id");
    hub.join(socket, "public", query.data.user_id ?? null);
  });

  // The token is checked before the upgrade completes, so no message of an accepted socket is missed.
  const verifiedAdmins = new WeakSet<FastifyRequest>();
  app.get(
    "/ws/admin",
    {
      websocket: true,
      preValidation: async (request) => {
        const query = adminQuerySchema.safeParse(request.query);
        const token = (query.success ? query.data.token : undefined) ?? bearerToken(request);
        if (await deps.auth.adminFromToken(token ?? null)) verifiedAdmins.add(request);
      },
    },
    (socket, request) => {
      if (!verifiedAdmins.has(request)) return socket.close(POLICY_VIOLATION_CLOSE_CODE, "Admin token required");
      hub.join(socket, "admin", null);
    },
  );
}
