import type { FastifyInstance } from "fastify";
import { requireWellFormedText } from "../lib/well-formed-text";

/**
 * Refuses, with the catalogue's 422, any request whose path params, query or parsed body (JSON, form)
 * hold text that is not well-formed Unicode, before any route's schema or rule sees it. Headers need
 * no check: Node reads their bytes as Latin-1, which has no surrogates. Fields a handler parses
 * itself go through lib/validation.ts's parseInput, socket messages through live/client-messages.ts.
 */
export function registerWellFormedInput(app: FastifyInstance): void {
  // A callback, not an async hook: it runs on every request, and a promise for each is work the hot reads need not do.
  app.addHook("preValidation", (request, _reply, done) => {
    try {
      requireWellFormedText(request.params, "path");
      requireWellFormedText(request.query, "query");
      requireWellFormedText(request.body, "body");
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}
