import http from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance } from "fastify";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { MESSAGES } from "@common/messages";
import { AppError, ValidationError } from "../lib/errors";
import { schemaIssues } from "../lib/validation";

/** The log message of an answer that does not match its route's response schema (a bug, never the caller's fault). */
export const RESPONSE_SCHEMA_MISMATCH = "response does not match its schema";

const INPUT_NOT_STORABLE = "The request contains a value that cannot be stored (invalid characters or out of range)";

// PostgreSQL's SQLSTATE class 22, "data exception": invalid byte sequence (22021, a NUL in text),
// invalid text representation (22P02), string too long (22001), numeric out of range (22003), ...
const POSTGRES_DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;
// SQLite's equivalents: a string or blob over its size limit, a value of the wrong type for a key.
const SQLITE_DATA_ERRORS = new Set(["SQLITE_TOOBIG", "SQLITE_MISMATCH"]);

/** A database refusing a value it was given, as opposed to the database failing. */
function isRefusedInput(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" && (POSTGRES_DATA_EXCEPTION.test(code) || SQLITE_DATA_ERRORS.has(code));
}

/** Turns every failure into the wire format of PRODUCT.md: `{detail}`, or a FastAPI-style 422 list. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ValidationError, request, reply) => {
    if (error instanceof AppError) {
      // A refusal that says when to come back says it in the body too (PRODUCT.md: 429 carries retry_after).
      const retryAfter = Number(error.headers["retry-after"]);
      return reply
        .code(error.status)
        .headers(error.headers)
        .send({ detail: error.detail, ...(retryAfter > 0 ? { retry_after: retryAfter } : {}) });
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
    if (isRefusedInput(error)) {
      // A value the validation let through but the database cannot take: the request's fault, not ours.
      request.log.warn({ err: error }, "input refused by the database");
      return reply.code(400).send({ detail: INPUT_NOT_STORABLE });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ detail: MESSAGES.serverError });
  });
}

/**
 * Requests the HTTP parser gives up on before any route sees them (headers over the size limit, a
 * malformed request line) still get the wire format, `{detail}`, and the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, detail] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request headers are too large"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request timeout"]
        : [400, "Malformed request"];
  if (socket.writable && socket.bytesWritten === 0) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
