import type { FastifySerializerCompiler } from "fastify";
import fastJson from "fast-json-stringify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * Serializes answers from the routes' zod response schemas. Each schema is turned once into JSON
 * Schema and compiled with fast-json-stringify, which writes only the fields the schema names (a new
 * column never leaks) and costs a fraction of a zod parse on hot paths such as the position lookup.
 * With `checkAgainstSchema` (the tests), each answer is first checked by zod, so a mismatch is a logged
 * 500 instead of a quietly coerced value. A schema JSON Schema cannot express falls back to zod.
 */
export function createResponseSerializer(options: { checkAgainstSchema: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const checked = zodSerializerCompiler(route);
    // Compiled on a route's first answer, not at start: a server that starts fast and holds little.
    let write: ((data: unknown) => string) | undefined;
    const serialize = (data: unknown) => {
      write ??= compileFast(route.schema) ?? checked;
      return write(data);
    };
    return options.checkAgainstSchema
      ? (data) => {
          checked(data);
          return serialize(data);
        }
      : serialize;
  };
}

function compileFast(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    // A fresh registry: shared schemas are written inline rather than as references.
    const jsonSchema = z.toJSONSchema(schema, { io: "output", unrepresentable: "throw", reused: "inline", target: "draft-7", metadata: z.registry() });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    // Answers with no body (204, redirects) have no JSON Schema.
    return null;
  }
}
