import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FastifyRequest } from "fastify";
import { PRIVATE_SETTINGS, SETTING_NAMES, isSettingName, settingBodySchema, settingRecordSchema, settingStateSchemas, type SettingName } from "@common/settings";
import type { RouteDeps } from "../../feature-deps";
import { requireAdmin } from "../../lib/access";
import { notFound } from "../../lib/errors";
import { parseInput } from "../../lib/validation";
import { SECURITY } from "../../plugins/openapi";
import { routeOptions } from "../../plugins/route-options";

const SETTING_NOT_FOUND = "Setting not found";

/** PUT bodies per setting: `state` as sent, then that setting's own rule, so a 422 points at body.state. */
const stateBody = (name: SettingName) => z.object({ state: settingBodySchema.shape.state.pipe(settingStateSchemas[name]) });
const bodySchemas = Object.fromEntries(SETTING_NAMES.map((name) => [name, stateBody(name)])) as Record<SettingName, ReturnType<typeof stateBody>>;

/** An unknown name is a 404 (checked by the handlers), not a validation error. */
const nameParams = z.object({ name: z.string().describe(`One of ${SETTING_NAMES.join(", ")}`) });

function settingName(params: unknown): SettingName {
  const name = (params as { name?: string }).name ?? "";
  if (!isSettingName(name)) throw notFound(SETTING_NOT_FOUND);
  return name;
}

/**
 * GET set, GET/PUT/DELETE set/{name}: anyone reads the settings but the private ones (the words list),
 * which only admins read; an active admin changes them.
 */
export async function registerSettingsRoutes(scope: FastifyInstance, deps: RouteDeps<"settings">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const route = routeOptions(deps.config, ["settings"]);
  const { settings } = deps.services;

  /** Whether the caller is an admin; a public read with a stale token still gets the public settings. */
  async function readsPrivate(request: FastifyRequest): Promise<boolean> {
    if (!request.headers.authorization) return false;
    return (await deps.auth.actorFrom(request).catch(() => null))?.kind === "admin";
  }

  api.get("/set", route("Every setting (the private ones for admins only)", { response: { 200: z.array(settingRecordSchema) } }), async (request) => {
    const all = await settings.all();
    return (await readsPrivate(request)) ? all : all.filter((record) => !PRIVATE_SETTINGS.includes(record.name));
  });

  api.get("/set/:name", route("One setting", { params: nameParams, response: { 200: settingRecordSchema } }), async (request) => {
    const name = settingName(request.params);
    if (PRIVATE_SETTINGS.includes(name)) requireAdmin(await deps.auth.actorFrom(request));
    return { name, state: await settings.get(name) };
  });

  api.put(
    "/set/:name",
    route("Change a setting; each setting checks its own state", {
      security: SECURITY.admin,
      params: nameParams,
      // The rule for `state` depends on the name, so the handler checks it after the name.
      checkedByHandler: { body: settingBodySchema },
      response: { 200: settingRecordSchema },
    }),
    async (request) => {
      const actor = await deps.auth.actorFrom(request);
      const name = settingName(request.params);
      const { state } = parseInput(bodySchemas[name], request.body, "body");
      return settings.set(actor, name, state);
    },
  );

  api.delete("/set/:name", route("Reset a setting to its default", { security: SECURITY.admin, params: nameParams, response: { 200: settingRecordSchema } }), async (request) =>
    settings.reset(await deps.auth.actorFrom(request), settingName(request.params)),
  );
}
