import type { FastifyInstance } from "fastify";
import { okSchema } from "@common/api";
import { draftFinalizeSchema, draftInputSchema, draftPresignResponseSchema, draftPresignSchema, draftSchema } from "@common/drafts";
import { FAST_PASS_HEADER, fastPassHeadersSchema, submitResponseSchema } from "@common/queue";
import type { RouteDeps } from "../../feature-deps";
import { SECURITY } from "../../plugins/openapi";
import { uploadOrigin } from "../files/files.routes";
import { featureRoutes } from "../../plugins/route-options";

const security = SECURITY.user;

/** A member's draft submission (spec 7, "Drafts"); the service decides who may. */
export async function registerDraftsRoutes(scope: FastifyInstance, deps: RouteDeps<"drafts">): Promise<void> {
  const { api, route, actorOf, forActor } = featureRoutes(scope, deps, ["drafts"]);
  const { drafts } = deps.services;

  api.get("/drafts/me", route("The member's saved draft (404 when there is none)", { security, response: { 200: draftSchema } }), forActor(drafts.get));

  // PUT saves the draft; POST is its fallback for clients whose PUT is refused on the way (same body, same answer).
  for (const method of ["put", "post"] as const) {
    api[method](
      "/drafts/me",
      route(
        method === "put" ? "Save the member's draft" : "Save the member's draft (fallback of PUT)",
        { security, body: draftInputSchema, response: { 200: draftSchema } },
        "api",
      ),
      async (request) => drafts.save(await actorOf(request), request.body),
    );
  }

  api.delete("/drafts/me", route("Delete the member's draft", { security, response: { 200: okSchema } }, "api"), async (request) => {
    await drafts.remove(await actorOf(request));
    return { ok: true as const };
  });

  api.post(
    "/drafts/presign",
    route("A single-use URL to upload the draft's audio file to", { security, body: draftPresignSchema, response: { 200: draftPresignResponseSchema } }, "submit"),
    async (request) => drafts.presign(await actorOf(request), request.body, uploadOrigin(deps.config, request)),
  );

  api.post(
    "/drafts/finalize",
    route(
      "Send the draft to the queue (its file by key, else its link) and delete it",
      { security, headers: fastPassHeadersSchema, body: draftFinalizeSchema, response: { 201: submitResponseSchema } },
      "submit",
    ),
    async (request, reply) => {
      const result = await drafts.finalize(await actorOf(request), request.body, request.headers[FAST_PASS_HEADER]);
      return reply.code(201).send(result);
    },
  );
}
