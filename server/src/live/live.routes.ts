import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { WebSocket } from "ws";
import { POLICY_VIOLATION_CLOSE_CODE, type ServerMessage } from "@common/live";
import { entryRefSchema } from "@common/queue";
import { textField } from "@common/text";
import type { FeatureDeps } from "../feature-deps";
import { bearerToken } from "../lib/bearer-token";
import { clientAddressKey } from "../lib/client-address";
import type { AdminActor, PersonActor } from "../lib/access";
import { createSocketHub, type SocketHubOptions } from "./socket-hub";
import { createAdminSessionWatch } from "./admin-session-watch";
import { firstMessageCredential, holdUntilFirstMessage, type SocketCredential } from "./first-message-auth";

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

  async function isProvenSubmitter(proof: SocketCredential, userId: string): Promise<boolean> {
    const actor = await deps.auth.person(proof.token, proof.guestSecret).catch(() => null);
    return !!actor && (await isSubmitter(actor, userId));
  }

  // A socket tagged with a user id receives that user's messages; it counts as their sign of life only
  // with their proof, checked before the upgrade completes (URL form) or on its first message.
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
      const userId = query.data.user_id ?? null;
      const proven = provenSubmitters.get(request) ?? null;
      const member = hub.join(socket, "public", userId, proven, clientAddressKey(request.ip));
      if (!userId || proven) return;
      // The proof may come as the first message instead of in the URL; the socket is open meanwhile.
      void firstMessageCredential(socket).then(async (proof) => {
        if (proof && (await isProvenSubmitter(proof, userId))) member.prove();
      });
    },
  );

  /** An admin socket joins the hub with the host's player messages, and hears at once who plays. */
  const joinAdmin = (socket: WebSocket, request: FastifyRequest, admin: AdminActor) => {
    const send = (message: ServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const player = deps.services.player.connection(admin, send);
    socket.on("close", player.close);
    hub.join(socket, "admin", null, null, clientAddressKey(request.ip), player.receive);
    for (const message of deps.services.player.greeting()) send(message);
  };

  /** A token given in the URL (or an Authorization header): checked before the upgrade, never replaced by a message. */
  const carriesToken = (request: FastifyRequest) => {
    const query = adminQuerySchema.safeParse(request.query);
    return Boolean((query.success ? query.data.token : undefined) || bearerToken(request));
  };

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
      const verified = verifiedAdmins.get(request);
      if (verified) {
        joinAdmin(socket, request, verified);
        return adminSessions.watch(socket, verified);
      }
      if (carriesToken(request)) return socket.close(POLICY_VIOLATION_CLOSE_CODE, "Admin token required");
      // No token in the URL: the first message must bring it.
      const held = holdUntilFirstMessage(socket);
      void held.credential.then(async (credential) => {
        const admin = credential?.token ? await deps.auth.adminFromToken(credential.token).catch(() => null) : null;
        if (socket.readyState !== socket.OPEN) return;
        if (!admin) return socket.close(POLICY_VIOLATION_CLOSE_CODE, "Admin token required");
        joinAdmin(socket, request, admin);
        adminSessions.watch(socket, admin);
        held.release();
      });
    },
  );
}
