import type { FastifyInstance } from "fastify";
import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { createJsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorDetailSchema, validationErrorSchema } from "@common/api";
import { adminProfileSchema, tokenPairSchema } from "@common/auth";
import { filePresignResponseSchema, presignUploadResponseSchema, publicConfigSchema, uploadReceiptSchema } from "@common/files";
import { GUEST_SECRET_HEADER, playedEntrySchema, queueOverviewSchema, queuePositionSchema, entrySchema, submitResponseSchema } from "@common/queue";
import { settingRecordSchema } from "@common/settings";
import {
  adminListUserSchema,
  googleSignInResponseSchema,
  historyPageSchema,
  meUserSchema,
  publicUserSchema,
  userAuthResponseSchema,
  userListPageSchema,
  userStatsSchema,
} from "@common/users";

declare module "fastify" {
  interface FastifySchema {
    /**
     * Request parts the handler reads and checks itself (a multipart or streamed body, a check that
     * depends on the path, a custom message or order): they appear in the OpenAPI document, but Fastify
     * does not validate them.
     */
    checkedByHandler?: { querystring?: z.ZodType; body?: z.ZodType; consumes?: readonly string[] };
  }
}

export const OPENAPI_PATH = "/openapi.json";
export const DOCS_PREFIX = "/api/docs";

/** `security` of a route, by who may call it; the names are the document's security schemes. */
export const SECURITY = {
  admin: [{ adminToken: [] }],
  user: [{ userToken: [] }],
  /** A submitter's own entry: the member's token, or the guest's secret. */
  owner: [{ userToken: [] }, { guestSecret: [] }],
  /** Anyone; a member's token makes it theirs. */
  optionalUser: [{}, { userToken: [] }],
} as const;

/**
 * Schemas that appear once under components and are referenced by name. The ids go into zod's global
 * registry, where `.describe()` and `.meta()` keep the schemas' descriptions, so both reach the document.
 */
for (const [id, schema] of Object.entries({
  Queuer: entrySchema,
  PlayedEntry: playedEntrySchema,
  QueuePosition: queuePositionSchema,
  QueueOverview: queueOverviewSchema,
  SubmitResponse: submitResponseSchema,
  SettingRecord: settingRecordSchema,
  TokenPair: tokenPairSchema,
  AdminProfile: adminProfileSchema,
  UserStats: userStatsSchema,
  PublicUser: publicUserSchema,
  MeUser: meUserSchema,
  AdminListUser: adminListUserSchema,
  UserListPage: userListPageSchema,
  HistoryPage: historyPageSchema,
  UserAuthResponse: userAuthResponseSchema,
  GoogleSignInResponse: googleSignInResponseSchema,
  PresignUploadResponse: presignUploadResponseSchema,
  UploadReceipt: uploadReceiptSchema,
  FilePresignResponse: filePresignResponseSchema,
  PublicConfig: publicConfigSchema,
  ErrorDetail: errorDetailSchema,
  ValidationError: validationErrorSchema,
})) {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * The type provider's transform, plus the parts a handler checks itself (documented, not validated).
 * The live sockets are left out: OpenAPI has no words for a WebSocket (their messages are typed in
 * common/src/live.ts).
 */
const transform: SwaggerTransform = (document) => {
  if ((document.route as { websocket?: boolean }).websocket) return { schema: { hide: true }, url: document.url };
  const { checkedByHandler, ...schema } = (document.schema ?? {}) as Record<string, unknown> & {
    checkedByHandler?: { querystring?: z.ZodType; body?: z.ZodType; consumes?: readonly string[] };
  };
  if (!checkedByHandler) return zodTransform(document as Parameters<typeof zodTransform>[0]);
  const { consumes, ...parts } = checkedByHandler;
  const merged = { ...schema, ...parts, ...(consumes ? { consumes } : {}) };
  return zodTransform({ ...document, schema: merged } as Parameters<typeof zodTransform>[0]);
};

type Operation = { parameters?: unknown[]; requestBody?: unknown; responses?: Record<string, unknown> };
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const jsonResponse = (description: string, id: string) => ({ description, content: { "application/json": { schema: ref(id) } } });

/**
 * Components, the error answers every operation may give (PRODUCT.md, "Errors on the wire"), and only
 * the components that something refers to.
 */
const transformObject: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    paths?: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, unknown> };
  };
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      operation.responses ??= {};
      if (operation.parameters?.length || operation.requestBody) {
        operation.responses["422"] ??= jsonResponse("A field of the request is not valid", "ValidationError");
      }
      operation.responses["4XX"] ??= jsonResponse("The request was refused: `{detail}`", "ErrorDetail");
      operation.responses["5XX"] ??= jsonResponse("Server error: `{detail}`", "ErrorDetail");
    }
  }
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) => {
    for (const [, id] of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (id && !used.has(id)) {
        used.add(id);
        visit(schemas[id]);
      }
    }
  };
  visit(document.paths);
  if (document.components) {
    document.components.schemas = Object.fromEntries(Object.entries(schemas).filter(([id]) => used.has(id)));
  }
  return document as ReturnType<SwaggerTransformObject>;
};

/**
 * Builds the OpenAPI 3.1 document from the routes' schemas (register before any route) and serves
 * Swagger UI at /api/docs.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "LiveQueue API",
        version: "1",
        description:
          "The song-request queue: submissions, the public lists and positions, accounts and the community, and the host's back-office. " +
          "Errors are `{detail}`; a 422 lists each refused field as `{loc, msg, type}`.",
      },
      components: {
        securitySchemes: {
          adminToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "An admin's access token (POST /api/v1/auth/admin)." },
          userToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "A member's access token (POST /api/v1/auth/user/login)." },
          guestSecret: {
            type: "apiKey",
            in: "header",
            name: "X-Guest-Secret",
            description: `The secret a guest received with their submission (\`guest_secret\`); sent as ${GUEST_SECRET_HEADER} to edit, leave or claim it.`,
          },
        },
      },
    },
    transform,
    transformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
}
