import type { FastifyInstance } from "fastify";
import type { FeatureDeps } from "../app";
import { registerLiveRoutes } from "../live/live.routes";
import { registerAdminRoutes } from "./admins/admins.routes";
import { registerSettingsRoutes } from "./settings/settings.routes";

/** Registers every feature's routes under /api/v1. */
export async function registerFeatureRoutes(api: FastifyInstance, deps: FeatureDeps): Promise<void> {
  await registerAdminRoutes(api, deps);
  await registerSettingsRoutes(api, deps);
}

/** The live sockets, at their own paths (/ws/public, /ws/admin), outside /api/v1. */
export function registerSocketRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  // No activity store exists yet to take a socket's sign of life; the queue feature supplies it.
  registerLiveRoutes(app, deps, { onUserSeen: () => undefined });
}
