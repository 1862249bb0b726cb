import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../config";
import { routeOptions } from "./route-options";

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
