import type { FastifyInstance } from "fastify";
import { requireWellFormedText } from "../lib/well-formed-text";

/**
 * Refuses, with the catalogue's 422, any request whose path params, query or parsed body (JSON, form)
 * hold text that is not well-formed Unicode, before any route's schema or rule sees it. Headers need
 * no check: Node reads their bytes as Latin-1, which has no surrogates. Fields a handler parses
 * itself go through lib/validation.ts's parseInput, socket messages through live/client-messages.ts.
 */
export function registerWellFormedInput(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    requireWellFormedText(request.params, "path");
    requireWellFormedText(request.query, "query");
    requireWellFormedText(request.body, "body");
  });
}
