import type { FastifyInstance } from "fastify";
import type { FeatureDeps } from "../app";

/** Registers every feature's routes under /api/v1 (and the sockets at their own paths). */
export async function registerFeatureRoutes(api: FastifyInstance, deps: FeatureDeps): Promise<void> {
  void api;
  void deps;
}
