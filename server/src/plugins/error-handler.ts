import type { FastifyError, FastifyInstance } from "fastify";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { MESSAGES } from "@common/messages";
import { AppError, ValidationError } from "../lib/errors";
import { schemaIssues } from "../lib/validation";

/** The log message of an answer that does not match its route's response schema (a bug, never the caller's fault). */
export const RESPONSE_SCHEMA_MISMATCH = "response does not match its schema";

/** Turns every failure into the wire format of PRODUCT.md: `{detail}`, or a FastAPI-style 422 list. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ValidationError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).headers(error.headers).send({ detail: error.detail });
    }
    if (error instanceof ValidationError) {
      return reply.code(422).send({ detail: error.issues });
    }
    // A route schema refused the params, query, headers or body.
    const { validation, validationContext } = error as FastifyError;
    if (validation) {
      return reply.code(422).send({ detail: schemaIssues(validation, validationContext) });
    }
    if (error instanceof ResponseSerializationError) {
      request.log.error({ err: error, issues: error.cause.issues, route: `${error.method} ${error.url}` }, RESPONSE_SCHEMA_MISMATCH);
      return reply.code(500).send({ detail: MESSAGES.serverError });
    }
    const status = (error as FastifyError).statusCode;
    if (status === 429) {
      const retryAfter = Number(reply.getHeader("retry-after")) || 1;
      return reply.code(429).send({ detail: MESSAGES.tooManyRequests, retry_after: retryAfter });
    }
    if (typeof status === "number" && status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large, and so on.
      return reply.code(status).send({ detail: (error as FastifyError).message });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ detail: MESSAGES.serverError });
  });
}
