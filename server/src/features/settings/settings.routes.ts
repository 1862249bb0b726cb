import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { SETTING_NAMES, isSettingName, settingBodySchema, settingStateSchemas, type SettingName } from "@common/settings";
import type { FeatureDeps } from "../../feature-deps";
import { notFound } from "../../lib/errors";
import { parseInput } from "../../lib/validation";

const SETTING_NOT_FOUND = "Setting not found";

/** PUT bodies per setting: `state` as sent, then that setting's own rule, so a 422 points at body.state. */
const stateBody = (name: SettingName) => z.object({ state: settingBodySchema.shape.state.pipe(settingStateSchemas[name]) });
const bodySchemas = Object.fromEntries(SETTING_NAMES.map((name) => [name, stateBody(name)])) as Record<SettingName, ReturnType<typeof stateBody>>;

function settingName(params: unknown): SettingName {
  const name = (params as { name?: string }).name ?? "";
  if (!isSettingName(name)) throw notFound(SETTING_NOT_FOUND);
  return name;
}

/** GET set, GET/PUT/DELETE set/{name}: anyone reads the settings; an active admin changes them. */
export async function registerSettingsRoutes(api: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { settings } = deps.services;

  api.get("/set", async () => settings.all());

  api.get("/set/:name", async (request) => {
    const name = settingName(request.params);
    return { name, state: await settings.get(name) };
  });

  api.put("/set/:name", async (request) => {
    const actor = await deps.auth.actorFrom(request);
    const name = settingName(request.params);
    const { state } = parseInput(bodySchemas[name], request.body, "body");
    return settings.set(actor, name, state);
  });

  api.delete("/set/:name", async (request) => settings.reset(await deps.auth.actorFrom(request), settingName(request.params)));
}
