import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { entryRefSchema, fastPassHeadersSchema, submitQuerySchema, submitResponseSchema } from "@common/queue";
import { SECURITY } from "../../plugins/openapi";
import type { ListSnapshot } from "./queue-snapshot";

/** Below this size gzip saves too little to be worth it. */
const GZIP_MIN_BYTES = 1024;

/** The `{id}` / `{user_id}` path segment: a submitter id or an entry id. */
export const refParams = z.object({ id: entryRefSchema });

/** The contract a new submission's routes share, by link or by upload: anyone may submit, maybe spending a Fast Pass. */
export const submitSchema = {
  security: SECURITY.optionalUser,
  querystring: submitQuerySchema,
  headers: fastPassHeadersSchema,
  response: { 201: submitResponseSchema },
};

/** Serves a list snapshot: 304 when the client holds the same version, gzip when it accepts it. */
export function sendList(request: FastifyRequest, reply: FastifyReply, list: ListSnapshot) {
  reply.header("etag", list.etag).header("cache-control", "no-cache").header("vary", "accept-encoding");
  if (etagMatches(request.headers["if-none-match"], list.etag)) return reply.code(304).send();
  reply.type("application/json; charset=utf-8");
  if (list.body.length >= GZIP_MIN_BYTES && acceptsGzip(request.headers["accept-encoding"])) {
    return reply.header("content-encoding", "gzip").send(list.gzipped());
  }
  return reply.send(list.body);
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === etag;
  });
}

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name, ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    return name === "gzip" && !params.some((p) => /^q=0(\.0*)?$/.test(p));
  });
}
