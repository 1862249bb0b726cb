import type { FastifyRequest } from "fastify";
import type { Config } from "../config";

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/;

/**
 * The origin the app names itself by in an answer (Google's redirect, upload URLs, links in chat
 * lines, the chat embed's domain). The Host header never chooses it alone: a host is used only when
 * it is PUBLIC_URL's, one of ALLOWED_HOSTS, or, while PUBLIC_URL is unset, this machine (localhost on
 * any port, for development). Any other host gets PUBLIC_URL (http://localhost:PORT when unset), so a
 * forged Host cannot send a browser off-site nor poison a cached answer.
 */
export function siteOrigin(config: Pick<Config, "configuredPublicUrl" | "publicUrl" | "allowedHosts">, request: FastifyRequest): string {
  const publicUrl = (config.configuredPublicUrl ?? config.publicUrl).replace(/\/+$/, "");
  const host = (request.host ?? "").toLowerCase();
  if (config.configuredPublicUrl && host === new URL(publicUrl).host) return publicUrl;
  const allowed = config.allowedHosts.includes(host) || (!config.configuredPublicUrl && LOOPBACK_HOST.test(host));
  return allowed ? `${request.protocol}://${host}` : publicUrl;
}
