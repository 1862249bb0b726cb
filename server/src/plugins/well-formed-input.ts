import type { FastifyInstance } from "fastify";
import { requireWellFormedText } from "../lib/well-formed-text";

/**
 * Refuses, with the catalogue's 422, any request whose path params, query, headers or parsed body
 * (JSON, form) hold text that is not well-formed Unicode, before any route's schema or rule sees it.
 * Multipart fields are read by their handler (lib/validation.ts checks them) and socket messages by
 * the socket hub (live/client-messages.ts).
 */
export function registerWellFormedInput(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    requireWellFormedText(request.params, "path");
    requireWellFormedText(request.query, "query");
    requireWellFormedText(request.headers, "header");
    requireWellFormedText(request.body, "body");
  });
}
