import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { accountExportSchema, accountMessageSchema, changePasswordSchema, deleteAccountSchema } from "@common/account-data";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { routeOptions } from "../../plugins/route-options";

/** The member's data and logins: export, deletion, password change, sign-out everywhere. */
export async function registerAccountDataRoutes(scope: FastifyInstance, deps: RouteDeps<"accountData" | "accountSecurity">): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const { accountData, accountSecurity } = deps.services;
  const route = routeOptions(deps.config, ["account"]);
  /** A change that checks the member's password: as slow to guess at as a sign-in. */
  const passwordChecked = <Body extends z.ZodType>(summary: string, body: Body) =>
    route(summary, { security: SECURITY.user, body, response: { 200: accountMessageSchema } }, "login");

  api.get(
    "/user/me/export",
    route("Everything kept about the signed-in member, as JSON", { security: SECURITY.user, response: { 200: accountExportSchema } }),
    async (request, reply) => {
      const data = await accountData.exportData(await deps.auth.actorFrom(request));
      return reply.header("Content-Disposition", `attachment; filename="livequeue-${data.profile.username}.json"`).header("Cache-Control", "no-store").send(data);
    },
  );

  api.delete(
    "/user/me",
    passwordChecked("Delete the signed-in member's account (type the username; the password too when the account has one)", deleteAccountSchema),
    async (request) => accountData.deleteAccount(await deps.auth.actorFrom(request), request.body),
  );

  api.put("/user/me/password", passwordChecked("Change the password; every other login ends (refresh_token names the one to keep)", changePasswordSchema), async (request) =>
    accountSecurity.changePassword(await deps.auth.actorFrom(request), request.body),
  );

  api.post("/user/logout-all", route("End every login of the signed-in member", { security: SECURITY.user, response: { 200: accountMessageSchema } }), async (request) =>
    accountSecurity.signOutEverywhere(await deps.auth.actorFrom(request)),
  );
}
