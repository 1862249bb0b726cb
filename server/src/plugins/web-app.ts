import fs from "node:fs/promises";
import type { FastifyReply } from "fastify";
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

/**
 * Sends the app's page for every client route. Read on each request, so a rebuilt app is served
 * without a restart, and revalidated by the browser each time (its assets are what gets cached).
 */
export async function sendAppPage(reply: FastifyReply, indexFile: string, config: ServedConfig): Promise<FastifyReply> {
  const html = await fs.readFile(indexFile, "utf8");
  return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(injectServedConfig(html, config));
}
