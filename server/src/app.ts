import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from "fastify";
import fastifyFormbody from "@fastify/formbody";
import fastifyStatic from "@fastify/static";
import fastifyWebsocket from "@fastify/websocket";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { healthSchema } from "@common/api";
import { MESSAGES } from "@common/messages";
import type { QueueStatus } from "@common/queue";
import { pingDatabase } from "./db/kysely";
import type { FeatureDeps } from "./feature-deps";
import { clientErrorHandler, registerErrorHandler } from "./plugins/error-handler";
import { validatorCompiler } from "./lib/validation";
import { fastifyTrustProxy } from "./lib/trust-proxy";
import { withRedactedOutput } from "./lib/log-redaction";
import { createResponseSerializer } from "./lib/response-serializer";
import { DOCS_PREFIX, OPENAPI_PATH, registerOpenApi } from "./plugins/openapi";
import { registerRateLimit } from "./plugins/rate-limit";
import { RequestLog } from "./plugins/request-log";
import { registerRequestTurns } from "./plugins/request-turns";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { registerWellFormedInput } from "./plugins/well-formed-input";
import { createAppPageSender, servedConfig, type ServedConfig } from "./plugins/web-app";
import { webAssetOptions } from "./plugins/web-assets";
import { registerFeatureRoutes, registerSocketRoutes } from "./features/index";

export const API_PREFIX = "/api/v1";

// Correlation ids: a random prefix per process and a counter, unique across instances without a
// random draw on every request (the position lookup is the hot path).
const requestIdPrefix = randomUUID().slice(0, 8);
let requestCounter = 0;
const nextRequestId = () => `${requestIdPrefix}-${(++requestCounter).toString(36).padStart(6, "0")}`;

export interface BuildOptions {
  /** Told of every route as it is registered: tests read the whole route table this way. */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(featureDeps: FeatureDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const deps = featureDeps;
  const app = Fastify({
    logger: withRedactedOutput(deps.logger),
    logController: new RequestLog(deps.config.logLevel === "debug" || deps.config.logLevel === "trace"),
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    // Always our own: a client-chosen id could pose as another request's in the log or collide with one.
    genReqId: nextRequestId,
    // A whole request may take an hour (a 100 MB upload on a slow line), but never a minute without a byte.
    requestTimeout: deps.config.http.requestTimeoutMs,
    connectionTimeout: deps.config.http.idleTimeoutMs,
    http: { headersTimeout: deps.config.http.headersTimeoutMs },
    bodyLimit: 1024 * 1024,
    // Long path parameters reach the route and its schema (a clear 4xx); longer ones get a {detail} 414.
    routerOptions: { maxParamLength: 4096 },
    clientErrorHandler,
    frameworkErrors: (error, _request, reply) => {
      const status = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400;
      void (reply as FastifyReply).code(status).send({ detail: status === 414 ? "Path is too long" : "Malformed request path" });
    },
  });
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  for (const warning of deps.config.warnings) app.log.warn(warning);
  registerRequestTurns(app);
  registerSecurityHeaders(app, deps.config);
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("X-Request-Id", request.id);
    done();
  });
  // Routes declare their params, query, headers, body and answers with zod schemas from common/.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ checkAgainstSchema: deps.config.checkResponses }));
  registerErrorHandler(app);
  registerWellFormedInput(app);
  await registerRateLimit(app, deps.config, deps.clock);
  await registerOpenApi(app);

  // Form bodies (OAuth2-style logins) parsed into plain objects. Cookies (the Google sign-in state)
  // are parsed only on the Google routes (features/index.ts), not on every request.
  await app.register(fastifyFormbody);

  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  registerSocketRoutes(app, featureDeps);

  await app.register(
    async (scope) => {
      const api = scope.withTypeProvider<ZodTypeProvider>();
      api.get(
        "/health",
        { schema: { tags: ["health"], summary: "Whether the app and its database answer", response: { 200: healthSchema, 503: healthSchema } } },
        async (_request, reply) => {
          const ok = await pingDatabase(deps.db);
          return reply.code(ok ? 200 : 503).send({ status: ok ? "ok" : "database unavailable", database: deps.dialect });
        },
      );
      api.get(
        OPENAPI_PATH,
        { schema: { tags: ["docs"], summary: "This API's OpenAPI 3.1 document", response: { 200: z.looseObject({ openapi: z.string() }) } } },
        async () => app.swagger() as { openapi: string },
      );
      await registerFeatureRoutes(scope, featureDeps);
    },
    { prefix: API_PREFIX },
  );

  registerWebApp(app, deps.config.webDistDir, servedConfig(deps.config.configuredPublicUrl, API_PREFIX), () => deps.services.settings.queueStatus());
  return app;
}

/**
 * The app's pages built with their first visit's HTML, by path, in one version per queue status: they
 * show the closed or paused notice from their first paint (scripts/prerender-pages.mjs).
 */
const PRERENDERED_PAGES: Record<string, string> = { "/": "home", "/index.html": "home", "/queue": "queue" };

/**
 * Serves the built React app; any unknown GET outside the API, the docs and the sockets answers the
 * app's index so client routes work. The index always carries the served config (plugins/web-app.ts).
 */
function registerWebApp(app: FastifyInstance, distDir: string, config: ServedConfig, queueStatus: () => Promise<QueueStatus>): void {
  const indexFile = path.join(distDir, "index.html");
  const sendAppPage = createAppPageSender(config);
  if (fs.existsSync(indexFile)) {
    // wildcard: files are looked up per request, so a rebuilt app is served without a restart.
    void app.register(fastifyStatic, { root: distDir, wildcard: true, index: ["index.html"], ...webAssetOptions(distDir) });
    // Exact routes win over the static wildcard: the raw index is never served. The pages a first visit
    // most often opens come prerendered (scripts/prerender-pages.mjs), the plain index when a build has none.
    for (const [url, page] of Object.entries(PRERENDERED_PAGES)) {
      app.get(url, { schema: { hide: true } }, async (request, reply) => {
        const prerendered = path.join(distDir, "prerendered", `${page}-${await queueStatus()}.html`);
        return sendAppPage(request, reply, fs.existsSync(prerendered) ? prerendered : indexFile);
      });
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const isAppRoute = request.method === "GET" && !request.url.startsWith("/api/") && request.url !== DOCS_PREFIX && !request.url.startsWith("/ws/");
    if (isAppRoute && fs.existsSync(indexFile)) {
      return sendAppPage(request, reply, indexFile);
    }
    return reply.code(404).send({ detail: MESSAGES.notFound });
  });
}
