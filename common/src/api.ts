import { z } from "zod";

/** Every failure but a 422: `{detail}`; a 429 adds `retry_after` (seconds, also in Retry-After). */
export const errorDetailSchema = z.object({
  detail: z.string(),
  retry_after: z.number().int().optional().describe("Seconds; only on 429"),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** A 422 in FastAPI's shape: each refused field, located as ["body" | "query" | "path" | "header", ...path]. */
export const validationErrorSchema = z.object({
  detail: z.array(
    z.object({
      loc: z.array(z.union([z.string(), z.number()])),
      msg: z.string(),
      type: z.string(),
    }),
  ),
});
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;

/** The answer of a change that has nothing else to say. */
export const okSchema = z.object({ ok: z.literal(true) });

/** GET health: 200 when the database answers, 503 when it does not. */
export const healthSchema = z.object({
  status: z.enum(["ok", "database unavailable"]),
  database: z.enum(["sqlite", "postgres"]),
});
export type Health = z.infer<typeof healthSchema>;
