import type { z } from "zod";
import { ValidationError } from "./errors";

export type InputLocation = "body" | "query" | "path" | "header";

/** Parses request input with a shared schema; failures become a 422 naming each field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, location: InputLocation): z.output<S> {
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
