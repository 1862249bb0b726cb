import type { FastifySchemaCompiler, FastifySchemaValidationError } from "fastify";
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import { ValidationError, type ValidationIssue } from "./errors";
import { requireWellFormedText } from "./well-formed-text";

export type InputLocation = "body" | "query" | "path" | "header";

/** Parses request input with a shared schema; failures become a 422 naming each field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, location: InputLocation): z.output<S> {
  // Input a handler reads itself (multipart fields) skips the request pipeline's check (plugins/well-formed-input.ts).
  requireWellFormedText(value, location);
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new ValidationError(
    result.error.issues.map((issue) => ({
      loc: [location, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))],
      msg: issue.message,
      type: issue.code,
    })),
  );
}

/**
 * The route schemas' validator: fastify-type-provider-zod's, except that a request without a body is
 * checked as an empty object, so a body whose fields are all optional may be left out (as before).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return route.httpPart === "body" ? (data) => validate(data ?? {}) : validate;
};

/** Fastify's name of a request part -> the `loc` prefix of the wire (FastAPI's names). */
const LOCATIONS: Record<string, InputLocation> = { body: "body", querystring: "query", params: "path", headers: "header" };

/**
 * The issues of a failed route schema as the wire's 422 list. The type provider keeps a field's path as
 * a JSON pointer (`/tags/0`); digits were array indexes, as in FastAPI's `loc`.
 */
export function schemaIssues(validation: FastifySchemaValidationError[], context: string | undefined): ValidationIssue[] {
  const location = LOCATIONS[context ?? ""] ?? "body";
  return validation.map((issue) => ({
    loc: [
      location,
      ...issue.instancePath
        .split("/")
        .filter(Boolean)
        .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    ],
    msg: issue.message ?? "Invalid input",
    type: issue.keyword,
  }));
}
