import fs from "node:fs/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SERVED_CONFIG_META } from "@common/served-config";

export interface ServedConfig {
  apiBase: string;
  wsBase: string;
}

/**
 * The bases the app is told to use: under PUBLIC_URL when it is set (behind a proxy), else relative to
 * the page, so the app served on any host and port talks to the server that served it.
 */
export function servedConfig(publicUrl: string | null, apiPrefix: string): ServedConfig {
  const site = publicUrl ? publicUrl.replace(/\/+$/, "") : "";
  return { apiBase: `${site}${apiPrefix}/`, wsBase: `${site}/` };
}

const ATTRIBUTE_ESCAPES: Record<string, string | undefined> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeAttribute = (value: string) => value.replace(/[&<>"']/g, (char) => ATTRIBUTE_ESCAPES[char] ?? char);

/** index.html with the served config as meta tags at the end of its head. */
export function injectServedConfig(html: string, config: ServedConfig): string {
  const tags =
    `<meta name="${SERVED_CONFIG_META.apiBase}" content="${escapeAttribute(config.apiBase)}" />` +
    `<meta name="${SERVED_CONFIG_META.wsBase}" content="${escapeAttribute(config.wsBase)}" />`;
  const head = html.indexOf("</head>");
  return head === -1 ? `${tags}${html}` : `${html.slice(0, head)}${tags}${html.slice(head)}`;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A page's bytes as sent, by content encoding. */
type PageBodies = Record<"br" | "gzip" | "identity", Buffer>;

/** A page as sent, for the version of its file it was made from. */
interface PreparedPage {
  modifiedMs: number;
  bodies: Promise<PageBodies>;
}

async function compressedBodies(html: string): Promise<PageBodies> {
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), gzip(identity, { level: 9 })]);
  return { br, gzip: gz, identity };
}

/**
 * Sends the app's pages: the index for every client route, prerendered pages for some. Each file is
 * checked on each request, so a rebuilt app is served without a restart, and compressed once per
 * version, as the build does for the assets (a prerendered page: 17.7 KB, 3.0 KB as brotli).
 * The browser revalidates the page each time; its assets are what gets cached.
 */
export function createAppPageSender(config: ServedConfig) {
  const prepared = new Map<string, PreparedPage>();

  async function bodiesOf(file: string) {
    const { mtimeMs } = await fs.stat(file);
    const known = prepared.get(file);
    if (known?.modifiedMs === mtimeMs) return known.bodies;
    const bodies = fs.readFile(file, "utf8").then((html) => compressedBodies(injectServedConfig(html, config)));
    prepared.set(file, { modifiedMs: mtimeMs, bodies });
    bodies.catch(() => prepared.get(file)?.bodies === bodies && prepared.delete(file));
    return bodies;
  }

  return async function sendAppPage(request: FastifyRequest, reply: FastifyReply, file: string): Promise<FastifyReply> {
    const bodies = await bodiesOf(file);
    const encoding: keyof PageBodies = negotiate(request.headers["accept-encoding"] ?? "", ["br", "gzip"]) ?? "identity";
    if (encoding !== "identity") void reply.header("content-encoding", encoding);
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").header("vary", "accept-encoding").send(bodies[encoding]);
  };
}
