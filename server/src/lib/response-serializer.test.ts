import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { queuePositionSchema } from "@common/queue";
import { createResponseSerializer } from "./response-serializer";

const compile = (schema: z.ZodType, checkAgainstSchema: boolean) =>
  createResponseSerializer({ checkAgainstSchema })({ schema, method: "GET", url: "/t", httpStatus: "200" }) as (data: unknown) => string;

const position = { status: "waiting", position: 3, message: "You're #3 in the queue", estimated_wait: null, total_ahead: 2, total_in_queue: 9 };

describe("the response serializer", () => {
  it("writes exactly the fields the schema names, so a new column never reaches the wire", () => {
    const written = JSON.parse(compile(queuePositionSchema, false)({ ...position, secret_hash: "abc", hold_reason: "admin" }));
    expect(written).toEqual(position);
  });

  it("refuses an answer that breaks its schema when answers are checked", () => {
    expect(() => compile(queuePositionSchema, true)({ ...position, status: "teleported" })).toThrow(ResponseSerializationError);
    expect(JSON.parse(compile(queuePositionSchema, true)(position))).toEqual(position);
  });

  it("falls back to zod for a schema JSON Schema cannot express", () => {
    expect(compile(z.undefined(), false)(undefined)).toBeUndefined();
  });
});
