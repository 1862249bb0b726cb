import Fastify, { type FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../config";
import { systemActor, type Actor } from "../lib/access";
import { featureRoutes, routeOptions } from "./route-options";

describe("routeOptions", () => {
  const config = loadConfig({ RATE_LIMIT_API_MAX: "7", RATE_LIMIT_API_WINDOW_SECONDS: "30" });
  const route = routeOptions(config, ["votes"]);
  const body = z.object({ id: z.string() });

  it("puts the feature's tags and the summary before the route's own schema", () => {
    expect(route("Vote for a song", { body })).toEqual({ schema: { tags: ["votes"], summary: "Vote for a song", body } });
  });

  it("opts the route into the named rate limit only when one is given", () => {
    expect(route("Vote for a song", { body }, "api").config).toEqual({ rateLimit: { max: 7, timeWindow: 30_000 } });
    expect(route("Vote for a song", { body })).not.toHaveProperty("config");
  });
});

describe("featureRoutes", () => {
  const config = loadConfig({});
  const auth = { actorFrom: async (request: FastifyRequest) => systemActor(`caller ${request.url}`) };

  it("answers a route that depends only on who asks with the service's answer for the request's actor", async () => {
    const app = Fastify();
    const { api, route, forActor } = featureRoutes(app, { config, auth }, ["votes"]);
    api.get(
      "/whoami",
      route("Who asks", {}),
      forActor(async (actor: Actor) => ({ asked_by: actor.kind === "system" ? actor.name : "" })),
    );
    const response = await app.inject({ method: "GET", url: "/whoami" });
    expect(response.json()).toEqual({ asked_by: "caller /whoami" });
    await app.close();
  });

  it("gives a handler the actor of its request", async () => {
    const app = Fastify();
    const { actorOf } = featureRoutes(app, { config, auth }, ["votes"]);
    expect(await actorOf({ url: "/votes" } as FastifyRequest)).toEqual(systemActor("caller /votes"));
  });
});
